// Dice terms in a distribution. Part of engine/formula/distribution/.
// The rules are the roller's (roll.ts): each roll is rerolled with `r` while it matches, then once with `ro` (a
// fresh roll); a die matching its explode compare adds another die to the pool; keep/drop act in written order on
// the pool; the value is the sum of the kept faces or, with `cs`, how many kept dice pass.
import { type DiceCompare, type FormulaNode, type Span, LIMITS } from '../types';
import { printFormula } from '../print';
import { binomialRow, keptPositions, keptTotal } from '../../dice/keep';
import { type DicePlan, compareMatches, endlessTerm, planDice } from '../../dice/roll';
import { DistributionFailure, MAX_SUPPORT, type Pmf, addIndependent, fromEntries, mapValues, mixture, point, probabilityOf, sumsOfCopies, totalMass, uniformRange, withThousands, formatCount } from '../../dice/pmf';
import { NEGLIGIBLE_MASS, POOL_NEGLIGIBLE_MASS, type Outcome, type Walk } from './walk';
import { evaluate, random, asPmf, formatProbability } from './operators';

export function dice(node: Extract<FormulaNode, { kind: 'dice' }>, walk: Walk, depth: number): Outcome {
  const plan = planDice(node.modifiers, node.sides.kind === 'number' && node.sides.value.kind !== 'number' ? printFormula(node) : null);
  const countSpan = node.count?.span ?? node.span;
  const countPmf = node.count ? asPmf(evaluate(node.count, walk, depth + 1), countSpan, 'a dice count') : point(1);
  for (const c of countPmf.values) {
    if (!Number.isInteger(c) || c < 0) {
      throw new DistributionFailure(`the number of dice must be a whole number from 0, got ${c}`, 'type', countSpan);
    }
  }
  const maxCount = countPmf.values[countPmf.values.length - 1] as number;
  walk.diceUsed += maxCount;
  if (walk.diceUsed > LIMITS.maxDicePerEvaluation) {
    throw new DistributionFailure(
      `too many dice: ${withThousands(walk.diceUsed)} in one roll (the limit is ${withThousands(LIMITS.maxDicePerEvaluation)})`,
      'limit',
      node.span,
    );
  }

  let sizePmf: Pmf;
  if (node.sides.kind === 'fate') {
    sizePmf = point(FATE);
  } else {
    const sizeNode = node.sides.value;
    sizePmf = asPmf(evaluate(sizeNode, walk, depth + 1), sizeNode.span, 'a die size');
    for (const size of sizePmf.values) {
      if (!Number.isInteger(size) || size < 1 || size > LIMITS.maxDieSize) {
        throw new DistributionFailure(
          `a die must have a whole number of faces from 1 to ${withThousands(LIMITS.maxDieSize)}, got ${size}`,
          'die-size',
          sizeNode.span,
        );
      }
    }
  }

  // Each size builds its own die: estimate the lot before building any.
  let facesTotal = 0;
  for (const size of sizePmf.values) facesTotal += size === FATE ? 3 : size;
  walk.budget.spend(facesTotal * Math.max(1, countPmf.values.length), 'The dice sizes here', node.span);
  if (plan.selections.length === 0 && plan.successes === null) {
    const largest = sizePmf.values[sizePmf.values.length - 1] as number;
    walk.budget.checkSupport(maxCount * (Math.max(largest, 3) - 1) + 1, `${maxCount} dice`, node.span);
  }

  const parts: Array<[number, Pmf]> = [];
  sizePmf.values.forEach((size, si) => {
    const faces = size === FATE ? uniformRange(-1, 1) : uniformRange(1, size);
    const roll = settledRoll(faces, plan, node.span, walk);
    // Plain `!` explodes on the die's highest face, even where a reroll never lets it stay (`d3r3!` never explodes).
    const top = faces.values[faces.values.length - 1] as number;
    const byCount = termForCounts(roll, top, countPmf.values, plan, node.span, walk);
    countPmf.values.forEach((count, ci) => {
      parts.push([(sizePmf.probs[si] as number) * (countPmf.probs[ci] as number), byCount.get(count) as Pmf]);
    });
  });
  return random(parts.length === 1 ? (parts[0] as [number, Pmf])[1] : mix(parts, walk, node.span), false);
}

/**
 * The mixture of weighted parts, within the budget and the support limit: merging is paid per value, and a result
 * over MAX_SUPPORT values is refused before it is built (an explosion chain of a d1000000 would hold 3 million).
 */
export function mix(parts: ReadonlyArray<readonly [number, Pmf]>, walk: Walk, span: Span): Pmf {
  let total = 0;
  let lo = Infinity;
  let hi = -Infinity;
  let integral = true;
  for (const [weight, pmf] of parts) {
    if (!(weight > 0) || pmf.values.length === 0) continue;
    total += pmf.values.length;
    lo = Math.min(lo, pmf.values[0] as number);
    hi = Math.max(hi, pmf.values[pmf.values.length - 1] as number);
    integral &&= Number.isInteger(lo) && Number.isInteger(hi);
  }
  walk.budget.spendSparse(total, 'Combining the cases here', span);
  // At most `total` values, and for whole numbers at most the span: count them only when both are over the limit.
  if (total > MAX_SUPPORT && !(integral && hi - lo + 1 <= MAX_SUPPORT)) {
    // Whole numbers over a span that fits a bitmap are marked there (a set of a million numbers takes a second).
    const marks = integral && hi - lo + 1 <= 64 * MAX_SUPPORT ? new Uint8Array(hi - lo + 1) : null;
    const seen = marks === null ? new Set<number>() : null;
    let distinct = 0;
    for (const [weight, pmf] of parts) {
      if (!(weight > 0)) continue;
      for (const v of pmf.values) {
        if (marks !== null) {
          if (marks[v - lo] === 1) continue;
          marks[v - lo] = 1;
          distinct++;
        } else {
          seen!.add(v);
          distinct = seen!.size;
        }
        if (distinct > MAX_SUPPORT) walk.budget.checkSupport(integral ? hi - lo + 1 : total, 'This term', span);
      }
    }
  }
  return mixture(parts);
}

/**
 * A die that reaches the limit of rerolls or explosions stops the roll with an error, so those rolls have no value:
 * their mass is left out, with a note. A die that fails that way in 1 roll of 100 or more is an error here too.
 */
export function dieMayFail(walk: Walk, what: 'rerolls' | 'explosions', probability: number, span: Span): void {
  const limit = LIMITS.maxExplosionsPerDie;
  if (probability >= FAILING_DIE) {
    throw new DistributionFailure(
      `a die here needs more than ${limit} ${what} (which stops the roll with an error) in ${formatProbability(probability)} of its rolls`,
      'limit',
      span,
    );
  }
  if (probability > 1e-15) walk.notes.add(`a die fails (over ${limit} ${what}) with probability ${probability.toExponential(1)}; those rolls are left out`);
}

/** From this chance of failing, a die is an error rather than a note (dieMayFail). */
export const FAILING_DIE = 0.01;

/** Marks the fate die in a size distribution (real sizes are at least 1). */
export const FATE = 0;

export function anyMatch(compares: readonly DiceCompare[], face: number): boolean {
  return compares.some((c) => compareMatches(c.op, c.value, face));
}

/** One roll of a die after `r` (until) and `ro` (once). */
export function settledRoll(faces: Pmf, plan: DicePlan, span: Span, walk: Walk): Pmf {
  const endless = endlessTerm(plan, faces.values[0] as number, faces.values[faces.values.length - 1] as number);
  if (endless !== null) throw new DistributionFailure(endless, 'limit', span);
  let roll = faces;
  if (plan.rerollUntil.length > 0) {
    const p = probabilityOf(faces, (v) => anyMatch(plan.rerollUntil, v));
    // More than maxExplosionsPerDie rerolls is a runtime error: those rolls have no value and are left out.
    const failing = Math.pow(p, LIMITS.maxExplosionsPerDie + 1);
    dieMayFail(walk, 'rerolls', failing, span);
    roll = fromEntries(Array.from(faces.values, (v, i) => [v, anyMatch(plan.rerollUntil, v) ? 0 : (faces.probs[i] as number) / (1 - p)]));
  }
  if (plan.rerollOnce.length > 0) {
    const settled = roll;
    const q = probabilityOf(settled, (v) => anyMatch(plan.rerollOnce, v));
    // The second roll is a fresh roll of the die, not rerolled again.
    roll = mix(
      [
        [1, fromEntries(Array.from(settled.values, (v, i) => [v, anyMatch(plan.rerollOnce, v) ? 0 : (settled.probs[i] as number)]))],
        [q, faces],
      ],
      walk,
      span,
    );
  }
  return roll;
}

export function explodesOn(plan: DicePlan, face: number, maxFace: number): boolean {
  return plan.explode.some((c) => (c === null ? face === maxFace : compareMatches(c.op, c.value, face)));
}

/**
 * The total score of one die's chain of rolls: exploding rolls followed by one that stops, at most
 * maxExplosionsPerDie explosions (more is a runtime error, so that mass is left out). The chain is followed until
 * the mass still exploding is negligible.
 */
export function chainScore(roll: Pmf, plan: DicePlan, maxFace: number, score: (face: number) => number, span: Span, walk: Walk): Pmf {
  chainFits(roll, plan, maxFace, score, span);
  const explodes = fromEntries(Array.from(roll.values, (v, i) => [score(v), explodesOn(plan, v, maxFace) ? (roll.probs[i] as number) : 0]));
  const stops = fromEntries(Array.from(roll.values, (v, i) => [score(v), explodesOn(plan, v, maxFace) ? 0 : (roll.probs[i] as number)]));
  const explodeMass = totalMass(explodes);
  if (explodeMass === 0) return stops;
  const limit = LIMITS.maxExplosionsPerDie;
  const parts: Array<[number, Pmf]> = [];
  let chain = point(0); // sub-pmf: the score of t exploding rolls
  for (let t = 0; ; t++) {
    parts.push([1, addIndependent(chain, stops, 1, walk.budget, span)]);
    chain = addIndependent(chain, explodes, 1, walk.budget, span);
    const mass = totalMass(chain);
    if (t + 1 > limit) {
      dieMayFail(walk, 'explosions', mass, span);
      break;
    }
    if (mass < NEGLIGIBLE_MASS) {
      if (mass > 0) walk.notes.add(`explosions followed to ${t + 1} per die; ${mass.toExponential(1)} of each die's mass (longer chains) is left out`);
      break;
    }
  }
  return mix(parts, walk, span);
}

/**
 * Refuses, before any of it is built, a chain whose parts alone hold more than MAX_SUPPORT values: part t (t
 * explosions, then a stop) holds at least as many values as a stop has, and parts whose ranges do not overlap add
 * up (`d1000000!`: three parts of a million each, before the rest is negligible).
 */
export function chainFits(roll: Pmf, plan: DicePlan, maxFace: number, score: (face: number) => number, span: Span): void {
  // One pass over the faces, nothing built: how many stop, the ends of the stopping and exploding scores.
  let n = 0;
  let stopLo = Infinity;
  let stopHi = -Infinity;
  let upLo = Infinity;
  let upHi = -Infinity;
  let explodeMass = 0;
  for (let i = 0; i < roll.values.length; i++) {
    const face = roll.values[i] as number;
    const value = score(face);
    if (explodesOn(plan, face, maxFace)) {
      explodeMass += roll.probs[i] as number;
      upLo = Math.min(upLo, value);
      upHi = Math.max(upHi, value);
    } else {
      n++;
      stopLo = Math.min(stopLo, value);
      stopHi = Math.max(stopHi, value);
    }
  }
  // Scores of different faces may coincide (`cs`): then the stops hold fewer values than faces, and nothing is refused.
  if (n <= 1 || explodeMass === 0 || stopHi - stopLo + 1 < n) return;
  let atLeast = 0;
  let lastHi = -Infinity;
  let mass = 1;
  for (let t = 0; t <= LIMITS.maxExplosionsPerDie && mass >= NEGLIGIBLE_MASS; t++) {
    const lo = stopLo + t * upLo;
    const hi = stopHi + t * upHi;
    if (lo > lastHi) {
      atLeast += n;
      lastHi = hi;
    }
    if (atLeast > MAX_SUPPORT) {
      throw new DistributionFailure(`this exploding die has at least ${formatCount(atLeast)} possible values; exact distributions stop at ${formatCount(MAX_SUPPORT)}`, 'limit', span);
    }
    mass *= explodeMass;
  }
}

/** The term's value for each count: a sum, a kept total, or a success count. */
export function termForCounts(roll: Pmf, maxFace: number, counts: Float64Array, plan: DicePlan, span: Span, walk: Walk): Map<number, Pmf> {
  const successes = plan.successes;
  const score = successes ? (v: number) => (compareMatches(successes.op, successes.value, v) ? 1 : 0) : (v: number) => v;
  const out = new Map<number, Pmf>();
  const exploding = plan.explode.length > 0 && probabilityOf(roll, (v) => explodesOn(plan, v, maxFace)) > 0;

  if (plan.selections.length === 0) {
    if (exploding) return sumsOfCopies(chainScore(roll, plan, maxFace, score, span, walk), counts, walk.budget, span);
    if (successes) {
      const p = probabilityOf(roll, (v) => score(v) === 1);
      for (const count of counts) {
        walk.budget.spend(count + 1, 'A success count', span);
        const row = binomialRow(count, p);
        out.set(count, fromEntries(Array.from(row, (q, c) => [c, q] as [number, number])));
      }
      return out;
    }
    const sums = sumsOfCopies(roll, counts, walk.budget, span);
    // Long sums reach probabilities below the smallest double (1000d6 at 1000 is 6^-1000): say so.
    const lowest = roll.values[0] as number;
    for (const [count, pmf] of sums) {
      if (count > 0 && (pmf.values[0] as number) > count * lowest) {
        walk.notes.add(
          `values from ${count * lowest} to ${(pmf.values[0] as number) - 1} (and as far above) have probabilities below 1e-308 and are not listed`,
        );
      }
    }
    return sums;
  }

  if (!exploding) {
    for (const count of counts) {
      const { from, to } = keptPositions(count, plan.selections);
      out.set(count, keptTotal(roll, { dice: count, from, to, score }, walk.budget, span));
    }
    return out;
  }
  for (const count of counts) out.set(count, keptWithExplosions(roll, count, plan, maxFace, score, span, walk));
  return out;
}

/**
 * keep/drop over a pool grown by explosions. When every exploding face is above every stopping face (`!`, `!>=5`),
 * the pool sorts as the `count` stopping dice below the M exploding ones, and M (the number of explosions) is
 * negative binomial: mix over M, keeping each group's share of the kept positions.
 */
export function keptWithExplosions(
  roll: Pmf,
  count: number,
  plan: DicePlan,
  maxFace: number,
  score: (face: number) => number,
  span: Span,
  walk: Walk,
): Pmf {
  const explodeFaces = Array.from(roll.values).filter((v) => explodesOn(plan, v, maxFace));
  const stopFaces = Array.from(roll.values).filter((v) => !explodesOn(plan, v, maxFace));
  if (stopFaces.length > 0 && (stopFaces[stopFaces.length - 1] as number) >= (explodeFaces[0] as number)) {
    throw new DistributionFailure(
      'an exact distribution of keep/drop with explosions needs the exploding faces to be the highest',
      'type',
      span,
    );
  }
  const e = probabilityOf(roll, (v) => explodesOn(plan, v, maxFace));
  // One die's chain past the per-die limit is a runtime error, as in chainScore.
  dieMayFail(walk, 'explosions', Math.pow(e, LIMITS.maxExplosionsPerDie + 1), span);
  const conditional = (keepIt: (v: number) => boolean, mass: number): Pmf =>
    fromEntries(Array.from(roll.values, (v, i) => [v, keepIt(v) ? (roll.probs[i] as number) / mass : 0]));
  const explodeDie = conditional((v) => explodesOn(plan, v, maxFace), e);
  const stopDie = conditional((v) => !explodesOn(plan, v, maxFace), 1 - e);
  if (count === 0) return point(0);

  // P(M = m) = C(count + m - 1, m) e^m (1 - e)^count, followed until the rest is negligible; chains longer than
  // the per-die limit are runtime errors, ignored here beyond the note (their mass is at most count · e^101).
  const parts: Array<[number, Pmf]> = [];
  let logWeight = count * Math.log1p(-e);
  const maxExplosions = count * LIMITS.maxExplosionsPerDie;
  // The stopping dice's share repeats for most m; the exploding dice are usually all kept (a running sum).
  const lowByRange = new Map<string, Pmf>();
  const explodeScore = mapValues(explodeDie, score);
  let allExploding = point(0);
  for (let m = 0; m <= maxExplosions; m++) {
    if (m > 0) {
      logWeight += Math.log((count + m - 1) / m) + Math.log(e);
      allExploding = addIndependent(allExploding, explodeScore, 1, walk.budget, span);
    }
    const weight = Math.exp(logWeight);
    const pool = count + m;
    const { from, to } = keptPositions(pool, plan.selections);
    // Sorted pool: positions [0, count) are the stopping dice, [count, pool) the exploding ones.
    const lowFrom = Math.min(from, count);
    const lowTo = Math.min(to, count);
    const lowKey = `${lowFrom},${lowTo}`;
    let low = lowByRange.get(lowKey);
    if (!low) {
      low = keptTotal(stopDie, { dice: count, from: lowFrom, to: lowTo, score }, walk.budget, span);
      lowByRange.set(lowKey, low);
    }
    const highFrom = Math.max(from - count, 0);
    const highTo = Math.max(to - count, 0);
    const high =
      highFrom === 0 && highTo === m
        ? allExploding
        : keptTotal(explodeDie, { dice: m, from: highFrom, to: highTo, score }, walk.budget, span);
    parts.push([weight, addIndependent(low, high, 1, walk.budget, span)]);
    // Past the mode the weights fall at least geometrically with ratio r: the rest is below weight · r / (1 - r).
    const ratio = ((count + m) / (m + 1)) * e;
    if (ratio < 1) {
      const rest = (weight * ratio) / (1 - ratio);
      if (rest < POOL_NEGLIGIBLE_MASS) {
        if (rest > 0) walk.notes.add(`explosions followed to ${m} in the pool; under ${rest.toExponential(1)} of the mass is left out`);
        break;
      }
    }
  }
  return mix(parts, walk, span);
}
