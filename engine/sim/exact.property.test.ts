// Property: a random small fight composed from each seed system (one of its heroes against one template or bestiary
// creature, one to three rounds) is either solved exactly, and then agrees with 200,000 simulated fights within 4.5
// sigma on every end and every combatant's standing, or it is over the budget and solveFight falls back to Monte Carlo
// and says why. Two random fights a system (a fast-check property each), so the 200,000 fights a case stay within
// `npm test`'s time: about 0.3 to 1.1 s of fighting a case (`npm run fuzz` scales the cases). At this budget (10,000
// states, 30,000 runs) classic-d20's and libra's cases fall back (d20 and d100 acts over short maxRounds, where the
// solver reuses few walks); their duels are checked exactly against simulated fights in exact.test.ts.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../test/fuzz';
import type { SystemDocument } from '../schema/document';
import { composeFight, loadSystem, simulate, solveFight, type System } from './index';

const NAMES = ['classic-d20', 'forged', 'hope-and-fear', 'libra', 'success-based-live-action', 'twin-dice'] as const;
const FIGHTS = 200_000;

const seeds = new Map<string, { system: System; doc: SystemDocument }>();
function seedSystem(name: string): { system: System; doc: SystemDocument } {
  let s = seeds.get(name);
  if (!s) {
    const doc = JSON.parse(readFileSync(new URL(`../../systems/${name}.json`, import.meta.url), 'utf8')) as SystemDocument;
    const loaded = loadSystem(doc);
    if (!loaded.ok) throw new Error(`${name} does not load`);
    s = { system: loaded.system, doc };
    seeds.set(name, s);
  }
  return s;
}

function within(exact: number, share: number): boolean {
  const sigma = Math.sqrt(Math.max(exact * (1 - exact), 1e-12) / FIGHTS);
  return Math.abs(share - exact) <= 4.5 * sigma + 1e-9;
}

describe('exact fights against simulated ones (property)', () => {
  for (const [i, name] of NAMES.entries()) {
    it(`${name}: agrees within 4.5 sigma over 200,000 fights, or falls back to Monte Carlo and says why`, () => {
      let solved = 0, fellBack = 0;
      fc.assert(fc.property(
        fc.nat(), fc.nat(), fc.boolean(), fc.integer({ min: 1, max: 3 }), fc.nat(),
        (heroPick, enemyPick, fromBestiary, maxRounds, seed) => {
          const { system, doc } = seedSystem(name);
          // The first two heroes (the seeds' level-1 or smallest sheets): a level-11 hero's act alone forks into thousands of paths.
          const heroes = (doc.heroes ?? []).slice(0, 2).map((h) => h.id);
          const bestiary = (doc.bestiary ?? []).slice(0, 6).map((b) => b.id);
          const roles = (doc.templates ?? []).map((t) => t.role);
          const enemy = fromBestiary && bestiary.length
            ? { bestiary: bestiary[enemyPick % bestiary.length]! }
            : { template: { role: roles[enemyPick % roles.length]!, tier: 1 } };
          const composed = composeFight(system, { heroes: [heroes[heroPick % heroes.length]!], enemies: [enemy], maxRounds });
          if (!composed.ok) throw new Error(composed.error);
          const fight = composed.fight;
          const ex = solveFight(system, fight, { maxRuns: 30_000, maxStates: 10_000, fallbackFights: 300, seed });
          if (!ex.exact) {
            expect(ex.reason).toMatch(/more than [\d,]+ (distinct states|runs of the fight code)|cannot fork this fight/);
            expect(ex.monteCarlo.fights).toBe(300);
            fellBack++;
            return;
          }
          solved++;
          const mc = simulate(system, fight, { fights: FIGHTS, seed });
          for (const w of ['heroes', 'enemies', 'draw'] as const) {
            expect(within(ex.winChance[w], mc.wins[w] / FIGHTS), `${name} ${w}: exact ${ex.winChance[w]}, simulated ${mc.wins[w] / FIGHTS}`).toBe(true);
          }
          ex.combatants.forEach((c, k) => {
            expect(within(c.survived, mc.combatants[k]!.survived), `${name} ${c.id} standing`).toBe(true);
          });
          expect(ex.winChance.heroes + ex.winChance.enemies + ex.winChance.draw).toBeCloseTo(1, 8);
        },
      ), fuzz(0x65786163 + i, 2));
      expect(solved + fellBack).toBeGreaterThan(0);
    });
  }

  it('both branches are walked: some seed systems\' small fights solve, pools of d10s and d100s fall back', () => {
    const outcome = (name: (typeof NAMES)[number], hero: number, enemy: { bestiary: string } | { template: { role: string; tier: number } }) => {
      const { system, doc } = seedSystem(name);
      const composed = composeFight(system, { heroes: [(doc.heroes ?? [])[hero]!.id], enemies: [enemy], maxRounds: 2 });
      if (!composed.ok) throw new Error(composed.error);
      return solveFight(system, composed.fight, { maxRuns: 30_000, maxStates: 10_000, fallbackFights: 300, seed: 1 });
    };
    expect(outcome('forged', 0, { template: { role: 'standard', tier: 1 } }).exact).toBe(true);
    const pools = outcome('success-based-live-action', 0, { template: { role: 'standard', tier: 1 } });
    expect(pools.exact).toBe(false);
  });
});
