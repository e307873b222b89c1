// Issue 17 through the browser studio's server and the page's BrowserHost: stale temp files go at start; when the
// workspace folder is removed, backups go on, the workspace says it is missing, and "save elsewhere" writes a path
// the user typed, only below the allowed folders (the home folder and the folder around the workspace).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStudioServer, type StudioServer } from '../../electron/web/server';
import { BrowserHost } from '../../renderer/src/host/browser-host';

let base: string;
let workspace: string;
let dataDir: string;
let server: StudioServer;
let host: BrowserHost;
const STALE = '.rs-save-0a1b.json.4242.a1b2c3d4e5f6.tmp';

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'rs-web-gone-'));
  workspace = path.join(base, 'workspace');
  dataDir = path.join(base, 'data');
  mkdirSync(workspace);
  mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
  writeFileSync(path.join(workspace, 'a.json'), '{"v":1}');
  const old = new Date(Date.now() - 10 * 60_000);
  for (const file of [path.join(dataDir, 'backups', STALE), path.join(workspace, STALE)]) {
    writeFileSync(file, 'x'.repeat(3_000_000));
    utimesSync(file, old, old);
  }
  server = await startStudioServer({ workspace, dataDir, seedsDir: null, rendererDir: path.join(base, 'renderer'), watchIntervalMs: 0 });
  host = new BrowserHost({ origin: server.origin, token: server.token });
});

afterAll(async () => {
  host.close();
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

test('the server removes stale temp files of killed saves and backups when it starts', () => {
  expect(readdirSync(path.join(dataDir, 'backups'))).toEqual([]);
  expect(readdirSync(workspace)).toEqual(['a.json']);
});

test('the workspace removed while open: backups go on, the workspace is missing, save elsewhere rescues the text', async () => {
  const opened = await host.files.open('a.json');
  if (opened.kind !== 'opened') throw new Error('not opened');
  rmSync(workspace, { recursive: true });
  expect(await host.backups.write({ path: 'a.json', text: '{"v":2}', baseVersion: opened.version })).toMatchObject({ kind: 'backed-up' });
  expect(await host.backups.list()).toEqual([expect.objectContaining({ path: 'a.json' })]);
  expect(await host.backups.restore('a.json')).toMatchObject({ text: '{"v":2}' });
  expect(await host.workspace.get()).toMatchObject({ root: workspace, missing: true });
  expect(await host.files.save({ path: 'a.json', text: '{"v":2}', baseVersion: opened.version, force: false })).toMatchObject({ code: 'workspace-missing' });

  expect(await host.files.saveElsewhere({ path: 'a.json', text: '{"v":2}', target: null })).toMatchObject({ code: 'invalid-path' });
  expect(await host.files.saveElsewhere({ path: 'a.json', text: '{"v":2}', target: '/etc/rules-studio-gone.json' })).toMatchObject({ code: 'invalid-path', message: expect.stringContaining('outside the folders') });
  const target = path.join(base, 'rescued', 'a.json');
  expect(await host.files.saveElsewhere({ path: 'a.json', text: '{"v":2}', target })).toMatchObject({ kind: 'saved', path: 'a.json', workspace: { root: path.dirname(target), missing: false } });
  expect(readFileSync(target, 'utf8')).toBe('{"v":2}');
  expect(await host.workspace.get()).toMatchObject({ root: path.dirname(target), missing: false });
  expect(await host.backups.list()).toEqual([]);
  expect(await host.files.list()).toEqual([expect.objectContaining({ path: 'a.json' })]);
});
