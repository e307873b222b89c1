// The compiler's seeded properties: random dice formulas (the grammar's dice-and-arithmetic core) compile, evaluate
// within their bounds, and trace to the same value (split from compile.test.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng } from '../dice/rng';
import { checkFormula } from './check';
import { compileFormula, compileText, evaluateFormula, FormulaCompileError, newEvalContext } from './compile';
import { parseFormula } from './parse';
import { FormulaRuntimeError } from './runtime';
import { createSymbolTable } from './symbols';
import { renderChip } from './trace';
import type { FormulaNode, Rng, Span, Value } from './types';
import { fuzz } from '../../test/fuzz';
import { compile, NO_DICE, optionsFor, traced } from '../../test/formula/compile-helpers';

describe('properties (seeded)', () => {
  // Random dice formulas from the grammar's dice-and-arithmetic core.
  const term = fc.oneof(
    fc.integer({ min: 0, max: 20 }).map(String),
    fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(4, 6, 8, 10, 12, 20)).map(([n, x]) => `${n}d${x}`),
    fc.tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 3 }), fc.constantFrom('kh', 'kl', 'dh', 'dl')).map(([n, k, m]) => `${n}d6${m}${k}`),
    fc.constantFrom('d6!', '3d10cs>=8', '4dF', 'd20r1', '2d6ro<3', 'd%'),
  );
  const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      term,
      fc.tuple(tie('expr'), fc.constantFrom('+', '-', '*'), tie('expr')).map(([a, op, b]) => `(${a} ${op} ${b})`),
      fc.tuple(fc.constantFrom('max', 'min'), tie('expr'), tie('expr')).map(([f, a, b]) => `${f}(${a}, ${b})`),
      tie('expr').map((a) => `floor(${a} / 2)`),
    ),
  })).expr;

  it("every evaluation lies within the checker's range [min, max]", () => {
    const symbols = createSymbolTable({});
    fc.assert(
      fc.property(expression, fc.integer({ min: 0, max: 2 ** 31 }), (text, seed) => {
        const ast = parseFormula(text).ast;
        if (ast === null) throw new Error(`generated formula does not parse: ${text}`);
        const checked = checkFormula(ast, symbols);
        const formula = compileFormula(ast, optionsFor());
        const ctx = newEvalContext(createRng(seed));
        for (let i = 0; i < 20; i++) {
          let value: Value;
          try {
            value = evaluateFormula(formula, ctx);
          } catch (error) {
            // An explosion chain past 100 is a limit error, never anything else.
            if (error instanceof FormulaRuntimeError && error.code === 'limit') continue;
            throw error;
          }
          if (typeof value !== 'number') return false;
          if (checked.range !== null && (value < checked.range.min - 1e-9 || value > checked.range.max + 1e-9)) return false;
        }
        return true;
      }),
      fuzz(42, 300),
    );
  });

  it('gives the same values traced as untraced, with a chip for every evaluation', () => {
    const richer = fc.oneof(
      expression,
      fc.tuple(expression, expression, expression).map(([t, a, b]) => `(${t} > 7 ? ${a} : ${b})`),
      fc.tuple(expression, expression).map(([a, b]) => `(${a})[First] + (${b})[Second]`),
      expression.map((a) => `twice(${a}) - one(${a})`),
    );
    const functions = { twice: { params: ['x'], body: '@x * 2' }, one: { params: ['x'], body: '1' } };
    fc.assert(
      fc.property(richer, fc.integer({ min: 0, max: 2 ** 31 }), (text, seed) => {
        const formula = compile(text, { functions });
        const outcomes = (trace: boolean): string[] => {
          const ctx = newEvalContext(createRng(seed), undefined, { trace });
          return Array.from({ length: 5 }, () => {
            try {
              const value = evaluateFormula(formula, ctx);
              if (trace && !renderChip(ctx.trace!, value).endsWith(` = ${String(value)}`)) return 'bad chip';
              return String(value);
            } catch (error) {
              if (error instanceof FormulaRuntimeError) return error.code;
              throw error;
            }
          });
        };
        expect(outcomes(true)).toEqual(outcomes(false));
      }),
      fuzz(42, 200),
    );
  });

  it('never throws for any text: a formula or diagnostics, and only FormulaRuntimeErrors when run', () => {
    const pieces = ['d', '6', '20', '2', '0', '+', '-', '*', '/', '%', '(', ')', '!', 'kh', 'dl', 'r', 'ro', 'cs', '>=', '<', '==', '?', ':', 'F', '%',
      '@a', '@b', 'max(', 'floor(', ',', 'and', 'or', 'not', ' ', '[T]', 'true', "'x'", 'f(', '.5', '1000000', '10001'];
    const text = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((parts) => parts.join(''));
    const options = optionsFor({ values: { a: 3, b: true }, functions: { f: { params: ['n'], body: 'd(@n) + @n' } } });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 2 ** 31 }), (source, seed) => {
        const result = compileText(source, options);
        if (!('formula' in result)) return result.diagnostics.length > 0;
        for (const trace of [false, true]) {
          const ctx = newEvalContext(createRng(seed), undefined, { trace });
          try {
            evaluateFormula(result.formula, ctx);
          } catch (error) {
            if (!(error instanceof FormulaRuntimeError)) throw error;
          }
        }
        return true;
      }),
      fuzz(42, 400),
    );
  });

  it('NdX lies in [N, N·X]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 2 ** 31 }), (n, x, seed) => {
        const value = evaluateFormula(compile(`${n}d${x}`), newEvalContext(createRng(seed))) as number;
        return value >= n && value <= n * x;
      }),
      fuzz(42, 300),
    );
  });
});
