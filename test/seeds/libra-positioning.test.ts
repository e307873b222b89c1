// Libra's Combat Positioning (`libra-how-to-play.txt`, issue 21): "Speed 10 – You may alter your Combat Position. You
// may move freely between the Front and Back Rows when in Column or Staggered Column Formation. When in Row
// Formation, you must switch with the person in front of you or behind you." On the real systems/libra.json: Step
// back (a column: `move: "back"`) and Switch with the one behind (row formation: `move: "rear"`, `swap`).
import { describe, expect, test } from 'vitest';
import { loadSystem, type FightEvent } from '../../engine/sim/index';
import { eventsOf, loadRuntime, log, systemDocument } from './harness';

const doc = systemDocument('libra');
const HEROES = ['knight', 'archer', 'mage', 'archer-steps-back', 'mage-steps-back', 'archer-switches'];
const ARMOUR: Record<string, number> = { knight: 3, 'archer-steps-back': 1, 'mage-steps-back': 0 };
/** Where an ability that moves its user takes it. */
const MOVES: Record<string, string> = { 'step-back': 'back', 'switch-to-rear': 'rear' };

/** Replays a log's places: each event with where every combatant stands and who is standing just before it. */
function withPlaces(events: readonly FightEvent[], visit: (e: FightEvent, at: Map<string, string>, standing: Set<string>, i: number) => void): void {
  const at = new Map<string, string>();
  const standing = new Set<string>();
  events.forEach((e, i) => {
    visit(e, at, standing, i);
    if (e.type === 'fightStart') for (const c of e.combatants) { at.set(c.id, c.position); standing.add(c.id); }
    if (e.type === 'ability' && MOVES[e.ability] !== undefined) at.set(e.actor, MOVES[e.ability]!);
    if (e.type === 'move') at.set(e.target, e.to);
    if (e.type === 'down' || e.type === 'flee') standing.delete(e.target);
  });
}

const heroesIn = (row: string, at: Map<string, string>, standing: Set<string>): string[] =>
  [...standing].filter((id) => HEROES.includes(id) && at.get(id) === row);

/** The actor's act that a turn event opens: the events up to the next turn (or the end). */
function actOf(events: readonly FightEvent[], turnAt: number): readonly FightEvent[] {
  const next = events.findIndex((e, i) => i > turnAt && (e.type === 'turn' || e.type === 'round'));
  return events.slice(turnAt + 1, next < 0 ? undefined : next);
}

describe('Libra: Combat Positioning in a column (step back, speed 10)', () => {
  const system = loadRuntime(doc);

  test('from no formation (all in front) the archer and the mage step back as their whole act, and the clock takes 10', () => {
    let steps = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = log(system, 'column-step-back', seed);
      const firstTurn = new Set<string>();
      events.forEach((e, i) => {
        if (e.type !== 'turn' || !e.actor.endsWith('-steps-back') || firstTurn.has(e.actor)) return;
        firstTurn.add(e.actor);
        const act = actOf(events, i);
        // Her first act is the step back and nothing else (one Action a turn).
        expect(act.filter((x) => x.type === 'ability' || x.type === 'check' && x.actor === e.actor).map((x) => x.type === 'ability' ? x.ability : 'attack')).toEqual(['step-back']);
        steps++;
        const again = events.slice(i + 1).find((x) => x.type === 'turn' && x.actor === e.actor && x.round === e.round) as Extract<FightEvent, { type: 'turn' }> | undefined;
        if (again) expect(e.clock! - again.clock!).toBe(10);
      });
    }
    expect(steps).toBeGreaterThan(110);
  });

  test("in the back row the golem's slams deal 0.5x (1.0x on a crit), exactly: Dodge halves first, Armour comes off last", () => {
    let back = 0, front = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = log(system, 'column-step-back', seed);
      let crit = false, dodged = false;
      withPlaces(events, (e, at) => {
        if (e.type === 'check' && e.check === 'attack' && e.actor === 'iron-golem-1') { crit = e.crit; dodged = false; }
        if (e.type === 'reaction' && e.ability === 'dodge' && e.success) dodged = true;
        if (e.type !== 'damage' || e.actor !== 'iron-golem-1') return;
        const inBack = at.get(e.target) === 'back';
        const multiplier = inBack ? (crit ? 1 : 0.5) : (crit ? 2 : 1);
        const rolled = dodged ? Math.floor(e.rolled / 2) : e.rolled;
        expect(e.amount, `seed ${seed}: ${e.target} in ${at.get(e.target)}`).toBe(Math.max(0, Math.floor(rolled * multiplier) - ARMOUR[e.target]!));
        if (inBack) back++; else front++;
      });
    }
    expect(back).toBeGreaterThan(100);
    expect(front).toBeGreaterThan(100);
  });

  test('the last one standing in the front row never steps back: a back row always has someone in front of it', () => {
    // The archer and the mage alone in front: the first to act steps back, the other, alone in front, does not (the
    // seed: a back row needs someone in the front row); when the one in front falls, the rows close up and the one
    // moved up into the front row stays there.
    const pair = loadRuntime({ ...doc, fights: [{ id: 'pair', heroes: [{ hero: 'archer-steps-back', position: 'front' }, { hero: 'mage-steps-back', position: 'front' }],
      enemies: [{ bestiary: 'iron-golem', position: 'front' }], maxRounds: 50 }] } as typeof doc);
    let stepped = 0, heldFront = 0, closedUp = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = log(pair, 'pair', seed);
      expect(eventsOf(events, 'ability').filter((e) => e.ability === 'step-back').length, `seed ${seed}`).toBeLessThanOrEqual(1);
      withPlaces(events, (e, at, standing) => {
        // Between acts (the rows close up right after a fall, with the fall's own events).
        if ((e.type === 'turn' || e.type === 'check') && heroesIn('back', at, standing).length > 0) expect(heroesIn('front', at, standing), `seed ${seed}`).not.toEqual([]);
        if (e.type === 'move' && e.to === 'front') closedUp++;
        if (e.type === 'ability' && e.ability === 'step-back') {
          stepped++;
          expect(at.get(e.actor)).toBe('front');
          expect(heroesIn('front', at, standing).filter((id) => id !== e.actor), `seed ${seed}: ${e.actor} alone in front`).not.toEqual([]);
        }
        if (e.type === 'turn' && standing.has(e.actor) && heroesIn('front', at, standing).join() === e.actor) heldFront++;
      });
    }
    expect(stepped).toBeGreaterThan(50);
    expect(heldFront).toBeGreaterThan(100);
    expect(closedUp).toBeGreaterThan(5);
  });
});

describe('Libra: Combat Positioning in row formation (switch with the one behind, speed 10)', () => {
  const system = loadRuntime(doc);

  test('the hurt archer switches with the mage behind her: the mage comes into the back row, and the rear is out of melee reach', () => {
    let switches = 0, mageStruck = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = log(system, 'row-formation-switch', seed);
      const hp = new Map<string, number>();
      let max = 0, switched = false;
      withPlaces(events, (e, at, standing, i) => {
        if (e.type === 'fightStart') { for (const c of e.combatants) hp.set(c.id, c.hp); max = hp.get('archer-switches')!; }
        if (e.type === 'damage') hp.set(e.target, e.hp);
        if (e.type === 'check' && e.check === 'attack' && e.actor.startsWith('ogre')) {
          expect(at.get(e.target!), `seed ${seed}`).not.toBe('rear');
          if (e.target === 'mage' && switched) mageStruck++;
        }
        if (e.type !== 'ability' || e.ability !== 'switch-to-rear') return;
        switched = true;
        switches++;
        expect(at.get('archer-switches')).toBe('back');
        expect(hp.get('archer-switches')!).toBeLessThan(max / 2);
        // The one behind comes forward as part of the same act: its move is logged with the switch.
        const partner = events.slice(i - 1, i + 1).find((x) => x.type === 'move');
        expect(partner, `seed ${seed}`).toMatchObject({ type: 'move', target: 'mage', from: 'rear', to: 'back' });
        expect(standing.has('mage')).toBe(true);
      });
    }
    expect(switches).toBeGreaterThan(20);
    // The mage, now in the back row, is within the ogres' melee reach.
    expect(mageStruck).toBeGreaterThan(20);
  });

  test('with nobody behind there is nobody to switch with and no third in line: the archer stays in the back row', () => {
    // Two in a row: the back row is the last one standing; a move to the rear would leave it empty (the rows close up).
    const alone = loadRuntime({ ...doc, fights: [{ id: 'alone', heroes: [{ hero: 'knight', position: 'front' }, { hero: 'archer-switches', position: 'back' }],
      enemies: [{ template: { role: 'elite', tier: 4 }, id: 'ogre', count: 2, position: 'front' }], maxRounds: 50 }] } as typeof doc);
    let hurtTurns = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const events = log(alone, 'alone', seed);
      let hp = 42;
      for (const e of events) {
        if (e.type === 'damage' && e.target === 'archer-switches') hp = e.hp;
        if (e.type === 'turn' && e.actor === 'archer-switches' && hp < 21) hurtTurns++;
      }
      expect(eventsOf(events, 'ability').filter((e) => e.ability === 'switch-to-rear')).toEqual([]);
      expect(eventsOf(events, 'move').filter((e) => e.to === 'rear')).toEqual([]);
    }
    expect(hurtTurns).toBeGreaterThan(5);
    const abilities = doc.abilities!.map((a) => a.id === 'war-cry' ? { ...a, swap: true } : a);
    const loaded = loadSystem({ ...doc, abilities } as typeof doc);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.diagnostics.map((d) => `${d.pointer} ${d.message}`)).toContainEqual(expect.stringMatching(/^\/abilities\/\d+\/swap swap switches places on a move/));
  });
});

test('every ability of the sample heroes that moves is one of the two above (the log replay reads only those)', () => {
  expect(doc.abilities!.filter((a) => a.move !== undefined).map((a) => a.id).sort()).toEqual(Object.keys(MOVES).sort());
  expect(eventsOf(log(loadRuntime(doc), 'column-step-back', 1), 'ability').some((e) => e.ability === 'step-back')).toBe(true);
});
