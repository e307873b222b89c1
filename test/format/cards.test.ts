// Cards on fight events (issue 23): each trigger fires exactly when its event happens (read off the log), `when`
// false stops it, a card's effects are what rules do, a loop is refused by the checker (with its pointer) and at run
// time (a depth limit, a clear error), and random cards on random fights always end within the depth.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../engine/schema/check';
import type { Card, SystemDocument } from '../../engine/schema/document';
import { fightLog, loadSystem, runFight, SimError, type FightEvent, type System } from '../../engine/sim/index';
import { MAX_CARD_DEPTH } from '../../engine/sim/rules/cards';
import { fuzz } from '../fuzz';

const mini = (): SystemDocument => JSON.parse(readFileSync(new URL('../fixtures/systems/mini-d20.json', import.meta.url), 'utf8')) as SystemDocument;

function load(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

const TRIGGERS = ['fightStart', 'fightEnd', 'roundStart', 'turnStart', 'turnEnd', 'damageDealt', 'damageTaken', 'enemyDefeated', 'down', 'conditionApplied'] as const;
type CardEv = Extract<FightEvent, { type: 'card' }>;
const isCard = (e: FightEvent): e is CardEv => e.type === 'card';

/** A card on every trigger that does nothing: its events go in the log, and nothing else changes. */
const watchers = (): Card[] => TRIGGERS.map((on) => ({ id: `on-${on}`, on, do: [] }));

/** What a damage event's blow does at once, before its cards fire: a sustain roll (and the check it rolls), a counted track, a fall, rows closing up. */
const AFTERMATH = new Set(['sustain', 'check', 'gain', 'down', 'move']);

/** Whether `c` is down at each point of a log: put down by a `down` event, up again by a heal that leaves it above 0. */
function standingTracker(log: readonly FightEvent[]): (i: number, id: string) => boolean {
  const down: Set<string>[] = [];
  const now = new Set<string>();
  const hp = new Map<string, number>();
  for (const e of log) {
    if (e.type === 'fightStart') for (const c of e.combatants) hp.set(c.id, c.hp);
    if (e.type === 'down') now.add(e.target);
    if (e.type === 'heal' && now.has(e.target)) now.delete(e.target);
    if (e.type === 'flee') now.add(e.target);
    down.push(new Set(now));
  }
  return (i, id) => !down[i]!.has(id);
}

describe('cards fire exactly when their events happen', () => {
  const plain = load(mini());
  const watched = load({ ...mini(), cards: watchers() });
  const fights = ['duel', 'skirmish', 'troll', 'concentration', 'paralyzed-target', 'walk-away', 'fast-enemy'];
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
  const seen = new Map<string, number>();

  it.each(fights)('%s: without the card events the log is the fight without cards; each card event follows its own event', (id) => {
    for (const seed of seeds) {
      const before = fightLog(plain, id, seed);
      const log = fightLog(watched, id, seed);
      expect(log.filter((e) => !isCard(e))).toEqual(before);
      const sides = new Map<string, string>();
      for (const e of log) if (e.type === 'fightStart') for (const c of e.combatants) sides.set(c.id, c.side);
      const standing = standingTracker(log);
      const previous = (i: number): FightEvent | undefined => { for (let k = i - 1; k >= 0; k--) if (!isCard(log[k]!)) return log[k]; return undefined; };
      const next = (i: number): FightEvent | undefined => { for (let k = i + 1; k < log.length; k++) if (!isCard(log[k]!)) return log[k]; return undefined; };
      /** The damage event a card follows, past what that damage did at once; undefined when something else came between. */
      const blowBefore = (i: number): FightEvent | undefined => {
        for (let k = i - 1; k >= 0; k--) {
          const x = log[k]!;
          if (x.type === 'damage') return x;
          if (!(isCard(x) || AFTERMATH.has(x.type) || (x.type === 'condition' && x.change === 'ended'))) return undefined;
        }
        return undefined;
      };
      let lastTurn: Extract<FightEvent, { type: 'turn' }> | null = null;
      log.forEach((e, i) => {
        if (e.type === 'turn') lastTurn = e;
        if (!isCard(e)) return;
        seen.set(e.on, (seen.get(e.on) ?? 0) + 1);
        expect(e.depth).toBe(1);
        expect(e.pointer).toBe(`/cards/${TRIGGERS.indexOf(e.on)}`);
        const p = previous(i)!;
        switch (e.on) {
          case 'fightStart': expect(log.slice(0, i).some((x) => x.type === 'round')).toBe(false); expect(e.target).toBe(e.holder); break;
          case 'roundStart': expect(p.type).toBe('round'); expect(e.round).toBe((p as { round: number }).round); break;
          case 'turnStart': expect(p).toMatchObject({ type: 'turn', actor: e.holder }); break;
          case 'turnEnd': expect(lastTurn).toMatchObject({ actor: e.holder }); expect(standing(i, e.holder)).toBe(true); break;
          case 'fightEnd': expect(next(i)?.type).toBe('fightEnd'); break;
          case 'damageTaken': case 'damageDealt': {
            // After the damage and what it did at once (a sustain roll, a sleeper woken, a counted track, a fall).
            const blow = blowBefore(i)!;
            expect(blow).toMatchObject({ type: 'damage', target: e.target, actor: e.source });
            expect(e.holder).toBe(e.on === 'damageTaken' ? e.target : e.source);
            expect((blow as { amount: number }).amount).toBeGreaterThan(0);
            break;
          }
          case 'down': expect(p).toMatchObject({ type: 'down', target: e.holder }); break;
          case 'enemyDefeated':
            expect(p.type).toBe('down');
            expect((p as { target: string }).target).toBe(e.target);
            expect(sides.get(e.holder)).not.toBe(sides.get(e.target!));
            break;
          case 'conditionApplied': expect(p).toMatchObject({ type: 'condition', change: 'applied', target: e.holder }); break;
        }
      });
      // And every event has its cards: counted from the log without them.
      log.forEach((e, i) => {
        const after: CardEv[] = [];
        for (let k = i + 1; k < log.length && isCard(log[k]!); k++) after.push(log[k] as CardEv);
        const on = (t: string): CardEv[] => after.filter((c) => c.on === t);
        if (e.type === 'turn') expect(on('turnStart').map((c) => c.holder)).toEqual([e.actor]);
        if (e.type === 'condition' && e.change === 'applied' && standing(i, e.target)) expect(on('conditionApplied').map((c) => c.holder)).toEqual([e.target]);
        if (e.type === 'down' && (e.by !== undefined || e.state !== 'stable' || !log.slice(0, i).some((x) => x.type === 'down' && x.target === e.target))) {
          const fresh = !log.slice(0, i).some((x) => x.type === 'down' && x.target === e.target);
          if (fresh) {
            expect(on('down').map((c) => c.holder)).toEqual([e.target]);
            const foes = [...sides].filter(([id, side]) => side !== sides.get(e.target) && standing(i, id)).map(([id]) => id);
            expect(on('enemyDefeated').map((c) => c.holder)).toEqual(foes);
          }
        }
        if (e.type === 'damage' && e.amount > 0) {
          const cards: CardEv[] = [];
          let end = i;
          for (let k = i + 1; k < log.length; k++) {
            const x = log[k]!;
            if (isCard(x)) { if (blowBefore(k) === e) cards.push(x); continue; }
            if (!(AFTERMATH.has(x.type) || (x.type === 'condition' && x.change === 'ended'))) break;
            end = k;
          }
          // The one it felled has no `damageTaken` card.
          expect(cards.filter((c) => c.on === 'damageTaken').length).toBe(standing(end, e.target) ? 1 : 0);
          expect(cards.filter((c) => c.on === 'damageDealt').length).toBe(standing(end, e.actor) ? 1 : 0);
        }
        if (e.type === 'round') expect(on('roundStart').map((c) => c.holder)).toEqual([...sides.keys()].filter((id) => standing(i, id)));
      });
      expect(log.filter((e) => isCard(e) && e.on === 'fightStart').map((e) => (e as CardEv).holder)).toEqual([...sides.keys()]);
    }
  });

  it('saw every trigger in these fights', () => {
    for (const t of TRIGGERS) expect(seen.get(t) ?? 0, t).toBeGreaterThan(0);
  });
});

describe('a card does what rules do', () => {
  const rage: Card = { id: 'rage', name: 'Rage', on: 'damageTaken', when: '@event.amount > 0', do: [{ gain: { track: 'surge', amount: '1' } }] };

  it('when you take damage, gain a point: a gain event after each damage the holder took, with the chip naming the blow', () => {
    const doc = mini();
    const system = load({ ...doc, heroes: doc.heroes!.map((h) => (h.id === 'fighter5' ? { ...h, tracks: { surge: 0 }, cards: [rage], orders: [] } : h)) });
    const log = fightLog(system, 'troll', 2);
    const cards = log.filter(isCard);
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) {
      const i = log.indexOf(c);
      const blow = log[i - 1]!;
      expect(blow).toMatchObject({ type: 'damage', target: 'fighter5' });
      expect(c.chip).toBe(`Rage: surge +1, after Fighter 5 took ${(blow as { amount: number }).amount} ${(blow as { damageType: string }).damageType} from ${c.source === 'troll-1' ? 'Troll 1' : 'Drake 1'}`);
      // The gain follows (unless the track is full already: the surge track holds 1).
      const gain = log[i + 1]!;
      if (gain.type === 'gain') expect(gain).toMatchObject({ target: 'fighter5', track: 'surge', amount: 1 });
    }
    expect(log.filter((e) => e.type === 'gain' && e.target === 'fighter5' && e.amount === 1).length).toBeGreaterThan(0);
  });

  it('when false stops it: no card event and no effect; the same fight as without the card', () => {
    const doc = mini();
    const never = { ...rage, when: '@event.amount > 1000' };
    const withNever = load({ ...doc, heroes: doc.heroes!.map((h) => (h.id === 'fighter5' ? { ...h, cards: [never] } : h)) });
    expect(fightLog(withNever, 'duel', 3)).toEqual(fightLog(load(doc), 'duel', 3));
    // `@event.type` and `@event.source` are the blow's: only slashing damage (the template's is bludgeoning), only from nobody.
    expect(fightLog(withNever, 'troll', 2)).toEqual(fightLog(load(doc), 'troll', 2));
    // `@event.type` and `@event.source` are the blow's: the troll's and the drake's, never psychic, never from nobody.
    const typed = load({ ...doc, heroes: doc.heroes!.map((h) => (h.id === 'fighter5' ? { ...h, cards: [{ ...rage, when: "@event.type == 'psychic'" }, { ...rage, id: 'r2', when: "@event.source == 'nobody'" }] } : h)) });
    expect(fightLog(typed, 'troll', 2).filter(isCard)).toEqual([]);
    const byTroll = load({ ...doc, heroes: doc.heroes!.map((h) => (h.id === 'fighter5' ? { ...h, cards: [{ ...rage, when: "@event.source == 'troll-1' and @event.amount >= 2" }] } : h)) });
    const fired = fightLog(byTroll, 'troll', 2).filter(isCard);
    expect(fired.length).toBeGreaterThan(0);
    expect(fired.every((c) => c.source === 'troll-1' && !c.chip.includes('took 1 '))).toBe(true);
    const all = fightLog(load({ ...doc, heroes: doc.heroes!.map((h) => (h.id === 'fighter5' ? { ...h, cards: [rage] } : h)) }), 'troll', 2).filter(isCard);
    expect(all.length).toBeGreaterThan(fired.length);
  });

  it('bloodlust: a foe defeated puts a condition on the defeater, its chip names both', () => {
    const doc = mini();
    const bloodlust: Card = { id: 'bloodlust', name: 'Bloodlust', on: 'enemyDefeated', when: '@event.source == @id', text: '+2 to hit', do: [{ apply: 'blessed' }] };
    const system = load({ ...doc, heroes: doc.heroes!.map((h) => (h.id === 'fighter5' ? { ...h, id: 'fighter5', cards: [bloodlust] } : h)) });
    const log = fightLog(system, 'skirmish', 2);
    const fired = log.filter(isCard);
    expect(fired.length).toBeGreaterThan(0);
    for (const c of fired) {
      const i = log.indexOf(c);
      expect(log[i - 1]).toMatchObject({ type: 'down', by: 'fighter5' });
      expect(c.chip).toMatch(/^Bloodlust: \+2 to hit, after Fighter 5 defeated Standard [123]$/);
    }
    // The first one puts Blessed on; later ones find it held (no refresh): no second condition event.
    expect(log[log.indexOf(fired[0]!) + 1]).toMatchObject({ type: 'condition', condition: 'blessed', change: 'applied', target: 'fighter5', source: 'fighter5' });
  });

  it('thorns: damage back to the source, through the damage steps; a grant at the turn start is an extra action that turn', () => {
    const doc = mini();
    const thorns: Card = { id: 'thorns', on: 'damageTaken', do: [{ to: 'source', damage: { amount: '1', type: 'fire' } }] };
    const haste: Card = { id: 'haste', on: 'turnStart', do: [{ grant: { action: 'action' } }] };
    const system = load({ ...doc, heroes: doc.heroes!.map((h) => (h.id === 'striker' ? { ...h, cards: [thorns, haste] } : h)) });
    const log = fightLog(system, 'd20-plus-5', 4);
    const turns = log.filter((e) => e.type === 'turn' && e.actor === 'striker').length;
    const checks = log.filter((e) => e.type === 'check' && e.actor === 'striker' && e.check === 'attack').length;
    // The striker attacks twice a turn (its action, then the granted one), but on the turn that ends the fight.
    expect(checks).toBeGreaterThanOrEqual(2 * turns - 1);
    const plainChecks = fightLog(load(doc), 'd20-plus-5', 4).filter((e) => e.type === 'check' && e.actor === 'striker').length;
    expect(plainChecks).toBeLessThan(checks);
    for (const c of log.filter((e) => isCard(e) && e.card === 'thorns')) {
      expect(log[log.indexOf(c) + 1]).toMatchObject({ type: 'damage', actor: 'striker', target: (c as CardEv).source, damageType: 'fire', amount: 1 });
    }
  });
});

describe('a loop is refused', () => {
  const codes = (doc: SystemDocument): { pointer: string; code?: string; message: string }[] =>
    checkSystem(JSON.stringify(doc)).diagnostics.filter((d) => d.severity === 'error');

  it('the checker: a card whose effect makes its own event, at that effect', () => {
    const doc = { ...mini(), cards: [{ id: 'burn', on: 'damageTaken', do: [{ heal: { amount: '1' } }, { damage: { amount: '1' } }] }] } as SystemDocument;
    const problems = codes(doc);
    expect(problems).toEqual([expect.objectContaining({ pointer: '/cards/0/do/1', code: 'card-loop' })]);
    expect(problems[0]!.message).toContain('card `burn` fires on `damageTaken`');
  });

  it('the checker: cards firing one another in a circle; a condition of another type pinned by `when` breaks it', () => {
    const circle: Card[] = [
      { id: 'sting', on: 'damageTaken', do: [{ apply: 'prone' }] },
      { id: 'fall', on: 'conditionApplied', do: [{ damage: { amount: '1' } }] },
    ];
    const problems = codes({ ...mini(), cards: circle });
    expect(problems).toEqual([expect.objectContaining({ code: 'card-loop' })]);
    expect(problems[0]!.message).toContain('`sting` (on `damageTaken`) → `fall` (on `conditionApplied`) → `sting`');
    const self: Card = { id: 'keen', on: 'conditionApplied', do: [{ apply: 'keen' }] };
    expect(codes({ ...mini(), cards: [self] })).toEqual([expect.objectContaining({ pointer: '/cards/0/do/0', code: 'card-loop' })]);
    expect(codes({ ...mini(), cards: [{ ...self, when: "@event.type == 'prone'" }] })).toEqual([]);
    expect(codes({ ...mini(), cards: [{ ...self, when: "@hp > 0 and @event.type == 'keen'" }] })).toEqual([expect.objectContaining({ code: 'card-loop' })]);
  });

  it('the checker: one hero\'s thorns (damage to the source) is no loop; everyone\'s is', () => {
    const thorns: Card = { id: 'thorns', on: 'damageTaken', do: [{ to: 'source', damage: { amount: '1' } }] };
    const doc = mini();
    expect(codes({ ...doc, heroes: doc.heroes!.map((h) => (h.id === 'striker' ? { ...h, cards: [thorns] } : h)) })).toEqual([]);
    expect(codes({ ...doc, cards: [thorns] })).toEqual([expect.objectContaining({ pointer: '/cards/0/do/0', code: 'card-loop' })]);
    // A template's card is held by each of its enemies: one's thorns fires another's.
    expect(codes({ ...doc, templates: doc.templates!.map((t, i) => (i === 0 ? { ...t, cards: [thorns] } : t)) }))
      .toEqual([expect.objectContaining({ pointer: '/templates/0/cards/0/do/0', code: 'card-loop' })]);
  });

  it('the checker: ids an effect names, one thing per effect, ids unique', () => {
    const doc = { ...mini(), cards: [
      { id: 'a', on: 'turnStart', do: [{ apply: 'pron' }, { gain: { track: 'rage', amount: '1' } }, { grant: { action: 'bonus-action' } }, {}, { apply: 'keen', remove: 'keen' }] },
      { id: 'a', on: 'turnEnd', do: [] },
    ] } as SystemDocument;
    const problems = codes(doc).map((d) => `${d.pointer} ${d.code}`);
    expect(problems).toEqual(expect.arrayContaining([
      '/cards/0/do/0/apply unknown-id', '/cards/0/do/1/gain/track unknown-id', '/cards/0/do/2/grant/action unknown-id',
      '/cards/0/do/3 card-effect', '/cards/0/do/4 card-effect', '/cards/1/id duplicate-id',
    ]));
    expect(codes(doc).find((d) => d.pointer === '/cards/0/do/0/apply')!.message).toContain('did you mean `prone`?');
  });

  it('at run time: a loop the checker cannot see stops the fight at depth 9 with the chain named', () => {
    // Hurting itself at its turn's start fires its thorns, whose source is itself: thorns again, and again.
    const doc = mini();
    const cards: Card[] = [
      { id: 'pain', on: 'turnStart', do: [{ damage: { amount: '1' } }] },
      { id: 'thorns', on: 'damageTaken', do: [{ to: 'source', damage: { amount: '1' } }] },
    ];
    const looped = { ...doc, heroes: doc.heroes!.map((h) => (h.id === 'fighter5' ? { ...h, attributes: { ...h.attributes, con: 40 }, cards } : h)) };
    expect(codes(looped)).toEqual([]);
    const system = load(looped);
    expect(() => runFight(system, 'duel', 1)).toThrow(SimError);
    expect(() => runFight(system, 'duel', 1)).toThrow(
      `card 'thorns' (/heroes/4/cards/1) of fighter5 fired 9 cards deep (pain → thorns → thorns → thorns → thorns → thorns → thorns → thorns → thorns): cards that fire one another loop; give one a \`when\` that stops it`);
    // A `when` that stops it: the thorns answer only someone else.
    const stopped = load({ ...looped, heroes: looped.heroes!.map((h) => (h.id === 'fighter5' ? { ...h, cards: [cards[0]!, { ...cards[1]!, when: '@event.source != @id' }] } : h)) });
    expect(runFight(stopped, 'duel', 1).rounds).toBeGreaterThan(0);
  });
});

describe('@event.* is read in cards only', () => {
  it('in a derived value it is an error at its place, naming where it is readable', () => {
    const doc = mini();
    const bad = { ...doc, heroes: doc.heroes!.map((h, i) => (i === 0 ? { ...h, derived: { rage: '@event.amount + 1' } } : h)), cards: [{ id: 'c', on: 'damageTaken', when: "@event.amount >= 2 and @event.type != 'fire'", do: [{ heal: { amount: '@event.amount / 2' } }] }] } as SystemDocument;
    const errors = checkSystem(JSON.stringify(bad)).diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([expect.objectContaining({ pointer: '/heroes/0/derived/rage', code: 'context' })]);
    expect(errors[0]!.message).toContain("only readable in a card's `when` and the amounts of its `do`");
  });
});

describe('random cards on random fights', () => {
  const doc = mini();
  const conditions = doc.conditions!.map((c) => c.id);
  const to = fc.constantFrom('self', 'source', 'target', 'allies', 'enemies') as fc.Arbitrary<'self'>;
  const effect = fc.oneof(
    fc.record({ to, apply: fc.constantFrom(...conditions) }),
    fc.record({ to, remove: fc.constantFrom(...conditions) }),
    fc.record({ to, gain: fc.record({ track: fc.constantFrom('hp', 'surge', 'slots'), amount: fc.constantFrom('1', '2', '@event.amount') }) }),
    fc.record({ to, spend: fc.record({ track: fc.constantFrom('hp', 'surge', 'slots'), amount: fc.constantFrom('1', '@event.amount') }) }),
    fc.record({ to, heal: fc.record({ amount: fc.constantFrom('1', '1d4', '@event.amount') }) }),
    fc.record({ to, damage: fc.record({ amount: fc.constantFrom('1', '1d4', '@event.amount'), type: fc.constantFrom('fire', 'slashing') }) }),
    fc.record({ to, grant: fc.record({ action: fc.constantFrom('action', 'bonus'), count: fc.constantFrom('1', '2') }) }),
  );
  const card = (id: string): fc.Arbitrary<Card> => fc.record({
    id: fc.constant(id), on: fc.constantFrom(...TRIGGERS),
    when: fc.constantFrom('true', '@event.amount > 2', "@event.source != @id", "@event.type == 'fire'", '@hp > 5'),
    do: fc.array(effect, { maxLength: 3 }),
  });
  const cards = fc.array(fc.nat(), { maxLength: 4 }).chain((xs) => fc.tuple(...xs.map((_, i) => card(`c${i}`))));
  const holders = fc.constantFrom('system', 'fighter5', 'mage', 'caster', 'standard', 'troll');

  it('every fight ends, in its rounds or with the loop error, and no card fires deeper than the limit', () => {
    fc.assert(fc.property(fc.array(fc.tuple(holders, cards), { maxLength: 3 }), fc.constantFrom('duel', 'skirmish', 'troll', 'concentration'), fc.nat(1000),
      (lists, fight, seed) => {
        let d: SystemDocument = { ...doc };
        lists.forEach(([holder, list], k) => {
          const own = list.map((c) => ({ ...c, id: `${c.id}-${k}` }));
          if (holder === 'system') d = { ...d, cards: [...(d.cards ?? []), ...own] };
          else if (holder === 'standard') d = { ...d, templates: d.templates!.map((t) => (t.role === 'standard' ? { ...t, cards: [...(t.cards ?? []), ...own] } : t)) };
          else if (holder === 'troll') d = { ...d, bestiary: d.bestiary!.map((c) => (c.id === 'troll' ? { ...c, cards: [...(c.cards ?? []), ...own] } : c)) };
          else d = { ...d, heroes: d.heroes!.map((h) => (h.id === holder ? { ...h, cards: [...(h.cards ?? []), ...own] } : h)) };
        });
        const system = load(d);
        const events: FightEvent[] = [];
        try {
          const result = runFight(system, fight, seed, (e) => events.push(e));
          expect(result.rounds).toBeLessThanOrEqual(system.fights.get(fight)!.maxRounds);
          expect(events[events.length - 1]!.type).toBe('fightEnd');
        } catch (err) {
          expect(err).toBeInstanceOf(SimError);
          expect((err as Error).message).toMatch(/fired 9 cards deep/);
        }
        for (const e of events) if (isCard(e)) expect(e.depth).toBeLessThanOrEqual(MAX_CARD_DEPTH);
      }), fuzz(2323, 150));
  });
});

describe("classic-d20's berserker", () => {
  const text = readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8');
  const system = load(JSON.parse(text) as SystemDocument);

  it('checks clean, and its cards fire on the blows it takes and the foes it fells', () => {
    expect(checkSystem(text).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    let rages = 0, feasts = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const log = fightLog(system, 'berserker-rage', seed);
      log.forEach((e, i) => {
        if (e.type === 'damage' && e.target === 'berserker5' && e.amount > 0 && e.hp > 0) {
          const card = log.slice(i + 1).find(isCard)!;
          expect(card).toMatchObject({ card: 'rage', holder: 'berserker5', source: e.actor, on: 'damageTaken' });
          expect(card.chip).toMatch(new RegExp(`^Rage: advantage on attacks until the end of the next turn, after Berserker 5 took ${e.amount} \\w+ from Standard \\d$`));
          const after = log[log.indexOf(card) + 1]!;
          expect(after).toMatchObject({ type: 'condition', target: 'berserker5', condition: 'raging' });
          expect(['applied', 'refreshed']).toContain((after as { change: string }).change);
          rages++;
        }
        if (e.type === 'down' && e.by === 'berserker5') {
          expect(log[i + 1]).toMatchObject({ type: 'card', card: 'bloodlust', target: e.target, source: 'berserker5' });
          expect(log[i + 2]).toMatchObject({ type: 'heal', actor: 'berserker5', target: 'berserker5', formula: '/heroes/8/cards/1/do/0/heal/amount' });
          feasts++;
        }
        if (isCard(e) && e.card === 'bloodlust') expect(log[i - 1]).toMatchObject({ type: 'down', by: 'berserker5' });
      });
    }
    expect(rages).toBeGreaterThan(10);
    expect(feasts).toBeGreaterThan(10);
  });

  it('raging gives its attacks advantage: the check after a rage names it', () => {
    const log = Array.from({ length: 10 }, (_, k) => fightLog(system, 'berserker-rage', k + 1)).flat();
    const raged = log.filter((e) => e.type === 'check' && e.actor === 'berserker5' && e.influencedBy.some((x) => x.startsWith('Raging')));
    expect(raged.length).toBeGreaterThan(0);
  });
});
