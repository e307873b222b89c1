// The file service: version stamps, conflict detection, the per-file write queue, rename retries, backups,
// containment, seeds, recent files and watching.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FileService, hashBytes } from '../../electron/services/files';
import type { FileChange, OpenedFile, OpenResult, SaveResult } from '../../electron/services/types';

let base: string;
let workspace: string;
let dataDir: string;
let seedsDir: string;
let services: FileService[];

function makeService(overrides: Partial<ConstructorParameters<typeof FileService>[0]> = {}): FileService {
  const service = new FileService({ workspace, dataDir, seedsDir, watchIntervalMs: 0, ...overrides });
  services.push(service);
  return service;
}

function opened(result: OpenResult): OpenedFile {
  if (result.kind !== 'opened') throw new Error(`expected an opened file, got ${JSON.stringify(result)}`);
  return result;
}

function saved(result: SaveResult): Extract<SaveResult, { kind: 'saved' }> {
  if (result.kind !== 'saved') throw new Error(`expected saved, got ${JSON.stringify(result)}`);
  return result;
}

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'rs-files-'));
  workspace = path.join(base, 'workspace');
  dataDir = path.join(base, 'data');
  seedsDir = path.join(base, 'seeds');
  mkdirSync(workspace);
  mkdirSync(seedsDir);
  services = [];
});

afterEach(() => {
  for (const service of services) service.close();
  rmSync(base, { recursive: true, force: true });
});

describe('open and list', () => {
  test('open returns the text and a stamp of exactly those bytes', async () => {
    writeFileSync(path.join(workspace, 'a.json'), '{"name":"é"}');
    const file = opened(await makeService().open('a.json'));
    expect(file.text).toBe('{"name":"é"}');
    expect(file.version.size).toBe(Buffer.byteLength('{"name":"é"}'));
    expect(file.version.hash).toBe(hashBytes(Buffer.from('{"name":"é"}')));
  });

  test('missing, too large and non-UTF-8 files give typed errors', async () => {
    const service = makeService({ maxFileBytes: 10 });
    writeFileSync(path.join(workspace, 'big.json'), '{"x": "0123456789"}');
    writeFileSync(path.join(workspace, 'latin1.json'), Buffer.from([0x7b, 0xe9, 0x7d]));
    expect(await service.open('nope.json')).toMatchObject({ kind: 'error', code: 'not-found' });
    expect(await service.open('big.json')).toMatchObject({ kind: 'error', code: 'too-large' });
    expect(await makeService().open('latin1.json')).toMatchObject({ kind: 'error', code: 'io', message: expect.stringContaining('UTF-8') });
  });

  test('list finds nested .json files and skips hidden folders, temp files and other files', async () => {
    mkdirSync(path.join(workspace, 'heroes'));
    mkdirSync(path.join(workspace, '.rules-studio'));
    writeFileSync(path.join(workspace, 'b.json'), '{}');
    writeFileSync(path.join(workspace, 'heroes', 'a.json'), '{}');
    writeFileSync(path.join(workspace, '.rules-studio', 'x.json'), '{}');
    writeFileSync(path.join(workspace, '.rs-save-b.json.1.ab.tmp'), '{}');
    writeFileSync(path.join(workspace, 'notes.txt'), 'x');
    const files = await makeService().list();
    expect(files.map((f) => f.path)).toEqual(['b.json', 'heroes/a.json']);
  });
});

test('list removes temp files left by a killed save once they are stale, and keeps fresh ones', async () => {
  writeFileSync(path.join(workspace, 'a.json'), '{}');
  const stale = path.join(workspace, '.rs-save-a.json.99.0011.tmp');
  const fresh = path.join(workspace, '.rs-save-a.json.98.0022.tmp');
  writeFileSync(stale, '{"half');
  writeFileSync(fresh, '{"in progress');
  utimesSync(stale, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
  expect((await makeService().list()).map((f) => f.path)).toEqual(['a.json']);
  expect(readdirSync(workspace).sort()).toEqual(['.rs-save-a.json.98.0022.tmp', 'a.json']);
});

describe('containment', () => {
  test.each([
    ['../outside.json'],
    ['heroes/../../outside.json'],
    ['/etc/passwd.json'],
    ['C:/x.json'],
    ['a\\..\\b.json'],
    ['.hidden.json'],
    ['heroes/.git/config.json'],
    ['notes.txt'],
    [''],
    ['a//b.json'],
  ])('refuses %j for open, save and backups', async (bad) => {
    const service = makeService();
    expect(await service.open(bad)).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await service.save({ path: bad, text: '{}', baseVersion: null, force: true })).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await service.saveAs({ path: bad, text: '{}', overwrite: true })).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await service.writeBackup({ path: bad, text: '{}', baseVersion: null })).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(readdirSync(base).sort()).toEqual(['seeds', 'workspace']);
  });

  test('a symlink that leads out of the workspace is refused', async () => {
    writeFileSync(path.join(base, 'secret.json'), '{"secret":1}');
    symlinkSync(path.join(base, 'secret.json'), path.join(workspace, 'link.json'));
    symlinkSync(base, path.join(workspace, 'up'));
    const service = makeService();
    expect(await service.open('link.json')).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await service.saveAs({ path: 'up/new.json', text: '{}', overwrite: false })).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(readFileSync(path.join(base, 'secret.json'), 'utf8')).toBe('{"secret":1}');
  });
});

describe('save and conflicts', () => {
  test('save replaces the content and returns the new stamp', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'old');
    const service = makeService();
    const file = opened(await service.open('a.json'));
    const result = saved(await service.save({ path: 'a.json', text: 'new text', baseVersion: file.version, force: false }));
    expect(readFileSync(path.join(workspace, 'a.json'), 'utf8')).toBe('new text');
    expect(result.version.hash).toBe(hashBytes('new text'));
    expect(opened(await service.open('a.json')).version).toEqual(result.version);
    expect(readdirSync(workspace)).toEqual(['a.json']);
  });

  test('a file changed on disk since it was read gives a conflict with the disk text; force overwrites', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'v1');
    const service = makeService();
    const file = opened(await service.open('a.json'));
    writeFileSync(path.join(workspace, 'a.json'), 'changed elsewhere');
    const conflict = await service.save({ path: 'a.json', text: 'mine', baseVersion: file.version, force: false });
    expect(conflict).toMatchObject({ kind: 'conflict', path: 'a.json', disk: { text: 'changed elsewhere' } });
    expect(readFileSync(path.join(workspace, 'a.json'), 'utf8')).toBe('changed elsewhere');
    saved(await service.save({ path: 'a.json', text: 'mine', baseVersion: file.version, force: true }));
    expect(readFileSync(path.join(workspace, 'a.json'), 'utf8')).toBe('mine');
  });

  test('a touched file with the same content is not a conflict (content decides, not the clock)', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'same');
    const service = makeService();
    const file = opened(await service.open('a.json'));
    utimesSync(path.join(workspace, 'a.json'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    saved(await service.save({ path: 'a.json', text: 'next', baseVersion: file.version, force: false }));
  });

  test('a deleted file, or a file that appeared where none was expected, is a conflict', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'v1');
    const service = makeService();
    const file = opened(await service.open('a.json'));
    rmSync(path.join(workspace, 'a.json'));
    expect(await service.save({ path: 'a.json', text: 'x', baseVersion: file.version, force: false })).toEqual({ kind: 'conflict', path: 'a.json', disk: null });
    writeFileSync(path.join(workspace, 'b.json'), 'someone else');
    expect(await service.save({ path: 'b.json', text: 'x', baseVersion: null, force: false })).toMatchObject({ kind: 'conflict', disk: { text: 'someone else' } });
  });

  test('save-as refuses to replace an existing file unless asked to', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'keep');
    const service = makeService();
    expect(await service.saveAs({ path: 'a.json', text: 'x', overwrite: false })).toMatchObject({ kind: 'error', code: 'exists' });
    expect(readFileSync(path.join(workspace, 'a.json'), 'utf8')).toBe('keep');
    saved(await service.saveAs({ path: 'a.json', text: 'x', overwrite: true }));
    saved(await service.saveAs({ path: 'b.json', text: 'y', overwrite: false }));
    expect(readFileSync(path.join(workspace, 'b.json'), 'utf8')).toBe('y');
  });

  test('the rename is retried on EPERM/EBUSY, and a final failure leaves the file and folder untouched', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'original');
    const { rename } = await import('node:fs/promises');
    let failures = 2;
    const flaky = makeService({
      atomic: {
        sleep: async () => undefined,
        fsOps: { rename: async (from, to) => (failures-- > 0 ? Promise.reject(Object.assign(new Error('busy'), { code: failures % 2 ? 'EBUSY' : 'EPERM' })) : rename(from, to)) },
      },
    });
    saved(await flaky.save({ path: 'a.json', text: 'after retries', baseVersion: null, force: true }));
    expect(readFileSync(path.join(workspace, 'a.json'), 'utf8')).toBe('after retries');

    let attempts = 0;
    const locked = makeService({
      atomic: { sleep: async () => undefined, fsOps: { rename: async () => { attempts += 1; throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' }); } } },
    });
    const result = await locked.save({ path: 'a.json', text: 'lost?', baseVersion: null, force: true });
    expect(result).toMatchObject({ kind: 'error', code: 'io', message: expect.stringMatching(/permission denied.*still unsaved/) });
    expect(attempts).toBe(5);
    expect(readFileSync(path.join(workspace, 'a.json'), 'utf8')).toBe('after retries');
    expect(readdirSync(workspace)).toEqual(['a.json']);
  });

  test('an unsaved document keeps its backup when the save fails', async () => {
    const { rename } = await import('node:fs/promises');
    // Only writes into the workspace fail; the backup folder works.
    const service = makeService({
      atomic: {
        sleep: async () => undefined,
        attempts: 1,
        fsOps: { rename: async (from, to) => (to.startsWith(workspace) ? Promise.reject(Object.assign(new Error('no'), { code: 'EBUSY' })) : rename(from, to)) },
      },
    });
    expect(await service.writeBackup({ path: 'a.json', text: 'unsaved', baseVersion: null })).toMatchObject({ kind: 'backed-up' });
    expect((await service.save({ path: 'a.json', text: 'unsaved', baseVersion: null, force: false })).kind).toBe('error');
    expect(await service.restoreBackup('a.json')).toMatchObject({ text: 'unsaved' });
  });
});

describe('write queue', () => {
  test('writes to one file run one at a time, in call order', async () => {
    const { rename } = await import('node:fs/promises');
    let active = 0;
    let maxActive = 0;
    const order: string[] = [];
    const service = makeService({
      atomic: {
        fsOps: {
          rename: async (from, to) => {
            active += 1;
            maxActive = Math.max(maxActive, active);
            await new Promise((resolve) => setTimeout(resolve, 2));
            order.push(readFileSync(from, 'utf8'));
            await rename(from, to);
            active -= 1;
          },
        },
      },
    });
    const texts = Array.from({ length: 12 }, (_, i) => `text ${i}`);
    const results = await Promise.all(texts.map((text) => service.save({ path: 'q.json', text, baseVersion: null, force: true })));
    expect(results.every((r) => r.kind === 'saved')).toBe(true);
    expect(maxActive).toBe(1);
    expect(order).toEqual(texts);
    expect(readFileSync(path.join(workspace, 'q.json'), 'utf8')).toBe('text 11');
  });

  test('a failing write does not stop the ones queued after it', async () => {
    const { rename } = await import('node:fs/promises');
    let calls = 0;
    const service = makeService({
      atomic: { attempts: 1, fsOps: { rename: async (from, to) => (++calls === 1 ? Promise.reject(Object.assign(new Error('x'), { code: 'EIO' })) : rename(from, to)) } },
    });
    const [first, second] = await Promise.all([
      service.save({ path: 'q.json', text: 'one', baseVersion: null, force: true }),
      service.save({ path: 'q.json', text: 'two', baseVersion: null, force: true }),
    ]);
    expect(first.kind).toBe('error');
    expect(second.kind).toBe('saved');
    expect(readFileSync(path.join(workspace, 'q.json'), 'utf8')).toBe('two');
  });

  test('saves with a base version in a row chain correctly (each uses the previous result)', async () => {
    const service = makeService();
    let version = saved(await service.saveAs({ path: 'c.json', text: '0', overwrite: false })).version;
    for (let i = 1; i <= 5; i++) version = saved(await service.save({ path: 'c.json', text: String(i), baseVersion: version, force: false })).version;
    expect(readFileSync(path.join(workspace, 'c.json'), 'utf8')).toBe('5');
  });
});

describe('backups', () => {
  test('write, list, restore; a save deletes the backup; discard deletes it', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'disk');
    let clock = 1000;
    const service = makeService({ now: () => clock });
    const file = opened(await service.open('a.json'));
    expect(await service.writeBackup({ path: 'a.json', text: 'unsaved edit', baseVersion: file.version })).toEqual({ kind: 'backed-up', savedAt: 1000 });
    clock = 2000;
    await service.writeBackup({ path: 'b.json', text: 'new doc', baseVersion: null });

    // A new session (after a crash) finds both.
    const restarted = makeService();
    expect(await restarted.listBackups()).toEqual([
      { path: 'a.json', savedAt: 1000, size: 12 },
      { path: 'b.json', savedAt: 2000, size: 7 },
    ]);
    expect(await restarted.restoreBackup('a.json')).toEqual({ path: 'a.json', savedAt: 1000, size: 12, text: 'unsaved edit', baseVersion: file.version });

    saved(await restarted.save({ path: 'a.json', text: 'unsaved edit', baseVersion: file.version, force: false }));
    await restarted.discardBackup('b.json');
    expect(await restarted.listBackups()).toEqual([]);
    expect(await restarted.restoreBackup('a.json')).toBeNull();
  });

  test('a backup sent just before a save never outlives the save', async () => {
    const service = makeService();
    const backup = service.writeBackup({ path: 'a.json', text: 'typed', baseVersion: null });
    const save = service.save({ path: 'a.json', text: 'typed', baseVersion: null, force: false });
    await Promise.all([backup, save]);
    expect(await service.listBackups()).toEqual([]);
  });

  test("another workspace's backups are not listed, and corrupt backup files are skipped", async () => {
    await makeService().writeBackup({ path: 'a.json', text: 'mine', baseVersion: null });
    const other = path.join(base, 'other');
    mkdirSync(other);
    writeFileSync(path.join(dataDir, 'backups', 'junk.json'), '{not json');
    expect(await makeService({ workspace: other }).listBackups()).toEqual([]);
    expect((await makeService().listBackups()).map((b) => b.path)).toEqual(['a.json']);
  });
});

describe('seeds and recent files', () => {
  test('a seed lists its name and description; a seed that is not a JSON object lists its id alone', async () => {
    writeFileSync(path.join(seedsDir, 'duel.json'), JSON.stringify({ name: 'Duel', description: 'Two blades.', id: 'x' }));
    writeFileSync(path.join(seedsDir, 'broken.json'), '{"name": ');
    writeFileSync(path.join(seedsDir, 'odd.json'), '{"name": 3, "description": ["no"]}');
    const seeds = await makeService().seeds();
    expect(seeds.map(({ size: _size, ...rest }) => rest)).toEqual([{ id: 'broken' }, { id: 'duel', name: 'Duel', description: 'Two blades.' }, { id: 'odd' }]);
  });

  test('lists seeds and starts a new system from one; refuses to overwrite', async () => {
    writeFileSync(path.join(seedsDir, 'skirmish.json'), '{"name":"Skirmish"}');
    writeFileSync(path.join(seedsDir, 'readme.txt'), 'x');
    const service = makeService();
    expect(await service.seeds()).toEqual([{ id: 'skirmish', size: 19, name: 'Skirmish' }]);
    const created = opened(await service.newFromSeed('skirmish', 'my-game.json'));
    expect(created.text).toBe('{"name":"Skirmish"}');
    expect(readFileSync(path.join(workspace, 'my-game.json'), 'utf8')).toBe('{"name":"Skirmish"}');
    expect(await service.newFromSeed('skirmish', 'my-game.json')).toMatchObject({ kind: 'error', code: 'exists' });
    expect(await service.newFromSeed('../etc', 'x.json')).toMatchObject({ kind: 'error', code: 'not-found' });
    expect(await service.newFromSeed('missing', 'x.json')).toMatchObject({ kind: 'error', code: 'not-found' });
  });

  test('recent files: newest first, no duplicates, per workspace', async () => {
    writeFileSync(path.join(workspace, 'a.json'), '{}');
    writeFileSync(path.join(workspace, 'b.json'), '{}');
    let clock = 1;
    const service = makeService({ now: () => clock++ });
    await service.open('a.json');
    await service.open('b.json');
    await service.open('a.json');
    expect((await service.recent()).map((r) => r.path)).toEqual(['a.json', 'b.json']);
    const other = path.join(base, 'other');
    mkdirSync(other);
    expect(await makeService({ workspace: other }).recent()).toEqual([]);
  });
});

describe('watching open files', () => {
  test('reports an outside change and a deletion, but not our own saves', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'v1');
    const service = makeService();
    const changes: FileChange[] = [];
    service.onChange((change) => changes.push(change));
    const file = opened(await service.open('a.json'));
    await service.watch(['a.json']);

    const own = saved(await service.save({ path: 'a.json', text: 'v2', baseVersion: file.version, force: false }));
    await service.checkWatched();
    expect(changes).toEqual([]);

    writeFileSync(path.join(workspace, 'a.json'), 'outside edit');
    await service.checkWatched();
    expect(changes).toEqual([{ path: 'a.json', kind: 'changed', version: expect.objectContaining({ hash: hashBytes('outside edit') }) }]);
    expect(changes[0]!.version).not.toEqual(own.version);

    await service.checkWatched();
    expect(changes).toHaveLength(1);

    rmSync(path.join(workspace, 'a.json'));
    await service.checkWatched();
    expect(changes[1]).toEqual({ path: 'a.json', kind: 'deleted', version: null });
  });

  test('fs.watch delivers a change without an explicit check', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'v1');
    const service = makeService({ watchIntervalMs: 50 });
    await service.open('a.json');
    const change = new Promise<FileChange>((resolve) => service.onChange(resolve));
    await service.watch(['a.json']);
    writeFileSync(path.join(workspace, 'a.json'), 'v2 from another program');
    expect(await change).toMatchObject({ path: 'a.json', kind: 'changed', version: { hash: hashBytes('v2 from another program') } });
  });

  test('unwatched files are not reported', async () => {
    writeFileSync(path.join(workspace, 'a.json'), 'v1');
    const service = makeService();
    const changes: FileChange[] = [];
    service.onChange((change) => changes.push(change));
    await service.open('a.json');
    await service.watch(['a.json']);
    await service.watch([]);
    writeFileSync(path.join(workspace, 'a.json'), 'v2');
    await service.checkWatched();
    expect(changes).toEqual([]);
  });
});

describe('a symlink out of the workspace is never watched (issue 17)', () => {
  test('watching it reports nothing of the outside file', async () => {
    writeFileSync(path.join(base, 'secret.json'), 'secret v1');
    symlinkSync(path.join(base, 'secret.json'), path.join(workspace, 'link.json'));
    const service = makeService();
    const changes: FileChange[] = [];
    service.onChange((change) => changes.push(change));
    await service.watch(['link.json']);
    writeFileSync(path.join(base, 'secret.json'), 'secret v2, longer');
    await service.checkWatched();
    rmSync(path.join(base, 'secret.json'));
    await service.checkWatched();
    expect(changes).toEqual([]);
  });

  test('a watched file replaced by a symlink out is reported gone, without the outside file\'s stamp', async () => {
    writeFileSync(path.join(base, 'secret.json'), 'secret');
    writeFileSync(path.join(workspace, 'a.json'), 'v1');
    const service = makeService();
    const changes: FileChange[] = [];
    service.onChange((change) => changes.push(change));
    opened(await service.open('a.json'));
    await service.watch(['a.json']);
    rmSync(path.join(workspace, 'a.json'));
    symlinkSync(path.join(base, 'secret.json'), path.join(workspace, 'a.json'));
    await service.checkWatched();
    expect(changes).toEqual([{ path: 'a.json', kind: 'deleted', version: null }]);
  });
});

describe('a read-only file is replaced only when the user says so (issue 17)', () => {
  test('save answers read-only and writes nothing; with overwriteReadOnly it saves and the file stays read-only', async () => {
    const file = path.join(workspace, 'locked.json');
    writeFileSync(file, '{"v":1}');
    chmodSync(file, 0o444);
    const service = makeService();
    const { version } = opened(await service.open('locked.json'));
    const asked = await service.save({ path: 'locked.json', text: '{"v":2}', baseVersion: version, force: false });
    expect(asked).toEqual({ kind: 'read-only', path: 'locked.json', message: expect.stringContaining('locked.json is read-only') });
    expect(await service.save({ path: 'locked.json', text: '{"v":2}', baseVersion: version, force: true })).toMatchObject({ kind: 'read-only' });
    expect(readFileSync(file, 'utf8')).toBe('{"v":1}');
    saved(await service.save({ path: 'locked.json', text: '{"v":2}', baseVersion: version, force: false, overwriteReadOnly: true }));
    expect(readFileSync(file, 'utf8')).toBe('{"v":2}');
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  test('save-as over a read-only file asks too; a writable one is replaced as before', async () => {
    writeFileSync(path.join(workspace, 'locked.json'), 'old');
    chmodSync(path.join(workspace, 'locked.json'), 0o400);
    writeFileSync(path.join(workspace, 'open.json'), 'old');
    const service = makeService();
    expect(await service.saveAs({ path: 'locked.json', text: 'new', overwrite: true })).toMatchObject({ kind: 'read-only', path: 'locked.json' });
    expect(readFileSync(path.join(workspace, 'locked.json'), 'utf8')).toBe('old');
    saved(await service.saveAs({ path: 'open.json', text: 'new', overwrite: true }));
    saved(await service.saveAs({ path: 'locked.json', text: 'new', overwrite: true, overwriteReadOnly: true }));
    expect(readFileSync(path.join(workspace, 'locked.json'), 'utf8')).toBe('new');
  });
});
