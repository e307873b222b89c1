// Success-based live action's armour penalty and untrained abilities (`success-based-live-action.txt`: "Armor can
// cause a penalty to any action that uses Dexterity"; "If the character does not have the skill, a penalty of 1 is
// applied to the target number"; "only ... a Knowledge if they possess at least one dot"), on the real system file.
import { describe, expect, test } from 'vitest';
import { composeFight, fightLog } from '../../engine/sim/index';
import type { SystemDocument } from '../../engine/schema/document';
import { RiggedRng, evaluate, eventsOf, judge, loadRuntime, systemDocument } from './harness';

const doc = systemDocument('success-based-live-action');
const hero = (id: string) => doc.heroes!.find((h) => h.id === id)!;

describe("live action: armour's penalty to Dexterity actions", () => {
  test('the aggressor\'s penalty raises the target number (Gouge 4 against Dewey 4 in armour penalty 2: target 8, a 7 misses)', () => {
    const plain = judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [3, 4]);
    expect(plain.outcome).toBe('hit');
    const armoured = judge(doc, 'attack', { stat: 4, vs: 4, handicap: 2, 'target.armorPenalty': 0, conditions: [] }, [3, 4]);
    expect(armoured.outcome).toBe('miss');
    // The defender won by target 8 - thrown 7 = 1.
    expect(armoured.degree).toBe(1);
  });

  test("the defender's penalty lowers it (its Dodge uses Dexterity): target 6 - 2 = 4, a 4 hits", () => {
    expect(judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [2, 2]).outcome).toBe('miss');
    const hit = judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 2, conditions: [] }, [2, 2]);
    expect(hit.outcome).toBe('hit');
    expect(hit.degree).toBe(1);
  });

  test("every blow's read carries the wielder's armour penalty (Gouge's bat, the system's default for the bestiary)", () => {
    const rng = new RiggedRng([]);
    expect(evaluate(doc, hero('gouge').weapon!.reads!.handicap!, { armorPenalty: 2, melee: 4 }, rng).value).toBe(2);
    expect(evaluate(doc, doc.combat!.attack!.reads!.handicap!, { armorPenalty: 3 }, rng).value).toBe(3);
  });

  test('in a fight, a thug in heavy armour (penalty 3) hits Gouge less often than in none, seed for seed never more', () => {
    const armoured: SystemDocument = { ...doc, bestiary: doc.bestiary!.map((c) => (c.id === 'thug' ? { ...c, attributes: { ...c.attributes, armorPenalty: 3 } } : c)) };
    const hits = (d: SystemDocument) => {
      const system = loadRuntime(d);
      const c = composeFight(system, { heroes: ['gouge'], enemies: [{ bestiary: 'thug' }], maxRounds: 1 });
      if (!c.ok) throw new Error(c.error);
      let n = 0, blows = 0;
      for (let seed = 1; seed <= 300; seed++) {
        for (const e of eventsOf(fightLog(system, c.fight, seed), 'check')) {
          if (e.check !== 'attack' || e.actor !== 'thug-1') continue;
          blows++;
          if (e.result === 'success') n++;
        }
      }
      return { n, blows };
    };
    const plain = hits(doc), heavy = hits(armoured);
    expect(heavy.blows).toBe(plain.blows);
    // Dewey-like numbers: thug Melee total 4 against Gouge's Dodge total 3: target 5 (6 of 10 throws hit, a 1 botches),
    // 8 in armour (3 of 10). Over 300 blows each the two shares are 0.6 and 0.3 (±0.03 each); 4.5σ apart is far less.
    expect(plain.n / plain.blows).toBeGreaterThan(0.5);
    expect(heavy.n / heavy.blows).toBeLessThan(0.4);
  });
});

describe('live action: abilities attempted untrained', () => {
  test("a Skill without a dot: Gouge's bat with Melee 0 puts a penalty of 1 on the target number (the weapon's read)", () => {
    const rng = new RiggedRng([]);
    const read = hero('gouge').weapon!.reads!.handicap!;
    expect(evaluate(doc, read, { armorPenalty: 0, melee: 0 }, rng).value).toBe(1);
    expect(evaluate(doc, read, { armorPenalty: 0, melee: 1 }, rng).value).toBe(0);
    expect(evaluate(doc, hero('victor').weapon!.reads!.handicap!, { armorPenalty: 0, firearms: 0 }, rng).value).toBe(1);
    // Target 6 + 1: a 6 thrown, a hit trained, a miss untrained.
    expect(judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [3, 3]).outcome).toBe('hit');
    expect(judge(doc, 'attack', { stat: 4, vs: 4, handicap: 1, 'target.armorPenalty': 0, conditions: [] }, [3, 3]).outcome).toBe('miss');
  });

  test('a Talent (Brawl) carries no such penalty: Larry\'s fists read only the armour penalty', () => {
    expect(hero('larry').weapon!.reads?.handicap ?? doc.combat!.attack!.reads!.handicap).toBe('@armorPenalty');
  });

  test('a Knowledge without a dot cannot be attempted: Victor with Occult 0 never throws to unravel the ward', () => {
    const untrained: SystemDocument = { ...doc, heroes: doc.heroes!.map((h) => (h.id === 'victor' ? { ...h, attributes: { ...h.attributes, occult: 0 } } : h)) };
    const system = loadRuntime(untrained);
    let tries = 0;
    for (let seed = 1; seed <= 10; seed++) {
      for (const e of eventsOf(fightLog(system, 'broken-ward', seed), 'check')) {
        if (e.actor !== 'victor' || e.check !== 'challenge') continue;
        tries++;
        expect(e.outcome).toBe('not-attempted');
        expect(e.dice).toEqual([]);
      }
    }
    expect(tries).toBeGreaterThan(10);
  });
});
