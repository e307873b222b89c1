// Browser mode: the same renderer and the same file service behind a small local HTTP server.
// Bound to 127.0.0.1 only; every API request needs the per-run token (header x-rules-studio-token). The token is
// never in an address: the printed address carries a one-time code in its fragment (`#code=…`), which the page
// trades for the token (POST /api/session with header x-rules-studio-code); the code is void once used, and the next
// one is told to `onCodeUsed` (the console prints it), so an address seen on a command line (`xdg-open`, the
// browser's own) opens nothing once the studio's page has used it. The Host header must name this server (stops DNS
// rebinding); there is no CORS. The API is the IPC contract over HTTP:
//   POST /api/session           header x-rules-studio-code  →  {"token": "..."} | 401 {"error": "..."}
//   POST /api/invoke/<channel>  body {"args": [...]}  →  {"result": ...} | {"error": "..."}
//   GET  /api/events            Server-Sent Events: `event: studio:files.changed` with a FileChange as data
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { checkArguments, FILES_CHANGED, isInvokeChannel, MAX_TEXT_CHARS, type HandlerTable, type InvokeChannel } from '../ipc/contract.js';
import { backupHandlers } from '../ipc/backups.js';
import { fileHandlers } from '../ipc/files.js';
import { runHandlers } from '../ipc/runs.js';
import { shellHandlers } from '../ipc/shell.js';
import { workspaceHandlers } from '../ipc/workspace.js';
import { FileService } from '../services/files.js';
import { RunHistoryStore } from '../services/run-history.js';
import { readStaticFile, SECURITY_HEADERS } from '../services/static-files.js';

export const TOKEN_HEADER = 'x-rules-studio-token';
export const CODE_HEADER = 'x-rules-studio-code';
/** Rule files are limited to a few MB; JSON escaping can roughly double that. */
const MAX_BODY_BYTES = 2 * MAX_TEXT_CHARS + 1024;
const KEEPALIVE_MS = 15_000;

export interface StudioServerOptions {
  workspace: string;
  dataDir: string;
  seedsDir: string | null;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Fixed token for tests; a random one per run otherwise. */
  token?: string;
  /** Poll interval of the file watcher's safety net. */
  watchIntervalMs?: number;
  /** Folders "save elsewhere" may write below (default: the user's home folder and the folder around the
   *  workspace). */
  saveRoots?: readonly string[];
  /** Told the page address with the next one-time code each time a page has used one. */
  onCodeUsed?: (url: string) => void;
}

export interface StudioServer {
  /** The page address with the current one-time code in its fragment: open this one (it works once). */
  readonly url: string;
  origin: string;
  port: number;
  token: string;
  service: FileService;
  close(): Promise<void>;
}

export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const token = options.token ?? randomBytes(24).toString('hex');
  let code = randomBytes(24).toString('hex');
  const service = new FileService({
    workspace: options.workspace,
    dataDir: options.dataDir,
    seedsDir: options.seedsDir,
    ...(options.watchIntervalMs === undefined ? {} : { watchIntervalMs: options.watchIntervalMs }),
  });
  await service.removeStaleTemps();
  const handlers: HandlerTable = {
    // The page may name a file outside the workspace only below these folders (checkOutsideFile).
    ...fileHandlers(service, { roots: options.saveRoots ?? [homedir(), path.dirname(path.resolve(options.workspace))] }),
    ...backupHandlers(service),
    ...workspaceHandlers(service, null),
    // The page opens links itself (after the same check); the server never launches programs.
    ...shellHandlers(null),
    ...runHandlers(new RunHistoryStore({ root: () => service.workspace().root })),
  };
  const streams = new Set<ServerResponse>();
  const unsubscribe = service.onChange((change) => {
    const message = `event: ${FILES_CHANGED}\ndata: ${JSON.stringify(change)}\n\n`;
    for (const stream of streams) stream.write(message);
  });

  let port = 0;
  const server: Server = createServer((request, response) => {
    void route(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: `Internal error: ${error instanceof Error ? error.message : String(error)}` });
      else response.destroy();
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!allowedHosts.includes(request.headers.host ?? '')) {
      sendJson(response, 421, { error: `This server answers only to ${allowedHosts[0]}` });
      return;
    }
    const url = new URL(request.url ?? '/', `http://${allowedHosts[0]}`);
    if (!url.pathname.startsWith('/api/')) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        sendJson(response, 405, { error: 'Method not allowed' });
        return;
      }
      const file = await readStaticFile(options.rendererDir, url.pathname);
      if (file.status === 404 && (url.pathname === '/' || url.pathname === '/index.html')) {
        sendText(response, 503, 'The studio is not built yet: run `npm run build`, then start it again.');
        return;
      }
      response.writeHead(file.status, file.headers);
      response.end(request.method === 'HEAD' ? undefined : file.body);
      return;
    }

    const origin = request.headers.origin;
    if (origin !== undefined && !allowedHosts.some((host) => origin === `http://${host}`)) {
      sendJson(response, 403, { error: 'Cross-origin requests are refused' });
      return;
    }
    if (url.pathname === '/api/session') {
      if (request.method !== 'POST') {
        sendJson(response, 405, { error: 'Use POST' });
        return;
      }
      if (!hasToken(request.headers[CODE_HEADER], code)) {
        sendJson(response, 401, { error: 'This address has already been used (each one opens the studio once). Open the newest address the studio printed, or start it again.' });
        return;
      }
      code = randomBytes(24).toString('hex');
      options.onCodeUsed?.(pageUrl());
      sendJson(response, 200, { token });
      return;
    }
    if (!hasToken(request.headers[TOKEN_HEADER], token)) {
      sendJson(response, 401, { error: `Missing or wrong ${TOKEN_HEADER} header` });
      return;
    }

    if (url.pathname === '/api/events' && request.method === 'GET') {
      response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
      response.write(': connected\n\n');
      streams.add(response);
      const keepalive = setInterval(() => response.write(': keepalive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      request.on('close', () => {
        clearInterval(keepalive);
        streams.delete(response);
      });
      return;
    }

    const invoke = /^\/api\/invoke\/([A-Za-z0-9:._-]+)$/.exec(url.pathname);
    if (!invoke) {
      sendJson(response, 404, { error: `No API at ${url.pathname}` });
      return;
    }
    if (request.method !== 'POST') {
      sendJson(response, 405, { error: 'Use POST' });
      return;
    }
    const channel = invoke[1]!;
    if (!isInvokeChannel(channel)) {
      sendJson(response, 404, { error: `Unknown channel ${channel}` });
      return;
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      sendJson(response, 415, { error: 'Send application/json' });
      return;
    }
    const body = await readBody(request, MAX_BODY_BYTES);
    if (body === null) {
      sendJson(response, 413, { error: `The request is larger than ${MAX_BODY_BYTES} bytes` });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (error) {
      sendJson(response, 400, { error: `The body is not JSON: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    const args = typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { args?: unknown }).args) ? (parsed as { args: unknown[] }).args : null;
    if (args === null) {
      sendJson(response, 400, { error: 'Expected a body {"args": [...]}' });
      return;
    }
    const result = await dispatch(handlers, channel, args);
    sendJson(response, result.ok ? 200 : 400, result.ok ? { result: result.value } : { error: result.error });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const pageUrl = () => `${origin}/#code=${code}`;

  return {
    get url() {
      return pageUrl();
    },
    origin,
    port,
    token,
    service,
    close: async () => {
      unsubscribe();
      service.close();
      for (const stream of streams) stream.end();
      streams.clear();
      // Keep-alive connections would hold close() open: stop accepting, then drop them.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The same path as IPC: contract check, then the shared handler. */
async function dispatch(handlers: HandlerTable, channel: InvokeChannel, args: unknown[]): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  const checked = checkArguments(channel, args);
  if (!checked.ok) return { ok: false, error: `Refused ${checked.error}` };
  const handler = handlers[channel] as (...handlerArgs: unknown[]) => Promise<unknown>;
  return { ok: true, value: await handler(...(checked.args as unknown[])) };
}

/** The header holds exactly `token` (compared in constant time). */
function hasToken(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}
