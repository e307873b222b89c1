import { describe, expect, it } from 'vitest';
import { parseFormula } from './parse';
import type { FormulaNode, UserFunction, Value } from './types';
import { type Distribution, type DistributionResult, distributionOf } from './distribution';

function ast(text: string): FormulaNode {
  const parsed = parseFormula(text);
  if (!parsed.ast) throw new Error(`test formula does not parse: ${text}: ${parsed.diagnostics[0]?.message}`);
  return parsed.ast;
}

function dist(text: string, refs: Record<string, Value> = {}, functions?: ReadonlyMap<string, UserFunction>): DistributionResult {
  return distributionOf(ast(text), { resolve: (path) => refs[path.join('.')], functions });
}

function ok(text: string, refs: Record<string, Value> = {}, functions?: ReadonlyMap<string, UserFunction>): Distribution {
  const result = dist(text, refs, functions);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result;
}

function errorOf(text: string, refs: Record<string, Value> = {}): { code: string; message: string; span: { start: number; end: number } } {
  const result = dist(text, refs);
  if (result.ok) throw new Error(`${text} should fail`);
  return result.error;
}

/** Every outcome of n dice with the given faces, as arrays, with equal weight. */
function* allRolls(n: number, faces: readonly number[]): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of allRolls(n - 1, faces)) for (const f of faces) yield [...rest, f];
}

/** Brute-force pmf from enumerated outcomes. */
function enumerate(n: number, faces: readonly number[], value: (roll: number[]) => number): Map<number, number> {
  const out = new Map<number, number>();
  const weight = Math.pow(faces.length, -n);
  for (const roll of allRolls(n, faces)) {
    const v = value(roll);
    out.set(v, (out.get(v) ?? 0) + weight);
  }
  return out;
}

function expectPmf(result: Distribution, expected: Map<number, number>, tolerance = 1e-12): void {
  const expectedEntries = [...expected.entries()].filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  expect(result.pmf.map(([v]) => v)).toEqual(expectedEntries.map(([v]) => v));
  result.pmf.forEach(([, p], i) => expect(Math.abs(p - (expectedEntries[i] as [number, number])[1])).toBeLessThan(tolerance));
}

const sorted = (roll: number[]): number[] => [...roll].sort((a, b) => a - b);
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const d = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('distributionOf: sums and keep/drop', () => {
  it('4d6kh3 has mean 15869/1296 and matches enumeration', () => {
    const result = ok('4d6kh3');
    expect(Math.abs(result.mean - 15869 / 1296)).toBeLessThan(1e-12);
    expect([result.min, result.max]).toEqual([3, 18]);
    expectPmf(result, enumerate(4, d(6), (r) => sum(sorted(r).slice(1))));
  });

  it.each([
    ['5d6kl2', 5, 6, (r: number[]) => sum(sorted(r).slice(0, 2))],
    ['5d6dh2', 5, 6, (r: number[]) => sum(sorted(r).slice(0, 3))],
    ['5d6dl1', 5, 6, (r: number[]) => sum(sorted(r).slice(1))],
    ['3d8kh1', 3, 8, (r: number[]) => Math.max(...r)],
    ['5d6kh3dl1', 5, 6, (r: number[]) => sum(sorted(r).slice(3))],
    ['5d6dh1dl1', 5, 6, (r: number[]) => sum(sorted(r).slice(1, 4))],
    ['2d6kh5', 2, 6, (r: number[]) => sum(r)],
    ['4d6dl7', 4, 6, () => 0],
    ['4d6kh2cs>=4', 4, 6, (r: number[]) => sorted(r).slice(2).filter((f) => f >= 4).length],
    ['3dFkh2', 3, 3, (r: number[]) => sum(sorted(r).slice(1))],
  ] as const)('%s matches enumeration', (text, n, sides, value) => {
    const faces = text.includes('dF') ? [-1, 0, 1] : d(sides);
    expectPmf(ok(text), enumerate(n, faces, value as (r: number[]) => number));
  });

  it('sums and differences convolve independent terms', () => {
    expectPmf(ok('2d6 + 1d4 - 3'), enumerate(3, d(6), () => 0).size ? bruteSum() : new Map());
    function bruteSum(): Map<number, number> {
      const out = new Map<number, number>();
      for (const a of d(6)) for (const b of d(6)) for (const c of d(4)) out.set(a + b + c - 3, (out.get(a + b + c - 3) ?? 0) + 1 / 144);
      return out;
    }
    const difference = ok('4d6kh3 - 4d6kh3');
    expect(Math.abs(difference.mean)).toBeLessThan(1e-12);
    expect([difference.min, difference.max]).toEqual([-15, 15]);
  });

  it('d% is d100 and 4dF is four fate dice', () => {
    expect(ok('d%').pmf).toHaveLength(100);
    expectPmf(ok('4dF'), enumerate(4, [-1, 0, 1], sum));
  });

  it('keeps the tails of long sums accurate (100d6 at 100 is 6^-100)', () => {
    const result = ok('100d6');
    expect([result.min, result.max]).toEqual([100, 600]);
    expect(Math.abs((result.pmf[0] as [number, number])[1] / Math.pow(6, -100) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(result.mean - 350)).toBeLessThan(1e-9);
  });

  it('16d10kh8, 20d20kh1 and 40d6kl10 are computed, not refused', () => {
    for (const text of ['16d10kh8', '20d20kh1', '40d6kl10']) {
      const result = ok(text);
      expect(result.pmf.reduce((a, [, p]) => a + p, 0)).toBeCloseTo(1, 12);
    }
    // 20d20kh1: P(max ≤ k) = (k/20)^20.
    const best = ok('20d20kh1');
    const at = (k: number): number => best.pmf.filter(([v]) => v <= k).reduce((a, [, p]) => a + p, 0);
    expect(at(15)).toBeCloseTo(Math.pow(15 / 20, 20), 14);
  });
});

describe('distributionOf: rerolls, explosions, successes', () => {
  it('r1 rerolls until it passes, ro1 once', () => {
    expectPmf(ok('d6r1'), new Map(d(6).slice(1).map((v) => [v, 1 / 5])));
    expectPmf(ok('d6ro1'), new Map(d(6).map((v) => [v, v === 1 ? 1 / 36 : 1 / 6 + 1 / 36])));
    expectPmf(ok('d6r<=2'), new Map([3, 4, 5, 6].map((v) => [v, 1 / 4])));
  });

  it('d6! adds a die on each 6', () => {
    const result = ok('d6!');
    expect(Math.abs(result.mean - 4.2)).toBeLessThan(1e-12);
    const p = new Map(result.pmf);
    expect(p.get(6)).toBeUndefined();
    expect(p.get(7)).toBeCloseTo(1 / 36, 15);
    expect(p.get(13)).toBeCloseTo(1 / 216, 15);
    expect(result.notes.join(' ')).toMatch(/explosions followed to \d+ per die/);
  });

  it('5d10cs>=8 is binomial; with explosions every exploded die counts too', () => {
    const result = ok('5d10cs>=8');
    [1, 5, 10, 10, 5, 1].forEach((c, k) => expect(result.pmf[k]?.[1]).toBeCloseTo(c * Math.pow(0.3, k) * Math.pow(0.7, 5 - k), 14));
    // d10!cs>=8: successes per die = (8 or 9 → 1) or (10 → 1 + another die's successes).
    const one = ok('d10!cs>=8');
    expect(one.mean).toBeCloseTo(0.3 / 0.9, 12);
  });

  it('keep with explosions mixes over the number of explosions', () => {
    // 2d6!kh1: the highest die of the pool. P(no 6 among the first 2) = 25/36 → max of two d5.
    const result = ok('2d6!kh1');
    const p = new Map(result.pmf);
    expect(p.get(5)).toBeCloseTo(9 / 36, 14);
    // P(kept is 6) = P(at least one 6) = 11/36: an exploded 6 is always the highest.
    expect(p.get(6)).toBeCloseTo(11 / 36, 12);
    expect(result.max).toBe(6);
  });

  it('refuses explosions and rerolls that match every face, as rolling does', () => {
    expect(errorOf('d1!').code).toBe('limit');
    expect(errorOf('d6r<7').message).toMatch(/every face/);
    expect(errorOf('d6!>0').message).toMatch(/every face/);
  });
});

describe('distributionOf: references, arithmetic, logic, calls', () => {
  it('computed counts and sizes are mixtures', () => {
    const tier = ok('(@tier)d6 + @str.mod', { tier: 3, 'str.mod': 2 });
    expect(tier.mean).toBeCloseTo(12.5, 12);
    expect([tier.min, tier.max]).toEqual([5, 20]);
    // (d2)d4: half the time d4, half 2d4.
    const mixed = ok('(d2)d4');
    expect(mixed.mean).toBeCloseTo(0.5 * 2.5 + 0.5 * 5, 12);
    const sized = ok('d(d4)');
    expect(sized.mean).toBeCloseTo((1 + 1.5 + 2 + 2.5) / 4, 12);
  });

  it('* / % combine joint outcomes; division by a possible zero is an error', () => {
    expect(ok('d4 * d4').mean).toBeCloseTo(6.25, 12);
    expect(ok('d6 % 3').pmf).toEqual([[0, 1 / 3], [1, 1 / 3], [2, 1 / 3]]);
    expect(ok('(d2 + 0.1) / 10').pmf.map(([v]) => v)).toEqual([0.11, 0.21]);
    expect(errorOf('1 / 0').code).toBe('division-by-zero');
    const zero = errorOf('d6 / (d6 - 1)');
    expect(zero.code).toBe('division-by-zero');
    const divisor = 'd6 / (d6 - 1)'.indexOf('d6 - 1');
    expect(zero.span).toEqual({ start: divisor, end: divisor + 'd6 - 1'.length });
  });

  it('merges float keys within 1e-9', () => {
    expect(ok('d2 * 0.1 + 0.2').pmf.map(([v]) => v)).toEqual([0.3, 0.4]);
  });

  it('comparisons and logic are pmfs over 0 and 1, mean = P(true)', () => {
    const test = ok('d20 >= 11');
    expect(test.type).toBe('boolean');
    expect(test.mean).toBeCloseTo(0.5, 14);
    expect(ok('d6 == 6 and d6 == 6').mean).toBeCloseTo(1 / 36, 14);
    expect(ok('d6 == 6 or d6 == 6').mean).toBeCloseTo(11 / 36, 14);
    expect(ok('not (d4 == 1)').mean).toBeCloseTo(0.75, 14);
  });

  it('conditionals are mixtures', () => {
    const result = ok('d20 >= 11 ? 2d6 : 0');
    expect(result.mean).toBeCloseTo(3.5, 12);
    expect(new Map(result.pmf).get(0)).toBeCloseTo(0.5, 14);
    expect(ok('@crit ? 2d6 : 1d6', { crit: true }).mean).toBeCloseTo(7, 12);
  });

  it('built-ins apply to distributions of independent arguments', () => {
    expect(ok('max(d6, d6)').mean).toBeCloseTo(161 / 36, 12);
    expect(ok('min(d6, d6, d6)').mean).toBeCloseTo(ok('3d6kl1').mean, 12);
    const clamped = ok('clamp(d10, 3, 8)');
    expect(clamped.pmf.map(([v]) => v)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(clamped.pmf[0]?.[1]).toBeCloseTo(0.3, 14);
    expect(ok('floor(d6 / 2)').pmf.map(([v]) => v)).toEqual([0, 1, 2, 3]);
    expect(ok('abs(d6 - 4)').max).toBe(3);
    expect(ok('pow(d2, 2)').pmf.map(([v]) => v)).toEqual([1, 4]);
    expect(ok("has(@target.tags, 'undead') ? d8 : d4", { 'target.tags': ['undead'] }).mean).toBeCloseTo(4.5, 12);
  });

  it('tags are transparent', () => {
    expect(ok('d12[Hope] + d12[Fear]').mean).toBeCloseTo(13, 12);
  });

  it('user functions expand their body once per argument value', () => {
    const functions = new Map([['throw', { params: ['n'], body: '((d(@n) + d(@n) - 1) % @n) + 1' }]]);
    const result = ok('throw(10)', {}, functions);
    // ((a + b - 1) mod 10) + 1 of two d10 is uniform on 1..10.
    expect(result.pmf).toHaveLength(10);
    result.pmf.forEach(([, p]) => expect(p).toBeCloseTo(0.1, 14));
    // A random argument is one value in the whole body: twice(d6) is 2, 4, ..., 12, never odd.
    const twice = new Map([['twice', { params: ['x'], body: '@x + @x' }]]);
    expect(ok('twice(d6)', {}, twice).pmf.map(([v]) => v)).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it('reports what is wrong, with where', () => {
    const unset = errorOf('d20 + @str.mod');
    expect(unset.code).toBe('unknown-ref');
    expect(unset.message).toContain('@str.mod');
    expect(unset.span).toEqual({ start: 6, end: 14 });
    expect(errorOf('frobnicate(2)').code).toBe('unknown-function');
    expect(errorOf('max()').code).toBe('arity');
    expect(errorOf("'fire'").code).toBe('type');
    expect(errorOf('(@n)d6', { n: -1 }).code).toBe('type');
    expect(errorOf('d(@n)', { n: 0 }).code).toBe('die-size');
  });
});

describe('distributionOf: limits answer at once', () => {
  it.each([
    ['1000000d1000000', /too many dice/],
    ['10000d1000000', /possible values/],
    ['10000d6', /too much work/],
    ['200d100kh100', /too much work/],
    ['d(d1000000)', /too much work/],
    ['6000d6 + 6000d6', /too many dice/],
  ])('%s is a limit error', (text, message) => {
    const error = errorOf(text);
    expect(error.code).toBe('limit');
    expect(error.message).toMatch(message);
  });

  it('regression: a die of 200,000 faces under keep does not overflow the stack (Math.min spread)', () => {
    const result = ok('2d200000kh1');
    expect(result.pmf).toHaveLength(200_000);
    expect(result.mean).toBeCloseTo((2 / 3) * 200_000, -1);
  });

  it('says when a long sum has values too unlikely to represent', () => {
    const result = ok('1000d6');
    expect(result.min).toBeGreaterThan(1000);
    expect(result.notes.join(' ')).toMatch(/from 1000 to \d+ .* below 1e-308/);
  });

  it('never throws for a deep tree built by hand', () => {
    let node: FormulaNode = { kind: 'number', value: 1, span: { start: 0, end: 1 } };
    for (let i = 0; i < 5000; i++) node = { kind: 'unary', op: '-', operand: node, span: { start: 0, end: 1 } };
    const result = distributionOf(node, { resolve: () => undefined });
    expect(result.ok).toBe(false);
  });
});
