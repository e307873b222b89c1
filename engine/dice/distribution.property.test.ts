// Exact distributions against the roller: generated formulas (the grammar's dice, modifiers, arithmetic, logic,
// calls and choices), each distribution checked for shape, then sampled with the compiled formula and B's seeded RNG.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFormula, evaluateFormula, newEvalContext } from '../formula/compile';
import { parseFormula } from '../formula/parse';
import type { Value } from '../formula/types';
import { type Distribution, distributionOf } from './distribution';
import { keyOf } from './pmf';
import { createRng } from './rng';

const REFS: Record<string, Value> = { a: 3, b: -2, tier: 2, crit: true };

const sides = fc.constantFrom('2', '3', '4', '6', '8', '10', '12', '20', 'F', '%');

/** A dice term as text, with at most one modifier of each role, in the grammar's spelling. */
const diceTerm = fc
  .record({
    count: fc.oneof(fc.constantFrom('', '1', '2', '3', '4', '5'), fc.constant('(@tier)')),
    sides,
    keep: fc.option(fc.tuple(fc.constantFrom('kh', 'kl', 'dh', 'dl'), fc.integer({ min: 1, max: 3 })), { nil: undefined }),
    explode: fc.option(fc.constantFrom('!', '!>=9'), { nil: undefined }),
    reroll: fc.option(fc.constantFrom('r1', 'ro1', 'r<=2', 'ro<2'), { nil: undefined }),
    successes: fc.option(fc.constantFrom('cs>=4', 'cs>=6', 'cs<3'), { nil: undefined }),
  })
  .map(({ count, sides: s, keep, explode, reroll, successes }) => {
    const small = s === 'F' || s === '2' || s === '3';
    // Explosions on tiny dice and rerolls of most faces make long chains; keep those to dice of 4+ faces.
    const mods = [
      explode && !small && s !== '%' && !(explode === '!>=9' && Number(s) < 10) ? explode : '',
      reroll && !small ? reroll : '',
      keep ? `${keep[0]}${keep[1]}` : '',
      successes ?? '',
    ];
    return `${count}d${s}${mods.join('')}`;
  });

const atom = fc.oneof(
  { weight: 4, arbitrary: diceTerm },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 6 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('@a', '@b', '@tier') },
);

/** Number-valued formulas, mirroring the grammar's levels, depth-limited. */
const numeric: fc.Arbitrary<string> = fc.letrec<{ num: string }>((tie) => ({
  num: fc.oneof(
    { maxDepth: 3, withCrossShrink: true },
    { weight: 5, arbitrary: atom },
    { weight: 3, arbitrary: fc.tuple(tie('num'), fc.constantFrom('+', '-'), tie('num')).map(([l, op, r]) => `(${l} ${op} ${r})`) },
    { weight: 1, arbitrary: fc.tuple(tie('num'), fc.constantFrom('*'), atom).map(([l, op, r]) => `(${l} ${op} ${r})`) },
    { weight: 1, arbitrary: fc.tuple(tie('num'), fc.constantFrom('/ 2', '% 3', '/ 4')).map(([l, r]) => `(${l} ${r})`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('max', 'min'), tie('num'), atom).map(([f, a, b]) => `${f}(${a}, ${b})`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('floor', 'abs', 'round'), tie('num')).map(([f, a]) => `${f}(${a})`) },
    { weight: 1, arbitrary: fc.tuple(atom, fc.constantFrom('>=', '<', '=='), atom, tie('num'), atom).map(([l, op, r, a, b]) => `(${l} ${op} ${r} ? ${a} : ${b})`) },
    { weight: 1, arbitrary: tie('num').map((x) => `-${x}`) },
  ),
})).num;

const booleanFormula = fc
  .tuple(numeric, fc.constantFrom('>=', '<', '==', '!='), atom, fc.option(fc.tuple(fc.constantFrom('and', 'or'), atom), { nil: undefined }))
  .map(([l, op, r, more]) => (more ? `${l} ${op} ${r} ${more[0]} not (${more[1]} > 3)` : `${l} ${op} ${r}`));

const formula = fc.oneof({ weight: 4, arbitrary: numeric }, { weight: 1, arbitrary: booleanFormula });

let refused = 0;

function exact(text: string): Distribution | null {
  const parsed = parseFormula(text);
  if (!parsed.ast) throw new Error(`generated formula does not parse: ${text}: ${parsed.diagnostics[0]?.message}`);
  const result = distributionOf(parsed.ast, { resolve: (path) => REFS[path.join('.')] });
  // A limit is a fair answer for a generated monster; a type error is not (the generator only makes sound formulas).
  if (!result.ok) {
    if (result.error.code === 'limit') {
      refused++;
      return null;
    }
    throw new Error(`${text}: ${result.error.message}`);
  }
  return result;
}

function sampler(text: string, seed: number): () => number {
  const ast = parseFormula(text).ast!;
  const compiled = compileFormula(ast, {
    resolve: (path) => {
      const value = REFS[path.join('.')];
      return value === undefined ? undefined : () => value;
    },
  });
  const ctx = newEvalContext(createRng(seed), null);
  return () => {
    const value = evaluateFormula(compiled, ctx);
    return typeof value === 'boolean' ? (value ? 1 : 0) : (value as number);
  };
}

describe('distributionOf: properties', () => {
  it('every pmf is a distribution: values ascending, probabilities positive, summing to 1', () => {
    fc.assert(
      fc.property(formula, (text) => {
        const result = exact(text);
        if (!result) return;
        let total = 0;
        result.pmf.forEach(([value, p], i) => {
          expect(p).toBeGreaterThan(0);
          if (i > 0) expect(value).toBeGreaterThan((result.pmf[i - 1] as [number, number])[0]);
          total += p;
        });
        expect(Math.abs(total - 1)).toBeLessThan(1e-9);
        expect(result.min).toBe(result.pmf[0]?.[0]);
        expect(result.max).toBe(result.pmf[result.pmf.length - 1]?.[0]);
        expect(result.mean).toBeGreaterThanOrEqual(result.min - 1e-9);
        expect(result.mean).toBeLessThanOrEqual(result.max + 1e-9);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('sampling with the compiled formula agrees: mean within 4σ, every value possible and within [min, max]', () => {
    const SAMPLES = 20_000;
    let index = 0;
    fc.assert(
      fc.property(formula, (text) => {
        const result = exact(text);
        if (!result) return;
        const probability = new Map(result.pmf.map(([v, p]) => [keyOf(v), p]));
        const roll = sampler(text, 1000 + index++);
        let sum = 0;
        for (let i = 0; i < SAMPLES; i++) {
          const value = roll();
          if (!probability.has(keyOf(value)) || value < result.min || value > result.max) {
            throw new Error(`${text}: rolled ${value}, which the distribution [${result.min}, ${result.max}] says is impossible`);
          }
          sum += value;
        }
        const standardError = result.stdev / Math.sqrt(SAMPLES);
        const mean = sum / SAMPLES;
        if (Math.abs(mean - result.mean) > 4 * standardError + 1e-9) {
          throw new Error(`${text}: sampled mean ${mean}, exact ${result.mean} (4σ = ${4 * standardError})`);
        }
      }),
      { seed: 7, numRuns: 60 },
    );
    // The generator stays small enough that nearly every formula is computed, not refused.
    expect(refused).toBeLessThan(10);
  });
});
