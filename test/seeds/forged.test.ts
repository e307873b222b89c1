// Forged in consequences mode (rules-format §2.8) on the real systems/forged.json, fought by the real engine.
import { describe, expect, test } from 'vitest';
import { fightLog, simulate } from '../../engine/sim/index';
import { eventsOf, judge, loadRuntime, systemDocument } from './harness';

const doc = systemDocument('forged');
const system = loadRuntime(doc);
const maxHp = new Map(doc.heroes!.map((h) => [h.id, h.attributes!.vigour!]));

describe('Forged: consequences mode', () => {
  test('the roll: highest of the pool; 6 succeeds, 4-5 is partial, 1-3 fails, two 6s crit; no dice: the lower of two', () => {
    const roll = (pool: number, faces: number[]) => {
      const check = { ...doc, checks: { ...doc.checks, c: { roll: doc.combat!.consequences!.roll, outcomes: doc.combat!.consequences!.outcomes } } };
      return judge(check, 'c', { pool }, faces).outcome;
    };
    expect(roll(2, [6, 2])).toBe('success');
    expect(roll(3, [6, 6, 1])).toBe('crit');
    expect(roll(2, [5, 1])).toBe('partial');
    expect(roll(2, [3, 2])).toBe('fail');
    expect(roll(0, [6, 2])).toBe('fail'); // zero dice: two, keep the lower
    expect(roll(0, [6, 6])).toBe('crit');
  });

  test("Forged's harm fractions: a harm level of 1, 2, 3, 4 costs 1/4, 1/2, 4/5 and all of maximum hit points (rounded up); a full level passes harm up", () => {
    const levels = doc.combat!.consequences!.harm.levels;
    expect(levels).toEqual([0.25, 0.5, 0.8, 1.0]);
    // Two lesser, two moderate, one severe: harm at a full level is taken one level up (the fourth holds any).
    const slots = doc.combat!.consequences!.harm.slots!;
    expect(slots).toEqual([2, 2, 1]);
    const seen = new Set<number>();
    for (const [fight, position] of [['controlled-minions', 1], ['risky-standard', 2], ['desperate-boss', 3]] as const) {
      for (let seed = 1; seed <= 20; seed++) {
        const events = fightLog(system, fight, seed);
        const hp = new Map(maxHp);
        const held = new Map<string, number[]>();
        for (const e of eventsOf(events, 'harm')) {
          if (!maxHp.has(e.target)) continue;
          const max = maxHp.get(e.target)!;
          const before = hp.get(e.target)!;
          const at = held.get(e.target) ?? [0, 0, 0, 0];
          let level: number = position;
          while (level <= slots.length && at[level - 1]! >= slots[level - 1]!) level++;
          at[level - 1]!++;
          held.set(e.target, at);
          expect(e.levels).toBe(level);
          expect(e.amount).toBe(Math.min(before, Math.ceil(levels[level - 1]! * max - 1e-9)));
          hp.set(e.target, before - e.amount);
          seen.add(level);
        }
      }
    }
    // The fourth level, all ("tudo"), is reached in play: a severe harm on one who already holds one.
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
    // Cutter (16 hit points): a quarter is 4, half 8, four fifths 12.8 → 13.
    expect([0.25, 0.5, 0.8, 1.0].map((f) => Math.ceil(f * 16 - 1e-9))).toEqual([4, 8, 13, 16]);
  });

  test('enemies do not roll, and fall after the harm levels of their role (minion 1, standard 3, boss 6)', () => {
    const roleHarm: Record<string, number> = { minion: 1, standard: 3, elite: 4, boss: 6 };
    for (const fight of ['controlled-minions', 'risky-standard', 'desperate-boss']) {
      for (let seed = 1; seed <= 20; seed++) {
        const events = fightLog(system, fight, seed);
        for (const c of eventsOf(events, 'check')) if (!maxHp.has(c.actor)) expect(c.check).toBe('initiative');
        const taken = new Map<string, number>();
        for (const e of events) {
          if (e.type === 'harm' && !maxHp.has(e.target)) taken.set(e.target, (taken.get(e.target) ?? 0) + e.levels);
          if (e.type === 'down' && !maxHp.has(e.target)) {
            const role = e.target.replace(/-\d+$/, '');
            expect(taken.get(e.target)).toBeGreaterThanOrEqual(roleHarm[role]!);
            expect((taken.get(e.target) ?? 0) - roleHarm[role]!).toBeLessThan(4); // the blow that felled it was its last
          }
        }
      }
    }
  });

  test('sim tallies every hero roll under the check id `consequences`', () => {
    const stats = simulate(system, 'risky-standard', { fights: 200, seed: 5 });
    const tally = stats.checks.consequences!;
    expect(Object.keys(tally).sort()).toEqual(['crit', 'fail', 'partial', 'success']);
    expect(stats.wins.heroes + stats.wins.enemies + stats.wins.draw).toBe(200);
  });
});
