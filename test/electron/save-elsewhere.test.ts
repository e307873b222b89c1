// "Save elsewhere" on the desktop (issue 17): main asks with the system's save dialog, so the page never names a
// folder; the dialog starts at the document's place; cancelling writes nothing; a chosen file is written and its
// folder becomes the workspace. And the contract's checks of the new request and the read-only flag.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { checkArguments } from '../../electron/ipc/contract';
import { fileHandlers } from '../../electron/ipc/files';
import { FileService } from '../../electron/services/files';

let base: string;
let workspace: string;
let service: FileService;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'rs-elsewhere-'));
  workspace = path.join(base, 'workspace');
  mkdirSync(workspace);
  writeFileSync(path.join(workspace, 'a.json'), '{}');
  service = new FileService({ workspace, dataDir: path.join(base, 'data'), seedsDir: null, watchIntervalMs: 0 });
});

afterEach(() => {
  service.close();
  rmSync(base, { recursive: true, force: true });
});

test('the desktop asks in its own dialog: a path from the page is refused, cancel writes nothing, a choice is saved', async () => {
  const asked: string[] = [];
  let answer: string | null = null;
  const { 'studio:files.saveElsewhere': saveElsewhere } = fileHandlers(service, { ask: async (suggested) => (asked.push(suggested), answer) });

  expect(await saveElsewhere({ path: 'a.json', text: 'x', target: path.join(base, 'from-page.json') })).toMatchObject({ kind: 'error', code: 'invalid-path' });
  expect(asked).toEqual([]);

  expect(await saveElsewhere({ path: 'a.json', text: 'x', target: null })).toEqual({ kind: 'cancelled' });
  expect(asked).toEqual([path.join(workspace, 'a.json')]);
  expect(readdirSync(base).sort()).toEqual(['workspace']);

  answer = path.join(base, 'chosen', 'mine.json');
  expect(await saveElsewhere({ path: 'a.json', text: 'rescued', target: null })).toMatchObject({ kind: 'saved', path: 'mine.json', workspace: { root: path.join(base, 'chosen') } });
  expect(readFileSync(answer, 'utf8')).toBe('rescued');
  expect(service.workspace().root).toBe(path.join(base, 'chosen'));
});

test('the contract checks the save-elsewhere request and the read-only answer flag', () => {
  expect(checkArguments('studio:files.saveElsewhere', [{ path: 'a.json', text: '{}', target: null }]).ok).toBe(true);
  expect(checkArguments('studio:files.saveElsewhere', [{ path: 'a.json', text: '{}', target: '/home/me/a.json' }]).ok).toBe(true);
  expect(checkArguments('studio:files.saveElsewhere', [{ path: 'a.json', text: '{}', target: 'x'.repeat(1025) }])).toMatchObject({ ok: false, error: expect.stringContaining('.target') });
  expect(checkArguments('studio:files.saveElsewhere', [{ path: 'a.json', text: '{}' }]).ok).toBe(false);
  expect(checkArguments('studio:files.save', [{ path: 'a.json', text: '{}', baseVersion: null, force: false, overwriteReadOnly: true }]).ok).toBe(true);
  expect(checkArguments('studio:files.save', [{ path: 'a.json', text: '{}', baseVersion: null, force: false, overwriteReadOnly: 'yes' }]).ok).toBe(false);
  expect(checkArguments('studio:files.saveAs', [{ path: 'a.json', text: '{}', overwrite: true, overwriteReadOnly: false }]).ok).toBe(true);
});
