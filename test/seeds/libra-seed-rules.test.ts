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

describe('Libra: weapon advantage and disadvantage by weapon type (1.5x and 0.5x)', () => {
  // The knight's sword has the advantage over the ogres' axes (elite template: `wields` axe); the archer's bow is
  // outside the triangle; both stand in the front row (no row reductions). The seed: advantage 1.5x (+0.5, additive with a crit's +1.0), disadvantage 0.5x (a crit's
  // 2.0x negates it), Dodge halves first, Armour comes off last.
  const fights = [{
    id: 'sword-against-axes', heroes: [{ hero: 'knight', position: 'front' }, { hero: 'archer', position: 'front' }],
    enemies: [{ template: { role: 'elite', tier: 4 }, id: 'ogre', count: 2, position: 'front' }], maxRounds: 50,
  }];
  const system = loadRuntime({ ...doc, fights } as typeof doc);
  const multiplier = (crit: boolean, edge: 'advantage' | 'disadvantage' | null): number =>
    edge === 'advantage' ? (crit ? 2.5 : 1.5) : edge === 'disadvantage' ? (crit ? 1 : 0.5) : (crit ? 2 : 1);
  const armour: Record<string, number> = { knight: 3, archer: 1, 'ogre-1': 4, 'ogre-2': 4 };

  test('every blow of the sword on an axe is 1.5x (2.5x on a crit), of an axe on the sword 0.5x (1.0x on a crit), and the bow 1.0x', () => {
    const seen = { advantage: 0, disadvantage: 0, plain: 0 };
    for (let seed = 1; seed <= 40; seed++) {
      const events = fightLog(system, 'sword-against-axes', seed);
      events.forEach((e, i) => {
        if (e.type !== 'damage') return;
        const check = events.slice(0, i).findLast((x) => x.type === 'check' && x.check === 'attack');
        if (check?.type !== 'check') throw new Error('a damage event without its attack roll');
        const edge = e.actor === 'knight' ? 'advantage' : e.target === 'knight' ? 'disadvantage' : null;
        const dodged = e.steps.some((s) => s.startsWith('Dodge'));
        const halved = dodged ? Math.floor(e.rolled / 2) : e.rolled;
        const expected = Math.max(0, Math.floor(halved * multiplier(check.crit, edge)) - armour[e.target]!);
        expect(e.amount, `${e.actor} on ${e.target}, rolled ${e.rolled}, crit ${check.crit}, dodged ${dodged}`).toBe(expected);
        seen[edge ?? 'plain']++;
      });
    }
    expect(seen.advantage).toBeGreaterThan(100);
    expect(seen.disadvantage).toBeGreaterThan(100);
    expect(seen.plain).toBeGreaterThan(100);
  });
});
