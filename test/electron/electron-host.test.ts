// The renderer's ElectronHost passes each Host call to the matching window.studio function, unchanged.
import { describe, expect, test } from 'vitest';
import type { StudioApi } from '../../electron/ipc/studio-api';
import { ElectronHost } from '../../renderer/src/host/electron-host';
import type { FileChange } from '../../renderer/src/host/host';

function recordingApi() {
  const calls: string[] = [];
  const listeners: ((change: FileChange) => void)[] = [];
  // Typed by where it is used: every member records its call and answers null (true for openExternal).
  const answer = <F>(name: string): F =>
    ((...args: unknown[]) => {
      calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`);
      return Promise.resolve(name === 'shell.openExternal' ? true : null);
    }) as unknown as F;
  const api: StudioApi = {
    workspace: { get: answer('workspace.get'), choose: answer('workspace.choose') },
    files: {
      list: answer('files.list'),
      open: answer('files.open'),
      save: answer('files.save'),
      saveAs: answer('files.saveAs'),
      saveElsewhere: answer('files.saveElsewhere'),
      seeds: answer('files.seeds'),
      newFromSeed: answer('files.newFromSeed'),
      watch: answer('files.watch'),
      onChange: (listener) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    },
    backups: {
      write: answer('backups.write'),
      list: answer('backups.list'),
      restore: answer('backups.restore'),
      discard: answer('backups.discard'),
    },
    recent: { list: answer('recent.list') },
    shell: { openExternal: answer('shell.openExternal') },
    runs: { append: answer('runs.append'), read: answer('runs.read') },
  };
  return { api, calls, listeners };
}

describe('ElectronHost', () => {
  test('maps every Host call to the same-named preload call', async () => {
    const { api, calls } = recordingApi();
    const host = new ElectronHost(api);
    expect(host.kind).toBe('electron');
    expect(host.canChooseFolder).toBe(true);
    const stamp = { mtimeMs: 1, size: 1, hash: 'h' };
    await host.workspace.get();
    await host.workspace.choose();
    await host.files.list();
    await host.files.open('a.json');
    await host.files.save({ path: 'a.json', text: 't', baseVersion: stamp, force: false });
    await host.files.saveAs({ path: 'b.json', text: 't', overwrite: true });
    await host.files.saveElsewhere({ path: 'b.json', text: 't', target: null });
    await host.files.seeds();
    await host.files.newFromSeed('forged', 'c.json');
    await host.backups.write({ path: 'a.json', text: 'x', baseVersion: null });
    await host.backups.list();
    await host.backups.restore('a.json');
    await host.backups.discard('a.json');
    await host.recent.list();
    await host.watch(['a.json']);
    expect(await host.openExternal('https://example.org')).toBe(true);
    await host.runs.read('skirmish');
    expect(calls).toEqual([
      'workspace.get()',
      'workspace.choose()',
      'files.list()',
      'files.open("a.json")',
      'files.save({"path":"a.json","text":"t","baseVersion":{"mtimeMs":1,"size":1,"hash":"h"},"force":false})',
      'files.saveAs({"path":"b.json","text":"t","overwrite":true})',
      'files.saveElsewhere({"path":"b.json","text":"t","target":null})',
      'files.seeds()',
      'files.newFromSeed("forged", "c.json")',
      'backups.write({"path":"a.json","text":"x","baseVersion":null})',
      'backups.list()',
      'backups.restore("a.json")',
      'backups.discard("a.json")',
      'recent.list()',
      'files.watch(["a.json"])',
      'shell.openExternal("https://example.org")',
      'runs.read("skirmish")',
    ]);
  });

  test('onChange subscribes through the preload and unsubscribes', () => {
    const { api, listeners } = recordingApi();
    const host = new ElectronHost(api);
    const seen: FileChange[] = [];
    const unsubscribe = host.onChange((change) => seen.push(change));
    listeners[0]!({ path: 'a.json', kind: 'deleted', version: null });
    expect(seen).toEqual([{ path: 'a.json', kind: 'deleted', version: null }]);
    unsubscribe();
    expect(listeners).toHaveLength(0);
  });
});
