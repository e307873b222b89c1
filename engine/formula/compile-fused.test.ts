// The plain (untraced) compile fuses common shapes into fewer closures: chains of `+`/`-`, comparisons with a
// constant tested by a conditional, equality against a constant. The traced compile keeps one closure per node, so
// it is the oracle here: both must give the same values, the same dice and the same errors at the same places.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng } from '../dice/rng';
import { compileFormula, evaluateFormula, newEvalContext } from './compile';
import { parseFormula } from './parse';
import { FormulaRuntimeError, typedGetter } from './runtime';
import type { CompileOptions, CompiledFormula, EvalContext } from './runtime';
import type { Value } from './types';
import { fuzz } from '../../test/fuzz';

interface Refs {
  n: number;
  m: number;
  x: Value;
}

/** @n and @m are typed numbers (the fused paths); @x is an untyped value (a number, text or list). */
function options(refs: Refs): CompileOptions {
  return {
    resolve(path) {
      switch (path.join('.')) {
        case 'n': return typedGetter(() => refs.n, 'number');
        case 'm': return typedGetter(() => refs.m, 'number');
        case 'x': return () => refs.x;
        default: return undefined;
      }
    },
    label: () => undefined,
    functions: new Map(),
  };
}

function compile(text: string, refs: Refs): CompiledFormula {
  const parsed = parseFormula(text);
  if (parsed.ast === null) throw new Error(`does not parse: ${text}`);
  return compileFormula(parsed.ast, options(refs));
}

/** Value (or error code and span) and dice of one evaluation, traced or not, from the same seed. */
function run(formula: CompiledFormula, seed: number, trace: boolean): { result: string; dice: number[] } {
  const ctx: EvalContext = newEvalContext(createRng(seed), undefined, { trace });
  try {
    const value = evaluateFormula(formula, ctx);
    return { result: JSON.stringify(value), dice: [...ctx.roll.dice] };
  } catch (error) {
    if (error instanceof FormulaRuntimeError) return { result: `${error.code} at ${JSON.stringify(error.span)}: ${error.message}`, dice: [...ctx.roll.dice] };
    throw error;
  }
}

describe('fused closures give what one closure per node gives', () => {
  const atom = fc.oneof(
    fc.integer({ min: -5, max: 25 }).map(String),
    fc.constantFrom('@n', '@m', '@x', 'd20', '2d6', 'd4', '(@n)d6', '2d20kh1'),
  );
  const chain = fc.array(fc.tuple(fc.constantFrom('+', '-'), atom), { minLength: 1, maxLength: 6 })
    .chain((rest) => atom.map((first) => rest.reduce((text, [op, term]) => `${text} ${op} ${term}`, first)));
  const compareOp = fc.constantFrom('<', '<=', '>', '>=', '==', '!=');
  const formula = fc.oneof(
    chain,
    fc.tuple(atom, compareOp, fc.integer({ min: -2, max: 22 }), chain, chain).map(([l, op, k, a, b]) => `${l} ${op} ${k} ? ${a} : ${b}`),
    // Two tests in a row, on one reference (read once) or on two.
    fc.tuple(fc.constantFrom('@n', '@m', '@x'), compareOp, fc.integer({ min: -2, max: 22 }), fc.constantFrom('@n', '@m', '@x'), compareOp,
      fc.integer({ min: -2, max: 22 }), chain, chain, chain)
      .map(([r1, op1, k1, r2, op2, k2, a, b, c]) => `${r1} ${op1} ${k1} ? ${a} : ${r2} ${op2} ${k2} ? ${b} : ${c}`),
    fc.tuple(chain, compareOp, fc.integer({ min: -2, max: 22 })).map(([l, op, k]) => `${l} ${op} ${k}`),
    fc.tuple(fc.constantFrom('@x', '@n'), fc.constantFrom('==', '!='), fc.constantFrom('3', "'fire'", 'true')).map(([l, op, k]) => `${l} ${op} ${k}`),
    fc.tuple(fc.constantFrom('3', "'fire'"), fc.constantFrom('==', '!='), fc.constantFrom('@x', '@n')).map(([k, op, r]) => `${k} ${op} ${r}`),
  );
  const x = fc.oneof(fc.integer({ min: -3, max: 20 }), fc.constantFrom<Value>('fire', ['fire'], [], true, 3));
  const refs = fc.record({ n: fc.integer({ min: 0, max: 20 }), m: fc.constantFrom(0, 1, -4, 1e308), x });

  it('values, dice and errors match the traced compile', () => {
    fc.assert(
      fc.property(formula, refs, fc.integer({ min: 0, max: 2 ** 31 }), (text, values, seed) => {
        const compiled = compile(text, values);
        expect(run(compiled, seed, false), text).toEqual(run(compiled, seed, true));
      }),
      fuzz(7, 600),
    );
  });
});

describe('fused closures, named cases', () => {
  const refs: Refs = { n: 4, m: 1e308, x: 'fire' };
  const value = (text: string, over: Partial<Refs> = {}): Value =>
    evaluateFormula(compile(text, { ...refs, ...over }), newEvalContext(createRng(1)));

  it('a chain adds left to right with each sign', () => {
    expect(value('@n - 1 - 2 + 10')).toBe(11);
    expect(value('10 - @n - @n - @n - @n - 1')).toBe(-7);
  });

  it('a chain that overflows is an error at the chain', () => {
    expect(() => value('@m + @m - @m')).toThrow(/too large/);
  });

  it('a text term in a chain is a type error at the operation that adds it', () => {
    try {
      value('@n + 1 + @x');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormulaRuntimeError);
      expect((error as FormulaRuntimeError).span).toEqual({ start: 0, end: 11 });
      expect((error as FormulaRuntimeError).message).toMatch(/expected a number, got the text/);
    }
  });

  it('equality with a constant never equals a list', () => {
    expect(value("@x == 'fire'", { x: ['fire'] })).toBe(false);
    expect(value("@x != 'fire'", { x: ['fire'] })).toBe(true);
    expect(value("@x == 'fire'")).toBe(true);
    expect(value('3 == @x', { x: 3 })).toBe(true);
  });

  it('the advantage pattern whose last branch is one die (rolled inline) rolls and reads as the traced compile', () => {
    for (const text of ['@n > 0 ? 2d20kh1 : @n < 0 ? 2d20kl1 : d20', '(@n > 0 ? 2d20kh1 : @n < 0 ? 2d20kl1 : d20) + @n + 2', '@n > 2 ? d4 : @n < 1 ? 2d6 : d8']) {
      for (const n of [-1, 0, 1, 2, 3]) {
        const compiled = compile(text, { ...refs, n });
        for (let seed = 1; seed <= 40; seed++) expect(run(compiled, seed, false), `${text}, @n ${n}, seed ${seed}`).toEqual(run(compiled, seed, true));
      }
    }
  });

  it('two tests of one reference in a row (the advantage pattern) read it once and pick as two conditionals would', () => {
    const ops = ['<', '<=', '>', '>=', '==', '!='] as const;
    for (const n of [-1, 0, 1, 4]) {
      expect(value("@n > 0 ? 'adv' : @n < 0 ? 'dis' : 'flat'", { n })).toBe(n > 0 ? 'adv' : n < 0 ? 'dis' : 'flat');
      for (const op1 of ops) {
        for (const op2 of ops) {
          const holds = (op: (typeof ops)[number], x: number, k: number): boolean =>
            op === '<' ? x < k : op === '<=' ? x <= k : op === '>' ? x > k : op === '>=' ? x >= k : op === '==' ? x === k : x !== k;
          const expected = holds(op1, n, 0) ? 'a' : holds(op2, n, 1) ? 'b' : 'c';
          expect(value(`@n ${op1} 0 ? 'a' : @n ${op2} 1 ? 'b' : 'c'`, { n }), `${n}: ${op1} then ${op2}`).toBe(expected);
        }
      }
    }
    // Read once: a reference whose reads are counted.
    let reads = 0;
    const counted: CompileOptions = {
      resolve: (path) => (path.join('.') === 'e' ? typedGetter(() => { reads++; return 0; }, 'number') : undefined),
      label: () => undefined, functions: new Map(),
    };
    const formula = compileFormula(parseFormula('(@e > 0 ? 2d20kh1 : @e < 0 ? 2d20kl1 : d20) + 1').ast!, counted);
    evaluateFormula(formula, newEvalContext(createRng(1)));
    expect(reads).toBe(1);
  });

  it('a conditional on a comparison takes the branch the comparison picks', () => {
    for (const [op, expected] of [['<', 'b'], ['<=', 'a'], ['>', 'b'], ['>=', 'a'], ['==', 'a'], ['!=', 'b']] as const) {
      expect(value(`@n ${op} 4 ? 'a' : 'b'`)).toBe(expected);
    }
  });
});
