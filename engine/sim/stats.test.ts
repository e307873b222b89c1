// Statistical tests against closed form, within 4 standard deviations over at least 20,000 trials, and the
// streaming statistics (workers give the same numbers as one thread).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../dice/rng';
import type { SystemDocument } from '../schema/document';
import { fightLog, loadSystem, runFight, simulate, StatsAccumulator, type System } from './index';
import { simulateParallel } from '../cli/sim-workers/pool';

const doc = JSON.parse(readFileSync(new URL('../../test/fixtures/systems/mini-d20.json', import.meta.url), 'utf8')) as SystemDocument;
const loaded = loadSystem(doc);
if (!loaded.ok) throw new Error('fixture does not load');
const mini: System = loaded.system;

function expectWithin(measured: number, expected: number, sigma: number): void {
  expect(Math.abs(measured - expected)).toBeLessThanOrEqual(4 * sigma);
}

/** Every face sum of `count` d`sides`, with its probability. */
function dicePmf(count: number, sides: number): Map<number, number> {
  let pmf = new Map([[0, 1]]);
  for (let i = 0; i < count; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of pmf) for (let f = 1; f <= sides; f++) next.set(v + f, (next.get(v + f) ?? 0) + p / sides);
    pmf = next;
  }
  return pmf;
}

describe('closed form', () => {
  it('d20 + 5 against 15 hits 55% of the time (20,000 attacks)', () => {
    const stats = simulate(mini, 'd20-plus-5', { fights: 2000, seed: 101 });
    const attacks = stats.combatants.find((c) => c.id === 'striker')!.checks.attack!;
    const n = (attacks.hit ?? 0) + (attacks.miss ?? 0);
    expect(n).toBe(20_000);
    expectWithin(attacks.hit! / n, 0.55, Math.sqrt(0.55 * 0.45 / n));
  });

  it('with advantage (an edge of +1: 2d20kh1) it hits 79.75% of the time', () => {
    const stats = simulate(mini, 'd20-plus-5-edge', { fights: 2000, seed: 202 });
    const attacks = stats.combatants.find((c) => c.id === 'keen-striker')!.checks.attack!;
    const n = (attacks.hit ?? 0) + (attacks.miss ?? 0);
    expect(n).toBe(20_000);
    expectWithin(attacks.hit! / n, 0.7975, Math.sqrt(0.7975 * 0.2025 / n));
  });

  it("a save-for-half spell's mean damage: 4d6, DC 15 against d20 + 0 (saves 30%), half rounded down", () => {
    const n = 20_000;
    const stats = simulate(mini, 'save-for-half', { fights: n, seed: 303 });
    let mean = 0, second = 0;
    for (const [d, p] of dicePmf(4, 6)) {
      for (const [amount, q] of [[d, 0.7], [Math.floor(d / 2), 0.3]] as const) { mean += p * q * amount; second += p * q * amount * amount; }
    }
    const sigma = Math.sqrt((second - mean * mean) / n);
    const measured = stats.combatants.find((c) => c.id === 'caster')!.damageDealt.mean;
    expectWithin(measured, mean, sigma);
  });

  it('a concentration spell survives three hits with probability p^3 (DC 10, d20 + 0: p = 0.55)', () => {
    const n = 20_000;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const result = runFight(mini, 'concentration', deriveSeed(404, i));
      if (result.combatants.find((c) => c.id === 'concentrator')!.sustaining) kept++;
    }
    const p = 0.55 ** 3;
    expectWithin(kept / n, p, Math.sqrt(p * (1 - p) / n));
    const stats = simulate(mini, 'concentration', { fights: 1000, seed: 404 });
    expect(stats.checks.sustain).toBeDefined();
  });
});

describe('streaming statistics', () => {
  it('follows spec §4: wins, rounds, checks per check and outcome, combatants', () => {
    const stats = simulate(mini, 'skirmish', { fights: 300, seed: 7 });
    expect(stats.fights).toBe(300);
    expect(stats.wins.heroes + stats.wins.enemies + stats.wins.draw).toBe(300);
    expect(stats.rounds.p50).toBeLessThanOrEqual(stats.rounds.p90);
    expect(stats.rounds.p90).toBeLessThanOrEqual(stats.rounds.max);
    const total = Object.values(stats.checks.initiative!).reduce((a, b) => a + b, 0);
    expect(total).toBe(300 * 5); // initiative is rolled once per fight by each of 5 combatants
    const perCombatant = stats.combatants.reduce((sum, c) => sum + (c.checks.attack?.hit ?? 0), 0);
    expect(perCombatant).toBe(stats.checks.attack!.hit);
  });

  it('reusing one runner across fights gives what fresh fights give', () => {
    for (const fight of ['skirmish', 'troll', 'walk-away']) {
      const reused = simulate(mini, fight, { fights: 150, seed: 12 });
      const fresh = new StatsAccumulator(mini.tallyKeys);
      for (let i = 0; i < 150; i++) fresh.addFight(runFight(mini, fight, deriveSeed(12, i), undefined, fresh));
      expect(fresh.finish(mini.id, fight, 12)).toEqual(reused);
    }
  });

  it('gives the same numbers on 2 workers as on 1 (seeds split by fight index)', async () => {
    const one = simulate(mini, 'skirmish', { fights: 400, seed: 9 });
    const two = await simulateParallel(mini, doc, 'skirmish', { fights: 400, seed: 9, workers: 2 });
    expect(two).toEqual(one);
  }, 60_000);
});

describe('how each combatant ended: standing, dead, or down and alive', () => {
  const classicDoc = JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as SystemDocument;
  const classic = loadSystem(classicDoc);
  if (!classic.ok) throw new Error('classic-d20 does not load');

  /** Each combatant's end read off the fight's events alone: the last `down` or `heal` (a revival) it took. */
  function endsFromLogs(system: System, fight: string, seed: number, fights: number): Map<string, { survived: number; died: number }> {
    const ends = new Map<string, { survived: number; died: number }>();
    for (let i = 0; i < fights; i++) {
      const last = new Map<string, string>();
      const events = fightLog(system, fight, deriveSeed(seed, i));
      const start = events[0]!;
      if (start.type !== 'fightStart') throw new Error('a log starts with fightStart');
      for (const e of events) {
        if (e.type === 'down') last.set(e.target, e.state);
        else if (e.type === 'heal' && last.has(e.target)) last.set(e.target, 'up');
      }
      for (const c of start.combatants) {
        const end = ends.get(c.id) ?? { survived: 0, died: 0 };
        const state = last.get(c.id) ?? 'up';
        if (state === 'up') end.survived++;
        else if (state === 'dead') end.died++;
        ends.set(c.id, end);
      }
    }
    return ends;
  }

  it("counts a fight as died when the combatant's last word in the log is a down with state dead", () => {
    // boss-tier-4: the level-11 wizard dies in about a quarter of the fights and ends down but alive in most others.
    for (const fight of ['boss-tier-4', 'first-blood']) {
      const n = 300;
      const stats = simulate(classic.system, fight, { fights: n, seed: 21 });
      const fromLogs = endsFromLogs(classic.system, fight, 21, n);
      for (const c of stats.combatants) {
        const end = fromLogs.get(c.id)!;
        // Rates times n are counts again, up to a float's last bit (21 / 300 * 300 is 21.000000000000004).
        expect({ id: c.id, survived: Math.round(c.survived * n), died: Math.round(c.died * n) }).toEqual({ id: c.id, survived: end.survived, died: end.died });
      }
    }
    const wizard = simulate(classic.system, 'boss-tier-4', { fights: 300, seed: 21 }).combatants.find((c) => c.id === 'wizard11')!;
    expect(wizard.died).toBeGreaterThan(0);
    expect(1 - wizard.survived - wizard.died).toBeGreaterThan(0);
  });

  it('an enemy brought down is dead; a hero in a system without death is never dead', () => {
    const enemies = simulate(classic.system, 'first-blood', { fights: 300, seed: 5 }).combatants.filter((c) => c.side === 'enemies');
    for (const c of enemies) expect(c.survived + c.died).toBeCloseTo(1, 12);
    // mini-d20 has no death rule: a hero at 0 is stable.
    const heroes = simulate(mini, 'skirmish', { fights: 300, seed: 5 }).combatants.filter((c) => c.side === 'heroes');
    expect(heroes.some((c) => c.survived < 1)).toBe(true);
    for (const c of heroes) expect(c.died).toBe(0);
  });

  it("counts the fights in which some hero went down or died exactly as the balance grid's batches do", async () => {
    const { runBatch } = await import('../balance/batch');
    const n = 300;
    const stats = simulate(classic.system, 'boss-tier-4', { fights: n, seed: 8 });
    const batch = runBatch(classic.system, classic.system.fights.get('boss-tier-4')!, { fights: n, seed: 8 });
    expect({ down: stats.heroDown * n, died: stats.heroDied * n }).toEqual({ down: batch.heroDown, died: batch.heroDied });
    expect(stats.heroDied).toBeGreaterThan(0);
    // Some hero ends down in a fight at least as often as any one hero does, and dies at least as often as any one does.
    for (const c of stats.combatants.filter((c) => c.side === 'heroes')) {
      expect(stats.heroDown).toBeGreaterThanOrEqual(1 - c.survived - 1e-12);
      expect(stats.heroDied).toBeGreaterThanOrEqual(c.died - 1e-12);
    }
  });

  it('merges worker partials exactly, died included', async () => {
    const one = simulate(classic.system, 'boss-tier-4', { fights: 200, seed: 3 });
    const two = await simulateParallel(classic.system, classicDoc, 'boss-tier-4', { fights: 200, seed: 3, workers: 2 });
    expect(two).toEqual(one);
  }, 60_000);
});
