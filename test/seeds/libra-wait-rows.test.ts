// Libra's Wait and row formation on the real systems/libra.json, through the real fight engine.
// Seed: "Wait: Speed -- You hold your action until a lower Initiative number. When you choose to act, you will be the
// last person to act on that tick. There is no penalty to waiting other than lost Initiative." (seed-notes: Wait
// moves the actor to act last on the current tick) and "Row: ... When the front row is eliminated, the next person in
// line becomes the new front row. The second person in line is considered to be in the back row. The third person in
// line is considered unreachable by Melee"; "You must have at least one character in the Front Row to be considered
// to have a 'Front Row' and a 'Back Row'."
import { describe, expect, test } from 'vitest';
import type { FightEvent } from '../../engine/sim/index';
import { eventsOf, loadRuntime, log, systemDocument, withFights } from './harness';

const doc = systemDocument('libra');

describe('Libra: Wait (hold until a lower initiative number, then act last on that tick)', () => {
  // Everyone on initiative 10: the archer who Waits shares her tick with the knight and both goblins.
  const tied = loadRuntime(withFights(
    { ...doc, checks: { ...doc.checks, initiative: { ...doc.checks!.initiative!, roll: '10' } } },
    [{
      id: 'tied-tick', heroes: [{ hero: 'knight', position: 'front' }, { hero: 'archer-waits', position: 'back' }],
      enemies: [{ bestiary: 'goblin', count: 2, position: 'front' }], maxRounds: 1,
    }],
  ));

  test('on a shared tick of 10 the archer holds to the next lower number someone acts on (the knight, already at 5): the goblins act on 10, the knight on 5, then she, last on 5', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const events = log(tied, 'tied-tick', seed);
      const turns = eventsOf(events, 'turn').filter((t) => t.round === 1);
      // Heroes win ties: the knight (Power Strike, speed 5: down to 5), then the archer, who Waits.
      expect(turns.slice(0, 2).map((t) => [t.actor, t.clock])).toEqual([['knight', 10], ['archer-waits', 10]]);
      const held = turns.findIndex((t, i) => i > 1 && t.actor === 'archer-waits');
      if (held < 0) continue; // the goblins ended it first
      expect(turns[held]!.clock).toBe(5);
      const between = turns.slice(2, held);
      // Every goblin still up acts on 10 before anyone on 5; then everyone else on 5 before her.
      expect(between.filter((t) => t.clock === 10).every((t) => t.actor.startsWith('goblin-'))).toBe(true);
      expect(between.map((t) => t.clock)).toEqual([...between.map((t) => t.clock)].sort((a, b) => b! - a!));
      expect(between.some((t) => t.actor === 'knight' && t.clock === 5)).toBe(true);
      expect(turns.slice(held + 1).filter((t) => t.clock === 5)).toEqual([]);
      const abilities = eventsOf(events, 'ability').filter((a) => a.actor === 'archer-waits').map((a) => a.ability);
      expect(abilities.slice(0, 2)).toEqual(['wait', 'aimed-shot']);
    }
  });

  test('in the sample fight every Wait holds to the highest tick below hers on which someone else acts next (hers when none), where she acts after every other, shooting, never holding twice', () => {
    const system = loadRuntime(doc);
    let waits = 0, lower = 0, same = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const events = log(system, 'row-formation-hold', seed);
      const turns = events.map((e, i) => [e, i] as const).filter((x): x is readonly [Extract<FightEvent, { type: 'turn' }>, number] => x[0].type === 'turn');
      turns.forEach(([turn, index], k) => {
        const next = events.slice(index + 1).find((e) => e.type === 'turn' || e.type === 'ability');
        if (next?.type !== 'ability' || next.ability !== 'wait') return;
        waits++;
        const tick = turn.clock!;
        const rest = turns.slice(k + 1).filter(([t]) => t.round === turn.round);
        const heldAt = rest.findIndex(([t]) => t.actor === turn.actor);
        if (heldAt < 0) return; // the fight ended, or she fell, before her held act
        const [held, heldIndex] = rest[heldAt]!;
        // Someone down meanwhile may have been the tick she held to: nothing more to read.
        if (events.slice(index, heldIndex).some((e) => e.type === 'down')) return;
        // Each other one's next act this round is at the clock it had when she held.
        const pending = new Map<string, number>();
        for (const [t] of rest) if (t.actor !== turn.actor && !pending.has(t.actor)) pending.set(t.actor, t.clock!);
        const below = [...pending.values()].filter((c) => c < tick);
        const expected = below.length ? Math.max(...below) : tick;
        expect(held.clock, `seed ${seed}: held at ${tick}`).toBe(expected);
        if (expected < tick) lower++; else same++;
        // Nobody acts on her tick after her; she does not hold twice there; she shoots.
        expect(rest.slice(heldAt + 1).filter(([t]) => t.clock === expected)).toEqual([]);
        const nextTurn = events.findIndex((e, i) => i > heldIndex && e.type === 'turn');
        const heldAct = events.slice(heldIndex + 1, nextTurn < 0 ? events.length : nextTurn);
        expect(heldAct.some((e) => e.type === 'ability' && e.ability === 'wait')).toBe(false);
      });
    }
    expect(waits).toBeGreaterThan(30);
    expect(lower).toBeGreaterThan(10);
    expect(same).toBeGreaterThan(0);
  });
});

describe('Libra: rows close up when the row ahead falls (positions.advance)', () => {
  const melee = (events: readonly FightEvent[], target: string) =>
    eventsOf(events, 'check').filter((c) => c.check === 'attack' && c.actor.startsWith('ogre') && c.target === target);

  test('row formation: when the second in line falls, the third moves up into the back row at once and melee reaches her', () => {
    const system = loadRuntime(doc);
    let closedUp = 0, reachedAfter = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const events = log(system, 'row-formation-hold', seed);
      const fell = events.findIndex((e) => e.type === 'down' && e.target === 'archer-waits');
      const mageDown = events.findIndex((e) => e.type === 'down' && e.target === 'mage');
      // The rear is out of melee reach while the archer stands.
      const before = fell < 0 ? events : events.slice(0, fell);
      expect(melee(before, 'mage')).toEqual([]);
      if (fell < 0 || (mageDown >= 0 && mageDown < fell)) continue;
      closedUp++;
      expect(events[fell + 1]).toMatchObject({ type: 'move', target: 'mage', from: 'rear', to: 'back' });
      if (melee(events.slice(fell), 'mage').length > 0) reachedAfter++;
    }
    expect(closedUp).toBeGreaterThan(5);
    expect(reachedAfter).toBeGreaterThan(0);
  });

  test('when the front row is eliminated, the back row becomes the new front row', () => {
    // The knight alone in front, the archer and mage behind him flying (out of melee reach): the ogres can only strike
    // the knight until he falls (40 fights: his sword's advantage over their axes keeps him up in most).
    const system = loadRuntime(withFights(doc, [{
      id: 'front-falls', heroes: [{ hero: 'knight', position: 'front' }, { hero: 'archer', position: 'back', conditions: ['flying'] }, { hero: 'mage', position: 'back', conditions: ['flying'] }],
      enemies: [{ template: { role: 'elite', tier: 5 }, id: 'ogre', count: 2, position: 'front' }], maxRounds: 50,
    }]));
    let fronts = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const events = log(system, 'front-falls', seed);
      const fell = events.findIndex((e) => e.type === 'down' && e.target === 'knight');
      const before = fell < 0 ? events : events.slice(0, fell);
      expect(eventsOf(before, 'check').filter((c) => c.actor.startsWith('ogre') && c.check === 'attack' && c.target !== 'knight')).toEqual([]);
      if (fell < 0) continue;
      fronts++;
      const moves = events.slice(fell + 1).filter((e) => e.type === 'move');
      expect(events[fell + 1]?.type).toBe('move');
      expect(moves.map((m) => m.type === 'move' && `${m.target}:${m.from}>${m.to}`)).toEqual(['archer:back>front', 'mage:back>front']);
    }
    expect(fronts).toBeGreaterThan(5);
  });

  test('a fight opening with empty rows ahead closes up before the first blow (someone is always in the front row)', () => {
    const system = loadRuntime(withFights(doc, [{
      id: 'no-front', heroes: [{ hero: 'archer', position: 'back' }, { hero: 'mage', position: 'rear' }],
      enemies: [{ bestiary: 'goblin', position: 'front' }], maxRounds: 1,
    }]));
    const events = log(system, 'no-front', 1);
    const moves = events.filter((e) => e.type === 'move').map((m) => m.type === 'move' && `${m.target}:${m.from}>${m.to}`);
    expect(moves).toEqual(['archer:back>front', 'mage:rear>back']);
    expect(events.findIndex((e) => e.type === 'move')).toBeLessThan(events.findIndex((e) => e.type === 'round'));
  });
});
