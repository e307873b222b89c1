// Success-based live action's enemies (issue 21): which template enemies have Disciplines, a creature's defence never
// below 0 (a wound penalty at or above the Dodge total: it cannot dodge), and vampire creatures that mend with blood
// ("Blood can be spent ... to heal a non-aggravated wound level"), on the real systems/success-based-live-action.json.
import { describe, expect, test } from 'vitest';
import { composeFight, fightLog, type FightDef, type System } from '../../engine/sim/index';
import type { AdHocFight } from '../../engine/sim/index';
import { RiggedRng, evaluate, eventsOf, loadRuntime, systemDocument } from './harness';

const doc = systemDocument('success-based-live-action');

function composed(system: System, spec: AdHocFight): FightDef {
  const c = composeFight(system, spec);
  if (!c.ok) throw new Error(c.error);
  return c.fight;
}

/** A template enemy's Disciplines and tags as the loader built them. */
function templateSheet(system: System, role: string, tier: number): { celerity: number; fortitude: number; potence: number; tags: readonly string[] } {
  const def = composed(system, { heroes: ['gouge'], enemies: [{ template: { role, tier } }] }).enemies[0]!.def;
  const at = (name: string): number => def.sheet[system.names.attributes.indexOf(name)]!;
  const tags = def.lists[system.names.lists.indexOf('tags')] ?? [];
  return { celerity: at('celerity'), fortitude: at('fortitude'), potence: at('potence'), tags };
}

describe('live action: template enemies have Disciplines by role (mortals none, a ghoul Potence, a vampire boss all three)', () => {
  test('minions and standards are mortals without Disciplines, elites ghouls with Potence 1, bosses vampires with Celerity floor(tier / 2)', () => {
    const system = loadRuntime(doc);
    for (let tier = 1; tier <= 6; tier++) {
      for (const role of ['minion', 'standard']) expect(templateSheet(system, role, tier), `${role} ${tier}`).toEqual({ celerity: 0, fortitude: 0, potence: 0, tags: ['mortal'] });
      expect(templateSheet(system, 'elite', tier)).toEqual({ celerity: 0, fortitude: 0, potence: 1, tags: ['mortal'] });
      const half = Math.floor(tier / 2);
      expect(templateSheet(system, 'boss', tier)).toEqual({ celerity: half, fortitude: 1 + half, potence: 1 + half, tags: ['vampire'] });
    }
  });

  test("in the coterie's fight a tier-2 standard acts once a round and pays no blood (no Celerity)", () => {
    const system = loadRuntime(doc);
    let turns = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const perRound = new Map<string, number>();
      for (const e of fightLog(system, 'coterie-vs-gang', seed)) {
        if (e.type === 'turn' && e.actor.startsWith('standard')) {
          const key = `${e.round} ${e.actor}`;
          perRound.set(key, (perRound.get(key) ?? 0) + 1);
          turns++;
        }
        if (e.type === 'gain' && e.target.startsWith('standard')) expect(e.track).not.toBe('blood');
      }
      for (const [key, n] of perRound) expect(n, key).toBe(1);
    }
    expect(turns).toBeGreaterThan(50);
  });
});

describe('live action: a creature too wounded to dodge defends with 0, not less', () => {
  test("a thug's defence (Dexterity 2 + Dodge 2) at wound 5 is 0, a tier-1 minion's (2 + 1) too; unwounded 4 and 3", () => {
    const thug = doc.bestiary!.find((c) => c.id === 'thug')!;
    const dodgeTotal = 2 + 2 - 5;
    expect(evaluate(doc, String(thug.defence), { 'dodge.total': dodgeTotal }, new RiggedRng([])).value).toBe(0);
    expect(evaluate(doc, String(thug.defence), { 'dodge.total': 4 }, new RiggedRng([])).value).toBe(4);
    const minion = doc.templates!.find((t) => t.role === 'minion')!.combat!.defence!;
    expect(evaluate(doc, minion, { tier: 1, wound: 5 }, new RiggedRng([])).value).toBe(0);
    expect(evaluate(doc, minion, { tier: 1, wound: 0 }, new RiggedRng([])).value).toBe(3);
  });

  test('in the fights no attack ever meets a defence below 0 (a Crippled thug or gunman defends with 0)', () => {
    const system = loadRuntime(doc);
    let zero = 0;
    for (const fight of ['alley-brawl', 'coterie-vs-gang', 'drive-by']) {
      for (let seed = 1; seed <= 40; seed++) {
        for (const c of eventsOf(fightLog(system, fight, seed), 'check')) {
          if (c.check !== 'attack' || c.vs === null) continue;
          expect(c.vs).toBeGreaterThanOrEqual(0);
          if (c.vs === 0) zero++;
        }
      }
    }
    expect(zero).toBeGreaterThan(10);
  });
});

describe('live action: vampire creatures mend with blood as the heroes do', () => {
  test('the Tremere neonate, Wounded by lethal blows, spends a blood point and its action to heal a level', () => {
    const system = loadRuntime(doc);
    let mends = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = fightLog(system, 'broken-ward', seed);
      for (const h of eventsOf(events, 'heal')) {
        if (h.actor !== 'tremere-1') continue;
        mends++;
        expect(h.target).toBe('tremere-1');
        expect(h.track).toBe('hp');
        expect(h.amount).toBe(1);
      }
    }
    expect(mends).toBeGreaterThan(10);
  });

  test("an elder vampire (the boss template) mends too; a mortal standard never does", () => {
    const system = loadRuntime(doc);
    const boss = composed(system, { heroes: ['gouge', 'damien'], enemies: [{ template: { role: 'boss', tier: 1 } }], maxRounds: 40 });
    const standard = composed(system, { heroes: ['gouge', 'damien'], enemies: [{ template: { role: 'standard', tier: 3 }, count: 2 }], maxRounds: 40 });
    let bossMends = 0;
    for (let seed = 1; seed <= 40; seed++) {
      bossMends += eventsOf(fightLog(system, boss, seed), 'heal').filter((h) => h.actor.startsWith('boss')).length;
      expect(eventsOf(fightLog(system, standard, seed), 'heal').filter((h) => h.actor.startsWith('standard'))).toEqual([]);
    }
    expect(bossMends).toBeGreaterThan(5);
  });
});
