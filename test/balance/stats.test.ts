// The statistics helpers against published values (Newcombe 1998 for Wilson, t tables, Welch's worked example).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  holm, meanInterval, normalCdf, pairedTTest, RunningMean, studentTCdf, studentTQuantile, twoProportionZTest, welchTTest, wilson,
} from '../../engine/balance/stats';
import { fuzz } from '../fuzz';

const meanOf = (xs: readonly number[]): RunningMean => {
  const r = new RunningMean();
  for (const x of xs) r.add(x);
  return r;
};

describe('distributions', () => {
  it('normal CDF at table points', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });

  it('Student t quantiles from the table', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062, 3);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.2281, 3);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.0423, 3);
    expect(studentTCdf(2.0423, 30)).toBeCloseTo(0.975, 4);
    expect(studentTQuantile(0.975, 1e9)).toBeCloseTo(1.96, 2);
  });
});

describe('Wilson interval (Newcombe 1998, table I)', () => {
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i', (k, n, low, high) => {
    const w = wilson(k, n);
    expect(w.value).toBeCloseTo(k / n, 10);
    expect(w.low).toBeCloseTo(low, 4);
    expect(w.high).toBeCloseTo(high, 4);
  });

  it('no fights: the whole range', () => {
    expect(wilson(0, 0)).toEqual({ value: 0, low: 0, high: 1 });
  });
});

describe('means (Welford)', () => {
  it('agrees with the two-pass mean and variance, and merging halves equals one pass', () => {
    fc.assert(fc.property(fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 2, maxLength: 200 }), fc.nat(), (xs, cut) => {
      const whole = meanOf(xs);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
      expect(whole.mean).toBeCloseTo(mean, 6);
      expect(whole.variance).toBeCloseTo(variance, 4);
      const at = cut % xs.length;
      const merged = meanOf(xs.slice(0, at));
      merged.merge(meanOf(xs.slice(at)).toState());
      expect(merged.mean).toBeCloseTo(whole.mean, 6);
      expect(merged.variance).toBeCloseTo(whole.variance, 4);
    }), fuzz(42, 200));
  });

  it('95% interval of a mean uses t with n - 1 degrees of freedom', () => {
    const xs = [2, 4, 4, 4, 5, 5, 7, 9, 10, 10, 11];
    const e = meanInterval(meanOf(xs).toState());
    const sd = Math.sqrt(meanOf(xs).variance);
    expect(e.value).toBeCloseTo(71 / 11, 10);
    expect(e.high - e.value).toBeCloseTo(2.2281 * sd / Math.sqrt(11), 3);
  });
});

describe('tests', () => {
  it('two-proportion z-test: 45/100 against 55/100', () => {
    const t = twoProportionZTest(45, 100, 55, 100);
    expect(t.delta).toBeCloseTo(0.1, 10);
    expect(t.p).toBeCloseTo(0.1573, 3);
    expect(twoProportionZTest(450, 1000, 550, 1000).p).toBeLessThan(0.001);
    expect(twoProportionZTest(30, 60, 30, 60).p).toBe(1);
  });

  it("Welch's t-test: Wikipedia's first worked example (t = -2.46, df = 24.9, p = 0.021)", () => {
    const a = [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4];
    const b = [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4];
    const t = welchTTest(meanOf(a).toState(), meanOf(b).toState());
    expect(t.p).toBeCloseTo(0.021, 3);
    expect(t.interval.low).toBeGreaterThan(0);
  });

  it('paired t-test: identical pairs are no change; a constant shift is certain', () => {
    expect(pairedTTest(meanOf([0, 0, 0, 0]).toState()).p).toBe(1);
    expect(pairedTTest(meanOf([1, 1, 1]).toState()).p).toBe(0);
    const noisy = pairedTTest(meanOf([1, -1, 1, -1, 0, 0]).toState());
    expect(noisy.p).toBe(1);
    expect(noisy.interval.low).toBeLessThan(0);
  });

  it('Holm: step-down over the sorted p-values', () => {
    const h = holm([0.01, 0.04, 0.03, 0.005]);
    expect(h.adjusted.map((p) => Number(p.toFixed(4)))).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(h.significant).toEqual([true, false, false, true]);
  });
});
