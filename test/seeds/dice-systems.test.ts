// The two systems of `fights-under-your-rules.pt.txt` named only in passing: Hope and Fear (duality dice) and
// Twin Dice (two attribute dice, gridless), on the real systems/*.json: formula level with a rigged RNG, then fights.
import { describe, expect, test } from 'vitest';
import { composeFight, fightLog } from '../../engine/sim/index';
import { RiggedRng, eventsOf, evaluate, judge, loadRuntime, systemDocument } from './harness';

const hope = systemDocument('hope-and-fear');
const twin = systemDocument('twin-dice');

describe('Hope and Fear: duality dice', () => {
  const roll = (faces: number[], stat = 2, vs = 12, edge = 0) => judge(hope, 'attack', { stat, vs, edge }, faces);

  test('matching dice are a critical success, whatever the total', () => {
    expect(roll([3, 3], 0, 20).outcome).toBe('crit');
  });

  test('the higher die says Hope or Fear: success with Hope gains Hope, success with Fear does not', () => {
    expect(roll([9, 4]).outcome).toBe('hope-success');
    expect(roll([4, 9]).outcome).toBe('fear-success');
    expect(roll([5, 2]).outcome).toBe('hope-fail');
    expect(roll([2, 5]).outcome).toBe('fear-fail');
    const outcomes = hope.checks!.attack!.outcomes!;
    expect(outcomes.find((o) => o.id === 'hope-success')!.gain).toEqual([{ track: 'hope', amount: '1' }]);
    expect(outcomes.find((o) => o.id === 'fear-success')!.gain).toBeUndefined();
  });

  test('advantage adds a d6, disadvantage takes one away', () => {
    expect(roll([5, 4, 6], 2, 12, 1).total).toBe(17);
    expect(roll([5, 4, 6], 2, 12, -1).total).toBe(5);
    expect(roll([5, 4], 2, 12, 0).total).toBe(11);
  });

  test('damage thresholds: below major marks 1 hit point, major 2, severe 3; an armour slot marks one fewer', () => {
    const steps = hope.combat!.damage!.steps!;
    const thresholds = steps.find((s) => s.id === 'thresholds')!;
    const armour = steps.find((s) => s.id === 'armour')!;
    const marked = (damage: number) => evaluate(hope, thresholds.value, { damage, 'target.major': 8, 'target.severe': 15 }, new RiggedRng([])).value;
    expect([0, 1, 7, 8, 14, 15, 40].map(marked)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(evaluate(hope, armour.value, { damage: 2 }, new RiggedRng([])).value).toBe(1);
  });

  test('in a fight, every hit marks 1-3 hit points against Evasion, and a hero with Hope spends it', () => {
    const system = loadRuntime(hope);
    let spent = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const events = fightLog(system, 'elite-pair', seed);
      for (const d of eventsOf(events, 'damage')) expect(d.amount).toBeLessThanOrEqual(3);
      for (const c of eventsOf(events, 'check')) if (c.check === 'attack' && c.actor === 'rogue') expect(c.vs).toBe(13);
      spent += eventsOf(events, 'ability').filter((a) => a.ability === 'hope-strike').length;
    }
    expect(spent).toBeGreaterThan(0);
  });
});

describe('Twin Dice: two attribute dice', () => {
  test('a staff reading second: willpower rolls WLP + WLP (d10 + d10 for Willpower d10)', () => {
    // The elementalist without spells, so every turn is a staff blow.
    const staffOnly = { ...twin, heroes: twin.heroes!.map((h) => (h.id === 'elementalist' ? { ...h, abilities: [], orders: [] } : h)) };
    const system = loadRuntime(staffOnly);
    const composed = composeFight(system, { heroes: ['elementalist'], enemies: [{ template: { role: 'boss', tier: 1 } }], maxRounds: 3 });
    if (!composed.ok) throw new Error(composed.error);
    const staff = twin.heroes!.find((h) => h.id === 'elementalist')!.weapon!;
    expect(staff.reads).toEqual({ second: '@willpower' });
    const rolls = [] as string[];
    for (let seed = 1; seed <= 40; seed++) {
      for (const c of eventsOf(fightLog(system, composed.fight, seed), 'check')) {
        if (c.actor === 'elementalist' && c.check === 'attack') rolls.push(c.chip);
      }
    }
    expect(rolls.length).toBeGreaterThan(0);
    for (const chip of rolls) expect(chip).toMatch(/^d10\[First\] \(\d+\) \+ d10\[Second\] \(\d+\)/);
  });

  test('enemies and the system read `second` as Might: a guardian rolls DEX + MIG (d8 + d10)', () => {
    const faces = judge(twin, 'attack', { stat: 8, second: 10, vs: 10 }, [8, 10]);
    expect(faces.total).toBe(18);
    expect(faces.chip).toMatch(/^d8\[First\] \(8\) \+ d10\[Second\] \(10\)/);
  });

  test('matching dice crit (when they hit), double ones fumble', () => {
    expect(judge(twin, 'attack', { stat: 8, second: 8, vs: 10 }, [6, 6]).outcome).toBe('crit');
    expect(judge(twin, 'attack', { stat: 8, second: 8, vs: 10 }, [1, 1]).outcome).toBe('fumble');
    expect(judge(twin, 'attack', { stat: 8, second: 8, vs: 10 }, [4, 6]).outcome).toBe('hit');
    expect(judge(twin, 'attack', { stat: 8, second: 8, vs: 10 }, [4, 5]).outcome).toBe('miss');
  });

  test('damage is the higher die plus the weapon: @roll.high + 6 for a broadsword', () => {
    const judged = judge(twin, 'attack', { stat: 8, second: 10, vs: 10 }, [3, 9]);
    expect(judged.outcome).toBe('hit');
    const broadsword = twin.heroes!.find((h) => h.id === 'guardian')!.weapon!.damage;
    expect(evaluate(twin, broadsword, { 'roll.high': Math.max(3, 9) }, new RiggedRng([])).value).toBe(15);
  });

  test('gridless: melee never reaches a flying harpy; the crossbow and spells do', () => {
    expect(twin.grid).toBe(false);
    const system = loadRuntime(twin);
    let ranged = 0;
    let melee = 0;
    for (let seed = 1; seed <= 20; seed++) {
      for (const c of eventsOf(fightLog(system, 'harpy-nest', seed), 'check')) {
        if (c.check !== 'attack' && c.check !== 'magic') continue;
        if (c.actor === 'guardian') melee++;
        if (c.actor === 'sharpshooter' && c.target?.startsWith('harpy')) ranged++;
      }
    }
    expect(melee).toBe(0);
    expect(ranged).toBeGreaterThan(0);
  });
});
