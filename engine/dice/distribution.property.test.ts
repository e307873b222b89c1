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
import { fuzz } from '../../test/fuzz';

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
let asked = 0;

function exact(text: string): Distribution | null {
  const parsed = parseFormula(text);
  if (!parsed.ast) throw new Error(`generated formula does not parse: ${text}: ${parsed.diagnostics[0]?.message}`);
  asked++;
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

const SAMPLES = 20_000;

/** Sampled mean of `samples` rolls minus the exact mean, in standard errors; throws on a value the pmf rules out. */
function zScore(text: string, result: Distribution, seed: number, samples: number): number {
  const probability = new Map(result.pmf.map(([v, p]) => [keyOf(v), p]));
  const roll = sampler(text, seed);
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const value = roll();
    if (!probability.has(keyOf(value)) || value < result.min || value > result.max) {
      throw new Error(`${text}: rolled ${value}, which the distribution [${result.min}, ${result.max}] says is impossible`);
    }
    sum += value;
  }
  const standardError = result.stdev / Math.sqrt(samples);
  const gap = sum / samples - result.mean;
  return standardError === 0 ? (Math.abs(gap) > 1e-9 ? Infinity : 0) : gap / standardError;
}

/**
 * The compiled formula's samples agree with the exact distribution: the mean within 4σ of 20,000 samples; when not,
 * within 4σ of 400,000 fresh ones. The second look is there because a mean carried by a rare value (a few in ten
 * thousand rolls) is far from normal at 20,000 samples: a fuzz run found a sound formula whose 20,000 samples fell
 * 4.4σ out (see the named test below). A real disagreement does not go away with more samples; a fluke does.
 */
function samplingAgrees(text: string, result: Distribution, seed: number): void {
  const z = zScore(text, result, seed, SAMPLES);
  if (Math.abs(z) <= 4) return;
  const again = zScore(text, result, seed + 1_000_000, SAMPLES * 20);
  if (Math.abs(again) > 4) throw new Error(`${text}: sampled mean ${z.toFixed(2)}σ from the exact one, then ${again.toFixed(2)}σ over ${SAMPLES * 20} fresh samples`);
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
      fuzz(42, 300),
    );
  });

  it('sampling with the compiled formula agrees: mean within 4σ, every value possible and within [min, max]', () => {
    let index = 0;
    fc.assert(
      fc.property(formula, (text) => {
        const result = exact(text);
        if (result) samplingAgrees(text, result, 1000 + index++);
      }),
      fuzz(7, 60),
    );
    // The generator stays small enough that nearly every formula is computed, not refused: under 1 in 36 (10 of the
    // 360 that npm test asks; a share, not a count, so that `npm run fuzz`'s ten times the runs is held to the same).
    expect(asked).toBeGreaterThan(0);
    expect(refused / asked).toBeLessThan(1 / 36);
  });
});

describe('distributionOf: fuzz counterexamples', () => {
  // A fuzz run (seed 898960116, 2,400 formulas) stopped here: 20,000 samples (seed 1217) gave a mean of 2.0011 against
  // the exact 2.00045, 4.4σ. The value 3 has chance 4.5e-4 (the product is 1 once in 1,300 rolls, and the dropped-
  // highest pool keeps a die only after an explosion): 22 rolls showed it where 9 were expected, a Poisson fluke that
  // the normal 4σ rule does not allow for. Four million samples agree with the exact distribution (z = -1.3).
  const text = 'min((1d8kh1cs<3 * 2d20!>=9ro<2kh1cs<3), (@tier)d12!>=9ro1dh2) - -2';

  it('the exact distribution is what the dice give: 2, or 3 when both rare parts line up', () => {
    const result = exact(text)!;
    expect(result.pmf.map(([v]) => v)).toEqual([2, 3]);
    // 1d8kh1cs<3 is 1 with chance 1/4; 2d20!>=9ro<2kh1cs<3 is 1 when both d20s end below 3 (2, or a 1 rerolled
    // into 1 or 2): (1/20 + 1/20 · 2/20)² = 0.003025.
    const product = 0.25 * (1 / 20 + (1 / 20) * (2 / 20)) ** 2;
    const three = result.pmf[1]![1];
    expect(three / product).toBeGreaterThan(0.5);
    expect(three / product).toBeLessThan(0.7); // times the chance the dropped pool keeps a die (an explosion: 0.59)
    expect(exact('2d12!>=9ro1dh2 >= 1')!.mean).toBeCloseTo(0.5918, 4);
    expect(three).toBeCloseTo(product * exact('2d12!>=9ro1dh2 >= 1')!.mean, 12);
  });

  it('its 20,000 samples of seed 1217 are a 4σ fluke, and the second look over fresh samples clears it', () => {
    const result = exact(text)!;
    expect(zScore(text, result, 1217, SAMPLES)).toBeGreaterThan(4);
    expect(() => samplingAgrees(text, result, 1217)).not.toThrow();
  });

  it('a formula whose sampler really disagrees fails both looks', () => {
    // The exact distribution of one formula, the samples of another (a d6 is not a d8): caught at once.
    const d6 = exact('1d6')!;
    expect(() => samplingAgrees('1d8', d6, 3)).toThrow(/rolled [78]/);
    const shifted = { ...exact('1d20')!, mean: exact('1d20')!.mean + 0.3 };
    expect(() => samplingAgrees('1d20', shifted, 3)).toThrow(/σ from the exact one, then .*σ over 400000 fresh samples/);
  });
});

