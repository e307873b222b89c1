// Worked examples of `libra-how-to-play.txt` on the real systems/libra.json: the damage pipeline at formula level
// (its damage steps, in order, with the values the engine gives them), the roll and the clock, and fights in the
// real engine for initiative every round, rows and flying.
import { describe, expect, test } from 'vitest';
import type { Value } from '../../engine/formula/types';
import type { SystemDocument } from '../../engine/schema/document';
import { composeFight, fightLog } from '../../engine/sim/index';
import { RiggedRng, eventsOf, evaluate, judge, loadRuntime, systemDocument } from './harness';

const doc = systemDocument('libra');

interface Blow {
  damage: number;
  crit?: boolean;
  killer?: boolean;
  weak?: boolean;
  advantage?: boolean;
  disadvantage?: boolean;
  resisted?: boolean;
  dodged?: boolean;
  melee?: boolean;
  from?: string;
  into?: string;
  armour?: number;
  type?: string;
  /** The attacker's and the target's weapon types (`wields`). */
  wields?: string[];
  against?: string[];
}

/** Runs the system's damage steps in order, as the engine does: each step whose `when` holds replaces @damage. */
function damageAfterSteps(system: SystemDocument, blow: Blow): { damage: number; steps: string[] } {
  const type = blow.type ?? 'fire';
  const values: Record<string, Value> = {
    crit: blow.crit ?? false,
    damageType: type,
    'attacker.killers': blow.killer ? ['beastman'] : [],
    'attacker.conditions': [...(blow.advantage ? ['advantage'] : []), ...(blow.disadvantage ? ['disadvantage'] : [])],
    'attacker.position': blow.from ?? 'front',
    'attacker.wields': blow.wields ?? [],
    'target.wields': blow.against ?? [],
    'target.tags': ['beastman'],
    'target.weak': blow.weak ? [type] : [],
    'target.resist': blow.resisted ? [type] : [],
    'target.position': blow.into ?? 'front',
    'target.armour': blow.armour ?? 0,
    'target.marmour': blow.armour ?? 0,
    'attack.melee': blow.melee ?? false,
    'reaction.dodge': blow.dodged ?? false,
    'reaction.resist': false,
  };
  let damage = blow.damage;
  const steps: string[] = [];
  for (const step of system.combat!.damage!.steps!) {
    const scope = { ...values, damage };
    if (evaluate(system, step.when, scope, new RiggedRng([])).value !== true) continue;
    const next = Math.floor(Number(evaluate(system, step.value, scope, new RiggedRng([])).value));
    if (next !== damage) steps.push(step.id);
    damage = next;
  }
  return { damage: Math.max(0, damage), steps };
}

describe('Libra: damage bonuses are additive (seed-notes: we follow the stated mechanism)', () => {
  test('crit alone deals 2.0x damage rolled', () => {
    expect(damageAfterSteps(doc, { damage: 10, crit: true }).damage).toBe(20);
  });

  test('the "5.5x" example: crit + killer + weakness + advantage, added on a base of 1, is 4.5x (1 + 1 + 1 + 1 + 0.5)', () => {
    expect(damageAfterSteps(doc, { damage: 10, crit: true, killer: true, weak: true, advantage: true }).damage).toBe(45);
  });

  test('a designer who wants the printed 5.5x writes advantage as +1.5 in the multiplier function', () => {
    const multiplier = doc.functions!.multiplier!;
    const variant: SystemDocument = {
      ...doc,
      functions: { ...doc.functions, multiplier: { ...multiplier, body: multiplier.body.replace('(@advantage ? 0.5 : 0)', '(@advantage ? 1.5 : 0)') } },
    };
    expect(variant.functions!.multiplier!.body).not.toBe(multiplier.body);
    expect(damageAfterSteps(variant, { damage: 10, crit: true, killer: true, weak: true, advantage: true }).damage).toBe(55);
    expect(damageAfterSteps(variant, { damage: 10, crit: true }).damage).toBe(20);
  });

  test('disadvantage but a critical hit equals out to 1.0x damage rolled', () => {
    expect(damageAfterSteps(doc, { damage: 10, crit: true, disadvantage: true }).damage).toBe(10);
    expect(damageAfterSteps(doc, { damage: 10, disadvantage: true }).damage).toBe(5);
  });

  test('a 2.0x bonus negates one 0.5x reduction; leftover reductions halve (resisted element, melee from the back row)', () => {
    expect(damageAfterSteps(doc, { damage: 12, resisted: true }).damage).toBe(6);
    expect(damageAfterSteps(doc, { damage: 12, resisted: true, weak: false, killer: true }).damage).toBe(12);
    expect(damageAfterSteps(doc, { damage: 12, melee: true, from: 'back', type: 'physical' }).damage).toBe(6);
    expect(damageAfterSteps(doc, { damage: 12, melee: true, from: 'back', into: 'back', type: 'physical' }).damage).toBe(3);
    expect(damageAfterSteps(doc, { damage: 12, melee: false, from: 'back', into: 'back', type: 'physical' }).damage).toBe(12);
  });

  test('weapon advantage (our reading: sword over axe over spear over sword) is 1.5x, the one beaten deals 0.5x; it is the one Advantage, not added to a granted one', () => {
    expect(damageAfterSteps(doc, { damage: 10, wields: ['sword'], against: ['axe'] }).damage).toBe(15);
    expect(damageAfterSteps(doc, { damage: 10, wields: ['axe'], against: ['spear'] }).damage).toBe(15);
    expect(damageAfterSteps(doc, { damage: 10, wields: ['spear'], against: ['sword'] }).damage).toBe(15);
    expect(damageAfterSteps(doc, { damage: 10, wields: ['axe'], against: ['sword'] }).damage).toBe(5);
    expect(damageAfterSteps(doc, { damage: 10, wields: ['axe'], against: ['sword'], crit: true }).damage).toBe(10);
    expect(damageAfterSteps(doc, { damage: 10, wields: ['sword'], against: ['axe'], crit: true }).damage).toBe(25);
    expect(damageAfterSteps(doc, { damage: 10, wields: ['sword'], against: ['axe'], advantage: true }).damage).toBe(15);
    expect(damageAfterSteps(doc, { damage: 10, wields: ['bow'], against: ['axe'] }).damage).toBe(10);
    expect(damageAfterSteps(doc, { damage: 10, wields: ['sword'], against: ['sword'] }).damage).toBe(10);
  });

  test('Dodge halves first, then the multipliers, then flat Armour', () => {
    // 15 dodged → 7; crit ×2 → 14; Armour 3 → 11 (halving last would give 15 × 2 / 2 - 3 = 12).
    const result = damageAfterSteps(doc, { damage: 15, dodged: true, crit: true, type: 'physical', armour: 3 });
    expect(result.damage).toBe(11);
    expect(result.steps).toEqual(['dodge', 'multipliers', 'armour']);
  });

  test('Armour/M.Armour is a flat number subtracted from the final total, never below 0', () => {
    expect(damageAfterSteps(doc, { damage: 4, type: 'physical', armour: 6 }).damage).toBe(0);
  });
});

describe('Libra: the d100 roll under [Stat + Skill]', () => {
  test('a roll at or under the target number hits; over it misses', () => {
    expect(judge(doc, 'attack', { stat: 60 }, [60]).outcome).toBe('hit');
    expect(judge(doc, 'attack', { stat: 60 }, [61]).outcome).toBe('miss');
  });

  test('01-05 is a critical hit even above the skill', () => {
    for (const face of [1, 5]) expect(judge(doc, 'attack', { stat: 3 }, [face]).outcome).toBe('crit');
    expect(judge(doc, 'attack', { stat: 3 }, [6]).outcome).toBe('miss');
  });

  test('96-00 always fails, even under the skill', () => {
    for (const face of [96, 100]) expect(judge(doc, 'attack', { stat: 120 }, [face]).outcome).toBe('fumble');
    expect(judge(doc, 'attack', { stat: 120 }, [95]).outcome).toBe('hit');
  });

  test('Dodge rolls under Agility x 10', () => {
    expect(judge(doc, 'dodge', { 'dodge.tn': 40 }, [40]).outcome).toBe('dodged');
    expect(judge(doc, 'dodge', { 'dodge.tn': 40 }, [41]).outcome).toBe('failed');
  });
});

describe('Libra: speed and initiative', () => {
  test('Break Free (speed 6) from initiative 18: acts at 18, 12 and 6, and is at 0 for the next turn', () => {
    const clock = doc.turn!.clock!;
    const breakFree = doc.turn!.actions.find((a) => a.id === 'break-free')!;
    const acts: number[] = [];
    let at = 18;
    for (let guard = 0; guard < 20; guard++) {
      if (evaluate(doc, clock.while, { clock: at }, new RiggedRng([])).value !== true) break;
      acts.push(at);
      // Held, the hero takes no action of its own (speed 0): the clock spends Break Free's speed.
      const speed = Number(evaluate(doc, breakFree.speed!, {}, new RiggedRng([])).value);
      const held = Number(evaluate(doc, clock.cost, { clock: at, 'action.speed': 0, conditions: ['dont-move'] }, new RiggedRng([])).value);
      expect(held).toBe(speed);
      expect(evaluate(doc, clock.cost, { clock: at, 'action.speed': 5, conditions: [] }, new RiggedRng([])).value).toBe(5);
      at -= held;
    }
    expect(acts).toEqual([18, 12, 6]);
    expect(at).toBe(0);
  });

  test("Break Free in a fight: held by Don't Move for 3 turns at initiative 18, the hero breaks free at 18, 12 and 6", () => {
    // A quicker knight (Agility 5, Will 5: initiative 1d10 + 10) so that 18 comes up.
    const quick = { ...doc, heroes: doc.heroes!.map((h) => (h.id === 'knight' ? { ...h, attributes: { ...h.attributes, agi: 5, will: 5 } } : h)) };
    const system = loadRuntime(quick);
    const composed = composeFight(system, { heroes: [{ hero: 'knight', conditions: ['dont-move'] }], enemies: [{ bestiary: 'iron-golem' }], maxRounds: 2 });
    if (!composed.ok) throw new Error(composed.error);
    let found = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = fightLog(system, composed.fight, seed);
      const first = eventsOf(events, 'turn').filter((t) => t.actor === 'knight' && t.round === 1);
      if (first[0]?.initiative !== 18) continue;
      if (eventsOf(events, 'down').some((d) => d.round === 1)) continue;
      found++;
      expect(first.map((t) => t.clock)).toEqual([18, 12, 6]);
      expect(eventsOf(events, 'check').some((c) => c.round === 1 && c.actor === 'knight' && c.check === 'attack')).toBe(false);
      const ended = eventsOf(events, 'condition').find((c) => c.condition === 'dont-move' && c.change === 'ended');
      expect(ended?.round).toBe(1);
      // Free again on the next turn: round 2 brings blows.
      expect(eventsOf(events, 'check').some((c) => c.round === 2 && c.actor === 'knight' && c.check === 'attack')).toBe(true);
    }
    expect(found).toBeGreaterThan(0);
  });

  test('initiative 1d10 + Agility + Will is rolled every round, and each action spends its speed on the clock', () => {
    const system = loadRuntime(doc);
    const events = fightLog(system, 'pincer-golem', 3);
    const rounds = eventsOf(events, 'round').length;
    const knightInits = eventsOf(events, 'check').filter((c) => c.check === 'initiative' && c.actor === 'knight');
    expect(knightInits.length).toBe(rounds);
    for (const c of knightInits) expect(c.chip).toMatch(/^1d10 \(\d+\) \+ 3 Agility \+ 2 Will = \d+$/);
    // The knight's weapon and powers have speed 5 or 7, a potion (Use Item) 10: one Action a turn, so successive turns in
    // a round step down by one of those.
    const turns = eventsOf(events, 'turn').filter((t) => t.actor === 'knight');
    for (let i = 1; i < turns.length; i++) {
      if (turns[i]!.round !== turns[i - 1]!.round) continue;
      expect([5, 7, 10]).toContain((turns[i - 1]!.clock ?? 0) - (turns[i]!.clock ?? 0));
    }
    for (const t of turns) expect(t.clock ?? 0).toBeGreaterThanOrEqual(1);
  });

  test('enemies Dodge too: a dodged physical hit on a goblin is halved before anything else', () => {
    const system = loadRuntime(doc);
    let dodged = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const events = fightLog(system, 'goblin-pack', seed);
      events.forEach((e, i) => {
        if (e.type !== 'reaction' || e.ability !== 'dodge' || !e.actor.startsWith('goblin') || !e.success) return;
        const damage = events.slice(i + 1).find((x) => x.type === 'damage');
        if (damage?.type !== 'damage' || damage.damageType !== 'physical') return;
        dodged++;
        expect(damage.target).toBe(e.actor);
        expect(damage.steps[0]).toBe('Dodge (0.5x, first)');
      });
    }
    expect(dodged).toBeGreaterThan(0);
  });

  test('a flying enemy is never the target of a melee attack', () => {
    const system = loadRuntime(doc);
    for (let seed = 1; seed <= 20; seed++) {
      const events = fightLog(system, 'bombs-and-wyvern', seed);
      const melee = eventsOf(events, 'check').filter((c) => c.check === 'attack' && c.actor === 'knight');
      expect(melee.length).toBeGreaterThan(0);
      for (const c of melee) expect(c.target).not.toBe('wyvern-1');
    }
  });
});
