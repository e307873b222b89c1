// Serving the built renderer (dist/renderer) with path containment and the strict CSP as a response header.
// Shared by the app:// protocol (Electron) and the browser-mode server. Plain Node.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isInside } from './paths.js';

/** Scripts only from the app itself (ajv validators are precompiled, so no unsafe-eval); Monaco needs inline styles and blob: workers. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

function plain(status: number, message: string): StaticResponse {
  return { status, headers: { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(message) };
}

/** Maps a URL pathname (still percent-encoded) to a file below root, or says why not. */
export function staticFilePath(root: string, pathname: string): { ok: true; file: string } | { ok: false; status: number; message: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, status: 400, message: 'Bad URL encoding' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, status: 400, message: 'Bad path' };
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) return { ok: false, status: 403, message: 'Outside the app' };
  const file = segments.length === 0 ? path.join(root, 'index.html') : path.join(root, ...segments);
  if (!isInside(root, file)) return { ok: false, status: 403, message: 'Outside the app' };
  return { ok: true, file };
}

/** Reads one file of the built renderer. `transformHtml` lets the browser server put its token into index.html. */
export async function readStaticFile(root: string, pathname: string, transformHtml?: (html: string) => string): Promise<StaticResponse> {
  const resolved = staticFilePath(root, pathname);
  if (!resolved.ok) return plain(resolved.status, resolved.message);
  try {
    const realRoot = await fs.realpath(root);
    const realFile = await fs.realpath(resolved.file);
    if (!isInside(realRoot, realFile)) return plain(403, 'Outside the app');
    const stat = await fs.stat(realFile);
    if (!stat.isFile()) return plain(404, 'Not found');
    let body: Uint8Array = await fs.readFile(realFile);
    const contentType = contentTypeFor(realFile);
    if (transformHtml && contentType.startsWith('text/html')) body = Buffer.from(transformHtml(Buffer.from(body).toString('utf8')));
    return { status: 200, headers: { ...SECURITY_HEADERS, 'content-type': contentType, 'cache-control': 'no-cache' }, body };
  } catch {
    return plain(404, 'Not found');
  }
}
