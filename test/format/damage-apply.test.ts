// Damage as data (issue 22, item 1): `combat.damage.apply` chooses the tracks a blow lowers, in order and in shares,
// and puts conditions on or takes them off by the damage; each blow's damage event lists what each track took.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../engine/schema';
import { validateEvent } from '../../engine/schema/generated/validators';
import type { SystemDocument } from '../../engine/schema/document';
import { fightLog, loadSystem, runFight, type FightEvent, type System } from '../../engine/sim';
import { fuzz } from '../fuzz';

/** The fixture as the tests change it (the document's own types are read-only). */
interface Doc {
  tracks: Record<string, unknown>;
  combat: { damage: { apply?: unknown } };
  bestiary: { attributes: Record<string, number> }[];
  heroes: { weapon: { damage: string } }[];
}

const fixture = (): Doc => JSON.parse(readFileSync(new URL('./damage-split.json', import.meta.url), 'utf8')) as Doc;

function load(doc: Doc): System {
  const loaded = loadSystem(doc as unknown as SystemDocument);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

type Damage = Extract<FightEvent, { type: 'damage' }>;
const damages = (events: readonly FightEvent[]): Damage[] => events.filter((e): e is Damage => e.type === 'damage');
const conditionChanges = (events: readonly FightEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'condition' && e.round > 0 ? [`${e.round} ${e.condition} ${e.change}`] : []));

describe('combat.damage.apply: exact damage per blow', () => {
  it('overflow: stress takes what it holds, the hit points the rest; Shaken goes on, Guarded comes off, each on the chip', () => {
    const events = fightLog(load(fixture()), 'bash', 1);
    const hits = damages(events);
    // 7 against Toughness 4 is 3: stress takes its 2, the hit points 1; the next 3 finds no stress and 2 hit points.
    expect(hits.map((h) => ({ amount: h.amount, hp: h.hp, split: h.split }))).toEqual([
      { amount: 3, hp: 2, split: [{ track: 'stress', amount: 2, value: 0 }, { track: 'hp', amount: 1, value: 2 }] },
      { amount: 3, hp: 0, split: [{ track: 'hp', amount: 2, value: 0 }] },
    ]);
    expect(hits[0]!.chip).toBe('7 = 7 → Toughness = 3 → stress −2 (0), hp −1 (2) · +Shaken −Guarded');
    expect(hits[1]!.chip).toBe('7 = 7 → Toughness = 3 → hp −2 (0)');
    expect(conditionChanges(events)).toEqual(['1 shaken applied', '1 guarded ended']);
    expect(events.some((e) => e.type === 'down' && e.target === 'dummy-1')).toBe(true);
    for (const e of events) expect(validateEvent(e), JSON.stringify(validateEvent.errors)).toBe(true);
  });

  it('a blow under Toughness lowers nothing and reads @damage below 0: no Shaken, Guarded stays', () => {
    const events = fightLog(load(fixture()), 'tap', 1);
    const hits = damages(events);
    expect(hits.length).toBe(3);
    for (const h of hits) {
      expect(h).toMatchObject({ amount: 0, rolled: 2, hp: 3, split: [] });
      expect(h.chip).toBe('2 = 2 → Toughness = 0 → nothing taken');
    }
    expect(conditionChanges(events)).toEqual([]);
  });

  it('shares: the hit points take floor(@damage / 2) of what is left, stress the rest; what no track takes is lost', () => {
    const doc = fixture();
    doc.combat.damage.apply = { tracks: [{ track: 'hp', amount: 'floor(@damage / 2)' }, { track: 'stress' }] };
    const system = load(doc);
    const hits = damages(fightLog(system, 'bash', 1));
    expect(hits.slice(0, 3).map((h) => h.split)).toEqual([
      [{ track: 'hp', amount: 1, value: 2 }, { track: 'stress', amount: 2, value: 0 }],
      [{ track: 'hp', amount: 1, value: 1 }],
      [{ track: 'hp', amount: 1, value: 0 }],
    ]);
    const result = runFight(system, 'bash', 1);
    expect(result.combatants.find((c) => c.id === 'basher')!.damageDealt).toBe(5);
  });

  it('without apply a blow lowers the hit points only, as before (no split on the event)', () => {
    const doc = fixture();
    delete doc.combat.damage.apply;
    const hits = damages(fightLog(load(doc), 'bash', 1));
    expect(hits.map((h) => [h.amount, h.hp, 'split' in h])).toEqual([[3, 0, false]]);
  });
});

describe('combat.damage.apply in the checker', () => {
  const errorsOf = (change: (doc: Doc) => void) => {
    const doc = fixture();
    change(doc);
    return checkSystem(JSON.stringify(doc, null, 2)).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.pointer}: ${d.message}`);
  };

  it('the fixture checks clean', () => {
    expect(errorsOf(() => undefined)).toEqual([]);
  });

  it('an unknown track, an unknown condition and a misspelt key are each named at their JSON pointer', () => {
    const found = errorsOf((doc) => {
      doc.combat.damage.apply = {
        tracks: [{ track: 'stres' }, { track: 'hp', amout: '1' }],
        conditions: [{ when: 'true', apply: 'shakn' }, { when: 'true', remove: 'guardd' }],
      };
    });
    expect(found.some((m) => m.startsWith('/combat/damage/apply/tracks/0/track: ') && m.includes('`stress`'))).toBe(true);
    expect(found.some((m) => m.startsWith('/combat/damage/apply/tracks/1/amout: '))).toBe(true);
    expect(found.some((m) => m.startsWith('/combat/damage/apply/conditions/0/apply: ') && m.includes('`shaken`'))).toBe(true);
    expect(found.some((m) => m.startsWith('/combat/damage/apply/conditions/1/remove: ') && m.includes('`guarded`'))).toBe(true);
  });

  it('a formula of apply is checked in its context: a misspelt name in an amount, a number as a when', () => {
    const found = errorsOf((doc) => {
      doc.combat.damage.apply = { tracks: [{ track: 'hp', amount: '@damag / 2' }], conditions: [{ when: '@damage + 1', apply: 'shaken' }] };
    });
    expect(found.some((m) => m.startsWith('/combat/damage/apply/tracks/0/amount'))).toBe(true);
    expect(found.some((m) => m.startsWith('/combat/damage/apply/conditions/0/when'))).toBe(true);
  });

  it('a rule with neither apply nor remove, and apply without tracks, are refused', () => {
    expect(errorsOf((doc) => { doc.combat.damage.apply = { tracks: [{ track: 'hp' }], conditions: [{ when: 'true' }] }; })
      .some((m) => m.startsWith('/combat/damage/apply/conditions/0'))).toBe(true);
    expect(errorsOf((doc) => { doc.combat.damage.apply = { conditions: [] }; }).some((m) => m.startsWith('/combat/damage/apply'))).toBe(true);
  });
});

describe('combat.damage.apply: property', () => {
  it('what the tracks lose together is the damage done, never more than the blow, and no track goes below 0', () => {
    const track = fc.record({
      max: fc.integer({ min: 0, max: 9 }),
      amount: fc.oneof(fc.constant(null), fc.constantFrom('floor(@damage / 2)', 'ceil(@damage / 3)', '2', '@damage + 5', '-3', '@damage * 2')),
    });
    fc.assert(fc.property(fc.array(track, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: -3, max: 8 }),
      fc.integer({ min: 0, max: 1000 }), (tracks, weapon, toughness, seed) => {
        const doc = fixture();
        const ids = tracks.map((_, i) => `t${i}`);
        doc.tracks = { hp: { name: 'Wounds left', max: '6' }, ...Object.fromEntries(tracks.map((t, i) => [ids[i], { max: String(t.max) }])) };
        doc.combat.damage.apply = { tracks: tracks.map((t, i) => (t.amount === null ? { track: ids[i] } : { track: ids[i], amount: t.amount })).concat([{ track: 'hp' }]) };
        doc.bestiary[0]!.attributes = { toughness };
        doc.heroes[0]!.weapon.damage = `${weapon} + d4 - 1`;
        const system = load(doc);
        const events = fightLog(system, 'bash', seed);
        const held = new Map<string, number>([['hp', 3], ...tracks.map((t, i) => [ids[i]!, t.max] as [string, number])]);
        let done = 0;
        for (const h of damages(events)) {
          let taken = 0;
          for (const t of h.split!) {
            expect(t.amount).toBeGreaterThan(0);
            expect(t.value).toBe(held.get(t.track)! - t.amount);
            expect(t.value).toBeGreaterThanOrEqual(0);
            held.set(t.track, t.value);
            taken += t.amount;
          }
          expect(taken).toBeLessThanOrEqual(h.amount);
          // The hit points come last and take all that is left: damage is lost only when they are emptied.
          if (taken < h.amount) expect(held.get('hp')).toBe(0);
          expect(h.hp).toBe(held.get('hp'));
          done += taken;
        }
        const result = runFight(system, 'bash', seed);
        expect(result.combatants.find((c) => c.id === 'basher')!.damageDealt).toBe(done);
        // The sheet agrees with the events: each track lost exactly what its events say.
        const dummy = result.combatants.find((c) => c.id === 'dummy-1')!;
        for (const [id, value] of held) expect(dummy.sheet[system.trackCurrent[system.names.tracks.indexOf(id)]!]).toBe(value);
      }), fuzz(2201, 60));
  });
});
