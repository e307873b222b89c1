// The run-history IPC domain: the contract's checks of a run and a system id, the handle() wrapper in front of
// the handlers, appends that write the CLI's own line format, reads that skip bad lines with a reason, the caps,
// and confinement to the opened workspace (symlinks out are refused).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { historyFileName, runEntry, type RunEntry } from '../../engine/balance/history';
import { appendRun, readRuns } from '../../engine/cli/balance-workers/history';
import { checkArguments, readRunRecord } from '../../electron/ipc/contract';
import { APP_ORIGIN, handleAll, type InvokeEventLike, type IpcMainLike } from '../../electron/ipc/handle';
import { MAX_RUNS_READ, parseRunLines, runHandlers } from '../../electron/ipc/runs';
import { RunHistoryStore, runHistoryFileName } from '../../electron/services/run-history';
import type { RunReadResult, RunRecord } from '../../electron/services/types';

const base = mkdtempSync(path.join(tmpdir(), 'rs-runs-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let workspace: string;
let caseNumber = 0;
beforeEach(() => {
  workspace = path.join(base, `ws-${++caseNumber}`);
  mkdirSync(workspace);
});

const stats = (heroes: number, fight = 'duel', system = 'skirmish') => ({
  system, fight, fights: 100, seed: 7, wins: { heroes, enemies: 100 - heroes, draw: 0 }, rounds: { mean: 3.5, p50: 3, p90: 6 },
});
const entry = (heroes: number, text = 'v1', fight = 'duel', system = 'skirmish'): RunEntry =>
  runEntry(stats(heroes, fight, system), '1.0', text, new Date(Date.UTC(2026, 10, 30, 12, heroes)));

// The wire type and the engine's type are one shape: each assigns to the other (a compile-time check).
const asRecord = (e: RunEntry): RunRecord => e;
const asEntry = (r: RunRecord): RunEntry => r;

function handlers(maxRuns?: number, maxReadBytes?: number) {
  const store = new RunHistoryStore({ root: () => workspace, ...(maxReadBytes ? { maxReadBytes } : {}) });
  return runHandlers(store, maxRuns ? { maxRuns } : {});
}

function history(result: RunReadResult): Extract<RunReadResult, { kind: 'history' }> {
  if (result.kind !== 'history') throw new Error(`expected a history, got ${JSON.stringify(result)}`);
  return result;
}

const historyFile = (system = 'skirmish') => path.join(workspace, '.rules-studio', 'runs', `${system}.jsonl`);

describe('contract', () => {
  test('a run built by the engine passes, with or without the fights in which a hero died; a system id passes', () => {
    expect(checkArguments('studio:runs.append', [asRecord(entry(50))]).ok).toBe(true);
    const withDeaths = runEntry({ ...stats(50), heroDied: 0.07 }, '1.0', 'v1', new Date(0));
    expect(withDeaths.heroDiedFights).toBe(7);
    expect(checkArguments('studio:runs.append', [asRecord(withDeaths)]).ok).toBe(true);
    expect(checkArguments('studio:runs.read', ['classic-d20']).ok).toBe(true);
    expect(checkArguments('studio:runs.read', ['a.b_c-1']).ok).toBe(true);
  });

  test.each<[string, unknown[], RegExp]>([
    ['a path instead of an id', ['../secret'], /\(systemId\): expected an id/],
    ['a hidden name', ['.rules-studio'], /expected an id/],
    ['a folder', ['a/b'], /expected an id/],
    ['an empty id', [''], /expected an id/],
    ['a number', [42], /expected an id/],
    ['a long id', ['x'.repeat(129)], /at most 128/],
    ['no argument', [], /takes 1 argument/],
  ])('runs.read refuses %s', (_what, args, message) => {
    const result = checkArguments('studio:runs.read', args);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  test.each<[string, (r: Record<string, unknown>) => unknown, RegExp]>([
    ['a missing field', ({ hash: _hash, ...rest }) => rest, /\(run\.hash\): expected a hex content hash/],
    ['an extra field', (r) => ({ ...r, script: 'x' }), /no field "script"/],
    ['a win rate above 1', (r) => ({ ...r, winRate: { value: 1.5, low: 0, high: 1 } }), /\(run\.winRate\.value\): expected a number from 0 to 1/],
    ['a fractional fight count', (r) => ({ ...r, fights: 2.5 }), /\(run\.fights\): expected a whole number/],
    ['a system id with a path in it', (r) => ({ ...r, system: '../../etc/passwd' }), /\(run\.system\): expected an id/],
    ['a time that is not ISO', (r) => ({ ...r, time: 'yesterday' }), /\(run\.time\): expected an ISO date/],
    ['an infinite round count', (r) => ({ ...r, rounds: { mean: Infinity, p50: 1, p90: 1 } }), /\(run\.rounds\.mean\): expected a finite number/],
    ['a death count that is not a count', (r) => ({ ...r, heroDiedFights: -1 }), /\(run\.heroDiedFights\): expected a whole number/],
    ['a __proto__ key', (r) => JSON.parse(JSON.stringify(r).replace('{', '{"__proto__":{"x":1},')), /no field "__proto__"/],
  ])('runs.append refuses %s', (_what, mutate, message) => {
    const run = mutate({ ...asRecord(entry(50)) } as unknown as Record<string, unknown>);
    const result = checkArguments('studio:runs.append', [run]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  test('a run read back drops fields a newer writer added, and keeps the stored field order', () => {
    const stored = asRecord(entry(50));
    const read = readRunRecord({ note: 'new', ...stored, wins: { ...stored.wins, timeouts: 0 } });
    expect(read).toEqual({ ok: true, run: stored });
    if (read.ok) expect(JSON.stringify(read.run)).toBe(JSON.stringify(stored));
    // The death count is stored, so it is kept (after rounds, where the writer puts it).
    const died = asRecord(runEntry({ ...stats(50), heroDied: 0.1 }, '1.0', 'v1', new Date(0)));
    const back = readRunRecord(JSON.parse(JSON.stringify(died)));
    expect(back.ok && JSON.stringify(back.run)).toBe(JSON.stringify(died));
  });
});

describe('handle() in front of the run handlers', () => {
  class FakeIpcMain implements IpcMainLike {
    readonly listeners = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
    handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void {
      this.listeners.set(channel, listener);
    }
    invoke(channel: string, url: string, parent: InvokeEventLike['senderFrame'] = null, ...args: unknown[]): Promise<unknown> {
      return Promise.resolve().then(() => this.listeners.get(channel)!({ senderFrame: { url, parent } }, ...args));
    }
  }

  test('refuses a foreign sender and bad arguments before touching the disk; the app page gets answers', async () => {
    const ipc = new FakeIpcMain();
    const table = handlers();
    handleAll(ipc, table as never);
    await expect(ipc.invoke('studio:runs.read', 'https://evil.example/', null, 'skirmish')).rejects.toThrow(/Refused studio:runs.read: the sender/);
    await expect(ipc.invoke('studio:runs.append', `${APP_ORIGIN}/index.html`, { url: `${APP_ORIGIN}/`, parent: null }, entry(1))).rejects.toThrow(/sub-frame/);
    await expect(ipc.invoke('studio:runs.read', `${APP_ORIGIN}/index.html`, null, '../outside')).rejects.toThrow(/Refused studio:runs.read argument 1 \(systemId\)/);
    await expect(ipc.invoke('studio:runs.append', `${APP_ORIGIN}/index.html`, null, { ...entry(1), system: 'a/../../b' })).rejects.toThrow(/run\.system/);
    expect(existsSync(path.join(workspace, '.rules-studio'))).toBe(false);
    expect(await ipc.invoke('studio:runs.append', `${APP_ORIGIN}/index.html`, null, entry(1))).toEqual({ kind: 'recorded', file: '.rules-studio/runs/skirmish.jsonl' });
    expect(history((await ipc.invoke('studio:runs.read', `${APP_ORIGIN}/index.html`, null, 'skirmish')) as RunReadResult).runs).toHaveLength(1);
  });
});

describe('append and read', () => {
  test('an absent history is empty, not an error', async () => {
    expect(history(await handlers()['studio:runs.read']('skirmish'))).toMatchObject({ runs: [], skipped: 0, problems: [], truncated: false });
  });

  test('appends the line the CLI writes, to the file the CLI writes, and reads runs from both back in order', async () => {
    const fromStudio = entry(40);
    await handlers()['studio:runs.append'](fromStudio);
    const fromCli = entry(45, 'v2');
    await appendRun(workspace, fromCli);
    const lines = readFileSync(historyFile(), 'utf8').split('\n');
    expect(lines).toEqual([JSON.stringify(fromStudio), JSON.stringify(fromCli), '']);
    expect(runHistoryFileName('skirmish')).toBe(historyFileName('skirmish'));
    expect(runHistoryFileName('classic-d20.v2')).toBe(historyFileName('classic-d20.v2'));
    const read = history(await handlers()['studio:runs.read']('skirmish'));
    expect(read.runs.map(asEntry)).toEqual([fromStudio, fromCli]);
    // ...and the CLI reads what the studio wrote.
    expect((await readRuns(workspace, 'skirmish')).entries).toEqual([fromStudio, fromCli]);
  });

  test('bad lines are skipped with a line number and a reason; runs of another system in the file are left out', async () => {
    mkdirSync(path.dirname(historyFile()), { recursive: true });
    const good = (n: number) => JSON.stringify(entry(n));
    writeFileSync(historyFile(), [
      good(10),
      '{"time": 3}',
      '',
      '[1, 2]',
      good(20).slice(0, 40),
      JSON.stringify({ ...entry(30), winRate: { value: 2, low: 0, high: 1 } }),
      JSON.stringify(entry(35, 'v1', 'duel', 'other-system')),
      '\u0000\u00ff not even close',
      good(40),
    ].join('\n') + '\n');
    const read = history(await handlers()['studio:runs.read']('skirmish'));
    expect(read.runs.map((r) => r.wins.heroes)).toEqual([10, 40]);
    expect(read.skipped).toBe(5);
    expect(read.problems.map((p) => p.line)).toEqual([2, 4, 5, 6, 8]);
    expect(read.problems[0]!.message).toMatch(/^line 2 skipped: not a run: .*expected/);
    expect(read.problems[1]!.message).toMatch(/^line 4 skipped: not a run: expected a JSON object/);
    expect(read.problems[2]!.message).toMatch(/^line 5 skipped: not JSON .*cut off by a crash/);
    expect(read.problems[3]!.message).toMatch(/^line 6 skipped: not a run: winRate\.value: expected a number from 0 to 1/);
    expect(read.problems[4]!.message).toMatch(/^line 8 skipped: not JSON/);
    expect(read.truncated).toBe(false);
  });

  test('reads at most the newest N runs, and only the tail of a huge file', async () => {
    for (let i = 0; i < 12; i++) await appendRun(workspace, entry(i));
    const capped = history(await handlers(5)['studio:runs.read']('skirmish'));
    expect(capped.runs.map((r) => r.wins.heroes)).toEqual([7, 8, 9, 10, 11]);
    expect(capped).toMatchObject({ truncated: true, limit: 5, skipped: 0 });
    const lineBytes = Buffer.byteLength(JSON.stringify(entry(11))) + 1;
    const tail = history(await handlers(undefined, Math.floor(3.5 * lineBytes))['studio:runs.read']('skirmish'));
    // 3.5 lines of bytes: the cut half-line is dropped, not reported as a bad line.
    expect(tail.runs.map((r) => r.wins.heroes)).toEqual([9, 10, 11]);
    expect(tail).toMatchObject({ truncated: true, skipped: 0, limit: MAX_RUNS_READ });
  });

  test('parseRunLines parses only as far back as it needs', () => {
    const lines = ['garbage', ...Array.from({ length: 3 }, (_, i) => JSON.stringify(entry(i)))];
    const parsed = parseRunLines(lines, 'skirmish', 3);
    expect(parsed.skipped).toBe(0);
    expect(parsed.truncated).toBe(true);
    expect(parseRunLines(lines, 'skirmish', 10)).toMatchObject({ skipped: 1, truncated: false });
  });

  test('appends from two batches finishing together never interleave', async () => {
    const table = handlers();
    await Promise.all(Array.from({ length: 20 }, (_, i) => table['studio:runs.append'](entry(i))));
    const read = history(await table['studio:runs.read']('skirmish'));
    expect(read.skipped).toBe(0);
    expect(read.runs.map((r) => r.wins.heroes).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  test('follows the opened workspace when it changes', async () => {
    let root = workspace;
    const table = runHandlers(new RunHistoryStore({ root: () => root }));
    await table['studio:runs.append'](entry(1));
    const second = path.join(base, `ws-second-${caseNumber}`);
    mkdirSync(second);
    root = second;
    expect(history(await table['studio:runs.read']('skirmish')).runs).toEqual([]);
    await table['studio:runs.append'](entry(2));
    expect(readFileSync(path.join(second, '.rules-studio', 'runs', 'skirmish.jsonl'), 'utf8').trim()).toBe(JSON.stringify(entry(2)));
  });
});

describe('confinement to the workspace', () => {
  test('a .rules-studio folder that links outside: nothing is written there, nothing read', async () => {
    const outside = path.join(base, `outside-${caseNumber}`);
    mkdirSync(outside);
    symlinkSync(outside, path.join(workspace, '.rules-studio'));
    const appended = await handlers()['studio:runs.append'](entry(1));
    expect(appended).toMatchObject({ kind: 'error', code: 'invalid-path', message: expect.stringMatching(/outside the workspace; nothing was recorded/) });
    expect(readdirSync(outside)).toEqual([]);
    mkdirSync(path.join(outside, 'runs'));
    writeFileSync(path.join(outside, 'runs', 'skirmish.jsonl'), `${JSON.stringify(entry(1))}\n`);
    expect(await handlers()['studio:runs.read']('skirmish')).toMatchObject({ kind: 'error', code: 'invalid-path' });
  });

  test('a history file that links to a file outside is neither read nor appended to', async () => {
    const secret = path.join(base, `secret-${caseNumber}.jsonl`);
    writeFileSync(secret, `${JSON.stringify(entry(1))}\n`);
    mkdirSync(path.dirname(historyFile()), { recursive: true });
    symlinkSync(secret, historyFile());
    expect(await handlers()['studio:runs.read']('skirmish')).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await handlers()['studio:runs.append'](entry(2))).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(readFileSync(secret, 'utf8')).toBe(`${JSON.stringify(entry(1))}\n`);
  });

  test('the store refuses an id that is not one even when called without the contract', async () => {
    const store = new RunHistoryStore({ root: () => workspace });
    expect(await store.readLines('../../etc/passwd')).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await store.append('..', '{}')).toMatchObject({ kind: 'error', code: 'invalid-path' });
    expect(await store.append('skirmish', '{}\n{}')).toMatchObject({ kind: 'error', message: expect.stringMatching(/line break/) });
    expect(await store.append('skirmish', 'x'.repeat(17_000))).toMatchObject({ kind: 'error', code: 'too-large' });
    expect(existsSync(path.join(workspace, '.rules-studio'))).toBe(false);
  });
});
