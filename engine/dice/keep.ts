// Keep/drop highest/lowest without enumerating outcomes: a dynamic program over face values (order statistics).
// Faces are visited from the best to the worst for the kept side; each remaining die, given it is not above the
// face, shows exactly this face with a fixed conditional probability, so how many dice land on it is binomial.
// As soon as k dice are placed the kept total is final, so only states with fewer than k placed dice are kept.
import type { Span } from '../formula/types';
import { DistributionFailure, type Pmf, type WorkBudget, fromDenseArray, point } from './pmf';

/** A binomial term costs two pow calls: about this many multiply-adds. */
const BINOMIAL_TERM_COST = 8;

/** P(X = c) for X ~ Binomial(trials, p), c = 0..trials. */
export function binomialRow(trials: number, p: number): Float64Array {
  const row = new Float64Array(trials + 1);
  if (p <= 0) {
    row[0] = 1;
    return row;
  }
  if (p >= 1) {
    row[trials] = 1;
    return row;
  }
  if (trials <= 1000) {
    // Coefficients stay finite (C(1000, 500) ≈ 2.7e299) and exact for small counts.
    let coefficient = 1;
    for (let c = 0; c <= trials; c++) {
      if (c > 0) coefficient = (coefficient * (trials - c + 1)) / c;
      row[c] = coefficient * Math.pow(p, c) * Math.pow(1 - p, trials - c);
    }
    return row;
  }
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  let logCoefficient = 0;
  for (let c = 0; c <= trials; c++) {
    if (c > 0) logCoefficient += Math.log((trials - c + 1) / c);
    row[c] = Math.exp(logCoefficient + c * logP + (trials - c) * logQ);
  }
  return row;
}

export interface KeptRange {
  /** How many dice are rolled. */
  readonly dice: number;
  /** The kept dice are sorted positions [from, to) counted from the lowest face (0-based). */
  readonly from: number;
  readonly to: number;
  /** What a kept die adds: its face, or 1/0 for a success count. Must be an integer. */
  readonly score: (face: number) => number;
}

/**
 * The kept positions left by keep/drop selections applied in order (each acting on the dice still kept), as the
 * roller does: `kh3` keeps [n-3, n), `4d6kh3dl1` keeps [2, 4).
 */
export function keptPositions(
  dice: number,
  selections: readonly { readonly drop: 'low' | 'high'; readonly keep: boolean; readonly count: number }[],
): { from: number; to: number } {
  let from = 0;
  let to = dice;
  for (const selection of selections) {
    const live = to - from;
    const toDrop = selection.keep ? Math.max(0, live - selection.count) : Math.min(live, selection.count);
    if (selection.drop === 'low') from += toDrop;
    else to -= toDrop;
  }
  return { from, to };
}

/** Distribution of the total score of the kept dice, each die independently distributed as `die`. */
export function keptTotal(die: Pmf, spec: KeptRange, budget: WorkBudget, where: Span): Pmf {
  const { dice, score } = spec;
  const from = Math.max(0, Math.min(spec.from, dice));
  const to = Math.max(from, Math.min(spec.to, dice));
  if (to === from) return point(0);

  // Place dice from whichever end reaches the kept range's far edge sooner; [first, last) are then the kept
  // placement indices and the total is final once `last` dice are placed.
  const fromHigh = dice - from <= to;
  const first = fromHigh ? dice - to : from;
  const last = fromHigh ? dice - from : to;
  const order = Array.from(die.values, (_, i) => i);
  if (fromHigh) order.reverse();
  const faceCount = order.length;
  const scores = order.map((i) => score(die.values[i] as number));
  if (!scores.every(Number.isInteger)) {
    throw new DistributionFailure('keep/drop needs whole-number faces', 'type', where);
  }
  let minScore = Infinity;
  let maxScore = -Infinity;
  for (const g of scores) {
    if (g < minScore) minScore = g;
    if (g > maxScore) maxScore = g;
  }
  const scoreRange = maxScore - minScore;
  const keptBy = (j: number): number => Math.max(0, Math.min(j, last) - first);

  // Estimate before working: faces × Σ_j (states at j) × (last − j), plus the binomial rows.
  let estimate = 0;
  for (let j = 0; j < last; j++) estimate += (keptBy(j) * scoreRange + 1) * (last - j);
  estimate = estimate * faceCount + faceCount * last * (dice + 1) * BINOMIAL_TERM_COST;
  const what = `Keeping ${to - from} of ${dice} dice`;
  budget.spend(estimate, what, where);
  budget.checkSupport((last - first) * scoreRange + 1, what, where);

  // states[j][s - keptBy(j)·minScore]: probability that j dice are placed so far with kept score s.
  const states: Float64Array[] = [];
  for (let j = 0; j < last; j++) states.push(new Float64Array(keptBy(j) * scoreRange + 1));
  (states[0] as Float64Array)[0] = 1;
  const absorbedBase = (last - first) * minScore;
  const absorbed = new Float64Array((last - first) * scoreRange + 1);

  // Mass of the faces not yet visited (this one included), for the conditional probabilities.
  const remainingMass = new Float64Array(faceCount + 1);
  for (let f = faceCount - 1; f >= 0; f--) {
    remainingMass[f] = (remainingMass[f + 1] as number) + (die.probs[order[f] as number] as number);
  }

  const keptAt = new Int32Array(last + 1);
  for (let j = 0; j <= last; j++) keptAt[j] = keptBy(j);
  for (let f = 0; f < faceCount; f++) {
    const faceProbability = die.probs[order[f] as number] as number;
    const conditional = f === faceCount - 1 ? 1 : Math.min(1, faceProbability / (remainingMass[f] as number));
    const g = scores[f] as number;
    // Descending j: writes go to larger j, already visited for this face.
    for (let j = last - 1; j >= 0; j--) {
      const current = states[j] as Float64Array;
      // Only the span of states holding mass is visited.
      let lo = 0;
      while (lo < current.length && current[lo] === 0) lo++;
      if (lo === current.length) continue;
      let hi = current.length - 1;
      while (current[hi] === 0) hi--;
      const row = binomialRow(dice - j, conditional);
      const need = last - j;
      let tail = 0;
      for (let c = need; c < row.length; c++) tail += row[c] as number;
      const base = (keptAt[j] as number) * minScore;
      for (let c = 1; c < need; c++) {
        const weight = row[c] as number;
        if (weight === 0) continue;
        const target = states[j + c] as Float64Array;
        const keptThen = keptAt[j + c] as number;
        const shift = base + (keptThen - (keptAt[j] as number)) * g - keptThen * minScore;
        for (let idx = lo; idx <= hi; idx++) target[idx + shift] += (current[idx] as number) * weight;
      }
      if (tail > 0) {
        const shift = base + (last - Math.max(j, first)) * g - absorbedBase;
        for (let idx = lo; idx <= hi; idx++) absorbed[idx + shift] += (current[idx] as number) * tail;
      }
      const stay = row[0] as number;
      for (let idx = lo; idx <= hi; idx++) current[idx] = (current[idx] as number) * stay;
    }
  }

  return fromDenseArray(absorbedBase, absorbed);
}
