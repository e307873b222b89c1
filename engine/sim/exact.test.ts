// The exact fight solver (exact.ts) on constructed fights with a hand-computed answer (a d20 duel with fixed damage,
// a consequences roll against one enemy, a condition a save ends), merged states against the plain tree of paths,
// and against simulated fights within 4.5 sigma (seed systems' duels small enough; the rest refuse with a reason).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../schema/document';
import { exactFight, type ExactOutcome, type ExactStats } from './exact';
import { multisets } from './exact-walk';
import { composeFight, loadSystem, simulate, solveFight, type FightDef, type System } from './index';

function load(doc: unknown): System {
  const loaded = loadSystem(doc as SystemDocument);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

function solved(outcome: ExactOutcome): ExactStats {
  if (!outcome.exact) throw new Error(outcome.reason);
  return outcome;
}

/** A d20 system without crits: hit when d20 + stat >= the defence; initiative is dexterity (no dice), so the order is fixed. */
function duelSystem(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'duel', name: 'Duel', version: '1.0.0', formatVersion: 1, grid: false,
    attributes: { dex: { name: 'Dex', default: 0 }, vit: { name: 'Vitality', default: 4 }, armor: { name: 'Armour', default: 0 } },
    tracks: { hp: { name: 'Hit points', max: '@vit' } },
    checks: {
      attack: { roll: 'd20 + @stat', outcomes: [{ id: 'hit', when: '@total >= @vs', result: 'success' }, { id: 'miss', when: 'true', result: 'fail' }] },
      initiative: { roll: '@dex' },
      save: { roll: 'd20', outcomes: [{ id: 'saved', when: '@total >= @vs', result: 'success' }, { id: 'failed', when: 'true', result: 'fail' }] },
    },
    combat: { mode: 'numbers', attack: { check: 'attack', damage: '2', defence: '10 + @armor' } },
    turn: { initiative: { check: 'initiative', when: 'once', ties: 'heroes' }, actions: [{ id: 'action', name: 'Action', per: '1', attacks: '1' }] },
    ...extra,
  };
}

/** P(the k-th success comes at trial a) for success chance p: (a-1 choose k-1) p^k (1-p)^(a-k). */
function nthSuccessAt(a: number, k: number, p: number): number {
  if (a < k) return 0;
  let choose = 1;
  for (let i = 1; i <= k - 1; i++) choose = (choose * (a - i)) / i;
  return choose * p ** k * (1 - p) ** (a - k);
}

describe('exact: a d20 duel with fixed damage', () => {
  // The hero (first: dex 20) hits on 11+ (p = 1/2), the bandit on 15+ (q = 3/10); 2 damage a hit, 4 hit points each: two hits.
  const system = load(duelSystem({
    heroes: [{ id: 'hero', name: 'Hero', level: 1, attributes: { dex: 20, vit: 4, armor: 5 }, weapon: { name: 'Sword', damage: '2', stat: '0', reach: 'near' } }],
    bestiary: [{ id: 'bandit', name: 'Bandit', defence: 11, hp: 4, attacks: [{ id: 'cut', name: 'Cut', bonus: 0, damage: '2' }] }],
    fights: [{ id: 'duel', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }], maxRounds: 6 }],
  }));
  const p = 1 / 2, q = 3 / 10, R = 6;
  // The hero's 2nd hit at its attack a, the bandit's at b: the hero wins when a <= b (its a-th attack comes first), in round a.
  const hero = (k: number): number => nthSuccessAt(k, 2, p);
  const bandit = (k: number): number => nthSuccessAt(k, 2, q);
  const banditAtLeast = (k: number): number => 1 - Array.from({ length: k - 1 }, (_, i) => bandit(i + 1)).reduce((a, b) => a + b, 0);
  const heroAbove = (k: number): number => 1 - Array.from({ length: k }, (_, i) => hero(i + 1)).reduce((a, b) => a + b, 0);
  let win = 0, loss = 0;
  const rounds: number[] = [];
  for (let k = 1; k <= R; k++) {
    const w = hero(k) * banditAtLeast(k), l = bandit(k) * heroAbove(k);
    win += w; loss += l; rounds[k] = w + l;
  }
  rounds[R]! += 1 - win - loss; // a draw lasts every round

  it('gives the hand-computed win, loss and draw, and the rounds distribution', () => {
    const ex = solved(exactFight(system, system.fights.get('duel')!));
    expect(ex.winChance.heroes).toBeCloseTo(win, 12);
    expect(ex.winChance.enemies).toBeCloseTo(loss, 12);
    expect(ex.winChance.draw).toBeCloseTo(1 - win - loss, 12);
    for (let k = 1; k <= R; k++) expect(ex.rounds.distribution[String(k)] ?? 0).toBeCloseTo(rounds[k]!, 12);
    expect(ex.errorBound).toBeLessThan(1e-12);
    const [h, b] = ex.combatants;
    expect(h!.survived).toBeCloseTo(1 - loss, 12);
    expect(b!.died).toBeCloseTo(win, 12);
    // Hit points left: 4 less 2 per bandit hit, on the fights the hero ends standing.
    expect(h!.hp.mean).toBeGreaterThan(0);
    expect(h!.hp.mean).toBeLessThan(4);
    // Every attack is one check: the hero's expected attacks are the expected rounds it reached its turn in.
    const heroAttacks = (h!.checksPerFight.attack?.hit ?? 0) + (h!.checksPerFight.attack?.miss ?? 0);
    expect(h!.checksPerFight.attack?.hit ?? 0).toBeCloseTo(heroAttacks / 2, 12);
    expect(h!.damageDealt.mean).toBeCloseTo(2 * (h!.checksPerFight.attack?.hit ?? 0), 12);
  });

  it('merges states: the same answer as the plain tree of paths, from fewer runs', () => {
    // d6 attacks and three rounds, so the plain tree (6^6 paths at most) stays small.
    const doc = duelSystem({
      heroes: [{ id: 'hero', name: 'Hero', level: 1, attributes: { dex: 20, vit: 4, armor: -5 }, weapon: { name: 'Sword', damage: '1 + d2', stat: '0', reach: 'near' } }],
      bestiary: [{ id: 'bandit', name: 'Bandit', defence: 4, hp: 4, attacks: [{ id: 'cut', name: 'Cut', bonus: 0, damage: '2' }] }],
      fights: [{ id: 'duel', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }], maxRounds: 3 }],
    });
    (doc.checks as Record<string, { roll: string }>).attack!.roll = 'd6 + @stat';
    const small = load(doc);
    const merged = solved(exactFight(small, small.fights.get('duel')!, { prune: 0 }));
    const tree = solved(exactFight(small, small.fights.get('duel')!, { merge: false, prune: 0 }));
    // Equal within the stated error bounds (the tree adds up ~40,000 tiny paths, its own rounding the larger).
    for (const w of ['heroes', 'enemies', 'draw'] as const) {
      expect(Math.abs(merged.winChance[w] - tree.winChance[w])).toBeLessThanOrEqual(merged.errorBound + tree.errorBound);
      expect(merged.winChance[w]).toBeCloseTo(tree.winChance[w], 11);
    }
    expect(tree.errorBound).toBeLessThan(1e-11);
    expect(merged.combatants[0]!.hp.mean).toBeCloseTo(tree.combatants[0]!.hp.mean, 12);
    expect(merged.combatants[1]!.damageDealt.mean).toBeCloseTo(tree.combatants[1]!.damageDealt.mean, 12);
    expect(merged.runs).toBeLessThan(tree.runs / 10);
  });

  it('forks a pool by its multiset of faces: the same answer as face by face, from fewer runs', () => {
    // 3d4 damage (64 sequences, 20 multisets) and a 2d6 attack, the hit chance read off its total: keep one die of 2d6 too.
    const doc = duelSystem({
      heroes: [{ id: 'hero', name: 'Hero', level: 1, attributes: { dex: 20, vit: 9, armor: 3 }, weapon: { name: 'Axe', damage: '3d4', stat: '0', reach: 'near' } }],
      bestiary: [{ id: 'bandit', name: 'Bandit', defence: 7, hp: 12, attacks: [{ id: 'cut', name: 'Cut', bonus: 0, damage: '2d6kh1' }] }],
      fights: [{ id: 'duel', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }], maxRounds: 4 }],
    });
    (doc.checks as Record<string, { roll: string }>).attack!.roll = '2d6 + @stat';
    const pools = load(doc);
    const byMultiset = solved(exactFight(pools, pools.fights.get('duel')!));
    const byFace = solved(exactFight(pools, pools.fights.get('duel')!, { pools: false }));
    for (const w of ['heroes', 'enemies', 'draw'] as const) {
      expect(Math.abs(byMultiset.winChance[w] - byFace.winChance[w])).toBeLessThanOrEqual(byMultiset.errorBound + byFace.errorBound);
    }
    expect(byMultiset.rounds.mean).toBeCloseTo(byFace.rounds.mean, 12);
    expect(byMultiset.combatants[0]!.hp.mean).toBeCloseTo(byFace.combatants[0]!.hp.mean, 12);
    expect(byMultiset.combatants[1]!.damageDealt.mean).toBeCloseTo(byFace.combatants[1]!.damageDealt.mean, 12);
    expect(byMultiset.states).toBe(byFace.states);
    expect(byMultiset.runs).toBeLessThan(byFace.runs / 2);
    // The table itself: 21 multisets of 2d6, their ways adding up to 36; (3, 3) one way, (1, 6) two.
    const two = multisets(2, 6);
    expect(two.ways.length).toBe(21);
    expect(two.ways.reduce((a, b) => a + b, 0)).toBe(36);
    expect(two.ways[0]).toBe(1);
    expect(two.ways[5]).toBe(2);
    expect([...two.faces.slice(20, 22)]).toEqual([2, 6]);
  });

  it('walks an act\'s paths once for every round: the same answer from fewer runs', () => {
    const again = solved(exactFight(system, system.fights.get('duel')!, { reuseActs: false }));
    const once = solved(exactFight(system, system.fights.get('duel')!));
    for (const w of ['heroes', 'enemies', 'draw'] as const) expect(once.winChance[w]).toBeCloseTo(again.winChance[w], 13);
    expect(once.combatants[0]!.hp.mean).toBeCloseTo(again.combatants[0]!.hp.mean, 12);
    expect(once.combatants[1]!.checksPerFight.attack?.hit).toBeCloseTo(again.combatants[1]!.checksPerFight.attack?.hit ?? NaN, 12);
    expect(once.states).toBe(again.states);
    expect(once.runs).toBeLessThan(again.runs / 2);
  });

  it('keeps to the round where a rule reads it: a late arrival and the last round', () => {
    const late = load(duelSystem({
      heroes: [{ id: 'hero', name: 'Hero', level: 1, attributes: { dex: 20, vit: 6, armor: 5 }, weapon: { name: 'Sword', damage: '2', stat: '0', reach: 'near' } }],
      bestiary: [{ id: 'bandit', name: 'Bandit', defence: 11, hp: 4, attacks: [{ id: 'cut', name: 'Cut', bonus: 0, damage: '2' }] }],
      fights: [{ id: 'late', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }, { bestiary: 'bandit', arrives: 3 }], maxRounds: 7 }],
    }));
    const again = solved(exactFight(late, late.fights.get('late')!, { reuseActs: false }));
    const once = solved(exactFight(late, late.fights.get('late')!));
    for (const w of ['heroes', 'enemies', 'draw'] as const) expect(once.winChance[w]).toBeCloseTo(again.winChance[w], 13);
    for (let k = 1; k <= 7; k++) expect(once.rounds.distribution[String(k)] ?? 0).toBeCloseTo(again.rounds.distribution[String(k)] ?? 0, 13);
    expect(once.combatants[2]!.survived).toBeCloseTo(again.combatants[2]!.survived, 13);
    const mc = simulate(late, 'late', { fights: 20_000, seed: 5 });
    agrees(once.winChance.heroes, mc.wins.heroes, 20_000);
  });
});

describe('exact: a consequences roll against one enemy', () => {
  // One d6 a roll: 5-6 success (the foe takes a harm level), 3-4 partial (both do), 1-2 fail (the hero does). Each falls
  // at its second harm (the hero's level costs half of 4 hit points). By hand: from no harm, heroes 11/27, draw 5/27
  // (a partial that fells both), enemies 11/27.
  const doc = duelSystem({
    checks: { initiative: { roll: '0' } },
    combat: {
      mode: 'consequences',
      consequences: { roll: 'd6', outcomes: [
        { id: 'success', when: '@natural >= 5', result: 'success' },
        { id: 'partial', when: '@natural >= 3', result: 'partial' },
        { id: 'fail', when: 'true', result: 'fail' },
      ], position: { risky: { harm: 1 } }, effect: { standard: 1 }, harm: { levels: [0.5], track: 'hp' } },
    },
    templates: [{ role: 'minion', harm: '2', defaults: { attribute: '1' }, tracks: { hp: '4' } }],
    heroes: [{ id: 'cutter', name: 'Cutter', level: 1, attributes: { vit: 4 } }],
    fights: [{ id: 'job', heroes: ['cutter'], enemies: [{ template: { role: 'minion', tier: 1 } }], maxRounds: 10, position: 'risky', effect: 'standard' }],
  });
  delete (doc.turn as Record<string, unknown>).actions;
  it('gives 11/27, 5/27, 11/27', () => {
    const system = load(doc);
    const ex = solved(exactFight(system, system.fights.get('job')!));
    expect(ex.winChance.heroes).toBeCloseTo(11 / 27, 13);
    expect(ex.winChance.draw).toBeCloseTo(5 / 27, 13);
    expect(ex.winChance.enemies).toBeCloseTo(11 / 27, 13);
    // Two or three rolls: the fight ends in round 2 unless the first two leave one harm each (success then fail, or fail then success).
    expect(ex.rounds.distribution['2']).toBeCloseTo(7 / 9, 13);
    expect(ex.rounds.distribution['3']).toBeCloseTo(2 / 9, 13);
  });
});

describe('exact: a save ends a condition', () => {
  // The hero starts stuck (no actions), saving on 11+ (1/2) at each turn's end; free, it fells the dummy at once. It
  // wins in round k (2..R) with chance (1/2)^(k-1); still stuck after R rounds, a draw: (1/2)^(R-1).
  const R = 8;
  const system = load(duelSystem({
    conditions: [{ id: 'stuck', name: 'Stuck', noActions: true, save: { check: 'save', dc: '11', at: 'turnEnd' } }],
    heroes: [{ id: 'hero', name: 'Hero', level: 1, attributes: { dex: 20, vit: 4 }, weapon: { name: 'Sword', damage: '2', stat: '100', reach: 'near' } }],
    bestiary: [{ id: 'dummy', name: 'Dummy', defence: 11, hp: 2, attacks: [{ id: 'flail', name: 'Flail', bonus: -100, damage: '2' }] }],
    fights: [{ id: 'stuck', heroes: [{ hero: 'hero', conditions: ['stuck'] }], enemies: [{ bestiary: 'dummy' }], maxRounds: R }],
  }));
  it('gives (1/2)^(k-1) for each round and (1/2)^(R-1) for the draw', () => {
    const ex = solved(exactFight(system, system.fights.get('stuck')!));
    for (let k = 2; k <= R; k++) expect(ex.rounds.distribution[String(k)]).toBeCloseTo(0.5 ** (k - 1) + (k === R ? 0.5 ** (R - 1) : 0), 13);
    expect(ex.winChance.draw).toBeCloseTo(0.5 ** (R - 1), 13);
    expect(ex.winChance.heroes).toBeCloseTo(1 - 0.5 ** (R - 1), 13);
    // A save at each round's end until one succeeds, the last round's too: 1 - (1/2)^R saved.
    expect(ex.combatants[0]!.checksPerFight.save?.saved).toBeCloseTo(1 - 0.5 ** R, 12);
  });
});

/** Within 4.5 sigma of a simulated share (sigma from the exact p). */
function agrees(exact: number, hits: number, n: number): void {
  const sigma = Math.sqrt(Math.max(exact * (1 - exact), 1e-12) / n);
  expect(Math.abs(hits / n - exact)).toBeLessThanOrEqual(4.5 * sigma + 1e-12);
}

function seed(name: string): System {
  return load(JSON.parse(readFileSync(new URL(`../../systems/${name}.json`, import.meta.url), 'utf8')));
}

function duel(system: System, hero: string, enemy: unknown, maxRounds: number): FightDef {
  const c = composeFight(system, { heroes: [hero], enemies: [enemy as never], maxRounds });
  if (!c.ok) throw new Error(c.error);
  return c.fight;
}

describe('exact against simulated fights (4.5 sigma)', () => {
  const N = 40_000;
  const cases: [string, string, unknown, number][] = [
    ['forged', 'cutter', { template: { role: 'standard', tier: 1 } }, 20],
    ['forged', 'hound', { template: { role: 'minion', tier: 2 } }, 20],
    ['classic-d20', 'fighter1', { template: { role: 'minion', tier: 1 } }, 5],
  ];
  for (const [name, hero, enemy, rounds] of cases) {
    it(`${name}: ${hero} against ${JSON.stringify(enemy)}`, () => {
      const system = seed(name);
      const fight = duel(system, hero, enemy, rounds);
      const ex = solved(exactFight(system, fight));
      const mc = simulate(system, fight, { fights: N, seed: 7 });
      for (const w of ['heroes', 'enemies', 'draw'] as const) agrees(ex.winChance[w], mc.wins[w], N);
      ex.combatants.forEach((c, i) => agrees(c.survived, Math.round(mc.combatants[i]!.survived * N), N));
      expect(ex.rounds.mean).toBeCloseTo(mc.rounds.mean, 1);
    });
  }
});

describe('exact: budgets', () => {
  it('refuses a fight over its budget of states, naming what grows it', () => {
    const system = seed('forged');
    const fight = duel(system, 'cutter', { template: { role: 'standard', tier: 1 } }, 20);
    const out = exactFight(system, fight, { maxStates: 10 });
    expect(out.exact).toBe(false);
    if (!out.exact) expect(out.reason).toMatch(/more than 10 distinct states.*what multiplies them: .*hit points/);
  });

  it('refuses a fight over its budget of runs, naming the widest act and its dice', () => {
    const system = seed('classic-d20');
    const fight = duel(system, 'fighter1', { template: { role: 'standard', tier: 1 } }, 20);
    const out = exactFight(system, fight, { maxRuns: 5_000 });
    expect(out.exact).toBe(false);
    if (!out.exact) expect(out.reason).toMatch(/more than 5,000 runs .*forks into [\d,]+ paths: .*d20/);
  });

  it('gives the Monte Carlo answer with its interval instead, and why (a pool of d10s: 10,000 paths an act)', () => {
    const system = seed('success-based-live-action');
    const fight = duel(system, 'gouge', { bestiary: 'thug' }, 10);
    const out = solveFight(system, fight, { maxRuns: 20_000, fallbackFights: 2_000 });
    expect(out.exact).toBe(false);
    if (out.exact) return;
    expect(out.reason).toMatch(/more than 20,000 runs .*d10 x/);
    expect(out.monteCarlo.fights).toBe(2_000);
    const [lo, hi] = out.interval.heroes;
    expect(lo).toBeLessThanOrEqual(out.monteCarlo.wins.heroes / 2_000);
    expect(hi).toBeGreaterThanOrEqual(out.monteCarlo.wins.heroes / 2_000);
  });

  it('refuses a draw with no finite outcomes (initiative ties broken at random)', () => {
    const doc = duelSystem({
      heroes: [{ id: 'hero', name: 'Hero', level: 1, attributes: { vit: 4 }, weapon: { name: 'Sword', damage: '2', stat: '0', reach: 'near' } }],
      bestiary: [{ id: 'bandit', name: 'Bandit', defence: 11, hp: 4, attacks: [{ id: 'cut', name: 'Cut', bonus: 0, damage: '2' }] }],
      fights: [{ id: 'duel', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }], maxRounds: 3 }],
    });
    (doc.turn as { initiative: { ties: string } }).initiative.ties = 'random';
    const system = load(doc);
    const out = exactFight(system, system.fights.get('duel')!);
    expect(out.exact).toBe(false);
    if (!out.exact) expect(out.reason).toMatch(/cannot fork this fight: .*initiative ties broken at random/);
  });
});
