// The browser-mode server: token on every API request, Host/Origin checks, containment for files and static
// assets, a save round trip and change notifications, driven through the renderer's real BrowserHost.
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CODE_HEADER, startStudioServer, TOKEN_HEADER, type StudioServer } from '../../electron/web/server';
import { CONTENT_SECURITY_POLICY } from '../../electron/services/static-files';
import { BrowserHost, CODE_HEADER as HOST_CODE_HEADER, exchangeCode, TOKEN_HEADER as HOST_TOKEN_HEADER } from '../../renderer/src/host/browser-host';
import type { FileChange, OpenedFile, OpenResult } from '../../renderer/src/host/host';

let base: string;
let workspace: string;
let server: StudioServer;
let host: BrowserHost;
/** What the server told onCodeUsed: the address with the next code, once a page used one. */
const nextAddresses: string[] = [];

/** Raw HTTP, so paths and headers go out exactly as written (fetch would normalise them). */
function raw(method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path: rawPath, headers: { host: `127.0.0.1:${server.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function invoke(channel: string, args: unknown[], headers: Record<string, string> = { [TOKEN_HEADER]: server.token }) {
  return raw('POST', `/api/invoke/${channel}`, { 'content-type': 'application/json', ...headers }, JSON.stringify({ args }));
}

function opened(result: OpenResult): OpenedFile {
  if (result.kind !== 'opened') throw new Error(`expected an opened file, got ${JSON.stringify(result)}`);
  return result;
}

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'rs-web-'));
  workspace = path.join(base, 'workspace');
  const renderer = path.join(base, 'renderer');
  mkdirSync(workspace);
  mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Rules Studio</title>');
  writeFileSync(path.join(renderer, 'assets', 'app.js'), 'export {}');
  writeFileSync(path.join(base, 'secret.json'), '{"secret":true}');
  writeFileSync(path.join(workspace, 'skirmish.json'), '{"name":"Skirmish"}\n');
  server = await startStudioServer({ workspace, dataDir: path.join(base, 'data'), seedsDir: null, rendererDir: renderer, watchIntervalMs: 100, onCodeUsed: (url) => nextAddresses.push(url) });
  host = new BrowserHost({ origin: server.origin, token: server.token, reconnectMs: 50 });
});

afterAll(async () => {
  host.close();
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

describe('access', () => {
  test('binds to 127.0.0.1; its address holds a one-time code, never the token', async () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/#code=[0-9a-f]{48}$`));
    expect(server.url).not.toContain(server.token);
    expect(server.token).toMatch(/^[0-9a-f]{48}$/);
    expect(TOKEN_HEADER).toBe(HOST_TOKEN_HEADER);
    expect(CODE_HEADER).toBe(HOST_CODE_HEADER);
    const index = await raw('GET', '/');
    expect(index.status).toBe(200);
    expect(index.body).not.toContain(server.token);
    expect(index.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  test('the page trades the code for the token once: the code is then void, and the next address is told', async () => {
    const first = server.url;
    const code = first.split('#code=')[1]!;
    const before = nextAddresses.length;
    expect(await exchangeCode(server.origin, code)).toBe(server.token);
    expect(nextAddresses.slice(before)).toEqual([server.url]);
    expect(server.url).not.toBe(first);
    await expect(exchangeCode(server.origin, code)).rejects.toThrow(/already been used/);
    const again = await raw('POST', '/api/session', { [CODE_HEADER]: code });
    expect(again.status).toBe(401);
    expect(again.body).not.toContain(server.token);
    expect((await raw('POST', '/api/session', {})).status).toBe(401);
    expect((await raw('GET', '/api/session', { [CODE_HEADER]: server.url.split('#code=')[1]! })).status).toBe(405);
    // The Host and Origin checks come first: a foreign page cannot trade a code it saw.
    const fresh = server.url.split('#code=')[1]!;
    expect((await raw('POST', '/api/session', { [CODE_HEADER]: fresh, host: 'evil.example' })).status).toBe(421);
    expect((await raw('POST', '/api/session', { [CODE_HEADER]: fresh, origin: 'https://evil.example' })).status).toBe(403);
    expect(nextAddresses.length).toBe(before + 1);
    // The new address works (once).
    expect(await exchangeCode(server.origin, fresh)).toBe(server.token);
  });

  test('a host waiting on a failed exchange reports why on every request', async () => {
    const refused = new BrowserHost({ origin: server.origin, token: exchangeCode(server.origin, 'ab'.repeat(24)) });
    await expect(refused.files.list()).rejects.toThrow(/already been used/);
    const traded = new BrowserHost({ origin: server.origin, token: exchangeCode(server.origin, server.url.split('#code=')[1]!) });
    expect(await traded.files.list()).toEqual([expect.objectContaining({ path: 'skirmish.json' })]);
  });

  test('every API request needs the token: 401 without it or with a wrong one', async () => {
    expect((await invoke('studio:files.list', [], {})).status).toBe(401);
    expect((await invoke('studio:files.list', [], { [TOKEN_HEADER]: 'f'.repeat(48) })).status).toBe(401);
    expect((await invoke('studio:files.list', [], { [TOKEN_HEADER]: server.token.slice(1) })).status).toBe(401);
    expect((await raw('GET', '/api/events')).status).toBe(401);
    const ok = await invoke('studio:files.list', []);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ result: [expect.objectContaining({ path: 'skirmish.json' })] });
  });

  test('a foreign Host header (DNS rebinding) and a foreign Origin are refused, even with the token', async () => {
    expect((await raw('GET', '/', { host: `evil.example:${server.port}` })).status).toBe(421);
    expect((await invoke('studio:files.list', [], { [TOKEN_HEADER]: server.token, host: 'evil.example' })).status).toBe(421);
    expect((await invoke('studio:files.list', [], { [TOKEN_HEADER]: server.token, origin: 'https://evil.example' })).status).toBe(403);
    expect((await invoke('studio:files.list', [], { [TOKEN_HEADER]: server.token, origin: server.origin })).status).toBe(200);
  });

  test('malformed API calls get clear errors', async () => {
    expect(JSON.parse((await invoke('studio:nope', [])).body).error).toMatch(/Unknown channel studio:nope/);
    expect(JSON.parse((await invoke('studio:files.open', [42])).body).error).toMatch(/argument 1 \(path\): expected a string/);
    const notJson = await raw('POST', '/api/invoke/studio:files.list', { 'content-type': 'application/json', [TOKEN_HEADER]: server.token }, '{args');
    expect(notJson.status).toBe(400);
    expect((await raw('GET', '/api/invoke/studio:files.list', { [TOKEN_HEADER]: server.token })).status).toBe(405);
    expect((await raw('POST', '/api/invoke/studio:files.list', { 'content-type': 'text/plain', [TOKEN_HEADER]: server.token }, '{"args":[]}')).status).toBe(415);
  });
});

describe('containment', () => {
  test.each(['/../secret.json', '/%2e%2e/secret.json', '/assets/..%2f..%2fsecret.json', '/assets/%2e%2e%5c%2e%2e%5csecret.json', '/..%00/secret.json'])(
    'static path %s is refused',
    async (rawPath) => {
      const response = await raw('GET', rawPath);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('secret');
    },
  );

  test('API paths outside the workspace are refused and nothing is written', async () => {
    expect(await host.files.open('../secret.json')).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await host.files.saveAs({ path: '../secret.json', text: '{}', overwrite: true })).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await host.files.save({ path: '/etc/x.json', text: '{}', baseVersion: null, force: true })).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(readFileSync(path.join(base, 'secret.json'), 'utf8')).toBe('{"secret":true}');
  });
});

describe('files through the BrowserHost', () => {
  test('save round trip: the file on disk equals the editor text; a stale save conflicts', async () => {
    const file = opened(await host.files.open('skirmish.json'));
    const text = `${file.text.trimEnd().slice(0, -1)},"edited":"ü"}\n`;
    const result = await host.files.save({ path: 'skirmish.json', text, baseVersion: file.version, force: false });
    expect(result).toMatchObject({ kind: 'saved', path: 'skirmish.json' });
    expect(readFileSync(path.join(workspace, 'skirmish.json'), 'utf8')).toBe(text);
    expect(opened(await host.files.open('skirmish.json')).text).toBe(text);
    expect(await host.files.save({ path: 'skirmish.json', text: '{}', baseVersion: file.version, force: false })).toMatchObject({ kind: 'conflict', disk: { text } });
    expect((await host.recent.list())[0]).toMatchObject({ path: 'skirmish.json' });
  });

  test('backups: write, list, restore, discard', async () => {
    expect(await host.backups.write({ path: 'draft.json', text: '{"unsaved":', baseVersion: null })).toMatchObject({ kind: 'backed-up' });
    expect(await host.backups.list()).toEqual([expect.objectContaining({ path: 'draft.json' })]);
    expect(await host.backups.restore('draft.json')).toMatchObject({ text: '{"unsaved":' });
    await host.backups.discard('draft.json');
    expect(await host.backups.list()).toEqual([]);
  });

  test('the browser cannot choose folders or open links through the server', async () => {
    expect(host.kind).toBe('browser');
    expect(await host.workspace.choose()).toBeNull();
    expect(await host.workspace.get()).toEqual({ name: 'workspace', root: workspace, missing: false });
    expect(await host.openExternal('https://example.org')).toBe(false);
    const opened: string[] = [];
    const withWindow = new BrowserHost({ origin: server.origin, token: server.token, openWindow: (url) => opened.push(url) });
    expect(await withWindow.openExternal('javascript:alert(1)')).toBe(false);
    expect(await withWindow.openExternal('https://example.org/a')).toBe(true);
    expect(await withWindow.openExternal('https://evil.com\\@good.com')).toBe(false);
    expect(await withWindow.openExternal('https://Example.org/b/../c')).toBe(true);
    expect(opened).toEqual(['https://example.org/a', 'https://example.org/c']);
  });

  test('a change on disk to a watched file arrives as a Server-Sent Event', async () => {
    writeFileSync(path.join(workspace, 'watched.json'), '{"v":1}');
    opened(await host.files.open('watched.json'));
    const changes: FileChange[] = [];
    const arrived = new Promise<void>((resolve) =>
      host.onChange((change) => {
        changes.push(change);
        resolve();
      }),
    );
    await host.eventsConnected();
    await host.watch(['watched.json']);
    writeFileSync(path.join(workspace, 'watched.json'), '{"v":2}');
    await arrived;
    expect(changes[0]).toMatchObject({ path: 'watched.json', kind: 'changed', version: { size: 7 } });
  });
});
