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

describe("Libra: Wait (act last on the current tick)", () => {
  // Everyone on initiative 10: the archer who Waits shares her tick with the knight and both goblins.
  const tied = loadRuntime(withFights(
    { ...doc, checks: { ...doc.checks, initiative: { ...doc.checks!.initiative!, roll: '10' } } },
    [{
      id: 'tied-tick', heroes: [{ hero: 'knight', position: 'front' }, { hero: 'archer-waits', position: 'back' }],
      enemies: [{ bestiary: 'goblin', count: 2, position: 'front' }], maxRounds: 1,
    }],
  ));

  test('on a shared tick of 10 the archer holds, every other one on 10 acts, then she acts last on 10 (no initiative lost)', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const events = log(tied, 'tied-tick', seed);
      const atTen = eventsOf(events, 'turn').filter((t) => t.round === 1 && t.clock === 10).map((t) => t.actor);
      // Heroes win ties: the knight, then the archer, who Waits; the goblins still standing; the archer again.
      expect(atTen[0]).toBe('knight');
      expect(atTen[1]).toBe('archer-waits');
      expect(atTen.at(-1)).toBe('archer-waits');
      expect(atTen.slice(2, -1).every((id) => id.startsWith('goblin-'))).toBe(true);
      const goblinsUp = eventsOf(events, 'turn').filter((t) => t.round === 1 && t.actor.startsWith('goblin-') && t.clock === 10).length;
      expect(atTen.length).toBe(3 + goblinsUp);
      const abilities = eventsOf(events, 'ability').filter((a) => a.actor === 'archer-waits').map((a) => a.ability);
      expect(abilities.slice(0, 2)).toEqual(['wait', 'aimed-shot']);
    }
  });

  test('in the sample fight every Wait is followed by the others on that tick, then the same actor on the same clock, shooting, never holding twice', () => {
    const system = loadRuntime(doc);
    let waits = 0, othersBetween = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const events = log(system, 'row-formation-hold', seed);
      const turns = events.map((e, i) => [e, i] as const).filter((x): x is readonly [Extract<FightEvent, { type: 'turn' }>, number] => x[0].type === 'turn');
      turns.forEach(([turn, index], k) => {
        const next = events.slice(index + 1).find((e) => e.type === 'turn' || e.type === 'ability');
        if (next?.type !== 'ability' || next.ability !== 'wait') return;
        waits++;
        const tick = turn.clock!;
        let j = k + 1;
        const holderDown = events.findIndex((e, i) => i > index && e.type === 'down' && e.target === turn.actor);
        while (j < turns.length && turns[j]![0].actor !== turn.actor && turns[j]![0].round === turn.round) {
          if (holderDown >= 0 && holderDown < turns[j]![1]) return; // struck down while holding
          expect(turns[j]![0].clock).toBe(tick);
          othersBetween++;
          j++;
        }
        const held = turns[j];
        if (!held || held[0].round !== turn.round) return; // the fight ended on the tick
        expect(held[0].actor).toBe(turn.actor);
        expect(held[0].clock).toBe(tick);
        const heldAct = events.slice(held[1] + 1, turns[j + 1]?.[1] ?? events.length);
        expect(heldAct.some((e) => e.type === 'ability' && e.ability === 'wait')).toBe(false);
        const after = turns[j + 1]?.[0];
        if (after && after.round === turn.round) expect(after.clock!).toBeLessThan(tick);
      });
    }
    expect(waits).toBeGreaterThan(30);
    expect(othersBetween).toBeGreaterThan(0);
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
