// Libra's seed rules that issue 21 found approximated or missing (`libra-how-to-play.txt`), each on the real
// systems/libra.json in the real engine: what a reaction answers, the one Action a turn and its speed, advantage by
// weapon type and Centre, running away, Wait until a lower initiative number.
import { describe, expect, test } from 'vitest';
import { deriveSeed } from '../../engine/dice/rng';
import { fightLog, simulate, type FightEvent } from '../../engine/sim/index';
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

/** The seed's damage multiplier (systems/libra.json `multiplier`): bonuses on a base of 1, each negating one reduction. */
const seedMultiplier = (bonuses: number, advantage: boolean, reductions: number): number =>
  (1 + Math.max(0, bonuses - reductions) + (advantage ? 0.5 : 0)) * 0.5 ** Math.max(0, reductions - bonuses);

describe('Libra: Centre removes every enemy Advantage not created by weapon type', () => {
  const system = loadRuntime(doc);
  const armour: Record<string, number> = { knight: 3, archer: 1, 'mage-runs': 0 };
  const wields: Record<string, string> = { knight: 'sword', archer: 'bow', 'mage-runs': 'rod' };

  test("the chief's War Cry gives it Advantage (1.5x) until the knight Centres; the spear's own advantage over the sword stays", () => {
    let centres = 0, cried = 0, withCry = 0, afterCentre = 0, spearOnSword = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = fightLog(system, 'bandit-raid', seed);
      const holds = new Set<string>();
      const row: Record<string, string> = { knight: 'front', archer: 'back', 'mage-runs': 'back' };
      events.forEach((e, i) => {
        if (e.type === 'condition' && e.condition === 'advantage') {
          if (e.change === 'applied') { holds.add(e.target); cried++; } else holds.delete(e.target);
        }
        if (e.type === 'move') row[e.target] = e.to;
        if (e.type === 'ability' && e.ability === 'centre') {
          centres++;
          // Used only while an enemy holds Advantage, and it ends on every enemy holding it.
          expect(holds.size).toBeGreaterThan(0);
          const ended = events.slice(i + 1, i + 1 + holds.size).map((x) => x.type === 'condition' && x.change === 'ended' && x.condition === 'advantage' && x.target);
          expect(ended.sort()).toEqual([...holds].sort());
        }
        if (e.type !== 'damage' || e.actor !== 'bandit-chief-1') return;
        const check = events.slice(0, i).findLast((x) => x.type === 'check' && x.check === 'attack');
        if (check?.type !== 'check') throw new Error('a damage event without its attack roll');
        const weaponAdvantage = wields[e.target] === 'sword';
        const advantage = holds.has('bandit-chief-1') || weaponAdvantage;
        const halved = e.steps.some((s) => s.startsWith('Dodge')) ? Math.floor(e.rolled / 2) : e.rolled;
        const reductions = row[e.target] === 'back' ? 1 : 0; // its spear is a melee blow
        const expected = Math.max(0, Math.floor(halved * seedMultiplier(check.crit ? 1 : 0, advantage, reductions)) - armour[e.target]!);
        expect(e.amount, `chief on ${e.target}, rolled ${e.rolled}, crit ${check.crit}, War Cry ${holds.has('bandit-chief-1')}`).toBe(expected);
        if (holds.has('bandit-chief-1')) withCry++; else afterCentre++;
        if (weaponAdvantage && !holds.has('bandit-chief-1')) spearOnSword++;
      });
    }
    expect(cried).toBeGreaterThan(30);
    expect(centres).toBeGreaterThan(30);
    expect(withCry).toBeGreaterThan(10);
    expect(afterCentre).toBeGreaterThan(10);
    expect(spearOnSword).toBeGreaterThan(5);
  });
});

describe('Libra: Run (flee from combat; no Actions meanwhile, Dodging or Resisting included)', () => {
  const system = loadRuntime(doc);

  test('a runner cannot act, Dodge or Resist; still standing at its next turn it leaves (a flee event) and is never seen again; KO\'d while running it stays', () => {
    let fled = 0, koWhileRunning = 0, struckWhileRunning = 0, heroFled = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const events = fightLog(system, 'bandit-raid', seed);
      const running = new Map<string, number>();
      events.forEach((e, i) => {
        if (e.type === 'condition' && e.condition === 'running' && e.change === 'applied') {
          running.set(e.target, i);
          // Run spends the rest of the initiative: the runner takes no further turn this round.
          const run = events.slice(0, i).findLast((x) => x.type === 'ability');
          expect(run).toMatchObject({ type: 'ability', actor: e.target, ability: 'run' });
        }
        if (e.type === 'reaction') expect(running.has(e.actor), `${e.actor} reacted while running`).toBe(false);
        if (e.type === 'damage' && running.has(e.target)) struckWhileRunning++;
        if (e.type === 'down' && running.has(e.target)) { koWhileRunning++; running.delete(e.target); }
        if (e.type === 'turn' && running.has(e.actor)) {
          // Its next turn: it is gone at once, from where it stood.
          expect(events[i + 1]).toMatchObject({ type: 'flee', target: e.actor });
          expect(eventsOf(events.slice(running.get(e.actor)!, i), 'turn').filter((t) => t.actor === e.actor)).toEqual([]);
        }
        if (e.type === 'flee') {
          fled++;
          if (!e.target.startsWith('bandit')) heroFled++;
          expect(running.has(e.target)).toBe(true);
          running.delete(e.target);
          const after = events.slice(i + 1).filter((x) => x.type !== 'fightEnd' && x.type !== 'round' && x.type !== 'move');
          expect(after.filter((x) => ('actor' in x && x.actor === e.target) || ('target' in x && x.target === e.target) || (x.type === 'ability' && x.targets.includes(e.target)))).toEqual([]);
        }
      });
    }
    expect(fled).toBeGreaterThan(40);
    expect(heroFled).toBeGreaterThan(10);
    expect(koWhileRunning).toBeGreaterThan(5);
    expect(struckWhileRunning).toBeGreaterThan(10);
  });

  test('the fled are neither standing nor down: the statistics count them as fled, and a side with nobody left standing has lost', () => {
    const fights = 200;
    const stats = simulate(system, 'bandit-raid', { fights, seed: 7 });
    const counted = new Map<string, number>();
    const winners = { heroes: 0, enemies: 0, draw: 0 };
    for (let i = 0; i < fights; i++) {
      const events = fightLog(system, 'bandit-raid', deriveSeed(7, i));
      for (const e of eventsOf(events, 'flee')) counted.set(e.target, (counted.get(e.target) ?? 0) + 1);
      const end = eventsOf(events, 'fightEnd')[0]!;
      winners[end.winner]++;
      // Every enemy fled or went down: the heroes hold the field.
      const gone = new Set([...eventsOf(events, 'flee'), ...eventsOf(events, 'down')].map((x) => x.target));
      if (['bandit-chief-1', 'bandit-1', 'bandit-2', 'bandit-3'].every((id) => gone.has(id)) && end.winner !== 'draw') expect(end.winner).toBe('heroes');
    }
    for (const c of stats.combatants) {
      expect(c.fled, c.id).toBeCloseTo((counted.get(c.id) ?? 0) / fights, 10);
      expect(c.survived + c.died + c.fled).toBeLessThanOrEqual(1 + 1e-12);
    }
    expect(stats.wins).toEqual(winners);
    expect(stats.combatants.find((c) => c.id === 'bandit-chief-1')!.fled).toBeGreaterThan(0.2);
  });
});
