// Decisions after the roll (issue 22, item 5, the part about what a standing order sees): an order answering a hit
// reads that hit's own `@damage` (rolled before the reactions when an order reads it, and that roll is the one dealt)
// and its `@degree`. Before, `@damage` held the last blow's damage. On the fixture mini-d20, read off the log.
import { describe, expect, it } from 'vitest';
import type { Ability, Creature, Hero, SystemDocument } from '../schema/document';
import { checkSystem } from '../schema/check';
import { fightLog, type FightEvent, type System } from './index';
import { loadOrThrow, miniD20 } from '../../test/fixtures/mini-d20';

/** Brace: a reaction that changes nothing of the hit, so the log shows exactly when the order chose to take it. */
const BRACE: Ability = { id: 'brace', name: 'Brace', uses: 'reaction', react: { on: 'hit' } };

function system(when: string): SystemDocument {
  const doc = miniD20();
  const hero: Hero = {
    id: 'bracer', name: 'Bracer', level: 1, attributes: { con: 200, dex: 10 }, abilities: ['brace'], orders: [{ use: 'brace', when }],
    weapon: { name: 'Stick', damage: '0', stat: '-100', reach: 'near' },
  };
  const brute: Creature = { id: 'brute', name: 'Brute', defence: 10, hp: 500, attacks: [{ id: 'maul', name: 'Maul', bonus: 100, damage: '1d10' }], multiattack: ['maul', 'maul', 'maul'] };
  return {
    ...doc, abilities: [...(doc.abilities ?? []), BRACE], heroes: [hero], bestiary: [brute],
    fights: [{ id: 'brace', heroes: ['bracer'], enemies: [{ bestiary: 'brute' }], maxRounds: 10 }],
  } as SystemDocument;
}

/** Each blow on the bracer: its rolled damage and whether the bracer braced against it. */
function blows(events: readonly FightEvent[]): { round: number; rolled: number; braced: boolean }[] {
  const out: { round: number; rolled: number; braced: boolean }[] = [];
  let braced = false;
  for (const e of events) {
    if (e.type === 'reaction' && e.actor === 'bracer') braced = true;
    if (e.type === 'damage' && e.target === 'bracer') { out.push({ round: e.round, rolled: e.rolled, braced }); braced = false; }
  }
  return out;
}

describe('an order answering a hit sees that hit', () => {
  it('`@damage` is the hit\'s own damage: the bracer braces on the first blow of a round that rolls 7 or more', () => {
    const s = loadOrThrow(system('@damage >= 7'));
    let bracedOnes = 0;
    for (let seed = 1; seed <= 20; seed++) {
      let usedIn = 0;
      for (const b of blows(fightLog(s, 'brace', seed))) {
        // One reaction a round (`combat.reaction.per`): once used, the order is not asked again this round.
        if (usedIn === b.round) { expect(b.braced).toBe(false); continue; }
        expect(b.braced, `seed ${seed} round ${b.round}: rolled ${b.rolled}`).toBe(b.rolled >= 7);
        if (b.braced) { usedIn = b.round; bracedOnes++; }
      }
    }
    expect(bracedOnes).toBeGreaterThan(0);
  });

  it('an order that does not read `@damage` leaves the dice as they were: the same fights as before to the event', () => {
    const a = loadOrThrow(system('@total >= 0'));
    const b = loadOrThrow(system('true'));
    for (let seed = 1; seed <= 5; seed++) {
      const strip = (events: FightEvent[]) => events.map((e) => JSON.stringify(e));
      expect(strip(fightLog(a, 'brace', seed))).toEqual(strip(fightLog(b, 'brace', seed)));
    }
  });

  it('`@degree` reads the hit\'s degree, and the checker accepts it in an order', () => {
    const doc = system('@degree >= 2');
    const attack = doc.checks!.attack!;
    (doc.checks as Record<string, unknown>).attack = {
      ...attack, outcomes: attack.outcomes!.map((o) => (o.id === 'hit' ? { ...o, degree: 'floor((@total - @vs) / 50)' } : o)),
    };
    expect(checkSystem(JSON.stringify(doc, null, 1)).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const events = fightLog(loadOrThrow(doc), 'brace', 3);
    const checks = events.filter((e): e is Extract<FightEvent, { type: 'check' }> => e.type === 'check' && e.target === 'bracer');
    expect(checks.some((c) => (c.degree ?? 0) >= 2)).toBe(true);
    let last: number | undefined;
    let reacted = 0;
    for (const e of events) {
      if (e.type === 'check' && e.target === 'bracer') last = e.degree;
      if (e.type === 'reaction' && e.actor === 'bracer') { expect(last).toBeGreaterThanOrEqual(2); reacted++; }
    }
    expect(reacted).toBeGreaterThan(0);
  });
});
