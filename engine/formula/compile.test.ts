import { describe, expect, it } from 'vitest';
import { createRng } from '../dice/rng';
import { checkFormula } from './check';
import { compileFormula, compileText, evaluateFormula, FormulaCompileError, newEvalContext } from './compile';
import { parseFormula } from './parse';
import { FormulaRuntimeError } from './runtime';
import type { CompileOptions, CompiledFormula, EvalContext } from './runtime';
import { createSymbolTable } from './symbols';
import { renderChip } from './trace';
import type { FormulaNode, Rng, Span, Value } from './types';
import { at, bin, compile, compileError, evaluate, NO_DICE, num, optionsFor, ref, riggedRng, runtimeError, traced } from '../../test/formula/compile-helpers';

describe('every node kind (hand-built ASTs)', () => {
  const options = optionsFor({ values: { x: 4, flag: true } });
  const run = (node: FormulaNode, rng: Rng = NO_DICE): Value => evaluateFormula(compileFormula(node, options), newEvalContext(rng));

  it('literals', () => {
    expect(run(num(2.5))).toBe(2.5);
    expect(run({ kind: 'boolean', value: false, span: at })).toBe(false);
    expect(run({ kind: 'string', value: 'fire', span: at })).toBe('fire');
  });

  it('references, unary and binary operations', () => {
    expect(run(ref('x'))).toBe(4);
    expect(run({ kind: 'unary', op: '-', operand: ref('x'), span: at })).toBe(-4);
    expect(run({ kind: 'unary', op: 'not', operand: ref('flag'), span: at })).toBe(false);
    expect(run(bin('*', ref('x'), bin('+', num(1), num(2))))).toBe(12);
    expect(run(bin('and', ref('flag'), bin('>=', ref('x'), num(4))))).toBe(true);
  });

  it('conditional, call, dice and tag', () => {
    expect(run({ kind: 'conditional', test: ref('flag'), then: num(1), otherwise: num(2), span: at })).toBe(1);
    expect(run({ kind: 'call', name: 'max', nameSpan: at, args: [ref('x'), num(9)], span: at })).toBe(9);
    const dice: FormulaNode = { kind: 'dice', count: num(2), sides: { kind: 'number', value: num(6) }, modifiers: [], span: at };
    expect(run(dice, riggedRng([3, 4]))).toBe(7);
    const ctx = newEvalContext(riggedRng([11]));
    const tagged: FormulaNode = { kind: 'tag', tag: 'Hope', operand: { ...dice, count: null, sides: { kind: 'number', value: num(12) } }, span: at };
    expect(evaluateFormula(compileFormula(tagged, options), ctx)).toBe(11);
    expect(ctx.roll.tags.Hope).toBe(11);
  });

  it('refuses a tag that would reach prototype machinery', () => {
    const node: FormulaNode = { kind: 'tag', tag: '__proto__', operand: num(1), span: at };
    expect(compileError(() => compileFormula(node, options)).message).toMatch(/tag name/);
  });
});

describe('arithmetic and logic', () => {
  it('follows precedence; / is real division; % is the remainder', () => {
    expect(evaluate('1 + 2 * 3')).toBe(7);
    expect(evaluate('7 / 2')).toBe(3.5);
    expect(evaluate('floor(7 / 2)')).toBe(3);
    expect(evaluate('@a % 3', { values: { a: 10 } })).toBe(1);
    expect(evaluate('-@a + 1', { values: { a: 10 } })).toBe(-9);
  });

  it('compares and combines', () => {
    expect(evaluate('@a >= 3 and @a < 5', { values: { a: 4 } })).toBe(true);
    expect(evaluate("@type == 'fire'", { values: { type: 'fire' } })).toBe(true);
    expect(evaluate("@type != 'fire'", { values: { type: 'cold' } })).toBe(true);
    expect(evaluate('not (@a > 3) or @a == 4', { values: { a: 4 } })).toBe(true);
  });

  it('calls built-ins from the shared table', () => {
    const values = { a: -2.5, list: ['undead', 'flying'], dice: [6, 6, 1] };
    expect(evaluate('abs(@a) + round(@a) + ceil(@a)', { values })).toBe(2.5 + -2 + -2);
    expect(evaluate('clamp(@a, 0, 3) + pow(2, 3) + min(@a, 1, 5)', { values })).toBe(0 + 8 - 2.5);
    expect(evaluate("has(@list, 'undead')", { values })).toBe(true);
    expect(evaluate('count(@dice, 6)', { values })).toBe(2);
  });

  it('reports division and modulo by zero, where they are', () => {
    const division = runtimeError(() => evaluate('10 / @zero', { values: { zero: 0 } }));
    expect(division.code).toBe('division-by-zero');
    expect(division.span).toEqual({ start: 0, end: 10 });
    expect(runtimeError(() => evaluate('10 % @zero', { values: { zero: 0 } })).code).toBe('division-by-zero');
    // A constant division by zero is not folded away: it fails when it runs.
    expect(runtimeError(() => evaluate('1 / 0')).code).toBe('division-by-zero');
    expect(evaluate('@t ? 1 : 1 / 0', { values: { t: true } })).toBe(1);
  });

  it('keeps results finite', () => {
    const overflow = runtimeError(() => evaluate('@big * @big', { values: { big: 1e200 } }));
    expect(overflow.message).toMatch(/too large/);
    expect(overflow.code).toBe('limit');
    expect(runtimeError(() => evaluate('pow(10, @e)', { values: { e: 400 } })).message).toMatch(/too large/);
  });

  it('gives a type error for a boolean used as a number and the reverse', () => {
    const numeric = runtimeError(() => evaluate('@flag + 1', { values: { flag: true } }));
    expect(numeric.code).toBe('type');
    expect(numeric.message).toMatch(/expected a number, got true/);
    expect(runtimeError(() => evaluate('@n and true', { values: { n: 1 } })).message).toMatch(/expected true or false/);
    expect(runtimeError(() => evaluate('@n ? 1 : 2', { values: { n: 1 } })).code).toBe('type');
    expect(runtimeError(() => evaluate('max(@s, 1)', { values: { s: 'x' } })).code).toBe('type');
  });

  it('short-circuits and/or and runs one branch of a choice only', () => {
    const boom = (): Value => {
      throw new Error('must not be read');
    };
    const options: CompileOptions = {
      resolve: (path) => (path[0] === 'boom' ? boom : path[0] === 'yes' ? () => true : path[0] === 'no' ? () => false : undefined),
    };
    const run = (text: string, rng: Rng = NO_DICE): Value => evaluateFormula(compileFormula(parseFormula(text).ast!, options), newEvalContext(rng));
    expect(run('@no and @boom')).toBe(false);
    expect(run('@yes or @boom')).toBe(true);
    expect(run('@yes ? 3 : @boom')).toBe(3);
    const rng = riggedRng([5]);
    expect(run('@no ? 10d6 : d8', rng)).toBe(5);
    expect(rng.asked).toEqual([8]);
  });
});

describe('references', () => {
  it('resolves each reference once, at compile time, and never while evaluating', () => {
    const options = optionsFor({ values: { 'str.mod': 3, level: 5 } });
    const formula = compileFormula(parseFormula('@str.mod + @level * 2 + @str.mod').ast!, options);
    expect(options.resolved).toEqual(['str.mod', 'level', 'str.mod']);
    const ctx = newEvalContext(NO_DICE, undefined, { trace: true });
    for (let i = 0; i < 3; i++) expect(evaluateFormula(formula, ctx)).toBe(16);
    ctx.trace = null;
    expect(evaluateFormula(formula, ctx)).toBe(16);
    expect(options.resolved.length).toBe(3);
  });

  it('reads through the getter the resolver returned, with the context', () => {
    const options: CompileOptions = { resolve: (path) => (path[0] === 'hp' ? (ctx) => (ctx.scope as { hp: number }).hp : undefined) };
    const formula = compileFormula(parseFormula('@hp * 2').ast!, options);
    expect(evaluateFormula(formula, newEvalContext(NO_DICE, { hp: 7 }))).toBe(14);
    expect(evaluateFormula(formula, newEvalContext(NO_DICE, { hp: 9 }))).toBe(18);
  });

  it('names an unknown reference and where it is', () => {
    const error = compileError(() => compile('1 + @nope.here'));
    expect(error.code).toBe('unknown-ref');
    expect(error.message).toBe('unknown reference @nope.here');
    expect(error.span).toEqual({ start: 4, end: 14 });
    const result = compileText('1 + @nope', optionsFor());
    expect('diagnostics' in result && result.diagnostics[0]).toMatchObject({ severity: 'error', code: 'unknown-ref', span: { start: 4, end: 9 } });
  });

  it('compileText reports syntax errors from the parser without throwing', () => {
    const result = compileText('1 +', optionsFor());
    expect('diagnostics' in result && result.diagnostics.length).toBeGreaterThan(0);
    expect(() => compileText('max(', optionsFor())).not.toThrow();
  });

  it('names an unknown function and a wrong number of arguments', () => {
    expect(compileError(() => compile('frobnicate(1)')).code).toBe('unknown-function');
    const arity = compileError(() => compile('floor(1, 2)'));
    expect(arity.code).toBe('arity');
    expect(arity.message).toMatch(/floor\(x\) takes 1 argument, got 2/);
  });
});

describe('constant folding', () => {
  it('folds dice-free constant parts, so they need no RNG and no resolver', () => {
    const options = optionsFor();
    const formula = compileFormula(parseFormula('floor(7 / 2) * 2 + max(1, 4) - (3 > 2 ? 1 : 0)').ast!, options);
    expect(evaluateFormula(formula, newEvalContext(NO_DICE))).toBe(6 + 4 - 1);
    expect(options.resolved).toEqual([]);
  });

  it('drops the branch a constant test never takes (its references are never resolved)', () => {
    const options = optionsFor({ values: { a: 1 } });
    compileFormula(parseFormula('true ? @a : @missing').ast!, options);
    expect(options.resolved).toEqual(['a']);
  });
});

describe('dice in formulas', () => {
  it('rolls computed counts and sizes', () => {
    expect(evaluate('(@tier)d6 + @tier', { values: { tier: 2 } }, riggedRng([4, 5]))).toBe(11);
    expect(evaluate('d(@might)', { values: { might: 8 } }, riggedRng([8]))).toBe(8);
    expect(evaluate('(@level >= 5 ? 2 : 1)d10', { values: { level: 5 } }, riggedRng([1, 10]))).toBe(11);
  });

  it('runs +/- chains of plain dice as one closure with the same rolls, order, facts and budget', () => {
    const ctx = newEvalContext(riggedRng([2, 5, 7, 11, 3]));
    expect(evaluateFormula(compile('2d6 + 1d8 + 3'), ctx)).toBe(17);
    expect(ctx.roll.dice).toEqual([2, 5, 7]);
    expect(ctx.roll.kept).toEqual([2, 5, 7]);
    expect(ctx.diceLeft).toBe(10_000 - 3);
    expect(evaluateFormula(compile('d20 - 5'), ctx)).toBe(6);
    expect(evaluateFormula(compile('5 - d6 + 0.5'), ctx)).toBe(2.5);
    const big = compile('6000d1 - 5000d1 + 1');
    expect(runtimeError(() => evaluateFormula(big, newEvalContext(createRng(1)))).code).toBe('limit');
    expect(compileError(() => compile('d20 + 20000d6')).code).toBe('limit');
    const sum = compile('2d6 + 1d8 - d4 + 3');
    const rollAll = (trace: boolean): Value[] => {
      const seeded = newEvalContext(createRng(77), undefined, { trace });
      return Array.from({ length: 50 }, () => evaluateFormula(sum, seeded));
    };
    expect(rollAll(true)).toEqual(rollAll(false));
  });

  it('treats d% as d100 and dF as -1..+1', () => {
    const rng = riggedRng([100, 1, 2, 3]);
    expect(evaluate('d% + 3dF', {}, rng)).toBe(100 - 1 + 0 + 1);
    expect(rng.asked).toEqual([100, 3, 3, 3]);
  });

  it('records roll facts: every die rolled, kept faces, per evaluation', () => {
    const ctx = newEvalContext(riggedRng([6, 1, 5, 3, 2, 17, 9]));
    const formula = compile('4d6kh3 + d4');
    expect(evaluateFormula(formula, ctx)).toBe(16);
    expect(ctx.roll.dice).toEqual([6, 1, 5, 3, 2]);
    expect(ctx.roll.kept).toEqual([6, 5, 3, 2]);
    const second = compile('2d20kl1');
    expect(evaluateFormula(second, ctx)).toBe(9);
    expect(ctx.roll.dice).toEqual([17, 9]);
    expect(ctx.roll.kept).toEqual([9]);
  });

  it('keeps @roll.dice complete under kh1 (a pool crit reads count(@roll.dice, 6))', () => {
    const ctx = newEvalContext(riggedRng([6, 6, 2]));
    expect(evaluateFormula(compile('3d6kh1'), ctx)).toBe(6);
    expect(ctx.roll.dice.filter((face) => face === 6).length).toBe(2);
  });

  it('writes tags, and forgets them at the next evaluation', () => {
    const ctx = newEvalContext(riggedRng([7, 3, 4]));
    expect(evaluateFormula(compile('d12[Hope] + d12[Fear]'), ctx)).toBe(10);
    expect({ ...ctx.roll.tags }).toEqual({ Hope: 7, Fear: 3 });
    evaluateFormula(compile('d6'), ctx);
    expect({ ...ctx.roll.tags }).toEqual({});
  });

  it('tags a whole term', () => {
    const ctx = newEvalContext(riggedRng([2, 5]));
    expect(evaluateFormula(compile('(2d6)[Damage] + 1'), ctx)).toBe(8);
    expect(ctx.roll.tags.Damage).toBe(7);
  });

  it('stops at 10,000 dice per evaluation, explosions included', () => {
    const error = runtimeError(() => evaluate('(@n)d6', { values: { n: 10_001 } }, createRng(1)));
    expect(error.code).toBe('limit');
    expect(error.message).toMatch(/10001 dice/);
    const spread = runtimeError(() => evaluate('(@n)d6 + (@n)d6', { values: { n: 6000 } }, createRng(1)));
    expect(spread.code).toBe('limit');
    expect(evaluate('(@n)d1', { values: { n: 10_000 } }, createRng(1))).toBe(10_000);
  });

  it('fails 1000000d1000000 at once: a compile error for constants, a run-time error for computed counts', () => {
    expect(compileError(() => compile('1000000d1000000')).code).toBe('limit');
    const rng = riggedRng([]);
    const ctx = newEvalContext(rng);
    const formula = compile('(@n)d(@s)', { values: { n: 1_000_000, s: 1_000_000 } });
    expect(runtimeError(() => evaluateFormula(formula, ctx)).code).toBe('limit');
    expect(rng.asked).toEqual([]);
    expect(ctx.roll.dice.length).toBe(0);
  });

  it('stops a runaway explosion at 100', () => {
    const alwaysMax: Rng = { die: (sides) => sides, next: () => 0 };
    const error = runtimeError(() => evaluate('d6!', {}, alwaysMax));
    expect(error.code).toBe('limit');
    expect(error.message).toMatch(/100 explosions/);
  });

  it('checks computed counts and sizes when they run', () => {
    expect(runtimeError(() => evaluate('(@n)d6', { values: { n: -1 } })).message).toMatch(/whole number from 0, got -1/);
    expect(runtimeError(() => evaluate('(@n)d6', { values: { n: 1.5 } })).code).toBe('type');
    expect(runtimeError(() => evaluate('d(@s)', { values: { s: 0 } })).code).toBe('die-size');
    expect(runtimeError(() => evaluate('d(@s)', { values: { s: 2.5 } })).code).toBe('die-size');
    expect(runtimeError(() => evaluate('d(@s)', { values: { s: 1_000_001 } })).message).toMatch(/1 to 1,000,000, got 1000001/);
    expect(runtimeError(() => evaluate('d(@s)!', { values: { s: 1 } })).message).toMatch(/every face/);
  });

  it('refuses constant dice over the limits at compile time', () => {
    expect(compileError(() => compile('d1!')).code).toBe('limit');
    expect(compileError(() => compile('d6r<7')).code).toBe('limit');
    expect(compileError(() => compile('d0')).code).toBe('limit');
    expect(compileError(() => compile('d1000001')).code).toBe('limit');
  });

  it('is deterministic: the same seed gives the same rolls, traced or not', () => {
    const formula = compile('4d6kh3 + 2d20kl1 + d8! + 3d10cs>=7 + d(@n)r1', { values: { n: 6 } });
    const rollAll = (trace: boolean): Value[] => {
      const ctx = newEvalContext(createRng(2026), undefined, { trace });
      return Array.from({ length: 200 }, () => evaluateFormula(formula, ctx));
    };
    const plain = rollAll(false);
    expect(rollAll(false)).toEqual(plain);
    expect(rollAll(true)).toEqual(plain);
    expect(new Set(plain).size).toBeGreaterThan(10);
  });
});

describe('user functions', () => {
  const functions = {
    throw: { params: ['n'], body: '((d(@n) + d(@n) - 1) % @n) + 1' },
    twice: { params: ['x'], body: '@x + @x' },
    bonus: { params: ['lvl'], body: 'floor(@lvl / 4) + @base' },
    loop: { params: [], body: 'loop()' },
    ping: { params: ['x'], body: 'pong(@x)' },
    pong: { params: ['x'], body: 'ping(@x)' },
    broken: { params: [], body: '1 +' },
    needsMissing: { params: [], body: '@missing + 1' },
  };

  it('binds parameters as @name and rolls inside (the finger throw)', () => {
    // (3 + 9 - 1) % 10 + 1 = 2
    expect(evaluate('throw(10)', { functions }, riggedRng([3, 9]))).toBe(2);
    const ctx = newEvalContext(createRng(5));
    const formula = compile('throw(10)', { functions });
    const seen = new Set<Value>();
    for (let i = 0; i < 500; i++) seen.add(evaluateFormula(formula, ctx));
    expect([...seen].sort((a, b) => (a as number) - (b as number))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('evaluates each argument once per call', () => {
    const rng = riggedRng([4]);
    expect(evaluate('twice(d6)', { functions }, rng)).toBe(8);
    expect(rng.asked).toEqual([6]);
  });

  it('rolls an argument even when the body ignores it (traced or not, the same dice)', () => {
    const ignore = { one: { params: ['x'], body: '1' } };
    const rng = riggedRng([4]);
    expect(evaluate('one(d6)', { functions: ignore }, rng)).toBe(1);
    expect(rng.asked).toEqual([6]);
    expect(traced('one(d6)', [4], { functions: ignore }).chip).toBe('one(d6 (4)) (1) = 1');
  });

  it('lets a body read the caller context and computed arguments', () => {
    expect(evaluate('bonus(@level) + twice(@level)', { functions, values: { level: 9, base: 1 } })).toBe(2 + 1 + 18);
  });

  it('calls the built-in when a document reuses its name, as the checker does', () => {
    expect(evaluate('max(1, 2)', { functions: { max: { params: ['a', 'b'], body: '@a' } } })).toBe(2);
  });

  it('refuses recursion, direct or through another function', () => {
    const direct = compileError(() => compile('loop()', { functions }));
    expect(direct.code).toBe('recursion');
    const indirect = compileError(() => compile('1 + ping(2)', { functions }));
    expect(indirect.code).toBe('recursion');
    expect(indirect.message).toMatch(/ping → pong → ping/);
    expect(indirect.span).toEqual({ start: 4, end: 11 });
  });

  it('reports arity, a broken body and unknown references inside, at the call', () => {
    expect(compileError(() => compile('throw(1, 2)', { functions })).message).toMatch(/takes 1 argument \(n\), got 2/);
    expect(compileError(() => compile('broken()', { functions })).code).toBe('syntax');
    const inside = compileError(() => compile('2 * needsMissing()', { functions }));
    expect(inside.message).toBe('in needsMissing(): unknown reference @missing');
    expect(inside.span).toEqual({ start: 4, end: 18 });
  });
});

describe('chips', () => {
  const sheet = { values: { 'str.mod': 3, 'dex.mod': 1, tier: 3, edge: 1 }, labels: { 'str.mod': 'Strength', 'dex.mod': 'Dexterity' } };

  it('reads like the spec: d20 (14) + 3 Strength + 2 = 19', () => {
    expect(traced('d20 + @str.mod + 2', [14], sheet).chip).toBe('d20 (14) + 3 Strength + 2 = 19');
  });

  it('marks dropped dice and shows the branch taken', () => {
    expect(traced('4d6kh3', [6, 5, 3, 1]).chip).toBe('4d6kh3 (6, 5, 3, ~1~) = 14');
    expect(traced('(@edge > 0 ? 2d20kh1 : d20) + @str.mod', [4, 17], sheet).chip).toBe('2d20kh1 (~4~, 17) + 3 Strength = 20');
    expect(traced('d20 >= 10 ? 2d6 : 0', [12, 3, 4]).chip).toBe('d20 (12) >= 10 ? 2d6 (3, 4) = 7');
  });

  it('prints computed dice with their numbers, and parentheses where needed', () => {
    expect(traced('(@tier)d6 + @tier', [1, 2, 6], sheet).chip).toBe('3d6 (1, 2, 6) + 3 = 12');
    expect(traced('2 * (d4 + @dex.mod)', [2], sheet).chip).toBe('2 * (d4 (2) + 1 Dexterity) = 6');
    expect(traced('max(@str.mod, @dex.mod) + 1', [], sheet).chip).toBe('max(3 Strength, 1 Dexterity) + 1 = 4');
    expect(traced('-(d4 - 5)', [1]).chip).toBe('-(d4 (1) - 5) = 4');
  });

  it('shows successes, rerolls, explosions and fate dice', () => {
    expect(traced('5d10cs>=8', [9, 3, 8, 10, 1]).chip).toBe('5d10cs>=8 (9, 3, 8, 10, 1 → 3) = 3');
    expect(traced('d20r1', [1, 15]).chip).toBe('d20r1 (~1~, 15) = 15');
    expect(traced('d6!', [6, 2]).chip).toBe('d6! (6, 2) = 8');
    expect(traced('4dF', [1, 2, 3, 3]).chip).toBe('4dF (-1, 0, 1, 1) = 1');
  });

  it('keeps tags on their term', () => {
    expect(traced('d12[Hope] + d12[Fear]', [7, 3]).chip).toBe('d12[Hope] (7) + d12[Fear] (3) = 10');
    expect(traced('(2d6 + 1)[Damage]', [2, 5]).chip).toBe('(2d6 (2, 5) + 1)[Damage] = 8');
  });

  it('shows the dice a user function rolled, then its value', () => {
    const functions = { throw: { params: ['n'], body: '((d(@n) + d(@n) - 1) % @n) + 1' }, plus: { params: ['x'], body: '@x + 1' } };
    expect(traced('throw(10) + 2', [3, 9], { functions }).chip).toBe('throw(10) (3, 9 → 2) + 2 = 4');
    expect(traced('plus(@str.mod)', [], { functions, ...sheet }).chip).toBe('plus(3 Strength) (4) = 4');
  });

  it('shows short-circuited operands as …', () => {
    expect(traced('@edge < 0 and d6 > 3', [], sheet).chip).toBe('1 < 0 and … = false');
  });
});

describe('newEvalContext and evaluateFormula', () => {
  it('starts with a full budget and no trace unless asked', () => {
    const ctx = newEvalContext(NO_DICE, { any: 1 });
    expect(ctx.diceLeft).toBe(10_000);
    expect(ctx.trace).toBeNull();
    expect(ctx.scope).toEqual({ any: 1 });
    expect(newEvalContext(NO_DICE, undefined, { trace: true }).trace).toEqual([]);
  });

  it('resets the budget and the trace per evaluation', () => {
    const ctx = newEvalContext(createRng(3), undefined, { trace: true });
    const formula = compile('(@n)d6', { values: { n: 6000 } });
    evaluateFormula(formula, ctx);
    const firstChip = renderChip(ctx.trace!, 0);
    evaluateFormula(formula, ctx);
    expect(ctx.trace!.length).toBe(1);
    expect(renderChip(ctx.trace!, 0)).not.toBe(firstChip);
  });
});
