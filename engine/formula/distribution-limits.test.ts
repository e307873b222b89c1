// dist's limits answer where the user wrote the formula (issue 17): cheap checks come before any distribution is
// built, a die too big for an exact distribution fails fast, and a failure inside a user function's body points at
// the call in the formula and names the function.
import { describe, expect, it } from 'vitest';
import { distributionOf, WorkBudget } from './distribution';
import { parseFormula } from './parse';
import type { UserFunction } from './types';

const values: Record<string, number> = { a: 3 };
const resolve = (path: readonly string[]) => values[path.join('.')];
const dist = (text: string, functions?: ReadonlyMap<string, UserFunction>, budget?: WorkBudget) => {
  const ast = parseFormula(text).ast;
  if (ast === null) throw new Error(`does not parse: ${text}`);
  return distributionOf(ast, { resolve, functions, budget });
};
const errorOf = (text: string, functions?: ReadonlyMap<string, UserFunction>, budget?: WorkBudget) => {
  const result = dist(text, functions, budget);
  if (result.ok) throw new Error(`${text}: expected an error, got mean ${result.mean}`);
  return { ...result.error, text: text.slice(result.error.span.start, result.error.span.end) };
};

describe('dist: cheap checks before any distribution', () => {
  it('an unknown reference after a huge die is reported with no work spent on the die', () => {
    const budget = new WorkBudget();
    expect(errorOf('1d1000000!! + @s + @strtr', undefined, budget)).toMatchObject({ code: 'unknown-ref', message: '`@s` has no value', text: '@s' });
    expect(budget.spent).toBe(0);
  });

  it('a wrong number of arguments and an unknown function are found first too', () => {
    const budget = new WorkBudget();
    expect(errorOf('d1000000 + max(1)', undefined, budget)).toMatchObject({ code: 'arity', text: 'max(1)' });
    expect(errorOf('d1000000 + nope(1)', undefined, budget)).toMatchObject({ code: 'unknown-function', text: 'nope' });
    const functions = new Map<string, UserFunction>([['f', { params: ['x'], body: '@x + @missing' }]]);
    expect(errorOf('d1000000 + f(1, 2)', functions, budget)).toMatchObject({ code: 'arity', text: 'f(1, 2)' });
    expect(errorOf('d1000000 + f(1)', functions, budget)).toMatchObject({ code: 'unknown-ref', text: 'f(1)' });
    expect(budget.spent).toBe(0);
  });

  it('a parameter of a body is not an unknown reference', () => {
    const functions = new Map<string, UserFunction>([['f', { params: ['x'], body: '@x + @a' }]]);
    const result = dist('f(d6)', functions);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.mean).toBeCloseTo(6.5, 9);
  });
});

describe('dist: a die too big for an exact distribution fails fast', () => {
  it('1d1000000! (an explosion chain of 3 million values) is refused before its chain is built', () => {
    const budget = new WorkBudget();
    expect(errorOf('1d1000000!', undefined, budget)).toMatchObject({
      code: 'limit',
      message: 'this exploding die has at least 2.0e6 possible values; exact distributions stop at 1.0e6',
      text: '1d1000000!',
    });
    // Nothing convolved or merged: the estimate came from one pass over the faces.
    expect(budget.spent).toBeLessThan(2_000_000);
  });

  it('a smaller exploding die still has its exact distribution', () => {
    const result = dist('d1000!');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.mean).toBeCloseTo(500.5 * (1000 / 999), 6);
  });

  it('a mixture over the support limit is refused (and one under it is not)', () => {
    expect(errorOf('d2 == 1 ? d1000000 : d1000000 + 1000000')).toMatchObject({ code: 'limit', message: expect.stringMatching(/about 2\.0e6 possible values; exact distributions stop at 1\.0e6/) });
    expect(dist('d2 == 1 ? d1000000 : d999999').ok).toBe(true);
  });
});

describe('dist: a failure inside a function body points at the call', () => {
  const functions = new Map<string, UserFunction>([
    ['big', { params: ['n'], body: '@n + 1d1000000!' }],
    ['outer', { params: ['x'], body: '@x * 2 + big(@x)' }],
    ['many', { params: ['n'], body: '(@n)d6' }],
    ['broken', { params: [], body: '1 +' }],
  ]);

  it('a limit in the body of the function called: at the call, naming the function', () => {
    expect(errorOf('1 + big(@a)', functions)).toMatchObject({
      code: 'limit',
      message: 'in the body of `big`, called by `big(@a)`: this exploding die has at least 2.0e6 possible values; exact distributions stop at 1.0e6',
      text: 'big(@a)',
    });
  });

  it('through two functions: at the call in the formula, with the chain', () => {
    expect(errorOf('d4 + outer(2)', functions)).toMatchObject({
      code: 'limit',
      message: 'in the body of `big` (outer → big), called by `outer(2)`: this exploding die has at least 2.0e6 possible values; exact distributions stop at 1.0e6',
      text: 'outer(2)',
    });
  });

  it('the dice budget and an unknown reference in a body, and a body that does not parse', () => {
    expect(errorOf('many(20000)', functions)).toMatchObject({ code: 'limit', message: expect.stringMatching(/^in the body of `many`, called by `many\(20000\)`: too many dice/), text: 'many(20000)' });
    const withMissing = new Map<string, UserFunction>([['f', { params: [], body: 'd6 + @missing' }]]);
    expect(errorOf('2 * f()', withMissing)).toMatchObject({ code: 'unknown-ref', message: 'in the body of `f`, called by `f()`: `@missing` has no value', text: 'f()' });
    expect(errorOf('broken()', functions)).toMatchObject({ code: 'syntax', message: expect.stringMatching(/^the body of `broken` has an error: /), text: 'broken' });
  });
});
