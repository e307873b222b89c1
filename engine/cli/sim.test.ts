// `sim` on the command line: exit codes, the spec §4 JSON, the --log lines, and a system with errors refused.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from './sim';
import { capture } from '../../test/fixtures/cli-capture';

const FIXTURE = 'test/fixtures/systems/mini-d20.json';

const sim = (args: string[]) => capture(run, args);

afterEach(() => vi.restoreAllMocks());

describe('sim', () => {
  it('prints the spec §4 statistics with --json', async () => {
    const { code, out } = await sim([FIXTURE, '--fight', 'skirmish', '--fights', '200', '--seed', '4', '--json']);
    expect(code).toBe(0);
    const stats = JSON.parse(out) as Record<string, unknown>;
    expect(Object.keys(stats)).toEqual(['system', 'fight', 'fights', 'seed', 'wins', 'rounds', 'heroDown', 'heroDied', 'checks', 'combatants']);
    expect(stats).toMatchObject({ system: 'mini-d20', fight: 'skirmish', fights: 200, seed: 4 });
    expect(Object.keys(stats.rounds as object)).toEqual(['mean', 'p50', 'p90', 'max']);
    const first = (stats.combatants as Record<string, unknown>[])[0]!;
    expect(Object.keys(first)).toEqual(['id', 'side', 'survived', 'died', 'fled', 'damageDealt', 'checks']);
  });

  it('gives the same statistics for the same seed, and --log fight 0 is the fight the statistics start with', async () => {
    const a = await sim([FIXTURE, '--fight', 'duel', '--fights', '1', '--seed', '8', '--json']);
    const b = await sim([FIXTURE, '--fight', 'duel', '--fights', '1', '--seed', '8', '--json']);
    expect(a.out).toBe(b.out);
    const log = await sim([FIXTURE, '--fight', 'duel', '--seed', '8', '--log']);
    const events = log.out.trim().split('\n').map((l) => JSON.parse(l) as { type: string; rounds?: number });
    expect(events[0]!.type).toBe('fightStart');
    const end = events.at(-1)!;
    expect(end.type).toBe('fightEnd');
    expect(end.rounds).toBe((JSON.parse(a.out) as { rounds: { max: number } }).rounds.max);
  });

  it('refuses more than a billion fights (a typo, or a run of days) with exit 2', async () => {
    const { code, err } = await sim([FIXTURE, '--fight', 'duel', '--fights', '99999999999999999999']);
    expect(code).toBe(2);
    expect(err).toMatch(/--fights needs a whole number >= 1 and <= 1,000,000,000, got '99999999999999999999'/);
  });

  it('exits 1 on an unknown fight, naming the fights there are', async () => {
    const { code, err } = await sim([FIXTURE, '--fight', 'nope']);
    expect(code).toBe(1);
    expect(err).toMatch(/unknown fight 'nope' \(fights: duel, skirmish/);
  });

  it('never simulates a system with errors: exit 1 with the diagnostics', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const file = join(dir, 'broken.json');
    const doc = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { derived: Record<string, string> };
    doc.derived['str.mod'] = 'floor((@strr - 10) / 2)';
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const { code, err, out } = await sim([file, '--fight', 'duel']);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/broken\.json:\d+:\d+: error: .*strr/);
    expect(err).toMatch(/never simulated/);
  });

  it('refuses a fight with an unknown hero with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const file = join(dir, 'hero.json');
    const doc = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { fights: unknown[] };
    doc.fights.push({ id: 'ghost', heroes: ['nobody'], enemies: [] });
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const { code, err } = await sim([file, '--fight', 'ghost']);
    expect(code).toBe(1);
    expect(err).toMatch(/nobody/);
  });

  it('exits 2 on bad usage or an unreadable file', async () => {
    expect((await sim([FIXTURE])).code).toBe(2);
    expect((await sim([FIXTURE, '--fight', 'duel', '--fights', 'lots'])).code).toBe(2);
    expect((await sim(['no/such/file.json', '--fight', 'duel'])).code).toBe(2);
  });
});
