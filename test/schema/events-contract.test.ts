// The fight-event contract (engine/sim/events.ts) and schemas/events.schema.json name the same fields, both ways:
// every event type of the union is in the schema with exactly the union's fields, and every event the engine emits
// for the six seed systems carries only the fields of its type and every field the schema requires.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_FIELDS, type FightEventType } from '../../engine/sim/events';
import { fightLog } from '../../engine/sim/index';
import { validateEvent } from '../../engine/schema/generated/validators';
import { loadRuntime, ROOT, systemDocument } from '../seeds/harness';

interface Branch { if: { properties: { type: { const: string } } }; then: { required: string[]; properties: Record<string, unknown> } }
const schema = JSON.parse(readFileSync(`${ROOT}/schemas/events.schema.json`, 'utf8')) as {
  properties: { type: { enum: string[] } } & Record<string, unknown>;
  allOf: Branch[];
};
const branches = new Map(schema.allOf.map((b) => [b.if.properties.type.const, b.then]));
export const SEED_SYSTEMS = ['classic-d20', 'forged', 'hope-and-fear', 'libra', 'success-based-live-action', 'twin-dice'] as const;

describe('fight-event contract', () => {
  it('the schema knows exactly the union\'s event types', () => {
    expect([...schema.properties.type.enum].sort()).toEqual(Object.keys(EVENT_FIELDS).sort());
    expect([...branches.keys()].sort()).toEqual(Object.keys(EVENT_FIELDS).sort());
  });

  for (const type of Object.keys(EVENT_FIELDS) as FightEventType[]) {
    it(`${type}: the schema names every field of the union's event, and no other`, () => {
      const branch = branches.get(type)!;
      expect(Object.keys(branch.properties).sort()).toEqual([...EVENT_FIELDS[type]].sort());
      for (const r of branch.required) expect(EVENT_FIELDS[type]).toContain(r);
    });
  }

  it('the fields the top level of the schema names are type, round and the CLI\'s fight index only', () => {
    expect(Object.keys(schema.properties).sort()).toEqual(['fight', 'round', 'type']);
  });

  for (const id of SEED_SYSTEMS) {
    it(`${id}: every event of every fight (3 seeds) has only its type's fields, validates, and a check says its result`, () => {
      const doc = systemDocument(id);
      const system = loadRuntime(doc);
      const seen = new Set<string>();
      for (const fight of system.fights.keys()) {
        for (const seed of [1, 2, 3]) {
          for (const event of fightLog(system, fight, seed)) {
            seen.add(event.type);
            const allowed = EVENT_FIELDS[event.type];
            for (const key of Object.keys(event)) expect(allowed, `${id} ${fight} ${seed}: ${event.type}.${key}`).toContain(key);
            if (!validateEvent(event)) throw new Error(`${id} ${fight} ${seed}: ${JSON.stringify(event)}: ${JSON.stringify(validateEvent.errors)}`);
            if (event.type === 'check') {
              const check = system.checks.get(event.check) ?? system.consequences!.check;
              const outcome = check.outcomes.find((o) => o.id === event.outcome) ?? null;
              expect(event.result).toBe(outcome ? outcome.result : null);
              expect(event.outcomeName).toBe(outcome ? outcome.name : null);
              expect(event.botch).toBe(outcome ? outcome.botch : false);
              if (outcome?.crit) expect(event.crit).toBe(true);
              expect(event.chip.startsWith(`${event.roll} = `)).toBe(true);
              expect(event.formula).toMatch(/^\/./);
            }
            if (event.type === 'damage') expect(event.formula, JSON.stringify(event)).toMatch(/^\/./);
          }
        }
      }
      expect(seen.has('check')).toBe(true);
    });
  }
});
