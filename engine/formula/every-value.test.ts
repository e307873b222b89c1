// checkAtEveryValue (issue 17, systems:0:57): a formula evaluated at every value of a reference's range
// (a template at each tier) is checked at each, and what fails at some values only is an error naming them.
import { describe, expect, it } from 'vitest';
import { checkAtEveryValue as checkFormula } from './every-value';
import { parseFormula } from './parse';
import { createSymbolTable } from './symbols';
import type { UserFunction } from './types';

const functions = new Map<string, UserFunction>([['die', { params: ['n'], body: 'd(@n)r1!' }]]);
const table = createSymbolTable({ tier: { type: 'number', range: [1, 6] }, wide: { type: 'number', range: [1, 100] } }, { functions });
const errors = (text: string, everyValueOf?: readonly string[]) =>
  checkFormula(parseFormula(text).ast!, table, { everyValueOf }).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);

describe('checkAtEveryValue', () => {
  it('d(@tier)r1! is clean over the range as a whole, and an error at tiers 1 and 2 when each tier is tried', () => {
    expect(errors('d(@tier)r1!')).toEqual([]);
    expect(errors('d(@tier)r1!', ['tier'])).toEqual([
      'with `@tier` at 1 (it may be 1 to 6): `d(@tier)r1!` rerolls every face, so it would never stop',
      'with `@tier` at 2 (it may be 1 to 6): `d(@tier)r1!` explodes on every face it can settle on, so it would never stop',
    ]);
  });

  it('an error the same at several tiers is reported once with all of them; one through a function argument too', () => {
    expect(errors('d(@tier - 1)', ['tier'])).toEqual(['with `@tier` at 1 (it may be 1 to 6): a die needs a whole number of sides, at least 1, not 0']);
    expect(errors('d(max(@tier, 3) - 3)', ['tier'])).toEqual(['with `@tier` at 1, 2 and 3 (it may be 1 to 6): a die needs a whole number of sides, at least 1, not 0']);
    expect(errors('1 + die(@tier)', ['tier'])).toEqual([
      'with `@tier` at 1 (it may be 1 to 6): in `die(@tier)`: `d(@n)r1!` rerolls every face, so it would never stop',
      'with `@tier` at 2 (it may be 1 to 6): in `die(@tier)`: `d(@n)r1!` explodes on every face it can settle on, so it would never stop',
    ]);
  });

  it('a formula that does not read it, and a range over 64 values, are not swept', () => {
    expect(checkFormula(parseFormula('d6r1!').ast!, table, { everyValueOf: ['tier'] }).work).toBe(0);
    expect(errors('d(@wide)r1!', ['wide'])).toEqual([]);
  });
});
