// The preload exposes exactly the named API below as window.studio, requires nothing but 'electron' (a sandboxed
// preload cannot), never hands out ipcRenderer or the IPC event, and every call it makes fits the contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkArguments, isInvokeChannel } from '../../electron/ipc/contract';

const PINNED_KEYS = [
  'backups.discard',
  'backups.list',
  'backups.restore',
  'backups.write',
  'files.list',
  'files.newFromSeed',
  'files.onChange',
  'files.open',
  'files.save',
  'files.saveAs',
  'files.saveElsewhere',
  'files.seeds',
  'files.watch',
  'recent.list',
  'runs.append',
  'runs.read',
  'shell.openExternal',
  'workspace.choose',
  'workspace.get',
];

type Invocation = { channel: string; args: unknown[] };
type RendererListener = (event: unknown, ...args: unknown[]) => void;

interface LoadedPreload {
  exposed: Map<string, unknown>;
  required: string[];
  invocations: Invocation[];
  listeners: Map<string, Set<RendererListener>>;
}

function loadPreload(): LoadedPreload {
  const source = readFileSync(path.resolve('electron/preload.cts'), 'utf8');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const loaded: LoadedPreload = { exposed: new Map(), required: [], invocations: [], listeners: new Map() };
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => {
      loaded.invocations.push({ channel, args });
      return Promise.resolve(null);
    },
    on: (channel: string, listener: RendererListener) => {
      if (!loaded.listeners.has(channel)) loaded.listeners.set(channel, new Set());
      loaded.listeners.get(channel)!.add(listener);
    },
    removeListener: (channel: string, listener: RendererListener) => {
      loaded.listeners.get(channel)?.delete(listener);
    },
  };
  const contextBridge = {
    exposeInMainWorld: (name: string, value: unknown) => loaded.exposed.set(name, value),
  };
  const fakeRequire = (id: string) => {
    loaded.required.push(id);
    if (id === 'electron') return { contextBridge, ipcRenderer };
    throw new Error(`a sandboxed preload cannot require ${JSON.stringify(id)}`);
  };
  const module = { exports: {} };
  vm.runInNewContext(js, { require: fakeRequire, module, exports: module.exports, TypeError });
  return loaded;
}

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => leafKeys(inner, prefix ? `${prefix}.${key}` : key));
}

function member(api: unknown, dotted: string): (...args: unknown[]) => unknown {
  const found = dotted.split('.').reduce<unknown>((object, key) => (object as Record<string, unknown>)[key], api);
  if (typeof found !== 'function') throw new Error(`${dotted} is not a function`);
  return found as (...args: unknown[]) => unknown;
}

let preload: LoadedPreload;
let studio: unknown;

beforeAll(() => {
  preload = loadPreload();
  studio = preload.exposed.get('studio');
});

describe('preload', () => {
  test('exposes only window.studio, with exactly the pinned keys, all functions', () => {
    expect([...preload.exposed.keys()]).toEqual(['studio']);
    expect(leafKeys(studio).sort()).toEqual(PINNED_KEYS);
    for (const key of PINNED_KEYS) expect(typeof member(studio, key)).toBe('function');
  });

  test('requires nothing but electron', () => {
    expect(preload.required).toEqual(['electron']);
  });

  test('every call goes to a contract channel with arguments the contract accepts', async () => {
    const stamp = { mtimeMs: 1, size: 1, hash: 'a' };
    const sampleArgs: Record<string, unknown[]> = {
      'files.open': ['a.json'],
      'files.save': [{ path: 'a.json', text: '{}', baseVersion: stamp, force: false }],
      'files.saveAs': [{ path: 'b.json', text: '{}', overwrite: false }],
      'files.saveElsewhere': [{ path: 'b.json', text: '{}', target: null }],
      'files.newFromSeed': ['skirmish', 'mine.json'],
      'files.watch': [['a.json']],
      'backups.write': [{ path: 'a.json', text: '{', baseVersion: null }],
      'backups.restore': ['a.json'],
      'backups.discard': ['a.json'],
      'shell.openExternal': ['https://example.org'],
      'runs.append': [{
        time: '2026-11-30T12:00:00.000Z', system: 'skirmish', version: '1', hash: '0123456789abcdef', fight: 'duel', fights: 10, seed: 1,
        wins: { heroes: 5, enemies: 5, draw: 0 }, winRate: { value: 0.5, low: 0.24, high: 0.76 }, rounds: { mean: 3, p50: 3, p90: 5 },
      }],
      'runs.read': ['skirmish'],
    };
    const invokers = PINNED_KEYS.filter((key) => key !== 'files.onChange');
    for (const key of invokers) {
      preload.invocations.length = 0;
      await member(studio, key)(...(sampleArgs[key] ?? []));
      expect(preload.invocations, key).toHaveLength(1);
      const [{ channel, args }] = preload.invocations as [Invocation];
      expect(channel).toBe(`studio:${key}`);
      expect(isInvokeChannel(channel), channel).toBe(true);
      if (isInvokeChannel(channel)) expect(checkArguments(channel, args), key).toMatchObject({ ok: true });
    }
  });

  test('onChange forwards only the change (not the IPC event) and unsubscribes', () => {
    const received: unknown[][] = [];
    const unsubscribe = member(studio, 'files.onChange')((...args: unknown[]) => received.push(args)) as () => void;
    const listeners = preload.listeners.get('studio:files.changed');
    expect(listeners?.size).toBe(1);
    const change = { path: 'a.json', kind: 'changed', version: null };
    for (const listener of listeners!) listener({ sender: { secret: 'ipc internals' } }, change);
    expect(received).toEqual([[change]]);
    unsubscribe();
    expect(listeners?.size).toBe(0);
    expect(() => member(studio, 'files.onChange')('not a function')).toThrow(/needs a function/);
  });
});
