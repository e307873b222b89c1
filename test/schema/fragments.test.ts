// The JSON fragments quoted in the spec and the seed validate as written, each against its part of the schema,
// and every formula example of spec §1 parses. (test/fixtures/spec/fragments.json holds copies: tests never read
// /work/shared.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFormula } from '../../engine/formula/parse';
import { createAjv, readSchemas } from '../../scripts/build-validators.mjs';

interface Fragment { from: string; def: string; value: unknown }
const fixture = JSON.parse(readFileSync(new URL('../fixtures/spec/fragments.json', import.meta.url), 'utf8')) as { fragments: Fragment[]; formulas: string[] };

const INLINE: Record<string, string> = {
  combatAttack: '#/$defs/combat/properties/attack',
  positions: '#/properties/positions',
};

const { system } = readSchemas();
const ajv = createAjv();
ajv.addSchema(system);

describe('spec and seed fragments', () => {
  it.each(fixture.fragments.map((f) => [f.from, f] as const))('%s validates', (_name, fragment) => {
    const ref = `${system.$id}${INLINE[fragment.def] ?? `#/$defs/${fragment.def}`}`;
    const validate = ajv.getSchema(ref);
    expect(validate, `no schema at ${ref}`).toBeTypeOf('function');
    const ok = validate!(fragment.value);
    expect(validate!.errors ?? [], fragment.from).toEqual([]);
    expect(ok).toBe(true);
  });

  it('a fragment with a mistake does not validate (the test can fail)', () => {
    const validate = ajv.getSchema(`${system.$id}#/$defs/condition`)!;
    expect(validate({ id: 'prone', edge: -1 })).toBe(false);
    expect(validate({ id: 'prone', egde: '-1' })).toBe(false);
  });

  it.each(fixture.formulas)('formula example %s parses', (formula) => {
    expect(parseFormula(formula).diagnostics).toEqual([]);
  });
});
