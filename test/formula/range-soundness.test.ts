// The checker's static range is sound: every value the compiled formula produces lies inside it.
// Crosses the front end (parse, check) and the back end (compile, evaluate with a seeded RNG).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../engine/dice/rng';
import { checkFormula } from '../../engine/formula/check';
import { compileFormula, evaluateFormula, newEvalContext } from '../../engine/formula/compile';
import { parseFormula } from '../../engine/formula/parse';
import { printFormula } from '../../engine/formula/print';
import { FormulaRuntimeError } from '../../engine/formula/runtime';
import { createSymbolTable } from '../../engine/formula/symbols';
import type { DiceModifier, FormulaNode, Span } from '../../engine/formula/types';
import { fuzz } from '../fuzz';

const SPAN: Span = { start: 0, end: 0 };
const REFS: Record<string, readonly [number, number]> = { a: [1, 6], b: [-3, 3], c: [0, 20] };
const symbols = createSymbolTable(Object.fromEntries(Object.entries(REFS).map(([name, range]) => [name, { type: 'number' as const, range }])));

const num = (value: number): FormulaNode => ({ kind: 'number', value, span: SPAN });
const compare = fc.record({ op: fc.constantFrom('==' as const, '!=' as const, '<' as const, '<=' as const, '>' as const, '>=' as const), value: fc.integer({ min: 1, max: 6 }) });
const modifier: fc.Arbitrary<DiceModifier> = fc.oneof(
  fc.record({ kind: fc.constantFrom('keep' as const, 'drop' as const), which: fc.constantFrom('high' as const, 'low' as const), count: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('explode' as const), compare: fc.option(compare, { nil: null }) }),
  fc.record({ kind: fc.constant('reroll' as const), once: fc.boolean(), compare }),
  fc.record({ kind: fc.constant('successes' as const), compare }),
);

/** Numeric formulas only (booleans appear as tests of choices). */
const { numeric } = fc.letrec<{ numeric: FormulaNode; leaf: FormulaNode }>((tie) => ({
  leaf: fc.oneof(
    fc.integer({ min: 0, max: 12 }).map(num),
    fc.constantFrom('a', 'b', 'c').map((name): FormulaNode => ({ kind: 'ref', path: [name], span: SPAN })),
    fc.record({
      count: fc.option(fc.integer({ min: 0, max: 4 }).map(num), { nil: null }),
      sides: fc.oneof(fc.integer({ min: 1, max: 8 }).map((n) => ({ kind: 'number' as const, value: num(n) })), fc.constant({ kind: 'fate' as const })),
      modifiers: fc.array(modifier, { maxLength: 2 }),
    }).map(({ count, sides, modifiers }): FormulaNode => ({ kind: 'dice', count, sides, modifiers, span: SPAN })),
  ),
  numeric: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'numeric' },
    tie('leaf'),
    fc.record({ op: fc.constantFrom('+' as const, '-' as const, '*' as const, '/' as const, '%' as const), left: tie('numeric'), right: tie('numeric') }).map(
      ({ op, left, right }): FormulaNode => ({ kind: 'binary', op, left, right, span: SPAN }),
    ),
    tie('numeric').map((operand): FormulaNode => ({ kind: 'unary', op: '-', operand, span: SPAN })),
    fc.record({ name: fc.constantFrom('min', 'max', 'floor', 'ceil', 'round', 'abs', 'clamp'), args: fc.array(tie('numeric'), { minLength: 3, maxLength: 3 }) }).map(
      ({ name, args }): FormulaNode => {
        const arity = name === 'clamp' ? 3 : name === 'min' || name === 'max' ? 2 : 1;
        return { kind: 'call', name, nameSpan: SPAN, args: args.slice(0, arity), span: SPAN };
      },
    ),
    fc.record({ left: tie('numeric'), right: tie('numeric'), then: tie('numeric'), otherwise: tie('numeric') }).map(
      ({ left, right, then, otherwise }): FormulaNode => ({
        kind: 'conditional',
        test: { kind: 'binary', op: '<', left, right, span: SPAN },
        then,
        otherwise,
        span: SPAN,
      }),
    ),
    fc.record({ tag: fc.constantFrom('X', 'Y'), operand: tie('numeric') }).map(({ tag, operand }): FormulaNode => ({ kind: 'tag', tag, operand, span: SPAN })),
  ),
}));

const scopeValues = fc.record({ a: fc.integer({ min: 1, max: 6 }), b: fc.integer({ min: -3, max: 3 }), c: fc.integer({ min: 0, max: 20 }) });

describe('checkFormula ranges are sound', () => {
  it('every evaluation lies inside the static range (seeded)', () => {
    fc.assert(
      fc.property(numeric, scopeValues, fc.integer({ min: 1, max: 1_000_000 }), (generated, values, seed) => {
        // Through text, as the product does it: the checker sees the parsed tree with real spans.
        const parsed = parseFormula(printFormula(generated));
        expect(parsed.diagnostics).toEqual([]);
        const ast = parsed.ast!;
        const checked = checkFormula(ast, symbols);
        fc.pre(checked.diagnostics.every((d) => d.severity !== 'error') && checked.range !== null);
        const formula = compileFormula(ast, { resolve: (path) => (ctx) => (ctx.scope as Record<string, number>)[path.join('.')]! });
        const ctx = newEvalContext(createRng(seed), values);
        for (let i = 0; i < 5; i++) {
          let value: unknown;
          try {
            value = evaluateFormula(formula, ctx);
          } catch (error) {
            expect(error).toBeInstanceOf(FormulaRuntimeError);
            continue;
          }
          expect(typeof value).toBe('number');
          const epsilon = 1e-9 * Math.max(1, Math.abs(checked.range!.min), Math.abs(checked.range!.max));
          expect(value as number).toBeGreaterThanOrEqual(checked.range!.min - epsilon);
          expect(value as number).toBeLessThanOrEqual(checked.range!.max + epsilon);
        }
      }),
      fuzz(42, 1500),
    );
  });
});
