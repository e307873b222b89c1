// Initiative models (issue 22, item 6): a deck of cards dealt every round without replacement, with jokers and their
// effect (`turn.initiative.deck`), and passes, everyone's pass N before anyone's pass N + 1 (`turn.initiative.passes`).
// On the fixture mini-d20 with its initiative rule replaced; read off the fight's log.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InitiativeRule, SystemDocument } from '../schema/document';
import { checkSystem } from '../schema/check';
import { fightLog, type FightEvent, type System } from './index';
import { loadOrThrow, miniD20 } from '../../test/fixtures/mini-d20';

/** mini-d20 with `initiative` for its rule and a `jokered` condition (+1 edge on attacks for a round). */
function withInitiative(initiative: InitiativeRule): SystemDocument {
  const doc = miniD20();
  return {
    ...doc,
    turn: { ...doc.turn!, initiative },
    conditions: [...(doc.conditions ?? []), { id: 'jokered', name: 'Jokered', edge: '1', checks: ['attack'], rounds: 1 }],
  } as SystemDocument;
}

type Ev<T extends FightEvent['type']> = Extract<FightEvent, { type: T }>;
const ofType = <T extends FightEvent['type']>(events: readonly FightEvent[], type: T): Ev<T>[] =>
  events.filter((e): e is Ev<T> => e.type === type);

const DECK = { deck: { jokers: 2, joker: { applies: ['jokered'] } } } as const;

describe('initiative by a deck (`turn.initiative.deck`)', () => {
  const system = loadOrThrow(withInitiative(DECK));

  it('deals everyone standing a card every round, no two alike, and the turns follow the cards high to low', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const events = fightLog(system, 'skirmish', seed);
      const rounds = new Set(ofType(events, 'round').map((e) => e.round));
      for (const round of rounds) {
        const draws = ofType(events, 'draw').filter((e) => e.round === round);
        expect(draws.length, `seed ${seed} round ${round}`).toBeGreaterThan(0);
        expect(new Set(draws.map((d) => d.value)).size).toBe(draws.length);
        const turns = ofType(events, 'turn').filter((e) => e.round === round);
        const cardOf = new Map(draws.map((d) => [d.target, d.value]));
        for (const t of turns) expect(t.initiative).toBe(cardOf.get(t.actor));
        for (let i = 1; i < turns.length; i++) expect(turns[i - 1]!.initiative!).toBeGreaterThan(turns[i]!.initiative!);
      }
    }
  });

  it('draws without replacement until a joker comes up: no card twice between two shuffles', () => {
    let spans = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const events = fightLog(system, 'skirmish', seed);
      let seen = new Set<number>();
      let jokerLast = false;
      let round = 0;
      for (const d of ofType(events, 'draw')) {
        if (d.round !== round) {
          if (jokerLast) { seen = new Set(); spans++; }
          jokerLast = false;
          round = d.round;
        }
        expect(seen.has(d.value), `seed ${seed}: ${d.card} again in round ${d.round}`).toBe(false);
        seen.add(d.value);
        if (d.joker) jokerLast = true;
        // 52 plain cards and 5 combatants: the deck runs out only after 10 rounds without a joker.
        if (seen.size >= 50) { seen = new Set(); }
      }
    }
    expect(spans).toBeGreaterThan(0);
  });

  it('names the cards (2♣ lowest, A♠ the highest plain card, jokers above) and a joker puts its condition on', () => {
    const draws = Array.from({ length: 40 }, (_, i) => ofType(fightLog(system, 'skirmish', i + 1), 'draw')).flat();
    for (const d of draws) {
      if (d.joker) expect(d.value).toBeGreaterThan(52);
      else expect(d.card).toMatch(/^(10|[2-9JQKA])[♣♦♥♠]$/);
    }
    expect(draws.find((d) => d.value === 1)?.card ?? '2♣').toBe('2♣');
    expect(draws.find((d) => d.value === 52)?.card ?? 'A♠').toBe('A♠');
    for (let seed = 1; seed <= 40; seed++) {
      const events = fightLog(system, 'skirmish', seed);
      for (const d of ofType(events, 'draw').filter((e) => e.joker)) {
        const put = ofType(events, 'condition').find((c) => c.target === d.target && c.round === d.round && c.condition === 'jokered');
        expect(put, `seed ${seed}: ${d.target} holds a joker in round ${d.round}`).toBeDefined();
      }
    }
  });

  it('the first round deals a joker to a given combatant 2 times in 54 (within 4.5σ over 4,000 fights)', () => {
    const n = 4000;
    let jokers = 0;
    for (let seed = 0; seed < n; seed++) {
      const first = ofType(fightLog(system, 'duel', seed), 'draw').find((d) => d.round === 1)!;
      if (first.joker) jokers++;
    }
    const p = 2 / 54;
    expect(Math.abs(jokers - n * p)).toBeLessThan(4.5 * Math.sqrt(n * p * (1 - p)));
  });

  it('the checker: a deck needs no check; an initiative with neither is refused at /turn/initiative; a joker condition must exist', () => {
    const errors = (doc: SystemDocument) => checkSystem(JSON.stringify(doc, null, 1)).diagnostics.filter((d) => d.severity === 'error');
    expect(errors(withInitiative(DECK))).toEqual([]);
    const neither = errors(withInitiative({ ties: 'heroes' }));
    expect(neither.map((d) => d.pointer)).toEqual(['/turn/initiative']);
    expect(neither[0]!.message).toMatch(/check.*deck/);
    const unknown = errors(withInitiative({ deck: { jokers: 1, joker: { applies: ['jokerd'] } } }));
    expect(unknown.map((d) => d.pointer)).toEqual(['/turn/initiative/deck/joker/applies/0']);
  });

  it('property: any deck shape and seed: every fight ends, each round no card twice, every value within the deck', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 1e6 }),
      (ranks, suits, jokers, seed) => {
        const s = loadOrThrow(withInitiative({ deck: { ranks, suits, jokers, reshuffle: seed % 2 ? 'round' : 'joker' } }));
        const events = fightLog(s, 'skirmish', seed);
        expect(events.at(-1)!.type).toBe('fightEnd');
        const byRound = new Map<number, number[]>();
        for (const d of ofType(events, 'draw')) {
          expect(d.value).toBeGreaterThanOrEqual(1);
          expect(d.value).toBeLessThanOrEqual(ranks * suits + jokers);
          byRound.set(d.round, [...(byRound.get(d.round) ?? []), d.value]);
        }
        // With fewer cards than combatants a round cannot deal distinct cards: the deck is shuffled again mid-deal.
        for (const values of byRound.values()) if (ranks * suits + jokers >= 5) expect(new Set(values).size).toBe(values.length);
      }), { numRuns: 40 });
  });
});

describe('initiative passes (`turn.initiative.passes`)', () => {
  // The fighter (a high initiative roll: its Dexterity) gets two passes, everyone else one.
  const system = loadOrThrow(withInitiative({ check: 'initiative', when: 'round', passes: '@initiative >= 12 ? 2 : 1' }));

  it('everyone\'s first pass before anyone\'s second, a second only for those it gives two, in the same order', () => {
    let seconds = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const events = fightLog(system, 'skirmish', seed);
      for (const round of new Set(ofType(events, 'round').map((e) => e.round))) {
        const turns = ofType(events, 'turn').filter((e) => e.round === round);
        const firstPass: string[] = [];
        let i = 0;
        while (i < turns.length && !firstPass.includes(turns[i]!.actor)) firstPass.push(turns[i++]!.actor);
        const second = turns.slice(i).map((t) => t.actor);
        seconds += second.length;
        for (const a of second) expect(turns.find((t) => t.actor === a)!.initiative!, `seed ${seed} round ${round}`).toBeGreaterThanOrEqual(12);
        // One given two that is not down by then and whose fight goes on takes its second.
        const fell = new Set(ofType(events, 'down').filter((e) => e.round === round).map((e) => e.target));
        const last = round === (events.at(-1) as Ev<'fightEnd'>).rounds;
        for (const t of turns.slice(0, i)) if (t.initiative! >= 12 && !fell.has(t.actor) && !last) expect(second).toContain(t.actor);
        // The second pass keeps the first's order.
        expect(second).toEqual(firstPass.filter((a) => second.includes(a)));
      }
    }
    expect(seconds).toBeGreaterThan(0);
  });

  it('without passes the same system gives everyone one turn a round', () => {
    const one = loadOrThrow(withInitiative({ check: 'initiative', when: 'round' }));
    for (let seed = 1; seed <= 10; seed++) {
      const events = fightLog(one, 'skirmish', seed);
      for (const round of new Set(ofType(events, 'round').map((e) => e.round))) {
        const actors = ofType(events, 'turn').filter((e) => e.round === round).map((t) => t.actor);
        expect(new Set(actors).size).toBe(actors.length);
      }
    }
  });
});
