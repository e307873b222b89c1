// Libra's seed rules that issue 21 found approximated or missing (`libra-how-to-play.txt`), each on the real
// systems/libra.json in the real engine: what a reaction answers, the one Action a turn and its speed, advantage by
// weapon type and Centre, running away, Wait until a lower initiative number.
import { describe, expect, test } from 'vitest';
import { fightLog, type FightEvent } from '../../engine/sim/index';
import { eventsOf, loadRuntime, systemDocument } from './harness';

const doc = systemDocument('libra');

/** Each `hit` reaction with the damage type of the blow it answered (the blow's damage event follows it). */
function reactionsWithTypes(events: readonly FightEvent[]): { ability: string; type: string }[] {
  const out: { ability: string; type: string }[] = [];
  events.forEach((e, i) => {
    if (e.type !== 'reaction' || e.on !== 'hit') return;
    const damage = events.slice(i + 1).find((x) => x.type === 'damage' || x.type === 'check' && x.check === 'attack');
    if (damage?.type !== 'damage') return;
    out.push({ ability: e.ability, type: damage.damageType });
  });
  return out;
}

describe('Libra: Dodge answers physical attacks, Resistance magical ones (react.when)', () => {
  test('over 20 fights of two bombs and a wyvern, every Dodge answers a physical blow and every Resist a magical one, and both happen', () => {
    const system = loadRuntime(doc);
    const seen = { dodge: 0, resist: 0 };
    for (let seed = 1; seed <= 20; seed++) {
      for (const r of reactionsWithTypes(fightLog(system, 'bombs-and-wyvern', seed))) {
        if (r.ability === 'dodge') { seen.dodge++; expect(r.type).toBe('physical'); }
        if (r.ability === 'resist') { seen.resist++; expect(r.type).not.toBe('physical'); }
      }
    }
    expect(seen.dodge).toBeGreaterThan(20);
    expect(seen.resist).toBeGreaterThan(20);
  });

  test('goblins strike only with knives: no hero ever rolls Resistance in the goblin pack', () => {
    const system = loadRuntime(doc);
    for (let seed = 1; seed <= 20; seed++) {
      const heroResists = eventsOf(fightLog(system, 'goblin-pack', seed), 'check').filter((c) => c.check === 'resist' && !c.actor.startsWith('goblin'));
      expect(heroResists).toEqual([]);
    }
  });
});

describe('Libra: one Action a turn, and Use Item costs speed 10 (turn.limit)', () => {
  test('a knight who drinks a potion does nothing else on that tick, and the potion alone takes 10 off his initiative', () => {
    const system = loadRuntime(doc);
    let potions = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const events = fightLog(system, 'pincer-golem', seed);
      events.forEach((e, i) => {
        if (e.type !== 'ability' || e.ability !== 'potion') return;
        potions++;
        const turnAt = events.slice(0, i).findLastIndex((x) => x.type === 'turn');
        const turn = events[turnAt] as Extract<FightEvent, { type: 'turn' }>;
        const nextTurn = events.slice(turnAt + 1).findIndex((x) => x.type === 'turn');
        const act = events.slice(turnAt + 1, nextTurn < 0 ? undefined : turnAt + 1 + nextTurn);
        expect(act.filter((x) => x.type === 'ability').map((x) => (x as { ability: string }).ability)).toEqual(['potion']);
        expect(act.filter((x) => x.type === 'check' && x.check === 'attack' && x.actor === turn.actor)).toEqual([]);
        const again = events.slice(turnAt + 1).find((x) => x.type === 'turn' && x.actor === turn.actor && x.round === turn.round) as Extract<FightEvent, { type: 'turn' }> | undefined;
        if (again) expect(turn.clock! - again.clock!).toBe(10);
      });
    }
    expect(potions).toBeGreaterThan(10);
  });
});
