// Success-based live action's seed rules that issue 21 found approximated or missing
// (`success-based-live-action.txt`), each on the real systems/success-based-live-action.json in the real engine.
import { describe, expect, test } from 'vitest';
import { composeFight, fightLog, type FightEvent, type System } from '../../engine/sim/index';
import type { AdHocFight, FightDef } from '../../engine/sim/index';
import { checkSystem } from '../../engine/schema';
import { RiggedRng, evaluate, eventsOf, judge, loadRuntime, systemDocument, systemText } from './harness';

const doc = systemDocument('success-based-live-action');

function composed(system: System, spec: AdHocFight): FightDef {
  const c = composeFight(system, spec);
  if (!c.ok) throw new Error(c.error);
  return c.fight;
}

/** What each check of a log decided: who, which check, the throw, the outcome (the influences left out). */
function decisions(events: readonly FightEvent[]): string[] {
  return eventsOf(events, 'check').map((c) => `${c.actor} ${c.check} ${c.total} ${c.outcome ?? ''}`);
}

describe('live action: Moving on both sides cancels (the penalties apply to both sides)', () => {
  test('Gouge and a thug both Moving fight exactly as neither moving, seed for seed; one side Moving does not', () => {
    const system = loadRuntime(doc);
    const still = composed(system, { heroes: ['gouge'], enemies: [{ bestiary: 'thug' }], maxRounds: 30 });
    const both = composed(system, { heroes: [{ hero: 'gouge', conditions: ['moving'] }], enemies: [{ bestiary: 'thug', conditions: ['moving'] }], maxRounds: 30 });
    const one = composed(system, { heroes: [{ hero: 'gouge', conditions: ['moving'] }], enemies: [{ bestiary: 'thug' }], maxRounds: 30 });
    let differs = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const base = decisions(fightLog(system, still, seed));
      expect(decisions(fightLog(system, both, seed))).toEqual(base);
      if (decisions(fightLog(system, one, seed)).join('\n') !== base.join('\n')) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });
});

describe('live action: firearms do bashing damage to vampires only (a damage step changes the type by the target)', () => {
  test("in the coterie's fight, Victor's revolver does lethal damage to mortals, the gunmen's revolvers bashing to the vampires, halved", () => {
    const system = loadRuntime(doc);
    let toMortals = 0;
    let toVampires = 0;
    for (let seed = 1; seed <= 20; seed++) {
      for (const d of eventsOf(fightLog(system, 'coterie-vs-gang', seed), 'damage')) {
        if (d.actor === 'victor') { toMortals++; expect(d.damageType).toBe('lethal'); }
        if (d.actor.startsWith('gunman')) {
          toVampires++;
          expect(d.damageType).toBe('bashing');
          expect(d.amount).toBeLessThanOrEqual(Math.floor(Math.max(0, d.rolled) / 2));
        }
      }
    }
    expect(toMortals).toBeGreaterThan(10);
    expect(toVampires).toBeGreaterThan(10);
  });
});

/** Each combatant's hit points as the log tells them, event by event: `at(i)` before event i. */
function hpTimeline(events: readonly FightEvent[]): (i: number, id: string) => number {
  const snapshots: Map<string, number>[] = [];
  const hp = new Map<string, number>();
  for (const e of events) {
    snapshots.push(new Map(hp));
    if (e.type === 'fightStart') for (const c of e.combatants) hp.set(c.id, c.hp);
    if (e.type === 'damage') hp.set(e.target, e.hp);
    if (e.type === 'heal' && e.track === 'hp') hp.set(e.target, (hp.get(e.target) ?? 0) + e.amount);
  }
  return (i, id) => snapshots[i]!.get(id) ?? NaN;
}

describe('live action: a wound penalty at or above the ability total stops the action (checks[].requires)', () => {
  test('a thug at 1 health level (Crippled, wound 5 against Dexterity 2 + Melee 2) takes its turns but never swings; above it, it does', () => {
    const system = loadRuntime(doc);
    let crippledTurns = 0;
    let swingsAbove = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const events = fightLog(system, 'alley-brawl', seed);
      const hpAt = hpTimeline(events);
      let actor = '';
      events.forEach((e, i) => {
        if (e.type === 'turn') { actor = e.actor; if (actor.startsWith('thug') && hpAt(i, actor) === 1) crippledTurns++; }
        if (e.type !== 'check' || e.check !== 'attack' || !e.actor.startsWith('thug') || e.actor !== actor) return;
        if (hpAt(i, e.actor) === 1) {
          expect(e.outcome).toBe('not-attempted');
          expect(e.dice).toEqual([]);
          expect(e.chip).toContain('not attempted');
        } else swingsAbove++;
      });
    }
    expect(crippledTurns).toBeGreaterThan(0);
    expect(swingsAbove).toBeGreaterThan(100);
  });
});

describe("live action: a botch's penalty lasts to the botcher's next challenge (conditions[].charges)", () => {
  test('every botch in the alley (aggressor or defender) puts a penalty on the next challenge the botcher takes part in, which then ends it', () => {
    const system = loadRuntime(doc);
    let botches = 0;
    let reached = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const events = fightLog(system, 'alley-brawl', seed);
      events.forEach((e, i) => {
        if (e.type !== 'condition' || e.condition !== 'off-balance' || e.change !== 'applied') return;
        botches++;
        const who = e.target;
        const rest = events.slice(i + 1);
        const next = rest.findIndex((x) => x.type === 'check' && x.check !== 'initiative' && (x.actor === who || x.target === who) && x.outcome !== 'not-attempted');
        if (next < 0) { expect(rest.some((x) => x.type === 'down' && x.target === who) || rest.filter((x) => x.type === 'check' && (x.actor === who || x.target === who) && x.check !== 'initiative').length === 0).toBe(true); return; }
        const check = rest[next] as Extract<FightEvent, { type: 'check' }>;
        expect(check.influencedBy.some((text) => text.startsWith('Off balance')), JSON.stringify(check)).toBe(true);
        const ended = rest.findIndex((x) => x.type === 'condition' && x.condition === 'off-balance' && x.target === who && x.change === 'ended');
        expect(ended).toBeGreaterThanOrEqual(0);
        const between = rest.slice(next + 1, ended).filter((x) => x.type === 'check' && x.check !== 'initiative' && (x.actor === who || x.target === who));
        expect(between).toEqual([]);
        reached++;
      });
    }
    expect(botches).toBeGreaterThan(50);
    expect(reached).toBeGreaterThan(botches * 0.9);
  });
});

describe("live action: the defender's degree and the defender's rule of ten", () => {
  test('a defender who wins has the degree target number - thrown (Gouge 4 against Dewey 4: target 6, a 4 thrown: degree 2)', () => {
    const miss = judge(doc, 'attack', { stat: 4, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [2, 2]);
    expect(miss.outcome).toBe('miss');
    expect(miss.degree).toBe(2);
    // Capped by the defender's ability total: target 10 (aggressor 1 against 5), a 2 thrown: 8, capped at 5.
    expect(judge(doc, 'attack', { stat: 1, vs: 5, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [1, 1]).degree).toBe(5);
  });

  test("a 1 thrown against target 5 or less is the defender's rule of ten: a second throw of up to min(defender, 5) fingers", () => {
    // Gouge 6 against Dewey 3: target 3. Gouge throws 1 (8 + 3): he botches; Dewey's degree 3 - 1 = 2 < 3, so a second
    // throw of 1..3 fingers each: 3 + 3 = 6, less 3 → 3.
    const ten = judge(doc, 'attack', { stat: 6, vs: 3, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [8, 3, 3, 3]);
    expect(ten.outcome).toBe('defender-ten');
    expect(ten.degree).toBe(3);
    expect(doc.checks!.attack!.outcomes!.find((o) => o.id === 'defender-ten')!.botch).toBe(true);
    // The second throw lower: the first degree stands (1 + 1 → 2 against 2).
    expect(judge(doc, 'attack', { stat: 6, vs: 3, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [8, 3, 1, 1]).degree).toBe(2);
    // Target 6 or more: no rule of ten for the defender, the degree is target - 1 capped by the total.
    const plain = judge(doc, 'attack', { stat: 3, vs: 4, handicap: 0, 'target.armorPenalty': 0, conditions: [] }, [8, 3]);
    expect(plain.outcome).toBe('botch');
    expect(plain.degree).toBe(4);
  });
});

describe('live action: a defender too wounded to dodge defends with 0, not less', () => {
  test("Gouge's defence (Dexterity 2 + Dodge 1) at wound 5 is 0; unwounded it is 3", () => {
    const defence = doc.combat!.attack!.defence!;
    expect(evaluate(doc, defence, { dexterity: 2, dodge: 1, wound: 5 }, new RiggedRng([])).value).toBe(0);
    expect(evaluate(doc, defence, { dexterity: 2, dodge: 1, wound: 0 }, new RiggedRng([])).value).toBe(3);
  });
});

describe("live action: the defender's degree in a fight (a defender Fighting back strikes back with it: `counter` on one throw)", () => {
  const tn2 = { handicap: 0, 'target.armorPenalty': 0, conditions: [] };

  test("the first 1 against target 2 is a plain failure for the aggressor and the defender's rule of ten (Victor 8 against Dewey 3)", () => {
    // Target 6 + 3 - 8 → 2; (5 + 6) → 1: the first such 1 of the scene. The defender's degree 2 - 1 = 1 < its total 3, so a
    // second throw of 1..3 fingers each: 1 + 2 → 3.
    const first = judge(doc, 'attack', { stat: 8, vs: 3, ...tn2 }, [5, 6, 1, 2]);
    expect(first.outcome).toBe('first-one');
    expect(first.degree).toBe(3);
    // A defender's total of 1: its degree is the 1, no second throw (no faces left to ask for).
    expect(judge(doc, 'attack', { stat: 8, vs: 1, ...tn2 }, [5, 6]).degree).toBe(1);
  });

  test("a 10 against target 10 is the defender's rule of one and the aggressor's rule of ten at once (2 against 6)", () => {
    // Target 6 + 6 - 2 = 10; (4 + 6) → 10: degree 1 < total 2, a second throw of 1..2 fingers each: 1 + 1 → 2.
    const ten = judge(doc, 'attack', { stat: 2, vs: 6, ...tn2 }, [4, 6, 1, 1]);
    expect(ten.outcome).toBe('defender-botch');
    expect(ten.degree).toBe(2);
    expect(judge(doc, 'attack', { stat: 2, vs: 6, ...tn2 }, [4, 6, 1, 2]).degree).toBe(1);
  });

  test('in the bar fight every challenge a bouncer wins lands its knife on the aggressor with (5 + 1) / 2 + floor(its degree / 2)', () => {
    const system = loadRuntime(doc);
    let countered = 0, highDegree = 0, plainMisses = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = fightLog(system, 'bar-fight', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || e.check !== 'attack') return;
        const next = events[i + 1]?.type === 'condition' ? events[i + 2] : events[i + 1];
        const back = e.outcome?.endsWith('-back') ?? false;
        if (back) {
          expect(e.actor === 'gouge' || e.actor === 'damien').toBe(true);
          const damage = events.slice(i + 1).find((x) => x.type === 'damage' || x.type === 'check');
          expect(damage, JSON.stringify(e)).toMatchObject({ type: 'damage', actor: e.target, target: e.actor, rolled: 3 + Math.floor(e.degree! / 2) });
          countered++;
          if (e.degree! >= 4) highDegree++;
        } else if (e.result === 'fail') {
          // The heroes dodge: a bouncer's failed blow hurts nobody.
          expect(e.actor.startsWith('bouncer')).toBe(true);
          expect(next?.type === 'damage' && next.actor === e.target).toBe(false);
          plainMisses++;
        }
      });
    }
    expect(countered).toBeGreaterThan(100);
    expect(highDegree).toBeGreaterThan(10);
    expect(plainMisses).toBeGreaterThan(10);
  });

  test("Damien's first blow (Melee 7) against a bouncer Fighting back (Melee 6, target 5): struck back 4/10, mean degree 2.55 (its rule of ten)", () => {
    // Thrown 1..4 the bouncer wins, degree 5 - thrown; a 1 against target 5 is its rule of ten: max(4, a throw of 1..5).
    const system = loadRuntime(doc);
    const fight = composed(system, { heroes: ['damien'], enemies: [{ bestiary: 'bouncer', conditions: ['fighting-back'] }], maxRounds: 1 });
    const fights = 3000;
    let countered = 0, sum = 0, n = 0;
    for (let seed = 1; seed <= fights; seed++) {
      const first = fightLog(system, fight, seed).find((e) => e.type === 'check' && e.check === 'attack' && e.actor === 'damien');
      if (!first || first.type !== 'check') throw new Error('Damien did not strike');
      expect(first.vs).toBe(6);
      // A bouncer that acted first may have spent willpower to defend (or botched): those fights are left out.
      if (first.influencedBy.length !== 1) continue;
      n++;
      if (first.outcome?.endsWith('-back')) { countered++; sum += first.degree!; }
    }
    expect(n).toBeGreaterThan(1500);
    const p = 0.4;
    expect(Math.abs(countered / n - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n));
    // Given a counter: thrown 1 (a quarter): 4 w.p. 4/5, 5 w.p. 1/5; thrown 2, 3, 4: degree 3, 2, 1.
    const mean = (4.2 + 3 + 2 + 1) / 4;
    const variance = (0.8 * 16 + 0.2 * 25 + 9 + 4 + 1) / 4 - mean * mean;
    expect(Math.abs(sum / countered - mean)).toBeLessThan(4.5 * Math.sqrt(variance / countered));
  });
});

describe('live action: the bite ("Bites can only be attempted after the victim is grappled"), drinking blood and the Kiss', () => {
  type Check = Extract<FightEvent, { type: 'check' }>;

  test('Salvadore bites only the thug he grapples (abilities[].holding), never one held by someone else', () => {
    const system = loadRuntime(doc);
    let bites = 0, grapples = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const held = new Set<string>();
      for (const e of fightLog(system, 'the-kiss', seed)) {
        if (e.type === 'condition' && e.condition === 'grappled') {
          if (e.change === 'ended') held.delete(e.target); else if (e.source === 'salvadore') held.add(e.target);
        }
        if (e.type === 'down') held.delete(e.target);
        if (e.type === 'ability' && e.actor === 'salvadore' && e.ability === 'bite') {
          expect(e.targets.length).toBe(1);
          expect(held.has(e.targets[0]!), `seed ${seed}: bit ${e.targets[0]} unheld`).toBe(true);
          bites++;
        }
        if (e.type === 'ability' && e.actor === 'salvadore' && e.ability === 'grapple') {
          expect(held.size).toBe(0);
          grapples++;
        }
      }
    }
    expect(bites).toBeGreaterThan(50);
    expect(grapples).toBeGreaterThan(50);
    // A thug grappled at the start by nobody he knows of (no source): Salvadore grapples it himself before he bites.
    const fight = composed(system, { heroes: ['salvadore'], enemies: [{ bestiary: 'thug', conditions: ['grappled'] }], maxRounds: 3 });
    for (let seed = 1; seed <= 10; seed++) {
      const first = fightLog(system, fight, seed).find((e) => e.type === 'ability' && e.actor === 'salvadore');
      expect(first).toMatchObject({ ability: 'grapple' });
    }
  });

  test('a bite that draws blood drinks a point: the victim loses a blood point and a health level (never soaked), the drinker gains one', () => {
    const system = loadRuntime(doc);
    let drinks = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = fightLog(system, 'the-kiss', seed);
      let pool = 4;
      events.forEach((e, i) => {
        if (e.type === 'gain' && e.target === 'salvadore' && e.track === 'blood') pool = e.value;
        if (e.type !== 'damage' || e.damageType !== 'bite' || e.amount <= 0 || e.hp <= 0) return;
        expect(e.actor).toBe('salvadore');
        const after = events.slice(i + 1, i + 9);
        expect(after.find((x) => x.type === 'card')).toMatchObject({ card: 'drink', holder: 'salvadore', target: e.target });
        expect(after.find((x) => x.type === 'gain' && x.target === e.target && x.track === 'blood')).toMatchObject({ amount: -1 });
        expect(after.find((x) => x.type === 'damage' && x.damageType === 'blood')).toMatchObject({ actor: 'salvadore', target: e.target, amount: 1, rolled: 1, hp: e.hp - 1 });
        const gained = after.find((x) => x.type === 'gain' && x.target === 'salvadore' && x.track === 'blood');
        if (pool < 10) expect(gained).toMatchObject({ amount: 1, value: pool + 1 });
        drinks++;
      });
      // A bite soaked to nothing draws no blood (no card); a blow that is not a bite never drinks.
      for (const card of events.filter((x) => x.type === 'card')) expect(card).toMatchObject({ card: 'drink', holder: 'salvadore' });
    }
    expect(drinks).toBeGreaterThan(30);
  });

  test('the Kiss: a bitten mortal takes no action until the end of the drinker\'s next turn; vampires are immune', () => {
    const system = loadRuntime(doc);
    let kissed = 0, turnsUnderTheKiss = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const under = new Set<string>();
      for (const e of fightLog(system, 'the-kiss', seed)) {
        if (e.type === 'condition' && e.condition === 'kissed') {
          if (e.change === 'applied') { under.add(e.target); kissed++; }
          if (e.change === 'ended') under.delete(e.target);
        }
        if (e.type === 'turn' && under.has(e.actor)) turnsUnderTheKiss++;
        if (e.type === 'check' && (e as Check).check !== 'initiative') expect(under.has((e as Check).actor)).toBe(false);
      }
    }
    expect(kissed).toBeGreaterThan(20);
    expect(turnsUnderTheKiss).toBeGreaterThan(10);
    // Gouge, a vampire, shrugs the Kiss off (conditionImmune); so do the Tremere and an elder vampire.
    const immune = composed(system, { heroes: [{ hero: 'gouge', conditions: ['kissed'] }], enemies: [{ bestiary: 'tremere', conditions: ['kissed'] }, { template: { role: 'boss', tier: 2 }, conditions: ['kissed'] }], maxRounds: 1 });
    expect(fightLog(system, immune, 1).filter((e) => e.type === 'condition' && e.condition === 'kissed' && e.change === 'applied')).toEqual([]);
    const mortal = composed(system, { heroes: ['gouge'], enemies: [{ bestiary: 'thug', conditions: ['kissed'] }], maxRounds: 1 });
    expect(fightLog(system, mortal, 1).some((e) => e.type === 'condition' && e.condition === 'kissed' && e.change === 'applied')).toBe(true);
  });

  test("an ability's holding names conditions: a misspelt one is an error at its pointer", () => {
    const text = systemText('success-based-live-action').replace('"holding": ["grappled"]', '"holding": ["grapled"]');
    const found = checkSystem(text).diagnostics.filter((d) => d.severity === 'error');
    expect(found.map((d) => d.pointer)).toContain('/abilities/8/holding/0');
  });
});

describe("live action: a defender's willpower (\"increase it for the defender in an opposed challenge\")", () => {
  const plain = { handicap: 0, 'target.armorPenalty': 0, conditions: [] };

  test('spent before the throw, it raises the target number by 1 and the defender\'s degree by 1, even above its total', () => {
    // Gouge 4 against Dewey 4: target 6, a 6 hits; Dewey having spent willpower: target 7, a 6 misses, his degree 1 + 1.
    expect(judge(doc, 'attack', { stat: 4, vs: 4, ...plain }, [2, 4]).outcome).toBe('hit');
    const guarded = judge(doc, 'attack', { stat: 4, vs: 4, ...plain, 'mods.guard': 1 }, [2, 4]);
    expect(guarded.outcome).toBe('miss');
    expect(guarded.degree).toBe(2);
    // Aggressor 6 against 3: target 4 with it; a 1 thrown: degree 4 - 1 = 3 (its total, no rule of ten), + 1 = 4.
    const botched = judge(doc, 'attack', { stat: 6, vs: 3, ...plain, 'mods.guard': 1 }, [8, 3]);
    expect(botched.outcome).toBe('botch');
    expect(botched.degree).toBe(4);
  });

  test('in the bar fight a bouncer spends a point on its turn (steel) and it counts in the next challenge against it, then ends', () => {
    const system = loadRuntime(doc);
    let guarded = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const events = fightLog(system, 'bar-fight', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || !e.influencedBy.some((t) => t.startsWith('Willpower spent (defending)'))) return;
        expect(e.target?.startsWith('bouncer')).toBe(true);
        const ended = events.slice(i + 1).find((x) => x.type === 'condition' && x.condition === 'willpower-defending' && x.target === e.target);
        expect(ended).toMatchObject({ change: 'ended' });
        guarded++;
      });
    }
    expect(guarded).toBeGreaterThan(40);
  });
});
