// Run history: entries per system version, appended as JSON lines, pooled into one trend point per version.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentHash, parseHistory, runEntry, runPoints, trend } from '../../engine/balance/history';
import { appendRun, historyPath, readRuns } from '../../engine/cli/balance-workers/history';
import { run as sim } from '../../engine/cli/sim';
import { recordRun } from '../../engine/cli/sim-record';

const stats = (heroes: number, fights: number, mean = 3) => ({
  system: 'mirror', fight: 'mirror-match', fights, seed: 1, wins: { heroes, enemies: fights - heroes, draw: 0 }, rounds: { mean, p50: 3, p90: 5 },
});
const workspace = mkdtempSync(path.join(tmpdir(), 'balance-history-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe('run history', () => {
  it('names a version by its text: equal texts alike, one changed character not', () => {
    expect(contentHash('{"a": 1}')).toBe(contentHash('{"a": 1}'));
    expect(contentHash('{"a": 1}')).not.toBe(contentHash('{"a": 2}'));
    expect(contentHash('')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('pools the runs of one version into one trend point, in order of first appearance', () => {
    const t = new Date(0);
    const entries = [runEntry(stats(50, 100, 2), '1', 'v1', t), runEntry(stats(30, 100), '2', 'v2', t), runEntry(stats(70, 100, 4), '1', 'v1', t)];
    const points = trend(entries, 'mirror-match');
    expect(points.map((p) => p.version)).toEqual(['1', '2']);
    expect(points[0]!.fights).toBe(200);
    expect(points[0]!.winRate.value).toBeCloseTo(0.6, 10);
    expect(points[0]!.rounds).toBeCloseTo(3, 10);
    expect(trend(entries, 'other')).toEqual([]);
  });

  it('keeps the fights in which a hero died, pools them per version, and reads older entries without them', () => {
    const t = new Date(0);
    const withDeaths = (heroes: number, fights: number, died: number) => ({ ...stats(heroes, fights), heroDied: died / fights });
    const older = runEntry(stats(50, 100), '1', 'v1', t);
    const entries = [older, runEntry(withDeaths(40, 100, 10), '1', 'v1', t), runEntry(withDeaths(30, 200, 30), '2', 'v2', t)];
    expect(entries[1]!.heroDiedFights).toBe(10);
    expect('heroDiedFights' in older).toBe(false);
    // Version 1: only its second run kept deaths, so its chance is 10 of that run's 100 fights, not of 200.
    const [one, two] = trend(entries, 'mirror-match');
    expect(one!.heroDied!.value).toBeCloseTo(0.1, 10);
    expect(two!.heroDied!.value).toBeCloseTo(0.15, 10);
    expect(runPoints(entries, 'mirror-match').map((p) => p.heroDied && p.heroDied.value)).toEqual([null, 0.1, 0.15]);
    // A hand-edited count that is not a number is no count.
    expect(runPoints([{ ...older, heroDiedFights: 'many' as unknown as number }], 'mirror-match')[0]!.heroDied).toBeNull();
  });

  it('skips lines that are not entries (a torn last line)', () => {
    const good = JSON.stringify(runEntry(stats(1, 2), '1', 'x', new Date(0)));
    const parsed = parseHistory(`${good}\n{"time": 3}\n${good.slice(0, 20)}\n\n`);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.skipped).toBe(2);
  });

  it('appends JSON lines under .rules-studio/runs/<system id>.jsonl', async () => {
    await appendRun(workspace, runEntry(stats(5, 10), '1', 'a', new Date(0)));
    await appendRun(workspace, runEntry(stats(6, 10), '1', 'b', new Date(0)));
    expect(historyPath(workspace, 'mirror')).toBe(path.join(workspace, '.rules-studio', 'runs', 'mirror.jsonl'));
    expect((await readRuns(workspace, 'mirror')).entries.map((e) => e.wins.heroes)).toEqual([5, 6]);
    expect((await readRuns(workspace, 'nothing-yet')).entries).toEqual([]);
  });

  it('--record prints the trend of the chance a hero dies only where heroes die', async () => {
    const ws = path.join(workspace, 'deaths');
    const deadly = await recordRun({ workspace: ws }, { ...stats(50, 100), heroDied: 0.1 }, '1', 'v1');
    expect(deadly).toMatch(new RegExp(`a hero dies by version: ${contentHash('v1').slice(0, 7)} 10\\.0%\\n$`));
    const safe = await recordRun({ workspace: path.join(ws, 'safe') }, { ...stats(50, 100), heroDied: 0 }, '1', 'v1');
    expect(safe).not.toContain('a hero dies');
  });

  it('sim --record appends the batch that sim printed', async () => {
    const file = new URL('./fixtures/mirror.json', import.meta.url).pathname;
    const ws = path.join(workspace, 'cli');
    expect(await sim([file, '--fight', 'easy', '--fights', '50', '--json', '--record', '--workspace', ws])).toBe(0);
    const line = JSON.parse(readFileSync(historyPath(ws, 'mirror'), 'utf8').trim()) as { hash: string; fights: number; fight: string };
    expect(line).toMatchObject({ fight: 'easy', fights: 50, hash: contentHash(readFileSync(file, 'utf8')), heroDiedFights: 0 });
    expect(await sim([file, '--fight', 'easy', '--workspace', ws])).toBe(2);
  });
});
