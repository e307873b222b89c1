// Properties of `let` (issue 22 item 3): where the bound name is read once, the let's exact distribution is the
// inlined formula's; and the compiled let's samples agree with its exact distribution (the name read one to three
// times, the faces counted) within 4.5σ.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFormula, evaluateFormula, newEvalContext } from './compile';
import { parseFormula } from './parse';
import { type Distribution, distributionOf } from './distribution';
import { createRng } from '../dice/rng';
import { fuzz } from '../../test/fuzz';

const die = fc
  .record({
    count: fc.constantFrom('', '1', '2', '3'),
    sides: fc.constantFrom('4', '6', '8', 'F'),
    mod: fc.constantFrom('', '', 'kh1', 'kl1', 'r1', 'cs>=4'),
  })
  .map(({ count, sides, mod }) => `${count}d${sides}${sides === 'F' && mod === 'r1' ? '' : mod}`);

/** The bound value: a dice term, or a little arithmetic over dice and numbers. */
const value = fc.oneof(
  { weight: 3, arbitrary: die },
  { weight: 1, arbitrary: fc.tuple(die, fc.constantFrom('+', '-', '*'), fc.oneof(die, fc.integer({ min: 0, max: 3 }).map(String))).map(([a, op, b]) => `${a} ${op} ${b}`) },
  { weight: 1, arbitrary: fc.integer({ min: -2, max: 4 }).map(String) },
);

/** A body reading its hole once (`#`), with dice of its own. */
const once = fc.constantFrom(
  '# + d4',
  '# * 2 - 1',
  'max(#, 3)',
  'min(d6, #)',
  '(# >= 3 ? 1 : d6)',
  'abs(# - 2d4)',
  'd4 - #',
  '(d6 > 3 ? # : 0)',
  '# % 3',
);

/** Bodies reading the name several times, or its faces: sampled only. */
const many = fc.constantFrom('@x + @x', '@x * @x - @x', '(@x > 2 ? @x : -@x)', 'max(@x, d6) + @x', '@x - @x + d4');

function exact(text: string): Distribution {
  const parsed = parseFormula(text);
  if (parsed.ast === null) throw new Error(`${text}: ${parsed.diagnostics[0]?.message}`);
  const result = distributionOf(parsed.ast, { resolve: () => undefined });
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result;
}

function zScore(text: string, result: Distribution, seed: number, samples: number): number {
  const compiled = compileFormula(parseFormula(text).ast!, { resolve: () => undefined });
  const ctx = newEvalContext(createRng(seed));
  const possible = new Set(result.pmf.map(([v]) => v));
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const raw = evaluateFormula(compiled, ctx);
    const v = typeof raw === 'boolean' ? (raw ? 1 : 0) : (raw as number);
    if (!possible.has(v)) throw new Error(`${text}: rolled ${v}, which the exact distribution rules out`);
    sum += v;
  }
  const error = result.stdev / Math.sqrt(samples);
  const gap = sum / samples - result.mean;
  return error === 0 ? (Math.abs(gap) < 1e-9 ? 0 : Infinity) : gap / error;
}

describe('let: properties', () => {
  it('read once, a let has the exact distribution of the formula with its value inlined', () => {
    fc.assert(
      fc.property(value, once, (v, body) => {
        const bound = exact(`let x = ${v} in ${body.replace('#', '@x')}`);
        const inlined = exact(body.replace('#', `(${v})`));
        expect(bound.pmf.length).toBe(inlined.pmf.length);
        bound.pmf.forEach(([x, p], i) => {
          expect(x).toBe(inlined.pmf[i]![0]);
          expect(p).toBeCloseTo(inlined.pmf[i]![1], 10);
        });
      }),
      fuzz(2231, 150),
    );
  });

  it('the compiled let samples its exact distribution within 4.5σ (the name read several times, or the faces counted)', () => {
    const faces = fc.tuple(fc.constantFrom('3', '4', '5'), fc.constantFrom('6', '8', 'F'), fc.constantFrom('', 'kh2', 'r1'), fc.integer({ min: -1, max: 6 })).map(
      ([n, s, mod, face]) => `let x = ${n}d${s}${s === 'F' && mod === 'r1' ? '' : mod} in count(@x.faces, ${face}) * 10 + count(@x.faces, ${face}, 8) + @x`,
    );
    const text = fc.oneof(
      fc.tuple(value, fc.oneof(once.map((b) => b.replace('#', '@x')), many)).map(([v, b]) => `let x = ${v} in ${b}`),
      faces,
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 1_000_000 }), (t, seed) => {
        const z = zScore(t, exact(t), seed, 4_000);
        expect(Math.abs(z), `${t}: ${z.toFixed(2)}σ`).toBeLessThanOrEqual(4.5);
      }),
      fuzz(2232, 60),
    );
  });
});
