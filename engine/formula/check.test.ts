import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTINS, explainBadFunctionName, RESERVED_FUNCTION_NAMES } from './builtins';
import { checkFormula, checkFunctionBody, editDistance, suggestNames } from './check';
import { parseFormula } from './parse';
import { createSymbolTable, layerSymbols } from './symbols';
import type { FormulaDiagnostic, SymbolTable, UserFunction, ValueType } from './types';
import { fuzz } from '../../test/fuzz';

const functions = new Map<string, UserFunction>([
  ['throw', { params: ['n'], body: '((d(@n) + d(@n) - 1) % @n) + 1' }],
  ['half', { params: ['x'], body: 'floor(@x / 2)' }],
  ['ping', { params: [], body: 'pong() + 1' }],
  ['pong', { params: [], body: 'ping()' }],
  ['again', { params: ['x'], body: 'again(@x - 1)' }],
  ['usesPing', { params: [], body: 'ping()' }],
]);

const symbols: SymbolTable = createSymbolTable(
  {
    str: { type: 'number', range: [1, 20] },
    'str.mod': { type: 'number', range: [-5, 5] },
    'dex.mod': { type: 'number', range: [-5, 5] },
    level: { type: 'number', range: [1, 20] },
    tier: { type: 'number', range: [1, 6] },
    might: { type: 'number', range: [4, 12] },
    huge: { type: 'number', range: [1, 5_000_000] },
    crowd: { type: 'number', range: [0, 20_000] },
    hp: { type: 'number' },
    crit: { type: 'boolean' },
    damageType: { type: 'string' },
    'target.tags': { type: 'list' },
    'roll.dice': { type: 'list' },
  },
  {
    functions,
    explainUnknown: (path) => (path === 'natural' ? '`@natural` is only readable in the outcomes of a check' : undefined),
  },
);

function check(text: string, expect?: ValueType) {
  const parsed = parseFormula(text);
  if (parsed.ast === null) throw new Error(`does not parse: ${text}: ${parsed.diagnostics.map((d) => d.message).join('; ')}`);
  return checkFormula(parsed.ast, symbols, expect === undefined ? {} : { expect });
}

function only(text: string, expect?: ValueType): FormulaDiagnostic {
  const { diagnostics } = check(text, expect);
  expect_(diagnostics).toHaveLength(1);
  return diagnostics[0]!;
}
const expect_ = expect;

describe('checkFormula: clean formulas', () => {
  it.each([
    ['d20 + @str.mod', 'number', { min: -4, max: 25 }],
    ['3d6', 'number', { min: 3, max: 18 }],
    ['4dF', 'number', { min: -4, max: 4 }],
    ['d%', 'number', { min: 1, max: 100 }],
    ['2d20kh1', 'number', { min: 1, max: 20 }],
    ['4d6dl1', 'number', { min: 3, max: 18 }],
    ['d6r1', 'number', { min: 2, max: 6 }],
    ['d6r<=2', 'number', { min: 3, max: 6 }],
    ['d6ro1', 'number', { min: 1, max: 6 }],
    ['5d10cs>=8', 'number', { min: 0, max: 5 }],
    ['d6!', 'number', { min: 1, max: 606 }],
    ['(@tier)d6', 'number', { min: 1, max: 36 }],
    ['d(@might)', 'number', { min: 1, max: 12 }],
    ['d12[Hope] + d12[Fear]', 'number', { min: 2, max: 24 }],
    ['floor((@str - 10) / 2)', 'number', { min: -5, max: 5 }],
    ['clamp(@str, 5, 10)', 'number', { min: 5, max: 10 }],
    ['max(@str.mod, 0)', 'number', { min: 0, max: 5 }],
    ['abs(@str.mod)', 'number', { min: 0, max: 5 }],
    ['@level >= 20 ? 4 : @level >= 11 ? 3 : 1', 'number', { min: 1, max: 4 }],
    ['half(@str)', 'number', { min: 0, max: 10 }],
    ['throw(10)', 'number', { min: 1, max: 11 }],
    ['@hp + 1', 'number', null],
    ['@hp / @str', 'number', { min: -Infinity, max: Infinity }],
    ["has(@target.tags, 'undead') and not @crit", 'boolean', null],
    ["@damageType == 'fire'", 'boolean', null],
    ['count(@roll.dice, 6) >= 2', 'boolean', null],
  ])('%s: %s in %j, no diagnostics', (text, type, range) => {
    const result = check(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.type).toBe(type);
    if (range !== null && range.min === -Infinity) expect(result.range).toBeNull();
    else expect(result.range).toEqual(range);
  });
});

describe('checkFormula: references', () => {
  it('suggests the nearest known name', () => {
    expect(only('1 + @str.mdo')).toEqual({
      severity: 'error',
      code: 'unknown-ref',
      message: 'unknown reference `@str.mdo`; did you mean `@str.mod`?',
      span: { start: 4, end: 12 },
    });
  });

  it('lists several close names, nearest first', () => {
    expect(only('@tex.mod').message).toBe('unknown reference `@tex.mod`; did you mean `@dex.mod`?');
    expect(only('@st').message).toBe('unknown reference `@st`; did you mean `@str`?');
    expect(only('@zzzzzz').message).toBe('unknown reference `@zzzzzz`');
  });

  it('explains a reference known elsewhere', () => {
    expect(only('@natural >= 20')).toMatchObject({ code: 'context', message: '`@natural` is only readable in the outcomes of a check', span: { start: 0, end: 8 } });
  });

  it('does not reach the prototype through lookups', () => {
    const parsed = parseFormula('@toString + @valueOf');
    expect(checkFormula(parsed.ast!, symbols).diagnostics.map((d) => d.code)).toEqual(['unknown-ref', 'unknown-ref']);
  });
});

describe('checkFormula: types', () => {
  it('names both types for a boolean used as a number and the reverse', () => {
    expect(only('@crit + 1')).toMatchObject({ code: 'type', message: "`@crit` is a boolean (true or false), but '+' needs a number", span: { start: 0, end: 5 } });
    expect(only('@str and @crit')).toMatchObject({ code: 'type', message: "`@str` is a number, but 'and' needs a boolean (true or false)", span: { start: 0, end: 4 } });
    expect(only('not 3')).toMatchObject({ code: 'type', span: { start: 4, end: 5 } });
    expect(only('@str ? 1 : 2')).toMatchObject({ code: 'type', message: expect.stringContaining("the test of '? :'") });
    expect(only('d(@crit)')).toMatchObject({ code: 'type', span: { start: 2, end: 7 } });
  });

  it('refuses comparing different types and choices of different types', () => {
    expect(only("@str == 'fire'")).toMatchObject({ code: 'type', message: "cannot compare a number (`@str`) with a string (`'fire'`)" });
    expect(only('@crit ? 1 : true')).toMatchObject({ code: 'type', span: { start: 0, end: 16 } });
  });

  it('checks what the field expects', () => {
    expect(only('@str + 1', 'boolean')).toMatchObject({ code: 'type', message: 'this field needs a boolean (true or false), but the formula gives a number', span: { start: 0, end: 8 } });
    expect(check('@str > 1', 'boolean').diagnostics).toEqual([]);
  });

  it('checks argument types of built-ins', () => {
    expect(only('has(@str, 1)')).toMatchObject({ code: 'type', message: '`@str` is a number, but argument 1 of has needs a list', span: { start: 4, end: 8 } });
    expect(only('floor(true)')).toMatchObject({ code: 'type', span: { start: 6, end: 10 } });
  });
});

describe('checkFormula: calls', () => {
  it('reports the wrong number of arguments', () => {
    expect(only('clamp(@str, 1)')).toMatchObject({ code: 'arity', message: 'clamp(x, lo, hi) takes 3 arguments, but got 2', span: { start: 0, end: 14 } });
    expect(only('max(1)')).toMatchObject({ code: 'arity', message: 'max(a, b, …) takes at least 2 arguments, but got 1' });
    expect(only('throw(1, 2)')).toMatchObject({ code: 'arity', message: 'throw(n) takes 1 argument, but got 2' });
  });

  it('suggests a near function name for an unknown one', () => {
    expect(only('flor(2.5)')).toEqual({ severity: 'error', code: 'unknown-function', message: 'unknown function `flor`; did you mean `floor`?', span: { start: 0, end: 4 } });
    expect(only('thrw(6)').message).toBe('unknown function `thrw`; did you mean `throw`?');
  });

  it('reports direct and mutual recursion with the cycle', () => {
    expect(only('again(3)')).toMatchObject({ code: 'recursion', message: 'function `again` calls itself (again → again); recursion is not allowed', span: { start: 0, end: 5 } });
    expect(only('1 + ping()')).toMatchObject({ code: 'recursion', message: 'function `ping` calls itself (ping → pong → ping); recursion is not allowed', span: { start: 4, end: 8 } });
    expect(only('usesPing()')).toMatchObject({ code: 'recursion', message: expect.stringContaining('(ping → pong → ping)') });
  });

  it('reports at the call what only its arguments break', () => {
    expect(check('throw(true)').diagnostics).toEqual([
      { severity: 'error', code: 'type', message: 'in `throw(true)`: `@n` is a boolean (true or false), but the size of a die needs a number', span: { start: 0, end: 11 } },
      { severity: 'error', code: 'type', message: "in `throw(true)`: `@n` is a boolean (true or false), but '%' needs a number", span: { start: 0, end: 11 } },
    ]);
    expect(only('1 + throw(0)')).toMatchObject({ code: 'dice', message: 'in `throw(0)`: a die needs a whole number of sides, at least 1, not 0', span: { start: 4, end: 12 } });
    expect(check('throw(@might)').diagnostics).toEqual([]);
  });

  it('checks a function body where it is defined, parameters readable as @param', () => {
    expect(checkFunctionBody('throw', functions.get('throw')!, symbols).diagnostics).toEqual([]);
    const bad = checkFunctionBody('broken', { params: ['n'], body: '@m + 1' }, symbols);
    expect(bad.diagnostics).toEqual([{ severity: 'error', code: 'unknown-ref', message: 'unknown reference `@m`; did you mean `@n`?', span: { start: 0, end: 2 } }]);
    expect(checkFunctionBody('again', functions.get('again')!, symbols).diagnostics.map((d) => d.code)).toEqual(['recursion']);
    expect(checkFunctionBody('syntax', { params: [], body: '1 +' }, symbols).diagnostics[0]!.code).toBe('syntax');
  });
});

describe('checkFormula: limits of spec §1.3, before anything runs', () => {
  it.each([
    ['d1!', 'explodes on every face', { start: 0, end: 3 }],
    ['d6!>0', 'explodes on every face', { start: 0, end: 5 }],
    ['2 + d6r<7', 'rerolls every face', { start: 4, end: 9 }],
    ['d6ro>=1', 'rerolls every face', { start: 0, end: 7 }],
    ['1000000d1000000', 'rolls 1,000,000 dice; at most 10,000', { start: 0, end: 15 }],
    ['10001d6', 'rolls 10,001 dice', { start: 0, end: 7 }],
    ['d1000001', 'over the limit of 1,000,000', { start: 1, end: 8 }],
    ['d0', 'at least 1', { start: 1, end: 2 }],
    ['6000d6 + 6000d6', 'at least 12,000 dice', { start: 0, end: 15 }],
    ['@str / 0', 'division by zero', { start: 7, end: 8 }],
    ['@str % 0', 'remainder by zero', { start: 7, end: 8 }],
  ])('%s', (text, message, span) => {
    const diagnostic = only(text);
    expect(diagnostic.severity).toBe('error');
    expect(diagnostic.message).toContain(message);
    expect(diagnostic.span).toEqual(span);
  });

  it('does not count dice of both branches of a choice', () => {
    expect(check('@crit ? 6000d6 : 6000d6').diagnostics).toEqual([]);
    expect(check('@crit and 6000d6 > 1 or 6000d6 > 1').diagnostics).toEqual([]);
  });

  it('warns where a computed size or count may go over a limit', () => {
    expect(only('d(@huge)')).toMatchObject({ severity: 'warning', code: 'limit', span: { start: 2, end: 7 } });
    expect(only('(@crowd)d6')).toMatchObject({ severity: 'warning', code: 'limit' });
  });

  it('warns about modifiers that do nothing', () => {
    expect(only('2d6kh3')).toMatchObject({ severity: 'warning', message: '`2d6kh3` keeps 3 of only 2 dice' });
    expect(only('d6r7')).toMatchObject({ severity: 'warning', message: "'r7' never matches a face of `d6r7`, so it does nothing" });
  });

  it('rejects fractional dice', () => {
    expect(only('2.5d6')).toMatchObject({ code: 'dice', span: { start: 0, end: 3 } });
    expect(only('d6.5')).toMatchObject({ code: 'dice', span: { start: 1, end: 4 } });
  });

  it('checks the 300-deep, too-long and unknown-function cases end to end with clear diagnostics', () => {
    expect(parseFormula(`${'('.repeat(300)}1${')'.repeat(300)}`).diagnostics[0]!.code).toBe('limit');
    expect(parseFormula('1'.repeat(2001)).diagnostics[0]!.code).toBe('limit');
    expect(only('nosuch(1)').code).toBe('unknown-function');
  });
});

describe('regressions found by the range-soundness property (test/formula/range-soundness.test.ts)', () => {
  it('d2dh1!: explosions join the pool before keep/drop, so dropping one die can still leave faces', () => {
    // Found with seed 42: the range was [0, 0] while the roll gave 3 (d2 exploded once, the pool had two dice).
    expect(check('d2dh1!').range).toEqual({ min: 0, max: 200 });
  });

  it('rerolls together may cover every face even when none does alone', () => {
    expect(only('d6r<3r>=3')).toMatchObject({ code: 'limit', message: '`d6r<3r>=3` rerolls every face, so it would never stop' });
    expect(check('d6r<3r>4').range).toEqual({ min: 3, max: 4 });
  });

  it('explosions are judged on the faces that survive rerolls; a reroll-once may land anywhere', () => {
    expect(only('d6r<6!')).toMatchObject({ code: 'limit', message: expect.stringContaining('explodes on every face') });
    expect(check('d6r1ro2').range).toEqual({ min: 1, max: 6 });
  });

  it('walks a million faces by runs, not one by one', () => {
    expect(only('d1000000r<999999r>=999999')).toMatchObject({ code: 'limit' });
    expect(check('d1000000r<999999').range).toEqual({ min: 999999, max: 1000000 });
  });
});

describe('did-you-mean', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('mdo', 'mod')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('prefers a case-only difference and keeps at most three names', () => {
    expect(suggestNames('stz', ['str', 'stx', 'sty', 'Stz'])).toEqual(['Stz', 'str', 'stx']);
    expect(suggestNames('abcd', ['abce', 'abcf', 'abcg', 'abch'])).toHaveLength(3);
  });

  it('editDistance is a metric on small strings (seeded)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 6 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b) === 0).toBe(a === b);
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
      fuzz(42, 300),
    );
  });
});

describe('built-ins and reserved names', () => {
  it('implements each built-in purely', () => {
    const call = (name: string, ...args: Parameters<NonNullable<ReturnType<typeof BUILTINS.get>>['impl']>) => BUILTINS.get(name)!.impl(...args);
    expect(call('min', 3, 1, 2)).toBe(1);
    expect(call('max', 3, 1, 2)).toBe(3);
    expect(call('floor', -1.5)).toBe(-2);
    expect(call('ceil', 1.2)).toBe(2);
    expect(call('round', 2.5)).toBe(3);
    expect(call('abs', -4)).toBe(4);
    expect(call('pow', 2, 10)).toBe(1024);
    expect(call('clamp', 12, 1, 10)).toBe(10);
    expect(call('has', ['fire', 'cold'], 'cold')).toBe(true);
    expect(call('count', [6, 1, 6], 6)).toBe(2);
    expect(call('overlaps', ['fire'], ['cold', 'fire'])).toBe(true);
    expect(call('overlaps', ['fire'], ['cold'])).toBe(false);
    expect(() => call('pow', 10, 400)).toThrow(/too large/);
    expect(() => call('floor', 'x')).toThrow(/must be a number/);
  });

  it('reserves prototype names, built-ins, d and keywords for functions, but not for reference segments', () => {
    for (const name of ['__proto__', 'constructor', 'prototype', 'max', 'd', 'not']) expect(RESERVED_FUNCTION_NAMES.has(name)).toBe(true);
    expect(explainBadFunctionName('max')).toContain('built-in');
    expect(explainBadFunctionName('d6x')).toContain('dice');
    expect(explainBadFunctionName('throw')).toBeUndefined();
    expect(parseFormula('@hp.max').ast).not.toBeNull();
  });
});

describe('symbol tables', () => {
  it('layers parameters over a context without touching it', () => {
    const layered = layerSymbols({ n: { type: 'number' } }, symbols);
    expect(layered.lookup('n')).toEqual({ type: 'number' });
    expect(layered.lookup('str')).toEqual(symbols.lookup('str'));
    expect(symbols.lookup('n')).toBeUndefined();
    expect([...layered.names()].filter((name) => name === 'n')).toEqual(['n']);
  });

  it('keeps own keys only', () => {
    const table = createSymbolTable(JSON.parse('{"__proto__": {"type": "number"}, "a": {"type": "boolean"}}') as Record<string, { type: ValueType }>);
    expect(table.lookup('__proto__')).toEqual({ type: 'number' });
    expect(table.lookup('toString')).toBeUndefined();
    expect([...table.names()].sort()).toEqual(['__proto__', 'a']);
  });
});
