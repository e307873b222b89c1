import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng, deriveSeed } from './rng';
import { fuzz } from '../../test/fuzz';

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
}

describe('createRng', () => {
  it('gives the same first values for a seed on every machine (golden values)', () => {
    // Recorded from this implementation; any change to the generator or its seeding breaks saved seeds.
    const rng = createRng(42);
    expect([rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32()]).toEqual([
      2523006044, 610616711, 1168004650, 3228762342, 2844846970,
    ]);
    const dice = createRng(42);
    expect(Array.from({ length: 10 }, () => dice.die(20))).toEqual([12, 3, 6, 16, 14, 6, 17, 19, 16, 6]);
  });

  it('repeats its sequence for the same seed and differs for another', () => {
    const a = createRng(123456);
    const b = createRng(123456);
    const c = createRng(123457);
    const seqA = Array.from({ length: 50 }, () => a.die(1000));
    expect(Array.from({ length: 50 }, () => b.die(1000))).toEqual(seqA);
    expect(Array.from({ length: 50 }, () => c.die(1000))).not.toEqual(seqA);
  });

  it('uses the high bits of large seeds', () => {
    const low = createRng(5);
    const high = createRng(5 + 2 ** 32);
    expect(high.uint32()).not.toBe(low.uint32());
  });

  it('rejects a non-finite seed', () => {
    expect(() => createRng(Number.NaN)).toThrow(/finite/);
  });

  it('rolls a d6 uniformly (chi-square, 5 degrees of freedom, p > 0.001)', () => {
    const rng = createRng(2024);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rng.die(6) - 1]!++;
    expect(chiSquare(counts)).toBeLessThan(20.52);
  });

  it('rolls a d7 uniformly, a size that does not divide 2^32 (chi-square, p > 0.001)', () => {
    const rng = createRng(99);
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 70_000; i++) counts[rng.die(7) - 1]!++;
    expect(chiSquare(counts)).toBeLessThan(22.46);
  });

  it('spreads next() evenly over [0, 1) (chi-square over 10 bins, p > 0.001)', () => {
    const rng = createRng(7);
    const counts = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 50_000; i++) {
      const x = rng.next();
      if (!(x >= 0 && x < 1)) outside++;
      else counts[Math.floor(x * 10)]!++;
    }
    expect(outside).toBe(0);
    expect(chiSquare(counts)).toBeLessThan(27.88);
  });

  it('keeps die(n) within 1..n for any size up to the limit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 1_000_000 }), (seed, sides) => {
        const rng = createRng(seed);
        for (let i = 0; i < 20; i++) {
          const face = rng.die(sides);
          if (!Number.isInteger(face) || face < 1 || face > sides) return false;
        }
        return true;
      }),
      fuzz(42, 300),
    );
  });

  it('reaches both ends of a large die', () => {
    const rng = createRng(1);
    let sawOne = false;
    let sawTwo = false;
    for (let i = 0; i < 200; i++) {
      const face = rng.die(2);
      sawOne ||= face === 1;
      sawTwo ||= face === 2;
    }
    expect(sawOne && sawTwo).toBe(true);
  });
});

describe('deriveSeed', () => {
  it('is deterministic and gives distinct seeds per index', () => {
    expect(deriveSeed(42, 3)).toBe(deriveSeed(42, 3));
    const seeds = new Set(Array.from({ length: 10_000 }, (_, i) => deriveSeed(42, i)));
    expect(seeds.size).toBe(10_000);
    expect(deriveSeed(42, 0)).not.toBe(deriveSeed(43, 0));
  });

  it('gives sub-streams that do not start alike', () => {
    const first = Array.from({ length: 100 }, (_, i) => createRng(deriveSeed(9, i)).die(20));
    expect(new Set(first).size).toBeGreaterThan(12);
  });

  it('rejects a negative or fractional index', () => {
    expect(() => deriveSeed(1, -1)).toThrow(/index/);
    expect(() => deriveSeed(1, 1.5)).toThrow(/index/);
  });
});
