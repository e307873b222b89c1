// npm run bench -- exact: the exact solver (engine/sim/exact.ts) on a list of fights: the states explored, the runs of
// the fight code, the time, and beside it the time of a Monte Carlo run of the same precision: the fights needed for
// ±0.1 points (95%) on the heroes' win share, n = 1.96² p(1-p) / 0.001², timed from 20,000 simulated fights (CPU time
// of the thread, not the wall clock, for both). A fight over the budget (the default: 200,000 states, 3,000,000 runs)
// prints why. First the hand-computed cases against 1,000,000 simulated fights each (4.5 sigma). EXACT_BENCH_QUICK=1
// leaves those out, and the level-1 classic-d20 duel against a standard.
import { readFileSync } from 'node:fs';
import type { SystemDocument } from '../engine/schema/document';
import { exactFight } from '../engine/sim/exact';
import { consequencesDocument, duelDocument, stuckDocument } from '../test/fixtures/duel';
import { composeFight, loadSystem, simulate, type FightDef, type System } from '../engine/sim/index';

function seed(name: string): System {
  const loaded = loadSystem(JSON.parse(readFileSync(new URL(`../systems/${name}.json`, import.meta.url), 'utf8')) as SystemDocument);
  if (!loaded.ok) throw new Error(`${name} does not load`);
  return loaded.system;
}

function duel(system: System, hero: string, enemy: unknown, maxRounds: number): FightDef {
  const c = composeFight(system, { heroes: [hero], enemies: [enemy as never], maxRounds });
  if (!c.ok) throw new Error(c.error);
  return c.fight;
}

/** The constructed duel of engine/sim/exact.test.ts: d20 against 11 and 15, two damage, four hit points. */
function constructed(): { system: System; fight: FightDef } {
  const loaded = loadSystem(duelDocument([{ id: 'duel', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }], maxRounds: 20 }]));
  if (!loaded.ok) throw new Error('the constructed duel does not load');
  return { system: loaded.system, fight: loaded.system.fights.get('duel')! };
}

/**
 * The hand-computed cases (engine/sim/exact.test.ts) against 1,000,000 simulated fights: the exact answer, the hand's,
 * the simulated share and how many sigma apart (the done-when's 4.5). Too slow for `npm test`, so here.
 */
function millionFights(): void {
  const R = 8;
  const cases: [string, SystemDocument, string, number][] = [
    ['constructed d20 duel (heroes)', duelDocument([{ id: 'duel', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }], maxRounds: 20 }]), 'duel', NaN],
    ['a consequences roll against one enemy (heroes 11/27)', consequencesDocument(), 'job', 11 / 27],
    [`a save ends a condition (heroes 1 - (1/2)^${R - 1})`, stuckDocument(R), 'stuck', 1 - 0.5 ** (R - 1)],
  ];
  const n = 1_000_000;
  for (const [name, doc, fightId, hand] of cases) {
    const loaded = loadSystem(doc);
    if (!loaded.ok) throw new Error(`${name} does not load`);
    const fight = loaded.system.fights.get(fightId)!;
    const ex = exactFight(loaded.system, fight);
    if (!ex.exact) throw new Error(`${name}: ${ex.reason}`);
    const mc = simulate(loaded.system, fight, { fights: n, seed: 25 });
    const e = ex.winChance.heroes, share = mc.wins.heroes / n;
    const sigmas = Math.abs(share - e) / Math.sqrt((e * (1 - e)) / n);
    console.log(`  ${name}: exact ${(100 * e).toFixed(4)}%${Number.isNaN(hand) ? '' : ` (by hand ${(100 * hand).toFixed(4)}%, |exact - hand| ${Math.abs(e - hand).toExponential(1)})`}`
      + ` · ${n.toLocaleString('en-US')} simulated ${(100 * share).toFixed(4)}% · ${sigmas.toFixed(2)} sigma ${sigmas <= 4.5 ? '(within 4.5)' : '(OUTSIDE 4.5)'}`);
  }
}

export function run(): void {
  const quick = process.env.EXACT_BENCH_QUICK === '1';
  if (!quick) millionFights();
  const classic = seed('classic-d20'), forged = seed('forged'), live = seed('success-based-live-action');
  const list: [string, System, FightDef][] = [
    ['constructed d20 duel, 4 hp each, 20 rounds', constructed().system, constructed().fight],
    ['forged: cutter vs standard tier 1, 20 rounds', forged, duel(forged, 'cutter', { template: { role: 'standard', tier: 1 } }, 20)],
    ['forged: hound vs minion tier 2, 20 rounds', forged, duel(forged, 'hound', { template: { role: 'minion', tier: 2 } }, 20)],
    ['classic-d20: fighter1 vs minion tier 1, 20 rounds', classic, duel(classic, 'fighter1', { template: { role: 'minion', tier: 1 } }, 20)],
    ['classic-d20: wizard1 vs minion tier 1, 20 rounds', classic, duel(classic, 'wizard1', { template: { role: 'minion', tier: 1 } }, 20)],
    ...(quick ? [] : [['classic-d20: fighter1 vs standard tier 1, 30 rounds', classic, duel(classic, 'fighter1', { template: { role: 'standard', tier: 1 } }, 30)] as [string, System, FightDef]]),
    ['live action: gouge vs thug, 10 rounds (d10 pools)', live, duel(live, 'gouge', { bestiary: 'thug' }, 10)],
  ];
  for (const [name, system, fight] of list) {
    // CPU time of this thread (both runs are single-threaded): on a shared host the wall clock counts others' work.
    const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const t0 = cpu();
    const ex = exactFight(system, fight);
    const exactMs = cpu() - t0;
    simulate(system, fight, { fights: 2_000, seed: 2 }); // warm-up
    const t1 = cpu();
    const probe = 20_000;
    const mc = simulate(system, fight, { fights: probe, seed: 1 });
    const perFight = (cpu() - t1) / probe;
    const p = ex.exact ? ex.winChance.heroes : mc.wins.heroes / probe;
    const needed = Math.ceil((1.96 ** 2 * p * (1 - p)) / 0.001 ** 2);
    const mcLine = `Monte Carlo for ±0.1 points: ${needed.toLocaleString('en-US')} fights, ~${((needed * perFight) / 1000).toFixed(2)} s`;
    if (ex.exact) {
      console.log(`  ${name}: heroes ${(100 * ex.winChance.heroes).toFixed(3)}% exact · ${ex.states.toLocaleString('en-US')} states · `
        + `${ex.runs.toLocaleString('en-US')} runs · ${(exactMs / 1000).toFixed(2)} s · error < ${ex.errorBound.toExponential(1)} | ${mcLine}`);
    } else {
      console.log(`  ${name}: not exact after ${(exactMs / 1000).toFixed(2)} s (${ex.reason}) | ${mcLine}`);
    }
  }
}
