// Probability mass functions over numbers, and the arithmetic of independent random variables on them.
// Values are floats keyed to 1e-9 so that 0.1 + 0.2 and 0.3 are one value; integer pmfs take dense fast paths.
import type { Span } from '../formula/types';

/** Sorted ascending, values unique, every probability > 0. */
export interface Pmf {
  readonly values: Float64Array;
  readonly probs: Float64Array;
}

export type DistributionErrorCode =
  | 'limit'
  | 'division-by-zero'
  | 'type'
  | 'unknown-ref'
  | 'unknown-function'
  | 'die-size'
  | 'arity'
  | 'recursion'
  | 'syntax';

/** Thrown inside the distribution modules only; `distributionOf` turns it into an error result. */
export class DistributionFailure extends Error {
  constructor(
    message: string,
    readonly code: DistributionErrorCode,
    readonly span: Span,
  ) {
    super(message);
    this.name = 'DistributionFailure';
  }
}

/** Most distinct values one distribution may hold. */
export const MAX_SUPPORT = 1_000_000;
/** Work allowed for one `distributionOf` call, in dense multiply-adds (sparse map steps cost more): ~0.2 s idle. */
export const MAX_WORK = 60_000_000;
const SPARSE_STEP_COST = 12;

/**
 * Counts the work of one computation and stops it, with a clear message, before it starts something too big.
 * Every operation asks first (`spend`) with its estimate, so a huge formula fails in milliseconds.
 */
export class WorkBudget {
  private used = 0;
  constructor(readonly limit = MAX_WORK) {}

  /** Work spent so far (tests read it: a formula refused by a cheap check spends none). */
  get spent(): number {
    return this.used;
  }

  spend(units: number, what: string, span: Span): void {
    if (!(units <= this.limit - this.used)) {
      const before = this.used > 0.01 * this.limit ? `, after ${formatCount(this.used)} for the rest of the formula` : '';
      throw new DistributionFailure(
        `${what} needs too much work for an exact distribution (about ${formatCount(units)} steps${before}; the limit is ${formatCount(this.limit)})`,
        'limit',
        span,
      );
    }
    this.used += units;
  }

  spendSparse(pairs: number, what: string, span: Span): void {
    this.spend(pairs * SPARSE_STEP_COST, what, span);
  }

  checkSupport(size: number, what: string, span: Span): void {
    if (size > MAX_SUPPORT) {
      throw new DistributionFailure(
        `${what} has about ${formatCount(size)} possible values; exact distributions stop at ${formatCount(MAX_SUPPORT)}`,
        'limit',
        span,
      );
    }
  }
}

export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return 'infinitely many';
  if (n < 1e6) return withThousands(Math.round(n));
  return n.toExponential(1).replace('e+', 'e');
}

/** 12345 → '12,345' (toLocaleString would load ICU data on first use: tens of milliseconds). */
export function withThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The key two values share when they are equal up to 1e-9. */
export function keyOf(value: number): number {
  if (Number.isInteger(value)) return value;
  const rounded = Math.round(value * 1e9) / 1e9;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function point(value: number): Pmf {
  return { values: Float64Array.of(keyOf(value)), probs: Float64Array.of(1) };
}

/** Uniform over the integers lo..hi. */
export function uniformRange(lo: number, hi: number): Pmf {
  const n = hi - lo + 1;
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = lo + i;
  return { values, probs: new Float64Array(n).fill(1 / n) };
}

/** Builds a pmf from weighted values, merging equal keys and dropping zero mass. */
export function fromEntries(entries: Iterable<readonly [number, number]>): Pmf {
  const list = Array.isArray(entries) ? (entries as ReadonlyArray<readonly [number, number]>) : [...entries];
  // Entries already ascending and distinct (most callers) skip the map.
  let count = 0;
  let previous = -Infinity;
  let ordered = true;
  for (const [value, prob] of list) {
    if (!(prob > 0)) continue;
    const key = keyOf(value);
    if (!(key > previous)) {
      ordered = false;
      break;
    }
    previous = key;
    count++;
  }
  if (ordered) {
    const values = new Float64Array(count);
    const probs = new Float64Array(count);
    let at = 0;
    for (const [value, prob] of list) {
      if (!(prob > 0)) continue;
      values[at] = keyOf(value);
      probs[at] = prob;
      at++;
    }
    return { values, probs };
  }
  const merged = new Map<number, number>();
  for (const [value, prob] of list) {
    if (!(prob > 0)) continue;
    const key = keyOf(value);
    merged.set(key, (merged.get(key) ?? 0) + prob);
  }
  return fromKeyedMap(merged);
}

/** An integer pmf from a dense array of probabilities over lo, lo+1, ... */
export function fromDenseArray(lo: number, probs: Float64Array): Pmf {
  return fromDense({ lo, probs });
}

function fromKeyedMap(merged: Map<number, number>): Pmf {
  const values = Float64Array.from(merged.keys()).sort();
  const probs = values.map((k) => merged.get(k) as number);
  return { values, probs };
}

export function isIntegral(pmf: Pmf): boolean {
  // Safe integers: past 2^53 neighbouring whole numbers are one double, and dense arrays over them would repeat values.
  for (let i = 0; i < pmf.values.length; i++) if (!Number.isSafeInteger(pmf.values[i])) return false;
  return true;
}

export function totalMass(pmf: Pmf): number {
  let sum = 0;
  for (const p of pmf.probs) sum += p;
  return sum;
}

export function probabilityOf(pmf: Pmf, test: (value: number) => boolean): number {
  let sum = 0;
  for (let i = 0; i < pmf.values.length; i++) if (test(pmf.values[i] as number)) sum += pmf.probs[i] as number;
  return sum;
}

export function mapValues(pmf: Pmf, f: (value: number) => number): Pmf {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < pmf.values.length; i++) out.push([f(pmf.values[i] as number), pmf.probs[i] as number]);
  return fromEntries(out);
}

/** Sum of weighted pmfs (a mixture when the weights sum to 1). */
export function mixture(parts: ReadonlyArray<readonly [number, Pmf]>): Pmf {
  // Whole numbers with few gaps add up in an array: a map of a million keys takes a second of garbage collection.
  let lo = Infinity;
  let hi = -Infinity;
  let total = 0;
  let integral = true;
  for (const [weight, pmf] of parts) {
    if (!(weight > 0) || pmf.values.length === 0) continue;
    lo = Math.min(lo, pmf.values[0] as number);
    hi = Math.max(hi, pmf.values[pmf.values.length - 1] as number);
    total += pmf.values.length;
    integral &&= isIntegral(pmf);
  }
  if (total > 0 && integral && hi - lo + 1 <= 4 * total + 64) {
    const dense = new Float64Array(hi - lo + 1);
    for (const [weight, pmf] of parts) {
      if (!(weight > 0)) continue;
      for (let i = 0; i < pmf.values.length; i++) dense[(pmf.values[i] as number) - lo] += weight * (pmf.probs[i] as number);
    }
    return fromDense({ lo, probs: dense });
  }
  const merged = new Map<number, number>();
  for (const [weight, pmf] of parts) {
    if (!(weight > 0)) continue;
    for (let i = 0; i < pmf.values.length; i++) {
      const key = pmf.values[i] as number;
      merged.set(key, (merged.get(key) ?? 0) + weight * (pmf.probs[i] as number));
    }
  }
  return fromKeyedMap(merged);
}

/** Dense array over lo..hi of an integer pmf. */
interface Dense {
  lo: number;
  probs: Float64Array;
}

function toDense(pmf: Pmf): Dense {
  const lo = pmf.values[0] as number;
  const hi = pmf.values[pmf.values.length - 1] as number;
  const probs = new Float64Array(hi - lo + 1);
  for (let i = 0; i < pmf.values.length; i++) probs[(pmf.values[i] as number) - lo] = pmf.probs[i] as number;
  return { lo, probs };
}

function fromDense(dense: Dense): Pmf {
  let count = 0;
  for (let i = 0; i < dense.probs.length; i++) if ((dense.probs[i] as number) > 0) count++;
  const values = new Float64Array(count);
  const probs = new Float64Array(count);
  let at = 0;
  for (let i = 0; i < dense.probs.length; i++) {
    const p = dense.probs[i] as number;
    if (p > 0) {
      values[at] = dense.lo + i;
      probs[at] = p;
      at++;
    }
  }
  return { values, probs };
}

function span(pmf: Pmf): number {
  return (pmf.values[pmf.values.length - 1] as number) - (pmf.values[0] as number) + 1;
}

/** Whether the integer pmf is better kept dense (few gaps between its values). */
function denseFriendly(pmf: Pmf): boolean {
  return span(pmf) <= 4 * pmf.values.length + 64;
}

/** Distribution of a + sign·b for independent a and b. */
export function addIndependent(a: Pmf, b: Pmf, sign: 1 | -1, budget: WorkBudget, where: Span): Pmf {
  const right = sign === 1 ? b : negate(b);
  if (isIntegral(a) && isIntegral(right) && denseFriendly(a) && denseFriendly(right)) {
    const outSpan = span(a) + span(right) - 1;
    budget.checkSupport(outSpan, 'This sum', where);
    budget.spend(span(a) * span(right), 'This sum', where);
    return fromDense(convolveDense(toDense(a), toDense(right)));
  }
  return combine(a, right, (x, y) => x + y, budget, where);
}

export function negate(pmf: Pmf): Pmf {
  const n = pmf.values.length;
  const values = new Float64Array(n);
  const probs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    values[i] = keyOf(-(pmf.values[n - 1 - i] as number));
    probs[i] = pmf.probs[n - 1 - i] as number;
  }
  return { values, probs };
}

function convolveDense(a: Dense, b: Dense): Dense {
  const out = new Float64Array(a.probs.length + b.probs.length - 1);
  const ap = a.probs;
  const bp = b.probs;
  for (let i = 0; i < ap.length; i++) {
    const pa = ap[i] as number;
    if (pa === 0) continue;
    for (let j = 0; j < bp.length; j++) out[i + j] += pa * (bp[j] as number);
  }
  return { lo: a.lo + b.lo, probs: out };
}

/** Distribution of f(a, b) for independent a and b. */
export function combine(a: Pmf, b: Pmf, f: (x: number, y: number) => number, budget: WorkBudget, where: Span): Pmf {
  const pairs = a.values.length * b.values.length;
  budget.spendSparse(pairs, 'This operation', where);
  const merged = new Map<number, number>();
  for (let i = 0; i < a.values.length; i++) {
    const x = a.values[i] as number;
    const pa = a.probs[i] as number;
    for (let j = 0; j < b.values.length; j++) {
      const key = keyOf(f(x, b.values[j] as number));
      merged.set(key, (merged.get(key) ?? 0) + pa * (b.probs[j] as number));
      // At the first value over the limit, not a row later (a row of a million: d1000000!!2, formulas:665:507).
      if (merged.size > MAX_SUPPORT) budget.checkSupport(pairs, 'This operation', where);
    }
  }
  return fromKeyedMap(merged);
}

/**
 * Distributions of the sums of 0..maxCount independent copies of `die`, for the counts asked for.
 * A die uniform over consecutive integers adds with a sliding window (linear per die), others by convolution.
 */
export function sumsOfCopies(
  die: Pmf,
  counts: ArrayLike<number> & Iterable<number>,
  budget: WorkBudget,
  where: Span,
): Map<number, Pmf> {
  const wanted = new Set(counts);
  let maxCount = 0;
  for (const c of counts) if (c > maxCount) maxCount = c;
  const result = new Map<number, Pmf>();
  if (wanted.has(0)) result.set(0, point(0));
  if (maxCount === 0) return result;
  if (maxCount === 1) return result.set(1, die);
  const lo = die.values[0] as number;
  const hi = die.values[die.values.length - 1] as number;
  const dieSpan = hi - lo + 1;
  const finalSpan = maxCount * (dieSpan - 1) + 1;
  budget.checkSupport(finalSpan, `${maxCount} dice`, where);

  if (!isIntegral(die) || !denseFriendly(die)) {
    // Sparse values (e.g. d1000000 after a rare explosion gap): repeated sparse convolution.
    let acc = point(0);
    for (let n = 1; n <= maxCount; n++) {
      acc = combine(acc, die, (x, y) => x + y, budget, where);
      if (wanted.has(n)) result.set(n, acc);
    }
    return result;
  }

  const uniform =
    die.values.length === dieSpan && die.probs.every((p) => Math.abs(p - (die.probs[0] as number)) < 1e-15);
  // Work: the running span grows linearly, so the total is about count² · span / 2 (× die span unless uniform).
  const perStep = uniform ? 3 : dieSpan;
  budget.spend((maxCount * (maxCount + 1) * (dieSpan - 1)) / 2 * perStep + maxCount * dieSpan, `${maxCount} dice`, where);

  const dieDense = toDense(die);
  let acc: Dense = { lo: 0, probs: Float64Array.of(1) };
  for (let n = 1; n <= maxCount; n++) {
    acc = uniform ? addUniform(acc, lo, dieSpan) : convolveDense(acc, dieDense);
    if (wanted.has(n)) result.set(n, fromDense(acc));
  }
  return result;
}

/**
 * Adds a die uniform over lo..lo+faces-1 with running window sums: out[k] = mean of acc[k-faces+1..k].
 * The low half runs from the left and the high half from the right, so each tail is summed from its own tiny
 * values and keeps its relative accuracy (a single running sum would bury 6^-100 under rounding noise).
 */
function addUniform(acc: Dense, lo: number, faces: number): Dense {
  const n = acc.probs.length;
  const src = acc.probs;
  const outLength = n + faces - 1;
  const out = new Float64Array(outLength);
  const inv = 1 / faces;
  const middle = outLength >> 1;
  let window = 0;
  for (let k = 0; k <= middle; k++) {
    if (k < n) window += src[k] as number;
    if (k >= faces) window -= src[k - faces] as number;
    out[k] = window * inv;
  }
  window = 0;
  for (let k = outLength - 1; k > middle; k--) {
    const first = k - faces + 1; // window is src[first..k]
    if (first >= 0 && first < n) window += src[first] as number;
    if (k + 1 < n && k + 1 >= 0) window -= src[k + 1] as number;
    out[k] = window * inv;
  }
  for (let k = 0; k < outLength; k++) if ((out[k] as number) < 0) out[k] = 0;
  return { lo: acc.lo + lo, probs: out };
}

export interface Moments {
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly stdev: number;
}

export function momentsOf(pmf: Pmf): Moments {
  let mass = 0;
  let mean = 0;
  for (let i = 0; i < pmf.values.length; i++) {
    mass += pmf.probs[i] as number;
    mean += (pmf.values[i] as number) * (pmf.probs[i] as number);
  }
  mean /= mass;
  let variance = 0;
  for (let i = 0; i < pmf.values.length; i++) {
    const d = (pmf.values[i] as number) - mean;
    variance += d * d * (pmf.probs[i] as number);
  }
  variance /= mass;
  return {
    min: pmf.values[0] as number,
    max: pmf.values[pmf.values.length - 1] as number,
    mean,
    stdev: Math.sqrt(Math.max(0, variance)),
  };
}
