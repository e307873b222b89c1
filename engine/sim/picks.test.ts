// Targeting rules as data (issue 22, item 7): whom a combatant strikes among the foes it may target, by its `picks`
// (or the system's `combat.targeting.picks`): the fewest hit points (today's rule and the default), the most, the most
// hurt, the nearest, the foe who last attacked it, the foe who last provoked it (an outcome's `provokes`). Each on the
// fixture mini-d20 with blows that never change hit points, so the rule alone decides, read off the fight's log.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Creature, Fight, Hero, SystemDocument, TargetPick } from '../schema/document';
import { checkSystem } from '../schema/check';
import { fightLog, type FightEvent, type System } from './index';
import { loadOrThrow, miniD20 } from '../../test/fixtures/mini-d20';

/** A hero with `hp` of `max` hit points that never hurts anyone (its blows always miss). */
const hero = (id: string, max: number, hp: number, more: Partial<Hero> = {}): Hero => ({
  id, name: id, level: 1, attributes: { con: (max - 10) / 2, dex: 10 }, tracks: { hp },
  weapon: { name: 'Stick', damage: '0', stat: '-100', reach: 'near' }, ...more,
});

/** An ogre that always hits for nothing: it never changes anyone's hit points, so only its rule picks. */
const ogre = (picks?: TargetPick): Creature => ({
  id: 'ogre', name: 'Ogre', defence: 10, hp: 500, attacks: [{ id: 'club', name: 'Club', bonus: 100, damage: '0' }],
  ...(picks ? { picks } : {}),
});

// hp: low 20 of 30 (67%), big 60 of 110 (55%), far 40 of 50 (80%, standing at range).
const HEROES: Hero[] = [hero('low', 30, 20), hero('big', 110, 60), hero('far', 50, 40, { position: 'far' })];

/** The document as a test edits it. */
interface Editable {
  heroes: Hero[];
  bestiary: Creature[];
  fights: { heroes: string[]; enemies: Fight['enemies'][number][] }[];
  combat: Record<string, unknown>;
  checks: Record<string, { outcomes: Record<string, unknown>[] }>;
}

function system(picks: TargetPick | undefined, change: (doc: Editable) => void = () => {}): System {
  const doc = miniD20();
  const fight = { id: 'picks', heroes: HEROES.map((h) => h.id), enemies: [{ bestiary: 'ogre' }], maxRounds: 4 };
  const merged = { ...doc, bestiary: [ogre(picks)], heroes: HEROES.slice(), fights: [fight] };
  change(merged as unknown as Editable);
  return loadOrThrow(merged as SystemDocument);
}

/** The checks made on someone (blows), in order. */
const checks = (events: readonly FightEvent[]): Extract<FightEvent, { type: 'check' }>[] =>
  events.filter((e): e is Extract<FightEvent, { type: 'check' }> => e.type === 'check' && e.target !== null);

/** The ogre's targets, one per blow. */
const ogreTargets = (s: System, seed: number): string[] =>
  checks(fightLog(s, 'picks', seed)).filter((e) => e.actor === 'ogre-1').map((e) => e.target!);

describe('whom a combatant strikes (`picks`)', () => {
  it('by default and with `fewest-hp`, the foe with the fewest hit points, the same fight to the event', () => {
    expect(new Set(ogreTargets(system(undefined), 3))).toEqual(new Set(['low']));
    expect(fightLog(system('fewest-hp'), 'picks', 3)).toEqual(fightLog(system(undefined), 'picks', 3));
  });

  it('`most-hp` the most hit points, `most-hurt` the lowest fraction of the maximum, `nearest` the near band first', () => {
    expect(new Set(ogreTargets(system('most-hp'), 3))).toEqual(new Set(['big']));
    expect(new Set(ogreTargets(system('most-hurt'), 3))).toEqual(new Set(['big']));
    // Without `low` in the near band, the nearest is `big`, though `far` has fewer hit points.
    const s = system('nearest', (doc) => { doc.heroes.splice(0, 1); doc.fights[0]!.heroes = ['big', 'far']; });
    expect(new Set(ogreTargets(s, 3))).toEqual(new Set(['big']));
  });

  it('the system-wide `combat.targeting.picks` applies to those without their own', () => {
    const s = system(undefined, (doc) => { doc.combat = { ...doc.combat, targeting: { picks: 'most-hp' } }; });
    expect(new Set(ogreTargets(s, 3))).toEqual(new Set(['big']));
  });

  it('`last-attacker`: the hero who attacked it last (a miss counts), the fewest hit points before anyone has', () => {
    let answered = 0;
    for (let seed = 1; seed <= 20; seed++) {
      let last: string | null = null;
      for (const e of checks(fightLog(system('last-attacker'), 'picks', seed))) {
        if (e.actor === 'ogre-1') {
          expect(e.target, `seed ${seed} round ${e.round}`).toBe(last ?? 'low');
          if (last && last !== 'low') answered++;
        } else if (e.target === 'ogre-1') last = e.actor;
      }
    }
    expect(answered).toBeGreaterThan(0);
  });

  it('`provoker`: the hero whose outcome `provokes` it, the fewest hit points until one has', () => {
    // The heroes' hit provokes; only `big` can hit.
    const s = system('provoker', (doc) => {
      const attack = doc.checks.attack!;
      attack.outcomes = attack.outcomes.map((o) => (o.id === 'hit' ? { ...o, provokes: true } : o));
      doc.heroes[1] = hero('big', 110, 60, { weapon: { name: 'Spear', damage: '0', stat: '100', reach: 'near' } });
    });
    let provoked = 0;
    for (let seed = 1; seed <= 10; seed++) {
      let by: string | null = null;
      for (const e of checks(fightLog(s, 'picks', seed))) {
        if (e.actor === 'ogre-1') { expect(e.target).toBe(by ?? 'low'); if (by) provoked++; }
        else if (e.target === 'ogre-1' && e.outcome === 'hit') by = e.actor;
      }
    }
    expect(provoked).toBeGreaterThan(0);
  });

  it('a hero\'s focus still comes first', () => {
    // Everyone strikes the most hit points (the ogre), but `low`'s focus names the imp.
    const s = (focus: boolean) => system(undefined, (doc) => {
      doc.combat = { ...doc.combat, targeting: { picks: 'most-hp' } };
      doc.bestiary.push({ ...ogre(), id: 'imp', name: 'Imp', hp: 5 });
      doc.fights[0]!.enemies.push({ bestiary: 'imp' });
      if (focus) doc.heroes[0] = { ...HEROES[0]!, focus: 'imp' };
    });
    const targetsOf = (sys: System, who: string) => new Set(checks(fightLog(sys, 'picks', 2)).filter((e) => e.actor === who).map((e) => e.target));
    expect(targetsOf(s(true), 'low')).toEqual(new Set(['imp-1']));
    expect(targetsOf(s(true), 'big')).toEqual(new Set(['ogre-1']));
    expect(targetsOf(s(false), 'low')).toEqual(new Set(['ogre-1']));
  });

  it('the checker refuses a `picks` it does not know, at its pointer', () => {
    const doc = { ...miniD20(), bestiary: [{ ...ogre(), picks: 'weakest' }] };
    const result = checkSystem(JSON.stringify(doc, null, 1));
    const at = result.diagnostics.filter((d) => d.pointer === '/bestiary/0/picks');
    expect(at.length, JSON.stringify(result.diagnostics)).toBe(1);
    expect(at[0]!.message).toMatch(/fewest-hp/);
  });

  it('property: whatever the rule and the seed, every blow lands on a standing foe the rule names', () => {
    const heroHp = (id: string) => HEROES.find((h) => h.id === id)!;
    fc.assert(fc.property(fc.constantFrom<TargetPick>('fewest-hp', 'most-hp', 'most-hurt', 'nearest'), fc.integer({ min: 0, max: 1e6 }), (picks, seed) => {
      const want = picks === 'fewest-hp' ? 'low' : picks === 'nearest' ? 'low' : 'big';
      for (const t of ogreTargets(system(picks), seed)) {
        expect(heroHp(t)).toBeDefined();
        expect(t).toBe(want);
      }
    }), { numRuns: 40 });
  });
});
