// Decisions after the roll (issue 22, item 5): a `react.on: "roll"` ability, taken by a standing order that reads the
// roll, rerolls the whole check (a benny) or adds a bonus (an invoke) before the outcome is final, paying its cost.
// On the fixture mini-d20: a hero striking a defence of 11 with d20 + 0 hits half the time; with a reroll of every
// miss, 3/4; with +2 on a miss, 0.6; each within 4.5σ, and read event by event off the log.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ability, SystemDocument } from '../schema/document';
import { checkSystem } from '../schema/check';
import { fightLog, type FightEvent, type System } from './index';
import { loadOrThrow, miniD20 } from '../../test/fixtures/mini-d20';

function system(react: Record<string, unknown> | null, luck = 1000, when = '@total < @vs'): SystemDocument {
  const doc = miniD20();
  const decision = { id: 'benny', name: 'Benny', uses: 'reaction', cost: [{ track: 'luck', amount: '1' }], react: { on: 'roll', checks: ['attack'], ...react } };
  return {
    ...doc,
    tracks: { ...doc.tracks, luck: { name: 'Luck', max: String(luck) } },
    abilities: [...(doc.abilities ?? []), ...(react ? [decision as unknown as Ability] : [])],
    heroes: [{
      id: 'gambler', name: 'Gambler', level: 1, attributes: { con: 100, dex: 10 },
      weapon: { name: 'Knife', damage: '0', stat: '0', reach: 'near' },
      ...(react ? { abilities: ['benny'], orders: [{ use: 'benny', when }] } : {}),
    }],
    bestiary: [{ id: 'post', name: 'Post', defence: 11, hp: 1000, attacks: [{ id: 'none', name: 'Nothing', bonus: -100, damage: '0' }] }],
    fights: [{ id: 'practice', heroes: ['gambler'], enemies: [{ bestiary: 'post' }], maxRounds: 20 }],
  } as SystemDocument;
}

type Check = Extract<FightEvent, { type: 'check' }>;
const attacks = (events: readonly FightEvent[]): Check[] =>
  events.filter((e): e is Check => e.type === 'check' && e.actor === 'gambler' && e.check === 'attack');

/** The gambler's hit rate over `fights` fights of 20 attacks. */
function hitRate(s: System, fights: number): { hits: number; n: number } {
  let hits = 0, n = 0;
  for (let seed = 0; seed < fights; seed++) for (const a of attacks(fightLog(s, 'practice', seed))) { n++; if (a.outcome === 'hit') hits++; }
  return { hits, n };
}

const within = ({ hits, n }: { hits: number; n: number }, p: number) =>
  expect(Math.abs(hits - n * p), `${hits}/${n} against ${p}`).toBeLessThan(4.5 * Math.sqrt(n * p * (1 - p)));

describe('decisions after the roll (`react.on: "roll"`)', () => {
  it('without one, d20 against 11 hits half the time', () => within(hitRate(loadOrThrow(system(null)), 150), 0.5));

  it('a reroll of every miss hits 3 times in 4; the check event carries the roll that stands', () => {
    const s = loadOrThrow(system({ reroll: true }));
    within(hitRate(s, 150), 0.75);
    for (let seed = 0; seed < 20; seed++) {
      const events = fightLog(s, 'practice', seed);
      events.forEach((e, i) => {
        if (e.type !== 'reaction' || e.on !== 'roll') return;
        const check = events.slice(i + 1).find((x): x is Check => x.type === 'check')!;
        const [, before, after] = /: (-?\d+) → (-?\d+)/.exec(e.chip)!.map(Number);
        expect(before).toBeLessThan(11);
        expect(after).toBe(check.total);
      });
    }
  });

  it('a bonus of 2 on a miss hits 6 times in 10', () => within(hitRate(loadOrThrow(system({ bonus: '2' })), 150), 0.6));

  it('its cost is paid: with 2 luck, at most 2 rerolls a fight, and exactly 2 once the misses come', () => {
    const s = loadOrThrow(system({ reroll: true }, 2));
    for (let seed = 0; seed < 30; seed++) {
      const events = fightLog(s, 'practice', seed);
      const taken = events.filter((e) => e.type === 'reaction' && e.on === 'roll').length;
      expect(taken).toBe(2);
      const gains = events.filter((e): e is Extract<FightEvent, { type: 'gain' }> => e.type === 'gain' && e.track === 'luck');
      expect(gains.length === 0 || gains.at(-1)!.value === 0).toBe(true);
    }
  });

  it('the checker reads its fields: an unknown check id is refused at its pointer, `bonus` is an order formula', () => {
    const doc = system({ reroll: true });
    expect(checkSystem(JSON.stringify(doc, null, 1)).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const bad = system({ checks: ['atack'], bonus: '@total +' });
    const errors = checkSystem(JSON.stringify(bad, null, 1)).diagnostics.filter((d) => d.severity === 'error').map((d) => d.pointer);
    const at = (bad.abilities ?? []).length - 1;
    expect(errors).toEqual(expect.arrayContaining([`/abilities/${at}/react/checks/0`, `/abilities/${at}/react/bonus`]));
  });

  it('property: any bonus and seed, the total after is the total before plus the bonus, and only misses are changed', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 1e6 }), (bonus, seed) => {
      const events = fightLog(loadOrThrow(system({ bonus: String(bonus) })), 'practice', seed);
      // 20 attacks at even odds: some miss (1 in a million that none does), and each miss is decided on.
      expect(events.some((e) => e.type === 'reaction' && e.on === 'roll')).toBe(true);
      events.forEach((e, i) => {
        if (e.type !== 'reaction' || e.on !== 'roll') return;
        const [, before, after] = /: (-?\d+) → (-?\d+)/.exec(e.chip)!.map(Number);
        expect(before).toBeLessThan(11);
        expect(after).toBe(before! + bonus);
        expect(events.slice(i + 1).find((x): x is Check => x.type === 'check')!.total).toBe(after);
      });
    }), { numRuns: 30 });
  });
});
