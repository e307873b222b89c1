// Property tests over the six seed systems, not only the fixture: fights composed at random from each system's own
// heroes, templates (every role, tiers 1 to 6), bestiary, places (bands and rows) and starting conditions, with the
// position and effect of consequences mode. Every such fight ends within its rounds with a winner the standing sides
// agree with; its log validates against schemas/events.schema.json; hit points move only by what the log says
// (damage, harm, heal, regenerate); the same seed gives the same log; and the statistics path (`simulate`: one runner
// reset between fights, no events, checks counted straight into rows) counts what the logs of the same fights show.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../../engine/schema/document';
import { deriveSeed } from '../../engine/dice/rng';
import { composeFight, fightLog, runFight, simulate, type AdHocEnemy, type AdHocFight, type FightEvent, type System } from '../../engine/sim/index';
import { checkHitPoints } from '../fight-log-checks';
import { fuzz } from '../fuzz';
import { loadRuntime, ROOT, systemDocument } from './harness';

const SYSTEMS = ['classic-d20', 'libra', 'success-based-live-action', 'forged', 'hope-and-fear', 'twin-dice'] as const;

const validate = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(readFileSync(`${ROOT}/schemas/events.schema.json`, 'utf8')) as object);

interface RandomFight extends AdHocFight {
  readonly seed: number;
}

/** Fights made only of what `doc` defines, so every one of them is a fight a designer could write. */
function randomFight(doc: SystemDocument, system: System): fc.Arbitrary<RandomFight> {
  const heroIds = (doc.heroes ?? []).map((h) => h.id);
  const roles = (doc.templates ?? []).map((t) => t.role);
  const bestiary = (doc.bestiary ?? []).map((b) => b.id);
  const conditions = [...system.conditions.keys()];
  const place = fc.option(fc.constantFrom('near', 'far', ...system.rows), { nil: undefined });
  // Mostly none: a fight where everyone starts under something is rare in play, and says less about the rest.
  const starting = conditions.length === 0
    ? fc.constant([])
    : fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...conditions), { maxLength: 2 }) });
  const hero = fc.record({ hero: fc.constantFrom(...heroIds), position: place, conditions: starting });
  const fromTemplate = fc.record({
    template: fc.record({ role: fc.constantFrom(...roles), tier: fc.integer({ min: 1, max: 6 }) }),
    count: fc.integer({ min: 1, max: 3 }), position: place, conditions: starting,
  });
  const enemy: fc.Arbitrary<AdHocEnemy> = bestiary.length === 0
    ? fromTemplate
    : fc.oneof(fromTemplate, fc.record({ bestiary: fc.constantFrom(...bestiary), count: fc.integer({ min: 1, max: 2 }), position: place, conditions: starting }));
  const rules = system.consequences;
  return fc.record({
    heroes: fc.uniqueArray(hero, { selector: (h) => h.hero, minLength: 1, maxLength: 4 }),
    enemies: fc.array(enemy, { minLength: 1, maxLength: 3 }),
    maxRounds: fc.integer({ min: 1, max: 30 }),
    position: rules ? fc.constantFrom(...rules.position.keys()) : fc.constant(undefined),
    effect: rules ? fc.constantFrom(...rules.effect.keys()) : fc.constant(undefined),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  });
}

/** What the statistics of some fights must say, read off their logs: wins, rounds, and each combatant's checks and damage. */
function countLogs(logs: readonly (readonly FightEvent[])[], hpTrack: string) {
  const wins = { heroes: 0, enemies: 0, draw: 0 };
  let rounds = 0;
  const checks = new Map<string, Record<string, Record<string, number>>>();
  const damage = new Map<string, number>();
  for (const events of logs) {
    for (const e of events) {
      if (e.type === 'fightEnd') { wins[e.winner]++; rounds += e.rounds; }
      if (e.type === 'check') {
        const mine = checks.get(e.actor) ?? {};
        checks.set(e.actor, mine);
        const byOutcome = mine[e.check] ?? (mine[e.check] = {});
        const key = e.outcome ?? 'rolled';
        byOutcome[key] = (byOutcome[key] ?? 0) + 1;
      }
    }
    checkHitPoints(events, hpTrack, (actor, amount) => damage.set(actor, (damage.get(actor) ?? 0) + amount));
  }
  return { wins, rounds, checks, damage };
}

describe.each(SYSTEMS)('random fights of %s', (id) => {
  const doc = systemDocument(id);
  const system = loadRuntime(doc);
  const hpTrack = system.names.tracks[system.hpTrack]!;
  const fights = randomFight(doc, system);
  const compose = (spec: RandomFight) => {
    const composed = composeFight(system, spec);
    if (!composed.ok) throw new Error(`${JSON.stringify(spec)}: ${composed.error}`);
    return composed.fight;
  };

  it('every fight ends within its rounds, the winner agrees with who is standing, its log validates, and hit points move only as the log says', () => {
    fc.assert(fc.property(fights, (spec) => {
      const fight = compose(spec);
      const events: FightEvent[] = [];
      const result = runFight(system, fight, spec.seed, (e) => events.push(e));
      expect(result.rounds).toBeLessThanOrEqual(fight.maxRounds);
      const standing = (side: string): boolean => result.combatants.some((c) => c.side === side && !c.down);
      if (result.winner === 'heroes') expect(standing('enemies')).toBe(false);
      if (result.winner === 'enemies') expect(standing('heroes')).toBe(false);
      if (result.winner === 'draw') expect(result.rounds === fight.maxRounds || (!standing('heroes') && !standing('enemies'))).toBe(true);
      expect(events[0]!.type).toBe('fightStart');
      expect(events.at(-1)).toEqual({ type: 'fightEnd', round: result.rounds, winner: result.winner, rounds: result.rounds });
      for (const e of events) if (!validate(e)) throw new Error(`${JSON.stringify(e)}: ${JSON.stringify(validate.errors)}`);
      checkHitPoints(events, hpTrack);
    }), fuzz(61, 40));
  });

  it('the same seed gives the same log, and a run without a log the same end', () => {
    fc.assert(fc.property(fights, (spec) => {
      const fight = compose(spec);
      const a = fightLog(system, fight, spec.seed);
      expect(fightLog(system, fight, spec.seed)).toEqual(a);
      const silent = runFight(system, fight, spec.seed);
      const end = a.at(-1) as Extract<FightEvent, { type: 'fightEnd' }>;
      expect([silent.winner, silent.rounds]).toEqual([end.winner, end.rounds]);
    }), fuzz(62, 25));
  });

  it('the statistics path counts what the logs of the same fights show: wins, rounds, every check and all damage', () => {
    fc.assert(fc.property(fights, fc.integer({ min: 1, max: 4 }), (spec, n) => {
      const fight = compose(spec);
      const stats = simulate(system, fight, { fights: n, seed: spec.seed });
      const logs = Array.from({ length: n }, (_, i) => fightLog(system, fight, deriveSeed(spec.seed, i)));
      const expected = countLogs(logs, hpTrack);
      expect(stats.wins).toEqual(expected.wins);
      expect(stats.rounds.mean * n).toBeCloseTo(expected.rounds, 9);
      for (const c of stats.combatants) {
        expect(c.checks, c.id).toEqual(expected.checks.get(c.id) ?? {});
        expect(c.damageDealt.mean * n, c.id).toBeCloseTo(expected.damage.get(c.id) ?? 0, 9);
      }
    }), fuzz(63, 15));
  });
});
