// The committed standalone validators are current, and agree with runtime ajv on valid and invalid documents.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { systemSchema, validateEvent, validateSystem } from '../../engine/schema/generated/validators';
import { createAjv, generateValidators, OUTPUT_DTS, OUTPUT_JS, readSchemas } from '../../scripts/build-validators.mjs';

const root = new URL('../../', import.meta.url);
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

function systemFiles(): string[] {
  const dir = new URL('systems/', root);
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => `systems/${f}`);
}

/** Valid documents and small corruptions of them: a key removed, a type changed, an unknown key, a bad enum. */
function corpus(): unknown[] {
  const bases = ['test/fixtures/systems/minimal.json', ...systemFiles()].map(read);
  const out: unknown[] = [...bases, null, 3, [], {}];
  for (const base of bases) {
    const doc = base as Record<string, any>;
    const copy = (): Record<string, any> => structuredClone(doc);
    const a = copy(); delete a.attributes; out.push(a);
    const b = copy(); b.formatVersion = '1'; out.push(b);
    const c = copy(); c.combat = { ...c.combat, mode: 'numbrs' }; out.push(c);
    const d = copy(); if (d.checks?.attack?.outcomes) d.checks.attack.outcomes[0].when = 3; out.push(d);
    const e = copy(); if (d.heroes?.[0]) e.heroes[0].weapon = { name: 1 }; out.push(e);
    const f = copy(); if (f.fights?.[0]) f.fights[0].enemies = [{ count: 0 }, 7]; out.push(f);
    const g = copy(); g.extra = true; out.push(g);
  }
  return out;
}

describe('generated validators', () => {
  it('the committed validators.js and .d.ts are what scripts/build-validators.mjs generates now', () => {
    const { js, dts } = generateValidators();
    expect(readFileSync(OUTPUT_JS, 'utf8') === js, 'run: node scripts/build-validators.mjs').toBe(true);
    expect(readFileSync(OUTPUT_DTS, 'utf8')).toBe(dts);
  });

  it('the committed schema data is the schema file', () => {
    expect(systemSchema).toEqual(readSchemas().system);
  });

  it('standalone and runtime ajv agree on valid and invalid system documents', () => {
    const ajv = createAjv();
    const runtime = ajv.compile(readSchemas().system);
    let invalid = 0;
    for (const doc of corpus()) {
      const standaloneOk = validateSystem(doc);
      const runtimeOk = runtime(doc);
      expect(standaloneOk).toBe(runtimeOk);
      const shape = (errors: typeof validateSystem.errors) => (errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${e.schemaPath} ${JSON.stringify(e.params)}`);
      expect(shape(validateSystem.errors)).toEqual(shape(runtime.errors as typeof validateSystem.errors));
      if (!standaloneOk) invalid += 1;
    }
    expect(invalid).toBeGreaterThan(10);
  });

  it('standalone and runtime ajv agree on events', () => {
    const runtime = createAjv().compile(readSchemas().events);
    const events: unknown[] = [
      { type: 'round', round: 1 },
      {
        type: 'check', round: 1, actor: 'a', check: 'attack', checkName: 'Attack', target: 'b', dice: [14], roll: 'd20 (14) + 5', total: 19, vs: 13,
        outcome: 'hit', outcomeName: 'Hit', result: 'success', crit: false, botch: false, formula: '/checks/attack/roll',
        chip: 'd20 (14) + 5 = 19 vs 13 · Hit', influencedBy: [],
      },
      { type: 'damage', round: 1, actor: 'a', target: 'b', amount: 5, damageType: 'slashing', steps: ['resist'], rolled: 10, hp: 3, formula: '/heroes/0/weapon/damage', chip: '' },
      { type: 'fightEnd', winner: 'heroes', round: 3, rounds: 3 },
      { type: 'fightEnd', winner: 'nobody' },
      { type: 'damage', actor: 'a' },
      { type: 'explode' },
      {},
    ];
    const verdicts = events.map((e) => {
      const ok = validateEvent(e);
      expect(runtime(e)).toBe(ok);
      return ok;
    });
    expect(verdicts).toEqual([true, true, true, true, false, false, false, false]);
  });
});
