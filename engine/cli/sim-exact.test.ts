// `sim --exact` on the command line: the exact answer (engine/sim/exact.ts) in words and as JSON of sim --json's shape
// where the meaning is the same, the Monte Carlo answer with its interval when the fight is too big, bad usage.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from './sim';
import { capture } from '../../test/fixtures/cli-capture';
import { duelDocument } from '../../test/fixtures/duel';

const sim = (args: string[]) => capture(run, args);

afterEach(() => vi.restoreAllMocks());

/** A d20 duel with fixed damage: the hero (first) hits on 11+, the bandit on 15+, two hits fell either; six rounds. */
function duelFile(): string {
  const doc = duelDocument([
    { id: 'duel', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }], maxRounds: 6 },
    { id: 'brawl', heroes: ['hero'], enemies: [{ bestiary: 'bandit', count: 3 }], maxRounds: 30 },
  ]);
  const file = join(mkdtempSync(join(tmpdir(), 'sim-exact-')), 'duel.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

// By hand (engine/sim/exact.test.ts works it out): the hero's second hit at its attack a, the bandit's at b; a <= b wins.
function handWin(): number {
  const at = (a: number, p: number): number => (a < 2 ? 0 : (a - 1) * p * p * (1 - p) ** (a - 2));
  let win = 0;
  for (let a = 1; a <= 6; a++) {
    let banditLater = 1;
    for (let b = 1; b < a; b++) banditLater -= at(b, 0.3);
    win += at(a, 0.5) * banditLater;
  }
  return win;
}

describe('sim --exact', () => {
  it('prints the exact chances, rounds, standing/down/dead and hit points left', async () => {
    const { code, out } = await sim([duelFile(), '--fight', 'duel', '--exact']);
    expect(code).toBe(0);
    expect(out).toMatch(/^duel · duel · exact: [\d,]+ states, [\d,]+ runs, \d+ ms · error below /);
    expect(out).toContain(`wins: heroes ${(100 * handWin()).toFixed(2)}%`);
    expect(out).toMatch(/H hero +standing +[\d.]+% · down +[\d.]+% · dead +[\d.]+% · hit points left [\d.]+/);
  });

  it('gives JSON of sim --json\'s shape where the meaning is the same, with exact: true, the states and the time', async () => {
    const { code, out } = await sim([duelFile(), '--fight', 'duel', '--exact', '--json']);
    expect(code).toBe(0);
    const stats = JSON.parse(out) as Record<string, unknown> & { winChance: Record<string, number>; rounds: Record<string, unknown>; combatants: Record<string, unknown>[] };
    expect(stats).toMatchObject({ exact: true, system: 'duel', fight: 'duel' });
    expect(Object.keys(stats)).toEqual(['exact', 'system', 'fight', 'winChance', 'rounds', 'heroDown', 'heroDied', 'checksPerFight', 'combatants', 'states', 'runs', 'ms', 'errorBound', 'unexplored']);
    expect(stats.winChance.heroes).toBeCloseTo(handWin(), 12);
    expect(stats.winChance.heroes + stats.winChance.enemies + stats.winChance.draw).toBeCloseTo(1, 12);
    expect(Object.keys(stats.rounds)).toEqual(['mean', 'p50', 'p90', 'max', 'distribution']);
    expect(Object.keys(stats.combatants[0]!)).toEqual(['id', 'side', 'survived', 'died', 'down', 'fled', 'hp', 'damageDealt', 'checksPerFight']);
    expect(stats.states).toBeGreaterThan(1);
  });

  it('gives the Monte Carlo answer with its interval for a fight over --max-states, and says so', async () => {
    const file = duelFile();
    const words = await sim([file, '--fight', 'brawl', '--exact', '--max-states', '20', '--fights', '500']);
    expect(words.code).toBe(0);
    expect(words.out).toMatch(/^not exact: this fight has more than 20 distinct states .*what multiplies them: .*hit points.*; here is the Monte Carlo answer with its interval instead\nheroes win [\d.]+% \(95%: [\d.]+% to [\d.]+%\)\nduel · brawl · 500 fights · seed 1/);
    const json = await sim([file, '--fight', 'brawl', '--exact', '--max-states', '20', '--fights', '500', '--json']);
    const answer = JSON.parse(json.out) as { exact: boolean; reason: string; monteCarlo: { fights: number }; interval: { heroes: number[] } };
    expect(answer.exact).toBe(false);
    expect(answer.reason).toMatch(/more than 20 distinct states/);
    expect(answer.monteCarlo.fights).toBe(500);
    expect(answer.interval.heroes).toHaveLength(2);
  });

  it('refuses --exact with --log or --workers, and --max-states without --exact (exit 2)', async () => {
    const file = duelFile();
    expect((await sim([file, '--fight', 'duel', '--exact', '--log'])).err).toMatch(/--exact .*takes no --log/);
    expect((await sim([file, '--fight', 'duel', '--exact', '--workers', '2'])).code).toBe(2);
    const lone = await sim([file, '--fight', 'duel', '--max-states', '5']);
    expect(lone.code).toBe(2);
    expect(lone.err).toMatch(/--max-states goes with --exact/);
  });

  it('leaves sim without --exact as it was', async () => {
    const { code, out } = await sim([duelFile(), '--fight', 'duel', '--fights', '100', '--json']);
    expect(code).toBe(0);
    expect(Object.keys(JSON.parse(out) as object)).toEqual(['system', 'fight', 'fights', 'seed', 'wins', 'rounds', 'heroDown', 'heroDied', 'checks', 'combatants']);
  });
});
