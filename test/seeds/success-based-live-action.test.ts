// Worked examples of `success-based-live-action.txt` on the real systems/success-based-live-action.json.
// Throws are formula level (the `throw` user function and the checks' outcomes, with a rigged RNG: each face is one
// person's fingers); Celerity is checked on the clock formulas and in the real engine's turn order.
import { describe, expect, test } from 'vitest';
import { composeFight, fightLog } from '../../engine/sim/index';
import { RiggedRng, eventsOf, evaluate, judge, loadRuntime, systemDocument } from './harness';

const doc = systemDocument('success-based-live-action');

describe('live action: the finger throw (a user function over two throws, seed-notes)', () => {
  test('Example 1: Dewey throws 8 and Gouge 4: 12, over 10, so 2; the chip shows both throws', () => {
    const thrown = evaluate(doc, 'throw(10)', {}, new RiggedRng([8, 4]));
    expect(thrown.value).toBe(2);
    expect(thrown.chip).toContain('8, 4');
  });

  test('Example 1: had Gouge thrown 3, the total is 11, so 1: a botch (rule of one)', () => {
    expect(evaluate(doc, 'throw(10)', {}, new RiggedRng([8, 3])).value).toBe(1);
    // Gouge (Dexterity 2 + Melee 4 = 6) attacks Dewey (say Dexterity 2 + Dodge 1 = 3): target number 6 + 3 - 6 = 3.
    // Target 3 is 5 or less: for Dewey, the defender, the same 1 is a rule of ten (a second throw: 1 + 1 → 2).
    const attack = judge(doc, 'attack', { stat: 6, vs: 3, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [8, 3, 1, 1]);
    expect(attack.total).toBe(1);
    expect(attack.outcome).toBe('defender-ten');
    expect(doc.checks!.attack!.outcomes!.find((o) => o.id === 'defender-ten')!.botch).toBe(true);
  });

  test('each of 1..10 comes up exactly once over the ten throws of one hand against a fixed other', () => {
    const seen = Array.from({ length: 10 }, (_, i) => evaluate(doc, 'throw(10)', {}, new RiggedRng([i + 1, 7])).value);
    expect([...seen].sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('live action: degrees, the rule of ten, automatic success, the first one at target 2', () => {
  test("Example 2: Victor (Appearance 4 + Empathy 1 = 5) throws 10 against Petey's Willpower 10: degree 3, rule of ten, 2 + 2 → 4", () => {
    // Target number 10 - floor(5 / 2) = 8; 10 thrown: degree 10 - 8 + 1 = 3 < 5, so a second throw of 1..5 fingers
    // each: 2 + 2 = 4 (not over 5), larger than 3: the degree is 4.
    const entrance = judge(doc, 'challenge', { stat: 5, vs: 10, conditions: [] }, [4, 6, 2, 2]);
    expect(entrance.total).toBe(10);
    expect(entrance.outcome).toBe('rule-of-ten');
    expect(entrance.degree).toBe(4);
    expect(entrance.facesUsed).toBe(4);
  });

  test('the rule of ten keeps the first degree when the second throw is lower (3 + 4 = 7 → 2 over 5)', () => {
    const entrance = judge(doc, 'challenge', { stat: 5, vs: 10, conditions: [] }, [4, 6, 3, 4]);
    expect(entrance.outcome).toBe('rule-of-ten');
    expect(entrance.degree).toBe(3);
  });

  test('a degree of success is thrown - target + 1, capped by the ability total', () => {
    // Unopposed, difficulty 6, total 4: target 6 - 2 = 4; a 9 gives 6, capped at 4.
    expect(judge(doc, 'challenge', { stat: 4, vs: 6, conditions: [] }, [4, 5]).degree).toBe(4);
    expect(judge(doc, 'challenge', { stat: 4, vs: 6, conditions: [] }, [2, 3]).degree).toBe(2);
    expect(judge(doc, 'challenge', { stat: 4, vs: 6, conditions: [] }, [1, 2]).outcome).toBe('failure');
  });

  test('Example 3: Larry (Strength 4 + Potence 5 as double Strength = 14) takes the automatic success against difficulty 5: degree 1', () => {
    const punch = judge(doc, 'challenge.auto', { stat: 14, vs: 5, conditions: [] }, [3, 9]);
    expect(punch.outcome).toBe('automatic');
    expect(punch.degree).toBe(1);
  });

  test("Example 3: thrown instead, the target is 5 - 7 → 2; Larry's first 1 this scene is a plain failure, the next a botch", () => {
    const first = judge(doc, 'challenge', { stat: 14, vs: 5, conditions: [] }, [5, 6]);
    expect(first.total).toBe(1);
    expect(first.outcome).toBe('first-one');
    const firstOutcome = doc.checks!.challenge!.outcomes!.find((o) => o.id === 'first-one')!;
    expect(firstOutcome.result).toBe('fail');
    expect(firstOutcome.botch).toBeUndefined();
    expect(firstOutcome.applies).toEqual(['spent-first-one']);
    const second = judge(doc, 'challenge', { stat: 14, vs: 5, conditions: ['spent-first-one'] }, [5, 6]);
    expect(second.outcome).toBe('botch');
  });

  test('Example 3: Larry picking the lock (Wits 1 + Streetwise 2 = 3) throws a 3 and fails (difficulty 6: target 5)', () => {
    expect(judge(doc, 'challenge', { stat: 3, vs: 6, conditions: [] }, [1, 2]).outcome).toBe('failure');
  });

  test("the defender's rule of one: a 10 against target 10 succeeds and puts the defender off balance", () => {
    // Aggressor total 1 against a defender's 5: 6 + 5 - 1 = 10.
    const attack = judge(doc, 'attack', { stat: 1, vs: 5, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [4, 6]);
    expect(attack.outcome).toBe('defender-botch');
    expect(doc.checks!.attack!.outcomes!.find((o) => o.id === 'defender-botch')!.inflicts).toEqual(['off-balance']);
  });

  test('difficulty 10 unopposed botches on throws up to 11 - target (target 9: a 1 or a 2)', () => {
    // Total 2: target 10 - 1 = 9.
    expect(judge(doc, 'challenge', { stat: 2, vs: 10, conditions: [] }, [1, 1]).outcome).toBe('botch-difficulty-10');
    expect(judge(doc, 'challenge', { stat: 2, vs: 10, conditions: [] }, [1, 2]).outcome).toBe('failure');
  });

  test('spending willpower lowers the target by one and adds one degree, even past the ability total', () => {
    // Opposed: 6 + 4 - 4 = 6; a 6 is degree 1 (4 with willpower: target 5, degree 2, +1 = 3).
    expect(judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [2, 4]).degree).toBe(1);
    expect(judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [], 'mods.willpower': 1 }, [2, 4]).degree).toBe(3);
    expect(judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [1, 4]).outcome).toBe('miss');
    expect(judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [], 'mods.willpower': 1 }, [1, 4]).outcome).toBe('hit');
  });
});

describe('live action: the rule of one in a fight (a scene)', () => {
  test('against target 2, the first thrown 1 of the fight is a plain failure and every later one a botch', () => {
    // A brawler far above the thugs (Melee total 12 against Dodge 4: 6 + 4 - 12, kept at 2).
    const brawler = { ...doc, heroes: doc.heroes!.map((h) => (h.id === 'gouge' ? { ...h, attributes: { ...h.attributes, dexterity: 6, melee: 6 }, orders: [] } : h)) };
    const system = loadRuntime(brawler);
    let firsts = 0;
    let laters = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const ones = eventsOf(fightLog(system, 'alley-brawl', seed), 'check').filter((c) => c.actor === 'gouge' && c.check === 'attack' && c.total === 1);
      ones.forEach((c, i) => {
        // After the first, a botch (against target 2, also the defender's rule of ten when its total is above 1).
        if (i === 0) expect(c.outcome).toBe('first-one');
        else expect(doc.checks!.attack!.outcomes!.find((o) => o.id === c.outcome)?.botch).toBe(true);
        if (i === 0) firsts++; else laters++;
      });
    }
    expect(firsts).toBeGreaterThan(0);
    expect(laters).toBeGreaterThan(0);
  });
});

describe('live action: Celerity and initiative', () => {
  test('Damien (Celerity 4, initiative 15) acts at 15, 12, 9, 6 and 3, and not at 0 (the clock formulas)', () => {
    const clock = doc.turn!.clock!;
    const acts: number[] = [];
    let at = 15;
    for (let guard = 0; guard < 20; guard++) {
      const values = { clock: at, initiative: 15, celerity: 4 };
      if (evaluate(doc, clock.while, values, new RiggedRng([])).value !== true) break;
      acts.push(at);
      at -= Number(evaluate(doc, clock.cost, values, new RiggedRng([])).value);
    }
    expect(acts).toEqual([15, 12, 9, 6, 3]);
    expect(at).toBe(0);
  });

  test('in a fight, Damien acts at initiative - k * floor(initiative / 5), k = 0..4, never at 0 or below', () => {
    const system = loadRuntime(doc);
    const composed = composeFight(system, { heroes: ['damien'], enemies: [{ template: { role: 'boss', tier: 6 }, conditions: ['immobilized'] }], maxRounds: 5 });
    if (!composed.ok) throw new Error(composed.error);
    let rounds = 0;
    let saw15 = false;
    for (let seed = 1; seed <= 40; seed++) {
      const events = fightLog(system, composed.fight, seed);
      const byRound = new Map<number, number[]>();
      // Each action after the first costs a blood point (`turn.clock.again`): the schedule holds while he can pay.
      const bloodAt = new Map<number, number>();
      let blood = 10;
      for (const e of events) {
        if (e.type === 'round') bloodAt.set(e.round, blood);
        if (e.type === 'gain' && e.target === 'damien' && e.track === 'blood') blood = e.value;
      }
      for (const t of eventsOf(events, 'turn')) if (t.actor === 'damien') byRound.set(t.round, [...(byRound.get(t.round) ?? []), t.clock ?? NaN]);
      for (const [round, clocks] of byRound) {
        const initiative = clocks[0]!;
        const step = Math.max(1, Math.floor(initiative / 5));
        const expected = Array.from({ length: 5 }, (_, k) => initiative - k * step).filter((c) => c > 0).slice(0, 1 + bloodAt.get(round)!);
        const fightOver = eventsOf(events, 'fightEnd')[0]?.round === round || eventsOf(events, 'down').some((d) => d.round === round);
        if (fightOver) expect(expected.slice(0, clocks.length)).toEqual(clocks);
        else expect(clocks).toEqual(expected);
        rounds++;
        if (initiative === 15 && !fightOver && bloodAt.get(round)! >= 4) { saw15 = true; expect(clocks).toEqual([15, 12, 9, 6, 3]); }
      }
    }
    expect(rounds).toBeGreaterThan(0);
    expect(saw15).toBe(true);
  });
});

describe('live action: soak and bashing against vampires', () => {
  test('soak is Stamina + Fortitude + floor(Armor / 2); bashing to a vampire is then halved, rounding down (1 → 0)', () => {
    const steps = doc.combat!.damage!.steps!;
    const soak = steps.find((s) => s.id === 'soak')!;
    const halve = steps.find((s) => s.id === 'bashing-vampire')!;
    const target = { 'target.soak': 3 + 1 + Math.floor(3 / 2), 'target.tags': ['vampire'] };
    expect(evaluate(doc, soak.value, { damage: 6, ...target }, new RiggedRng([])).value).toBe(1);
    expect(evaluate(doc, halve.when, { damageType: 'bashing', ...target }, new RiggedRng([])).value).toBe(true);
    expect(evaluate(doc, halve.value, { damage: 1 }, new RiggedRng([])).value).toBe(0);
    expect(evaluate(doc, halve.when, { damageType: 'lethal', ...target }, new RiggedRng([])).value).toBe(false);
  });
});
