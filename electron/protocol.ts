// The app:// protocol: serves dist/renderer to the window (instead of file://) with path containment and the
// strict CSP as a response header. Only GET on app://rules-studio/ is answered.
import { protocol } from 'electron';
import { readStaticFile } from './services/static-files.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'rules-studio';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Must run before app 'ready': a standard, secure scheme gets an origin, fetch and module workers. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

export function serveApp(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => appResponse(request.method, request.url, rendererDir));
}

/** The protocol's whole answer, separate from Electron so it is unit-tested. */
export async function appResponse(method: string, requestUrl: string, rendererDir: string): Promise<Response> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return new Response('Bad URL', { status: 400 });
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return new Response('Not found', { status: 404 });
  if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
  const file = await readStaticFile(rendererDir, url.pathname);
  return new Response(method === 'HEAD' ? null : Buffer.from(file.body), { status: file.status, headers: file.headers });
}
