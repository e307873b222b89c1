// Issue 17: the workspace folder removed while a document is open. Backups, their list and restore need only the
// data folder; a save says the folder is gone (typed, naming it); "save elsewhere" writes to a folder the user
// picks (confined to allowed roots in the browser studio) and makes it the workspace; stale temp files of killed
// saves and backups are removed at start.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FileService, STALE_TEMP_MS } from '../../electron/services/files';
import type { OpenResult } from '../../electron/services/types';

let base: string;
let workspace: string;
let dataDir: string;
let services: FileService[];

function makeService(): FileService {
  const service = new FileService({ workspace, dataDir, seedsDir: null, watchIntervalMs: 0 });
  services.push(service);
  return service;
}

function versionOf(result: OpenResult) {
  if (result.kind !== 'opened') throw new Error(`expected an opened file, got ${JSON.stringify(result)}`);
  return result.version;
}

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'rs-gone-'));
  workspace = path.join(base, 'workspace');
  dataDir = path.join(base, 'data');
  mkdirSync(workspace);
  writeFileSync(path.join(workspace, 'a.json'), '{"v":1}');
  services = [];
});

afterEach(() => {
  for (const service of services) service.close();
  rmSync(base, { recursive: true, force: true });
});

describe('the workspace folder removed while open', () => {
  test('backups go on, are listed and restore; a save says the folder is gone and writes nothing', async () => {
    const service = makeService();
    const version = versionOf(await service.open('a.json'));
    expect(await service.writeBackup({ path: 'a.json', text: '{"v":2}', baseVersion: version })).toMatchObject({ kind: 'backed-up' });
    rmSync(workspace, { recursive: true });

    expect(await service.writeBackup({ path: 'a.json', text: '{"v":3}', baseVersion: version })).toMatchObject({ kind: 'backed-up' });
    expect(await service.listBackups()).toEqual([expect.objectContaining({ path: 'a.json' })]);
    expect(await service.restoreBackup('a.json')).toMatchObject({ path: 'a.json', text: '{"v":3}', baseVersion: version });
    expect(await service.describeWorkspace()).toEqual({ name: 'workspace', root: workspace, missing: true });

    const save = await service.save({ path: 'a.json', text: '{"v":3}', baseVersion: version, force: false });
    expect(save).toMatchObject({ kind: 'error', code: 'workspace-missing', message: expect.stringContaining(`The workspace folder ${workspace} no longer exists`) });
    expect(await service.saveAs({ path: 'b.json', text: '{}', overwrite: false })).toMatchObject({ code: 'workspace-missing' });
    expect(readdirSync(base).sort()).toEqual(['data']);
    // The failed save kept the backup.
    expect(await service.restoreBackup('a.json')).toMatchObject({ text: '{"v":3}' });
  });

  test('a studio started after the folder is gone still lists and restores the backup', async () => {
    const first = makeService();
    await first.writeBackup({ path: 'a.json', text: 'unsaved', baseVersion: null });
    rmSync(workspace, { recursive: true });
    const second = makeService();
    expect(await second.list()).toEqual([]);
    expect(await second.listBackups()).toEqual([expect.objectContaining({ path: 'a.json' })]);
    expect(await second.restoreBackup('a.json')).toMatchObject({ text: 'unsaved' });
    await second.discardBackup('a.json');
    expect(await second.listBackups()).toEqual([]);
  });
});

describe('save elsewhere', () => {
  test('a typed path below an allowed root: folders are created, the folder becomes the workspace, the old backup goes', async () => {
    const service = makeService();
    await service.writeBackup({ path: 'a.json', text: 'rescued text', baseVersion: null });
    rmSync(workspace, { recursive: true });
    const target = path.join(base, 'rescued', 'deep', 'a.json');
    const result = await service.saveElsewhere({ path: 'a.json', text: 'rescued text' }, target, [base]);
    expect(result).toMatchObject({ kind: 'saved', path: 'a.json', workspace: { root: path.dirname(target), name: 'deep', missing: false } });
    expect(readFileSync(target, 'utf8')).toBe('rescued text');
    expect(readdirSync(path.join(dataDir, 'backups'))).toEqual([]);
    // The document lives on in the new workspace: it saves, and is backed up there.
    if (result.kind !== 'saved') throw new Error('not saved');
    expect(await service.save({ path: 'a.json', text: 'more', baseVersion: result.version, force: false })).toMatchObject({ kind: 'saved' });
    expect(readFileSync(target, 'utf8')).toBe('more');
    await service.writeBackup({ path: 'a.json', text: 'even more', baseVersion: null });
    expect(await service.listBackups()).toEqual([expect.objectContaining({ path: 'a.json' })]);
  });

  test.each([
    ['a relative path', 'rescued/a.json', /not a full path/],
    ['a path outside the allowed roots', '/etc/rules-studio-test.json', /outside the folders the browser studio may write to/],
    ['".." parts', '@/x/../../a.json', /"\." or "\.\." folders/],
    ['a hidden folder', '@/.config/a.json', /hidden files and folders/],
    ['a file that is not .json', '@/notes.txt', /only \.json files/],
    ['a control character', '@/a\u001b.json', /control character/],
    ['the root itself', '@', /only \.json files|outside/],
  ])('refuses %s', async (_what, typed, message) => {
    const service = makeService();
    const target = typed.replace('@', base);
    expect(await service.saveElsewhere({ path: 'a.json', text: 'x' }, target, [base])).toMatchObject({ kind: 'error', code: 'invalid-path', message: expect.stringMatching(message) });
    expect(service.workspace().root).toBe(workspace);
    expect(readdirSync(base).sort()).toEqual(['workspace']);
  });

  test('refuses a symlink below the root that leads out of it, and never replaces an existing file', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'rs-gone-outside-'));
    try {
      symlinkSync(outside, path.join(base, 'link'));
      const service = makeService();
      expect(await service.saveElsewhere({ path: 'a.json', text: 'x' }, path.join(base, 'link', 'sub', 'a.json'), [base])).toMatchObject({ code: 'invalid-path', message: expect.stringContaining('symlink') });
      expect(readdirSync(outside)).toEqual([]);
      writeFileSync(path.join(base, 'taken.json'), 'keep');
      expect(await service.saveElsewhere({ path: 'a.json', text: 'x' }, path.join(base, 'taken.json'), [base])).toMatchObject({ code: 'exists' });
      expect(readFileSync(path.join(base, 'taken.json'), 'utf8')).toBe('keep');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  test('a place chosen in the system dialog (no roots) may replace a file: that dialog asked', async () => {
    const target = path.join(base, 'chosen.json');
    writeFileSync(target, 'old');
    expect(await makeService().saveElsewhere({ path: 'a.json', text: 'new' }, target, null)).toMatchObject({ kind: 'saved', path: 'chosen.json' });
    expect(readFileSync(target, 'utf8')).toBe('new');
  });
});

describe('stale temp files are removed at start', () => {
  test('in the data folder, its backups and the workspace: only our own names, only plain files, only old ones', async () => {
    const old = new Date(Date.now() - STALE_TEMP_MS - 60_000);
    mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
    const plant = (file: string, stale: boolean) => {
      writeFileSync(file, 'x'.repeat(1000));
      if (stale) utimesSync(file, old, old);
    };
    plant(path.join(dataDir, 'backups', '.rs-save-0123.json.77.a1b2c3d4e5f6.tmp'), true);
    plant(path.join(dataDir, '.rs-save-recent.json.77.a1b2c3d4e5f6.tmp'), true);
    plant(path.join(workspace, '.rs-save-a.json.77.a1b2c3d4e5f6.tmp'), true);
    plant(path.join(dataDir, 'backups', '.rs-save-fresh.json.78.a1b2c3d4e5f6.tmp'), false);
    plant(path.join(dataDir, 'backups', 'rs-save-not-ours.tmp'), true);
    plant(path.join(dataDir, 'backups', '.rs-save-not-a-temp.json'), true);
    plant(path.join(dataDir, 'mine.tmp'), true);
    mkdirSync(path.join(dataDir, '.rs-save-a-folder.tmp'));
    utimesSync(path.join(dataDir, '.rs-save-a-folder.tmp'), old, old);

    await makeService().removeStaleTemps();
    expect(readdirSync(path.join(dataDir, 'backups')).sort()).toEqual(['.rs-save-fresh.json.78.a1b2c3d4e5f6.tmp', '.rs-save-not-a-temp.json', 'rs-save-not-ours.tmp']);
    expect(readdirSync(dataDir).sort()).toEqual(['.rs-save-a-folder.tmp', 'backups', 'mine.tmp']);
    expect(readdirSync(workspace)).toEqual(['a.json']);
  });
});
