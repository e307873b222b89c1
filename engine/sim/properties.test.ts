// Property tests (fast-check, seeded) and golden event logs: every fight ends; the same seed gives the same log;
// hit points never rise without healing; events validate against schemas/events.schema.json.
import { readFileSync, writeFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../schema/document';
import { composeFight, fightLog, loadSystem, runFight, type AdHocEnemy, type FightEvent, type System } from './index';
import { checkHitPoints } from '../../test/fight-log-checks';
import { fuzz } from '../../test/fuzz';

const fixtureUrl = (path: string): URL => new URL(`../../test/fixtures/${path}`, import.meta.url);
const baseDoc = JSON.parse(readFileSync(fixtureUrl('systems/mini-d20.json'), 'utf8')) as SystemDocument;

function load(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}
const mini = load(baseDoc);

const heroIds = (baseDoc.heroes ?? []).map((h) => h.id);
const enemyArb: fc.Arbitrary<AdHocEnemy> = fc.oneof(
  fc.record({ template: fc.record({ role: fc.constant('standard'), tier: fc.integer({ min: 1, max: 6 }) }), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ bestiary: fc.constantFrom('troll', 'drake'), count: fc.integer({ min: 1, max: 2 }) }),
);
const fightArb = fc.record({
  heroes: fc.uniqueArray(fc.constantFrom(...heroIds), { minLength: 1, maxLength: 4 }),
  enemies: fc.array(enemyArb, { minLength: 1, maxLength: 3 }),
  maxRounds: fc.integer({ min: 1, max: 40 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
});

describe('properties', () => {
  it('every fight ends within maxRounds with a consistent winner; hit points never rise without healing', () => {
    fc.assert(fc.property(fightArb, (spec) => {
      const composed = composeFight(mini, spec);
      if (!composed.ok) throw new Error(composed.error);
      const events: FightEvent[] = [];
      const result = runFight(mini, composed.fight, spec.seed, (e) => events.push(e));
      expect(result.rounds).toBeLessThanOrEqual(spec.maxRounds);
      const standing = (side: string): boolean => result.combatants.some((c) => c.side === side && !c.down);
      if (result.winner === 'heroes') expect(standing('enemies')).toBe(false);
      if (result.winner === 'enemies') expect(standing('heroes')).toBe(false);
      if (result.winner === 'draw') expect(result.rounds).toBe(spec.maxRounds);
      expect(events.at(-1)).toEqual({ type: 'fightEnd', round: result.rounds, winner: result.winner, rounds: result.rounds });
      checkHitPoints(events, mini.names.tracks[mini.hpTrack]!);
    }), fuzz(42, 120));
  });

  it('the same seed gives the same log, and a silent run the same result', () => {
    fc.assert(fc.property(fightArb, (spec) => {
      const composed = composeFight(mini, spec);
      if (!composed.ok) throw new Error(composed.error);
      const a = fightLog(mini, composed.fight, spec.seed);
      const b = fightLog(mini, composed.fight, spec.seed);
      expect(b).toEqual(a);
      const silent = runFight(mini, composed.fight, spec.seed);
      const end = a.at(-1) as Extract<FightEvent, { type: 'fightEnd' }>;
      expect([silent.winner, silent.rounds]).toEqual([end.winner, end.rounds]);
    }), fuzz(43, 60));
  });

  it('ends every fight under any clock, even one whose acts cost nothing', () => {
    const clockArb = fc.record({
      cost: fc.constantFrom('0', '-3', '1', '@action.speed', 'floor(@initiative / 3)', '5'),
      while: fc.constantFrom('true', '@clock > 0', '@clock >= 1', '@clock > -100'),
    });
    fc.assert(fc.property(clockArb, fightArb, (clock, spec) => {
      const system = load({ ...baseDoc, turn: { ...baseDoc.turn!, clock } });
      const composed = composeFight(system, spec);
      if (!composed.ok) throw new Error(composed.error);
      const events: FightEvent[] = [];
      const result = runFight(system, composed.fight, spec.seed, (e) => events.push(e));
      expect(result.rounds).toBeLessThanOrEqual(spec.maxRounds);
      for (const e of events) if (e.type === 'turn') expect(e.clock).toBeGreaterThan(0);
    }), fuzz(44, 40));
  });
});

describe('regressions found by the properties', () => {
  it('numbers enemies on across two entries of the same template (was: two standard-1)', () => {
    const composed = composeFight(mini, { heroes: ['caster'], enemies: [{ template: { role: 'standard', tier: 1 }, count: 1 }, { template: { role: 'standard', tier: 1 }, count: 1 }], maxRounds: 1 });
    if (!composed.ok) throw new Error(composed.error);
    const start = fightLog(mini, composed.fight, 281728275)[0] as Extract<FightEvent, { type: 'fightStart' }>;
    expect(start.combatants.map((c) => c.id)).toEqual(['caster', 'standard-1', 'standard-2']);
  });
});

describe('event log', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/events.schema.json', import.meta.url), 'utf8')) as object;
  const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);

  it('every event of every fixture fight validates against schemas/events.schema.json', () => {
    for (const fight of mini.fights.keys()) {
      for (const event of fightLog(mini, fight, 5)) {
        if (!validate(event)) throw new Error(`${fight}: ${JSON.stringify(event)}: ${JSON.stringify(validate.errors)}`);
      }
    }
  });

  // Golden logs: reviewed by hand once, then any change in what a fight does shows up here.
  // Regenerate with UPDATE_GOLDEN=1 after an intended change, and review the diff.
  for (const [fight, seed] of [['skirmish', 3], ['troll', 3], ['surge', 5]] as const) {
    it(`golden log: ${fight}, seed ${seed}`, () => {
      const text = `${fightLog(mini, fight, seed).map((e) => JSON.stringify(e)).join('\n')}\n`;
      const file = fixtureUrl(`golden/mini-d20.${fight}.seed${seed}.jsonl`);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
      expect(text).toBe(readFileSync(file, 'utf8'));
    });
  }
});
