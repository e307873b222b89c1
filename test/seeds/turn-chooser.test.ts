// A turn chosen from outside the rules (engine/sim/choice.ts, the sandbox's "You play"): the runner offers the
// actor's attacks (with the foes each reaches) and the abilities it can pay for, plays the chosen steps, rolls every
// die itself; the same seed and the same choices give the same log.
import { describe, expect, it } from 'vitest';
import { fightLog, type FightEvent, type TurnChooser, type TurnOffer } from '../../engine/sim/index';
import { loadRuntime, systemDocument } from './harness';

const system = loadRuntime(systemDocument('classic-d20'));
const FIGHT = 'bench-4v4';
const HERO = 'fighter5';

/** Plays the fighter's every turn: each attack on the foe listed last among those it reaches (not the rules' pick). */
function lastFoe(offers: TurnOffer[]): TurnChooser {
  return (offer) => {
    if (offer.actor !== HERO) return null;
    offers.push(offer);
    const targets = offer.attacks[0]?.targets ?? [];
    return [{ kind: 'attack', target: targets.at(-1) }, { kind: 'attack', target: targets.at(-1) }];
  };
}

const attacksBy = (events: readonly FightEvent[], actor: string) =>
  events.flatMap((e) => (e.type === 'check' && e.actor === actor && e.check === 'attack' ? [e] : []));

describe('a chosen turn', () => {
  it('a chooser that always answers null gives the rules\' own fight', () => {
    for (const seed of [1, 2, 3]) expect(fightLog(system, FIGHT, seed, () => null)).toEqual(fightLog(system, FIGHT, seed));
  });

  it('offers the actor\'s attacks with every foe standing in reach, and only abilities it can pay for', () => {
    const offers: TurnOffer[] = [];
    fightLog(system, FIGHT, 4, lastFoe(offers));
    expect(offers.length).toBeGreaterThan(0);
    const first = offers[0]!;
    expect(first.actor).toBe(HERO);
    expect(first.attacks[0]!.targets.length).toBeGreaterThan(0);
    for (const t of first.attacks[0]!.targets) expect(t).toMatch(/^standard-[1-4]$/);
    // Its abilities are its own, reactions aside (Second Wind's cost paid from its track, when it has any left).
    for (const a of first.abilities) expect(system.fights.get(FIGHT)!.heroes.find((h) => h.idBase === HERO)!.def.abilities.some((d) => d.id === a.id && !d.react)).toBe(true);
  });

  it('the attack goes to the target chosen, and the same seed with the same choices gives the same log', () => {
    for (const seed of [4, 5, 6]) {
      const one = fightLog(system, FIGHT, seed, lastFoe([]));
      const two = fightLog(system, FIGHT, seed, lastFoe([]));
      expect(two).toEqual(one);
      const rules = fightLog(system, FIGHT, seed);
      expect(one).not.toEqual(rules);
      // Each of the fighter's attacks is on the last foe standing in the list when its turn began.
      const first = attacksBy(one, HERO)[0]!;
      expect(first.target).toBe('standard-4');
      expect(attacksBy(rules, HERO)[0]!.target).not.toBe('standard-4');
    }
  });

  it('a step the budget cannot pay is NO TIME, and an unknown ability does nothing', () => {
    const events = fightLog(system, FIGHT, 7, (offer) => (offer.actor === HERO ? [{ kind: 'attack' }, { kind: 'attack' }, { kind: 'attack' }, { kind: 'ability', id: 'nope' }] : null));
    expect(events.some((e) => e.type === 'noTime' && e.actor === HERO)).toBe(true);
  });

  it('each attack on each foe carries its exact chance to hit: d20 + bonus against the foe\'s defence, a natural 20 hits, a 1 misses', () => {
    const offers: TurnOffer[] = [];
    const events = fightLog(system, FIGHT, 4, lastFoe(offers));
    const first = offers[0]!;
    // The bonus and the defence as the log shows them on the fighter's first attack (total minus the d20, vs).
    const check = attacksBy(events, HERO)[0]!;
    const bonus = check.total - check.dice[0]!;
    const defence = check.vs!;
    let hits = 0;
    for (let n = 1; n <= 20; n++) if (n === 20 || (n !== 1 && n + bonus >= defence)) hits++;
    const attack = first.attacks[0]!;
    expect(attack.hitChance.length).toBe(attack.targets.length);
    const standing = attack.targets.indexOf(check.target!);
    expect(attack.hitChance[standing]).toBeCloseTo(hits / 20, 12);
    // Every standard has the same defence: each chance is the plain one, or with advantage (a foe the fighter's
    // allies left prone: the better of two d20s) 1 - (1 - p)².
    const p = hits / 20;
    for (const c of attack.hitChance) expect([p, 1 - (1 - p) ** 2].some((q) => Math.abs(c! - q) < 1e-12)).toBe(true);
    expect(hits).toBeGreaterThan(1);
    expect(hits).toBeLessThan(20);
  });
});
