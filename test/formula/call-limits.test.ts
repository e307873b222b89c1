// The bounds on user functions (issue 17, item 1): the checker memoises a body's facts per (function, argument
// facts) and has a step budget; call depth, nesting with the bodies in place and expanded size are limited, and
// every walker (check, compile, evaluate, trace, dist, load, sim) answers pathological systems with a clear error,
// never a RangeError or a hang. The systems are generated here: fan-outs, long chains, wide bodies.
import { describe, expect, it } from 'vitest';
import { distributionOf } from '../../engine/formula/distribution';
import { checkFormula, checkFunctionBody } from '../../engine/formula/check';
import { compileText, evaluateFormula, newEvalContext } from '../../engine/formula/compile';
import { parseFormula } from '../../engine/formula/parse';
import { createSymbolTable } from '../../engine/formula/symbols';
import { LIMITS, type UserFunction } from '../../engine/formula/types';
import { chain, systemWith, type Functions } from './pathological';
import { checkSystem } from '../../engine/schema/check';
import { loadSystem, simulate } from '../../engine/sim/index';

function check(text: string, functions: Functions, options: { steps?: number } = {}) {
  const parsed = parseFormula(text);
  if (parsed.ast === null) throw new Error(`does not parse: ${text}`);
  return checkFormula(parsed.ast, createSymbolTable({ str: { type: 'number', range: [1, 20] } }, { functions }), options);
}

function errorsOf(text: string) {
  return checkSystem(text).diagnostics.filter((d) => d.severity === 'error');
}

describe('the checker on user functions', () => {
  it('memoises a body per (function, argument facts): a fan-out of 13 levels costs its 13 bodies, not its 8,191 calls', () => {
    const result = check('f0(@str)', chain(13, 2));
    expect(result.diagnostics).toEqual([]);
    expect(result.range).toEqual({ min: 2 ** 12 * 2, max: 2 ** 12 * 21 });
    // Each body has 5 nodes (a `+`, two calls and their `@x`) or 3 (`@x + 1`); without the memo this is over 40,000.
    expect(result.work).toBeLessThanOrEqual(13 * 5);
  });

  it('stops at its step budget with a clear error at the call of the formula', () => {
    // Distinct argument facts at every level (x, x + 1, x + 2, …): the memo cannot merge them.
    const functions: Functions = new Map();
    for (let i = 0; i < 8; i++) functions.set(`g${i}`, { params: ['x'], body: i < 7 ? `g${i + 1}(@x + 1) + g${i + 1}(@x + 2)` : '@x' });
    const text = '1 + g0(@str)';
    const within = check(text, functions);
    expect(within.diagnostics).toEqual([]);
    expect(within.work).toBeGreaterThan(60);
    const limited = check(text, functions, { steps: 60 });
    expect(limited.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'limit',
        message: 'checking `g0(@str)` takes more than 60 steps: the functions it calls call each other too many times; call fewer functions or simplify them',
        span: { start: 4, end: 12 },
      },
    ]);
    expect(limited.work).toBe(60);
  });

  it('a fan-out of 30 levels (a 24 KB system) is refused for its size at the derived value and where it crosses the limit', () => {
    const { text } = systemWith(chain(30, 2));
    expect(text.length).toBeLessThan(26_000);
    const errors = errorsOf(text);
    expect(errors.map((d) => [d.pointer, d.code])).toEqual([
      ['/derived/deep.v', 'limit'],
      // f16's body (5 nodes) holds f17's twice, 32,763 parts each: the first body over 50,000.
      ['/functions/f16/body', 'limit'],
    ]);
    expect(errors[0]!.message).toBe(
      "`f0(1)` grows to 4,294,967,291 parts with the bodies of the functions it calls in place (each call puts its function's whole body there); at most 50,000 fit, so call functions from fewer places",
    );
    expect(errors[1]!.message).toMatch(/^this formula grows to 65,531 parts/);
  });

  it('a chain of 600 functions: two errors, at the derived value and where the chain passes 64 calls', () => {
    const errors = errorsOf(systemWith(chain(600)).text);
    expect(errors.map((d) => [d.pointer, d.message])).toEqual([
      ['/derived/deep.v', '`f0(1)` calls functions 600 deep (f0 → f1 → f2 → … → f598 → f599); at most 64 calls may be open at once, so flatten the chain'],
      ['/functions/f535/body', '`f536(@x)` calls functions 65 deep (f535 → f536 → f537 → … → f598 → f599); at most 64 calls may be open at once, so flatten the chain'],
    ]);
  });

  it('64 calls deep is allowed, 65 is not', () => {
    expect(check('f0(1)', chain(64)).diagnostics).toEqual([]);
    expect(check('f0(1)', chain(65)).diagnostics.map((d) => d.message)).toEqual([
      '`f0(1)` calls functions 65 deep (f0 → f1 → f2 → … → f63 → f64); at most 64 calls may be open at once, so flatten the chain',
    ]);
    // A body is one call open: its own calls may go 63 deeper.
    const functions = chain(65);
    expect(checkFunctionBody('f1', functions.get('f1')!, createSymbolTable({ x: { type: 'any' } }, { functions })).diagnostics).toEqual([]);
    expect(checkFunctionBody('f0', functions.get('f0')!, createSymbolTable({ x: { type: 'any' } }, { functions })).diagnostics.map((d) => d.span)).toEqual([
      { start: 0, end: 6 },
    ]);
  });

  it('wide bodies: the nesting with the bodies in place is limited to 1,000 levels', () => {
    // Each body is a left-nested `+` chain 301 levels deep with the call at its bottom.
    const functions = chain(4, 1, 300);
    const result = check('f0(1)', functions);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      '`f0(1)` nests 1,206 levels deep with the bodies of the functions it calls in place; at most 1,000 levels (each operator, call or die is one) fit, so split the bodies',
    ]);
    expect(check('f1(1)', functions).diagnostics).toEqual([]);
  });

  it('a body that reads a parameter of its caller does not see it (a body reads only its own parameters)', () => {
    const functions: Functions = new Map([
      ['outer', { params: ['b'], body: 'inner(1)' }],
      ['inner', { params: ['a'], body: '@a + @b' }],
    ]);
    const result = check('outer(2)', functions);
    // The body's own error is reported at its definition, not at every call; `@b` is unknown, so no range.
    expect(result.diagnostics).toEqual([]);
    expect(result.range).toBeNull();
    expect(checkFunctionBody('inner', functions.get('inner')!, createSymbolTable({ a: { type: 'any' } }, { functions })).diagnostics.map((d) => d.code)).toEqual([
      'unknown-ref',
    ]);
  });
});

describe('no RangeError and no hang at depth 2,000 (every walker)', () => {
  const deep = chain(2_000);
  const fan = chain(30, 2);
  const wide = chain(4, 1, 300);

  it('compile and evaluate refuse them with a limit diagnostic', () => {
    for (const [functions, message] of [
      [deep, 'user functions call each other 2000 deep here; at most 64 calls may be open at once'],
      [fan, 'this formula grows to 4,294,967,294 parts with the bodies of the functions it calls; at most 50,000 fit'],
      [wide, 'this formula nests 1,206 levels deep with the bodies of the functions it calls; at most 1,000 fit'],
    ] as const) {
      const compiled = compileText('f0(d6)', { resolve: () => undefined, functions });
      expect(compiled).toEqual({ diagnostics: [{ severity: 'error', code: 'limit', message, span: { start: 0, end: 6 } }] });
    }
  });

  it('what fits just under the limits compiles and evaluates, traced too', () => {
    const functions = chain(3, 1, 300); // 905 levels
    const compiled = compileText('f0(d6)', { resolve: () => undefined, functions });
    if (!('formula' in compiled)) throw new Error(JSON.stringify(compiled));
    const rng = { die: () => 4, next: () => 0 };
    expect(evaluateFormula(compiled.formula, newEvalContext(rng))).toBe(4 + 3 * 300 + 1);
    const traced = newEvalContext(rng, undefined, { trace: true });
    expect(evaluateFormula(compiled.formula, traced)).toBe(905);
    expect(traced.trace!.length).toBeGreaterThan(0);
  });

  it('a long constant `+` chain over calls compiles once per node (before: each level compiled the terms below it again, 300³ times)', () => {
    const compiled = compileText('f0(1)', { resolve: () => undefined, functions: chain(3, 1, 300) });
    if (!('formula' in compiled)) throw new Error(JSON.stringify(compiled));
    expect(evaluateFormula(compiled.formula, newEvalContext({ die: () => 1, next: () => 0 }))).toBe(902);
  });

  it('dist answers with an error, not an exception', () => {
    for (const functions of [deep, fan, wide]) {
      const parsed = parseFormula('f0(d6)');
      const result = distributionOf(parsed.ast!, { resolve: () => undefined, functions });
      expect(result.ok).toBe(false);
    }
  });

  it('2,000 nested parentheses, and 900 (under the length limit), are limit diagnostics of the parser', () => {
    const long = parseFormula(`${'('.repeat(2_000)}1${')'.repeat(2_000)}`);
    expect(long.diagnostics.map((d) => d.code)).toEqual(['limit']);
    const nested = parseFormula(`${'('.repeat(900)}1${')'.repeat(900)}`);
    expect(nested.ast).toBeNull();
    expect(nested.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['limit', "this formula nests deeper than 64 levels here (parentheses, '? :' choices and prefix '-' or 'not' each count); split it into simpler parts"],
    ]);
  });

  it('check and load of the systems give clear errors; what loads simulates', () => {
    for (const functions of [deep, fan, wide]) {
      const { text, doc } = systemWith(functions);
      const errors = errorsOf(text);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((d) => d.code === 'limit' && !/RangeError|call stack|internal/.test(d.message))).toBe(true);
      const loaded = loadSystem(doc);
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) expect(loaded.diagnostics.some((d) => d.pointer === '/derived/deep.v' && /at most/.test(d.message))).toBe(true);
    }
    const { doc } = systemWith(chain(3, 1, 300));
    const loaded = loadSystem(doc);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
    expect(simulate(loaded.system, 'risky-standard', { fights: 3, seed: 1 }).fights).toBe(3);
  });

  it('the limits are the ones the README states', () => {
    expect([LIMITS.maxCallDepth, LIMITS.maxNesting, LIMITS.maxExpandedSize, LIMITS.maxCheckSteps]).toEqual([64, 1_000, 50_000, 100_000]);
  });
});
