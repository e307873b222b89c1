// The balance commands on the command line: sim --grid, sim --sensitivity, diff (exit codes, JSON, tables).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as diff } from '../../engine/cli/diff';
import { run as sim } from '../../engine/cli/sim';
import { saturationHint } from '../../engine/cli/sim-sensitivity';
import { capture } from '../fixtures/cli-capture';

const MIRROR = 'test/balance/fixtures/mirror.json';


afterEach(() => vi.restoreAllMocks());

describe('sim --grid', () => {
  it('prints the grid as JSON: a cell per role and tier with intervals', async () => {
    const { code, out } = await capture(sim, [MIRROR, '--grid', '--party', 'solo', '--fights', '100', '--seed', '2', '--json']);
    expect(code).toBe(0);
    const grid = JSON.parse(out) as { cells: { role: string; tier: number; winRate: { value: number; low: number; high: number } }[]; fights: number };
    expect(grid.fights).toBe(100);
    expect(grid.cells.map((c) => `${c.role}${c.tier}`)).toEqual(['image1', 'image2', 'image3', 'image4', 'image5', 'image6']);
    for (const c of grid.cells) expect(c.winRate.low).toBeLessThanOrEqual(c.winRate.value);
  });

  it('adds a table of the chance a hero dies when heroes die in the system (classic-d20: death saves)', async () => {
    const { code, out } = await capture(sim, ['systems/classic-d20.json', '--grid', '--party', 'bench-4v4', '--roles', 'boss', '--fights', '40', '--seed', '3']);
    expect(code).toBe(0);
    const table = /\na hero dies\nrole +T1 .*\nboss +(.*)\n/.exec(out);
    expect(table, out).not.toBeNull();
    const rates = [...table![1]!.matchAll(/(\d+\.\d)% \(/g)].map((m) => Number(m[1]));
    expect(rates).toHaveLength(6);
    expect(Math.max(...rates)).toBeGreaterThan(0);
    const json = JSON.parse((await capture(sim, ['systems/classic-d20.json', '--grid', '--party', 'bench-4v4', '--roles', 'boss', '--fights', '40', '--seed', '3', '--json'])).out) as { cells: { heroDied: { value: number } }[] };
    expect(json.cells.map((c) => Number((100 * c.heroDied.value).toFixed(1)))).toEqual(rates);
  });

  it('prints tables for people, and refuses an unknown party (1) or a missing one (2)', async () => {
    const human = await capture(sim, [MIRROR, '--grid', '--party', 'mirror-match', '--fights', '50']);
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/heroes win, 95% interval\nrole +T1 +T2/);
    expect(human.out).toMatch(/cell\(s\) where budget and play disagree/);
    expect((await capture(sim, [MIRROR, '--grid', '--party', 'nobody'])).code).toBe(1);
    const usage = await capture(sim, [MIRROR, '--grid']);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/missing --party ID/);
  });
});

describe('sim --sensitivity', () => {
  it('ranks the nudges as JSON', async () => {
    const { code, out } = await capture(sim, [MIRROR, '--fight', 'easy', '--sensitivity', '--fights', '200', '--json']);
    expect(code).toBe(0);
    const r = JSON.parse(out) as { nudges: { delta: number; knob: { label: string } }[] };
    expect(r.nudges.length).toBeGreaterThan(5);
    expect(Math.abs(r.nudges[0]!.delta)).toBeGreaterThanOrEqual(Math.abs(r.nudges[r.nudges.length - 1]!.delta));
  });

  it('gives the same answer on worker threads (--workers 3: this thread and two needle workers), to the byte', async () => {
    const args = [MIRROR, '--fight', 'easy', '--sensitivity', '--fights', '150', '--seed', '4', '--json'];
    const one = await capture(sim, args);
    const three = await capture(sim, [...args, '--workers', '3']);
    expect(three.code, three.err).toBe(0);
    expect(JSON.parse(one.out).nudges.length).toBeGreaterThan(5);
    expect(three.out).toBe(one.out);
    const refused = await capture(sim, [...args, '--workers', '0']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/--workers needs a whole number 1\.\.64, got '0'/);
    // A fight the needle cannot plan: said once, and the workers started ahead are let go.
    const unknown = await capture(sim, [MIRROR, '--fight', 'nope', '--sensitivity', '--workers', '2']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/unknown fight 'nope'/);
  });
});

describe('sim --sensitivity --metric', () => {
  it('ranks by mean rounds, on workers too, and says when a measure cannot move', async () => {
    const args = [MIRROR, '--fight', 'easy', '--sensitivity', '--fights', '150', '--seed', '4', '--metric', 'rounds'];
    const table = await capture(sim, [...args, '--top', '3']);
    expect(table.code, table.err).toBe(0);
    expect(table.out).toMatch(/· heroes win [\d.]+% \([\d.]+–[\d.]+\) · mean rounds \d+\.\d\d \(\d+\.\d\d–\d+\.\d\d\)\n/);
    expect(table.out).toMatch(/what moves the mean rounds most/);
    expect(table.out).toMatch(/number +to +mean rounds +change \(95%\)/);
    expect(table.out).toMatch(/\n\S.* \d+ +\d+\.\d\d +[+-]\d+\.\d\d \(-?\d+\.\d\d … -?\d+\.\d\d\)/);
    const one = await capture(sim, [...args, '--json']);
    const two = await capture(sim, [...args, '--json', '--workers', '2']);
    expect(two.out).toBe(one.out);
    const r = JSON.parse(one.out) as { metric: string; measure: { value: number }; nudges: { measure: { value: number }; winRate: { value: number } }[] };
    expect(r.metric).toBe('rounds');
    expect(r.measure.value).toBeGreaterThan(1);
    expect(r.nudges[0]!.measure.value).not.toBe(r.nudges[0]!.winRate.value);
    // Nobody dies in the mirror (a hero at 0 is dying, never dead): the needle says so and names the other measures.
    const died = await capture(sim, [MIRROR, '--fight', 'easy', '--sensitivity', '--fights', '100', '--metric', 'died']);
    expect(died.code).toBe(0);
    expect(died.out).toMatch(/no hero dies in any fight, with every nudge too: one number at a time does not move the chance a hero dies here\. Try --metric win \(win rate\) or --metric rounds \(mean rounds\)\./);
    const bad = await capture(sim, [MIRROR, '--fight', 'easy', '--sensitivity', '--metric', 'dead']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--metric is win \(the heroes win\), died \(a hero dies\) or rounds \(mean rounds\), got 'dead'/);
  });

  it('hints only when every fight ends one way and no nudge moves it', () => {
    const e = (value: number) => ({ value, low: value, high: value });
    const nudge = (delta: number) => ({ knob: { pointer: '/x', label: 'x', value: 1 }, to: 2, winRate: e(1), measure: e(1), delta, interval: { low: delta, high: delta }, p: 1, pAdjusted: 1, significant: false });
    const result = { system: 's', fight: 'f', fights: 10, seed: 1, metric: 'win' as const, winRate: e(1), measure: e(1), nudges: [nudge(0), nudge(0)], skipped: [] };
    expect(saturationHint(result)).toBe('the heroes win every fight, with every nudge too: one number at a time does not move the win rate here. Try --metric died (chance a hero dies) or --metric rounds (mean rounds).');
    expect(saturationHint({ ...result, winRate: e(0), measure: e(0) })).toMatch(/^the heroes win no fight, with every nudge too/);
    expect(saturationHint({ ...result, nudges: [nudge(0), nudge(-0.1)] })).toBeNull();
    expect(saturationHint({ ...result, measure: e(0.5) })).toBeNull();
    expect(saturationHint({ ...result, metric: 'rounds', measure: e(1) })).toBeNull();
  });
});

describe('diff', () => {
  it('marks a deliberate change and lists fights in one version only', async () => {
    const doc = JSON.parse(readFileSync(MIRROR, 'utf8')) as { heroes: { weapon: { damage: string } }[]; fights: { id: string }[] };
    doc.heroes[0]!.weapon.damage = '2 * 1d6';
    doc.fights = doc.fights.filter((f) => f.id !== 'easy');
    const b = join(mkdtempSync(join(tmpdir(), 'balance-diff-')), 'b.json');
    writeFileSync(b, JSON.stringify(doc));
    const { code, out } = await capture(diff, [MIRROR, b, '--fights', '500', '--json']);
    expect(code).toBe(0);
    const d = JSON.parse(out) as { compared: { fight: string; winRate: { significant: boolean; delta: number } }[]; onlyInA: string[] };
    expect(d.compared).toHaveLength(1);
    expect(d.compared[0]!.winRate.significant).toBe(true);
    expect(d.onlyInA).toEqual(['easy']);
    const human = await capture(diff, [MIRROR, b, '--fights', '300', '--fight', 'mirror-match']);
    expect(human.out).toMatch(/mirror-match .*\*\n/);
    expect(human.out).toMatch(/significant changes in mirror-match/);
  });

  it('exit codes: 2 for usage or an unreadable file, 1 for a system with errors', async () => {
    expect((await capture(diff, [MIRROR])).code).toBe(2);
    expect((await capture(diff, [MIRROR, '/nonexistent/b.json'])).code).toBe(2);
    const bad = join(mkdtempSync(join(tmpdir(), 'balance-diff-')), 'bad.json');
    writeFileSync(bad, readFileSync(MIRROR, 'utf8').replace('"damage": "1d6"', '"damage": "1d6 +"'));
    const refused = await capture(diff, [MIRROR, bad]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/a system with errors is never simulated/);
  });
});

describe('sim --tune', () => {
  it('prints the values tried and the one nearest the target, as a table and as JSON', async () => {
    const args = [MIRROR, '--fight', 'mirror-match', '--tune', '/templates/0/tracks/hp', '--at', '1', '--target', '80%', '--fights', '300'];
    const text = await capture(sim, args);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/^mirror · mirror-match · image · tracks\.hp: 5 in 10 \+ 5 \* @tier: now 5, heroes win 80\.0% of fights wanted/);
    expect(text.out).toMatch(/\n5 +\d+\.\d% \(\d+\.\d–\d+\.\d\) +now\n/);
    const json = await capture(sim, [...args, '--json']);
    const r = JSON.parse(json.out) as { best: { to: number; rate: { value: number } }; verdict: string; target: number };
    expect(r.target).toBe(0.8);
    expect(text.out).toContain(`${r.best.to} gives ${(100 * r.best.rate.value).toFixed(1)}%`);
    expect(text.out).toMatch(new RegExp(`\\n${r.best.to} +.*best\\n`));
    // 0.8 is 80%.
    expect((await capture(sim, [...args.slice(0, -3), '0.8', '--fights', '300', '--json'])).out).toBe(json.out);
  });

  it('exit codes: 2 for a bad target or pointer, 1 for a number the fight does not read', async () => {
    const base = [MIRROR, '--fight', 'mirror-match', '--tune', '/templates/0/tracks/hp'];
    const bad = await capture(sim, [...base, '--target', '120%']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--target needs a win rate from 0% to 100% \(70% or 0\.7\), got '120%'/);
    expect((await capture(sim, [...base])).err).toMatch(/missing --target P/);
    expect((await capture(sim, [MIRROR, '--fight', 'mirror-match', '--tune', 'hp', '--target', '0.5'])).code).toBe(2);
    const metric = await capture(sim, [...base, '--target', '0.1', '--metric', 'dead']);
    expect(metric.code).toBe(2);
    expect(metric.err).toMatch(/--metric is win \(the heroes win\), died \(a hero dies\) or rounds \(mean rounds\), got 'dead'/);
    const pace = await capture(sim, [...base, '--at', '1', '--target', '6', '--metric', 'rounds', '--fights', '100']);
    expect(pace.code, pace.err).toBe(0);
    expect(pace.out).toMatch(/a fight lasts 6 rounds on average wanted/);
    expect(pace.out).toMatch(/\n0 +\d+\.\d\d rounds \(\d+\.\d\d–\d+\.\d\d\) +nearest\n|\n0 +\d+\.\d\d rounds \(\d+\.\d\d–\d+\.\d\d\) +best\n/);
    const badPace = await capture(sim, [...base, '--target', '60%', '--metric', 'rounds']);
    expect(badPace.code).toBe(2);
    expect(badPace.err).toMatch(/--target with --metric rounds needs a mean number of rounds above 0 \(4 or 3\.5\), got '60%'/);
    const died = await capture(sim, [...base, '--target', '0.1', '--metric', 'died', '--fights', '40']);
    expect(died.code, died.err).toBe(0);
    expect(died.out).toMatch(/a hero dies in 10\.0% of fights wanted/);
    expect(died.out).toMatch(/the chance a hero dies does not move with this number/);
    const unread = await capture(sim, [MIRROR, '--fight', 'mirror-match', '--tune', '/templates/0/nope', '--target', '0.5', '--fights', '50']);
    expect(unread.code).toBe(1);
    expect(unread.err).toMatch(/reads no number at \/templates\/0\/nope/);
  });
});
