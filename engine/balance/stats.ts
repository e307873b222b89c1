// Statistics for balance answers: intervals and tests that say how sure a simulated number is.
// Proportions get Wilson intervals (honest near 0% and 100%, where the normal interval lies); means are streamed
// with Welford (one pass, numerically stable, mergeable) and get Student-t intervals; comparisons get a
// two-proportion z-test, Welch's t-test, or a paired t-test on per-fight differences (common random numbers).
// Many comparisons at once are corrected with Holm's step-down method (controls the family-wise error like
// Bonferroni, never less powerful).

/** 95% two-sided. */
export const CONFIDENCE = 0.95;
export const ALPHA = 0.05;
const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

export interface Estimate extends Interval {
  readonly value: number;
}

// ----- distributions ---------------------------------------------------------------------------------------------

/** Standard normal CDF (erfc by a Chebyshev fit, |error| < 1.2e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
    + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

function logGamma(x: number): number {
  // Lanczos approximation (g = 7), accurate to ~1e-15 for x > 0.
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the regularized incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny; d = 1 / d;
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny; d = 1 / d;
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-14) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(a, b, x)) / a : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Student's t CDF with `df` degrees of freedom (df may be fractional, as Welch's is). */
export function studentTCdf(t: number, df: number): number {
  if (!Number.isFinite(df) || df > 1e7) return normalCdf(t);
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The t value with `p` of the distribution below it (bisection on the CDF: robust, and called rarely). */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) return p <= 0 ? -Infinity : Infinity;
  let lo = -1e3;
  let hi = 1e3;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

// ----- proportions ------------------------------------------------------------------------------------------------

/** Wilson score interval (95%) for `successes` out of `n`; n = 0 gives [0, 1]. */
export function wilson(successes: number, n: number, z = Z95): Estimate {
  if (n <= 0) return { value: 0, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface TestResult {
  /** B minus A. */
  readonly delta: number;
  /** 95% interval of the delta. */
  readonly interval: Interval;
  /** Two-sided p-value. */
  readonly p: number;
}

/**
 * Two-proportion z-test (pooled standard error for the p-value, unpooled for the interval of the difference).
 * Treats the samples as independent: under common random numbers it is conservative.
 */
export function twoProportionZTest(successesA: number, nA: number, successesB: number, nB: number): TestResult {
  const pA = nA > 0 ? successesA / nA : 0;
  const pB = nB > 0 ? successesB / nB : 0;
  const delta = pB - pA;
  if (nA <= 0 || nB <= 0) return { delta, interval: { low: -1, high: 1 }, p: 1 };
  const pooled = (successesA + successesB) / (nA + nB);
  const pooledSe = Math.sqrt(pooled * (1 - pooled) * (1 / nA + 1 / nB));
  const se = Math.sqrt((pA * (1 - pA)) / nA + (pB * (1 - pB)) / nB);
  const p = pooledSe === 0 ? (delta === 0 ? 1 : 0) : 2 * (1 - normalCdf(Math.abs(delta) / pooledSe));
  return { delta, interval: { low: delta - Z95 * se, high: delta + Z95 * se }, p: clampP(p) };
}

// ----- means --------------------------------------------------------------------------------------------------------

/** Welford's streaming mean and variance: one pass, no values kept; two accumulators merge exactly (Chan). */
export class RunningMean {
  n = 0;
  mean = 0;
  /** Sum of squared differences from the mean. */
  m2 = 0;

  add(x: number): void {
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }

  merge(other: MeanState): void {
    if (other.n === 0) return;
    const n = this.n + other.n;
    const d = other.mean - this.mean;
    this.mean += (d * other.n) / n;
    this.m2 += other.m2 + (d * d * this.n * other.n) / n;
    this.n = n;
  }

  /** Sample variance (n - 1). */
  get variance(): number {
    return this.n > 1 ? this.m2 / (this.n - 1) : 0;
  }

  toState(): MeanState {
    return { n: this.n, mean: this.mean, m2: this.m2 };
  }

  static from(state: MeanState): RunningMean {
    const r = new RunningMean();
    r.n = state.n; r.mean = state.mean; r.m2 = state.m2;
    return r;
  }
}

/** Plain data of a RunningMean (crosses worker boundaries, goes into JSON). */
export interface MeanState {
  readonly n: number;
  readonly mean: number;
  readonly m2: number;
}

function varianceOf(s: MeanState): number {
  return s.n > 1 ? s.m2 / (s.n - 1) : 0;
}

/** Mean with its 95% Student-t interval. */
export function meanInterval(s: MeanState): Estimate {
  if (s.n === 0) return { value: 0, low: 0, high: 0 };
  if (s.n === 1) return { value: s.mean, low: -Infinity, high: Infinity };
  const half = studentTQuantile(1 - ALPHA / 2, s.n - 1) * Math.sqrt(varianceOf(s) / s.n);
  return { value: s.mean, low: s.mean - half, high: s.mean + half };
}

/** Welch's t-test (unequal variances, Welch–Satterthwaite degrees of freedom): B minus A. */
export function welchTTest(a: MeanState, b: MeanState): TestResult {
  const delta = b.mean - a.mean;
  if (a.n < 2 || b.n < 2) return { delta, interval: { low: -Infinity, high: Infinity }, p: 1 };
  const va = varianceOf(a) / a.n;
  const vb = varianceOf(b) / b.n;
  const se = Math.sqrt(va + vb);
  if (se === 0) return { delta, interval: { low: delta, high: delta }, p: delta === 0 ? 1 : 0 };
  const df = ((va + vb) ** 2) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  const t = delta / se;
  const half = studentTQuantile(1 - ALPHA / 2, df) * se;
  return { delta, interval: { low: delta - half, high: delta + half }, p: clampP(2 * (1 - studentTCdf(Math.abs(t), df))) };
}

/**
 * Paired t-test on per-fight differences (B minus A, fight i of both seeded alike: common random numbers).
 * Much tighter than the unpaired tests when both versions fight the same dice.
 */
export function pairedTTest(differences: MeanState): TestResult {
  const delta = differences.mean;
  if (differences.n < 2) return { delta, interval: { low: -Infinity, high: Infinity }, p: 1 };
  const se = Math.sqrt(varianceOf(differences) / differences.n);
  if (se === 0) return { delta, interval: { low: delta, high: delta }, p: delta === 0 ? 1 : 0 };
  const df = differences.n - 1;
  const half = studentTQuantile(1 - ALPHA / 2, df) * se;
  return { delta, interval: { low: delta - half, high: delta + half }, p: clampP(2 * (1 - studentTCdf(Math.abs(delta / se), df))) };
}

function clampP(p: number): number {
  return Math.min(1, Math.max(0, p));
}

// ----- many comparisons ---------------------------------------------------------------------------------------------

/**
 * Holm–Bonferroni: which of the p-values are significant at family-wise level `alpha`. Also returns the adjusted
 * p-values (monotone), which is what tables show.
 */
export function holm(pValues: readonly number[], alpha = ALPHA): { adjusted: number[]; significant: boolean[] } {
  const m = pValues.length;
  const order = pValues.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  const adjusted = new Array<number>(m).fill(1);
  let running = 0;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return { adjusted, significant: adjusted.map((p) => p < alpha) };
}
