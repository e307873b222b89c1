// combat.damage.apply.tracks[].downs (format v1.1): a track that, emptied by a blow, puts its holder down as emptied
// hit points do, what overflows it going on to the next track (Shadowrun's stun monitor: full, knocked out).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../engine/schema';
import { validateEvent } from '../../engine/schema/generated/validators';
import type { SystemDocument } from '../../engine/schema/document';
import { fightLog, loadSystem, simulate, type FightEvent, type System } from '../../engine/sim';
import { fuzz } from '../fuzz';

interface Doc {
  tracks: Record<string, { name?: string; max: string }>;
  combat: { damage: { apply: { tracks: Record<string, unknown>[]; conditions?: unknown[] } } };
  heroes: { weapon: { damage: string } }[];
}

/** damage-split.json (stress 2, then 3 hit points, Toughness 4 off each blow), its stress track marked `downs`. */
function fixture(downs: boolean | null = true): Doc {
  const doc = JSON.parse(readFileSync(new URL('./damage-split.json', import.meta.url), 'utf8')) as Doc;
  doc.combat.damage.apply.tracks[0] = { track: 'stress', ...(downs === null ? {} : { downs }) };
  return doc;
}

function load(doc: Doc): System {
  const loaded = loadSystem(doc as unknown as SystemDocument);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

type Damage = Extract<FightEvent, { type: 'damage' }>;

describe('combat.damage.apply.tracks[].downs', () => {
  it('a blow that empties the stress track puts the dummy down with hit points left; the overflow still reaches them', () => {
    const events = fightLog(load(fixture()), 'bash', 1);
    const hits = events.filter((e): e is Damage => e.type === 'damage');
    // 7 against Toughness 4 is 3: stress takes its 2 (emptied: down), the hit points the 1 left over.
    expect(hits.map((h) => h.split)).toEqual([[{ track: 'stress', amount: 2, value: 0 }, { track: 'hp', amount: 1, value: 2 }]]);
    const down = events.findIndex((e) => e.type === 'down');
    expect(events[down]).toMatchObject({ type: 'down', target: 'dummy-1', by: 'basher' });
    expect(events.indexOf(hits[0]!)).toBeLessThan(down);
    expect(events.at(-1)).toMatchObject({ type: 'fightEnd', winner: 'heroes' });
    for (const e of events) expect(validateEvent(e), JSON.stringify(validateEvent.errors)).toBe(true);
  });

  it('false or absent: stress emptied is only a track, and the dummy falls when its hit points do, as before', () => {
    for (const downs of [false, null]) {
      const hits = fightLog(load(fixture(downs)), 'bash', 1).filter((e): e is Damage => e.type === 'damage');
      expect(hits.map((h) => h.hp)).toEqual([2, 0]);
    }
  });

  it('a blow that leaves the track above 0 does not: two boxes of stress, a blow of 1 at a time', () => {
    const doc = fixture();
    doc.heroes[0]!.weapon.damage = '5';
    const events = fightLog(load(doc), 'bash', 1);
    const hits = events.filter((e): e is Damage => e.type === 'damage');
    // 5 - 4 = 1: the first blow leaves a box, the second empties the track and the dummy goes down at once.
    expect(hits.map((h) => h.split)).toEqual([[{ track: 'stress', amount: 1, value: 1 }], [{ track: 'stress', amount: 1, value: 0 }]]);
    expect(events.filter((e) => e.type === 'down').length).toBe(1);
  });

  it('the schema refuses a downs that is not a boolean, at its place', () => {
    const doc = fixture();
    (doc.combat.damage.apply.tracks[0] as Record<string, unknown>).downs = 'yes';
    const errors = checkSystem(JSON.stringify(doc, null, 2)).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.pointer)).toContain('/combat/damage/apply/tracks/0/downs');
  });

  it('property: the target is down right after a blow exactly when the blow emptied its hit points or a downs track', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 5, max: 12 }), fc.boolean(), fc.integer({ min: 0, max: 1000 }),
      (stress, weapon, downs, seed) => {
        const doc = fixture(downs);
        doc.tracks.stress = { name: 'Stress', max: String(stress) };
        doc.heroes[0]!.weapon.damage = `${weapon} + d4 - 1`;
        const events = fightLog(load(doc), 'bash', seed);
        let up = true;
        events.forEach((e, i) => {
          if (e.type !== 'damage' || e.target !== 'dummy-1') return;
          expect(up).toBe(true);
          const emptied = e.split!.some((t) => t.value === 0 && (t.track === 'hp' || (downs && t.track === 'stress')));
          const next = events.slice(i + 1).find((x) => x.type === 'down' || x.type === 'damage' || x.type === 'fightEnd');
          expect(next?.type === 'down', JSON.stringify(e)).toBe(emptied);
          if (emptied) up = false;
        });
        const stats = simulate(load(doc), 'bash', { fights: 1, seed });
        expect(stats.wins.heroes + stats.wins.enemies + stats.wins.draw).toBe(1);
      }), fuzz(2204, 40));
  });
});
