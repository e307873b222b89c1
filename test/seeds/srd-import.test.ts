// The SRD 5.1 bestiary: scripts/import-srd.ts re-imports data/srd5e (in the project, never ../shared) and every one
// of the 334 monsters comes through into systems/classic-d20.json, validates, and fights in the real engine.
import { describe, expect, test } from 'vitest';
import { checkSystem } from '../../engine/schema/check';
import type { Creature } from '../../engine/schema/document';
import { composeFight, fightLog } from '../../engine/sim/index';
import { convertMonster, damageTypesOf, importMonsters, loadSrdMonsters, withBestiary } from '../../scripts/import-srd';
import { ROOT, eventsOf, loadRuntime, systemDocument, systemText } from './harness';

const monsters = loadSrdMonsters(ROOT);
const creatures = importMonsters(monsters);
const text = systemText('classic-d20');
const doc = systemDocument('classic-d20');
const byId = new Map(creatures.map((c) => [c.id, c]));

describe('SRD import', () => {
  test('all 334 monsters come through, one creature each, with unique ids', () => {
    expect(monsters).toHaveLength(334);
    expect(creatures).toHaveLength(334);
    expect(new Set(creatures.map((c) => c.id)).size).toBe(334);
  });

  test('systems/classic-d20.json holds exactly what the import writes (re-running it changes nothing)', () => {
    expect(withBestiary(text, creatures)).toBe(text);
    expect(JSON.parse(JSON.stringify(creatures))).toEqual(doc.bestiary);
  });

  test('the system with its bestiary checks clean (schema, meaning, every formula in context)', () => {
    const result = checkSystem(text);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.document?.bestiary).toHaveLength(334);
  });

  test('the troll: AC 15, 84 hp, bite + two claws, regeneration 10 stopped by acid or fire', () => {
    const troll = byId.get('troll')!;
    expect(troll.defence).toBe(15);
    expect(troll.hp).toBe(84);
    expect(troll.multiattack).toEqual(['bite', 'claw', 'claw']);
    expect(troll.attacks.find((a) => a.id === 'claw')).toMatchObject({ bonus: 7, damage: '2d6 + 4', type: 'slashing' });
    expect(troll.regeneration).toEqual({ amount: 10, stoppedBy: ['acid', 'fire'] });
  });

  test("the adult red dragon's Fire Breath: recharge 5-6, a DC 21 Dexterity save the heroes roll, half on a success", () => {
    const dragon = byId.get('adult-red-dragon')!;
    expect(dragon.challenge).toBe(17);
    expect(dragon.immune).toEqual(['fire']);
    expect(dragon.abilities).toEqual([
      expect.objectContaining({ id: 'fire-breath', target: 'enemies', save: { check: 'save.dex', dc: '21', half: true }, damage: '18d6', type: 'fire', recharge: { min: 5 } }),
    ]);
  });

  test('resistances, vulnerabilities and immunities become damage types; "nonmagical weapons" means the physical three', () => {
    expect(damageTypesOf(['fire', 'bludgeoning, piercing, and slashing from nonmagical weapons']).types).toEqual(['fire', 'bludgeoning', 'piercing', 'slashing']);
    expect(damageTypesOf(['damage from spells']).dropped).toEqual(['damage from spells']);
    expect(byId.get('skeleton')!.vulnerable).toEqual(['bludgeoning']);
    expect(byId.get('ghoul')!.attacks.find((a) => a.id === 'claws')).toMatchObject({ applies: ['paralyzed'], save: { check: 'save.con', dc: '10' } });
  });

  test('every multiattack names attacks the creature has, and every creature without one makes its hardest-hitting attack', () => {
    for (const c of creatures) {
      const ids = new Set(c.attacks.map((a) => a.id));
      for (const id of c.multiattack ?? []) expect(ids.has(id)).toBe(true);
    }
    const goblin = byId.get('goblin')!;
    expect(goblin.attacks[0]).toMatchObject({ id: 'scimitar', bonus: 4, damage: '1d6 + 2' });
    expect(convertMonster(monsters.find((m) => m.index === 'goblin')!)).toEqual(goblin);
  });
});

describe('SRD bestiary: one fight per challenge-rating band, in the real engine', () => {
  const system = loadRuntime(doc);
  const bands: readonly { name: string; low: number; high: number; heroes: string[]; pick: string }[] = [
    { name: 'CR 0-1', low: 0, high: 1, heroes: ['fighter1', 'wizard1'], pick: 'goblin' },
    { name: 'CR 2-4', low: 2, high: 4, heroes: ['fighter5', 'wizard5', 'rogue5', 'cleric5'], pick: 'ogre' },
    { name: 'CR 5-10', low: 5, high: 10, heroes: ['fighter11', 'wizard11'], pick: 'troll' },
    { name: 'CR 11-16', low: 11, high: 16, heroes: ['fighter11', 'wizard11'], pick: 'behir' },
    { name: 'CR 17+', low: 17, high: 30, heroes: ['fighter11', 'wizard11'], pick: 'adult-red-dragon' },
  ];

  for (const band of bands) {
    test(`${band.name}: ${band.pick} fights with its own numbers`, () => {
      const creature: Creature = byId.get(band.pick)!;
      expect(creature.challenge).toBeGreaterThanOrEqual(band.low);
      expect(creature.challenge).toBeLessThanOrEqual(band.high);
      const composed = composeFight(system, { heroes: band.heroes, enemies: [{ bestiary: band.pick }] });
      if (!composed.ok) throw new Error(composed.error);
      const bonuses = new Set(creature.attacks.map((a) => a.bonus));
      let blows = 0;
      let saves = 0;
      for (let seed = 1; seed <= 10; seed++) {
        const events = fightLog(system, composed.fight, seed);
        expect(eventsOf(events, 'fightEnd')).toHaveLength(1);
        const me = `${band.pick}-1`;
        for (const c of eventsOf(events, 'check')) {
          if (c.actor === me && c.check === 'attack') {
            blows++;
            // A creature strikes with its own bonus (its proficiency is already in it): `d20 (12) + 7 + 0 = 19 vs 18`.
            if (c.dice.length === 1) expect(bonuses.has(c.total - c.dice[0]!)).toBe(true);
          }
          if (c.check.startsWith('save.') && band.heroes.includes(c.actor)) saves++;
        }
        for (const d of eventsOf(events, 'damage')) if (d.actor === me) expect(creature.attacks.flatMap((a) => [a.type, ...(a.parts ?? []).map((part) => part.type)]).concat((creature.abilities ?? []).map((a) => (typeof a === 'string' ? '' : a.type ?? '')))).toContain(d.damageType);
      }
      expect(blows).toBeGreaterThan(0);
      if ((creature.abilities ?? []).length > 0) expect(saves).toBeGreaterThan(0);
    });
  }

  test("the adult red dragon's bite keeps its two damage types: 2d10 + 8 piercing plus a 2d6 fire part", () => {
    const bite = byId.get('adult-red-dragon')!.attacks.find((a) => a.id === 'bite');
    expect(bite).toMatchObject({ damage: '2d10 + 8', type: 'piercing', parts: [{ damage: '2d6', type: 'fire' }] });
  });

  test("a monster's saving-throw proficiency counts: the adult red dragon saves Dexterity at +6, Constitution at +13", () => {
    const dragon = byId.get('adult-red-dragon')!;
    expect(dragon.attributes).toMatchObject({ dex: 10, con: 25 });
    expect(dragon.saves).toMatchObject({ 'save.dex': 6, 'save.con': 13 });
    const composed = composeFight(system, { heroes: ['wizard11', 'fighter11'], enemies: [{ bestiary: 'adult-red-dragon' }] });
    if (!composed.ok) throw new Error(composed.error);
    let saves = 0;
    for (let seed = 1; seed <= 10; seed++) {
      for (const c of eventsOf(fightLog(system, composed.fight, seed), 'check')) {
        if (c.actor !== 'adult-red-dragon-1' || c.check !== 'save.dex' || c.dice.length !== 1) continue;
        saves++;
        expect(c.total - c.dice[0]!).toBe(6);
      }
    }
    expect(saves).toBeGreaterThan(0);
  });

  test('fire stops the troll regenerating at the start of its next turn', () => {
    const composed = composeFight(system, { heroes: ['fighter11', 'wizard11'], enemies: [{ bestiary: 'troll' }] });
    if (!composed.ok) throw new Error(composed.error);
    let stopped = 0;
    let healed = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const events = fightLog(system, composed.fight, seed);
      let burnt = false;
      for (const e of events) {
        if (e.type === 'damage' && e.target === 'troll-1' && (e.damageType === 'fire' || e.damageType === 'acid') && e.amount > 0) burnt = true;
        if (e.type === 'regenerate' && e.target === 'troll-1') {
          expect(e.stopped).toBe(burnt);
          if (e.stopped) stopped++; else { healed++; expect(e.amount).toBeLessThanOrEqual(10); }
          burnt = false;
        }
      }
    }
    expect(stopped).toBeGreaterThan(0);
    expect(healed).toBeGreaterThan(0);
  });
});
