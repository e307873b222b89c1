// Rolling one dice term with its modifiers, under the evaluation's budget, recording the roll facts (spec §1.3, §1.4).
//
// Semantics (the exact distributions follow the same rules):
// - Each die is rolled, then rerolled: `r` while it matches (at most 100 times, else an error), then `ro` at most once.
// - A die that matches its explode compare (`!` = the highest face) adds one more die to the pool, which is rerolled
//   and may explode in turn: every explosion is a die of its own (so `5d10!cs>=8` counts each), at most 100 per die.
// - keep/drop modifiers then act in order on the dice still kept; among equal faces the earlier die counts as lower.
// - The term's value is the sum of the kept faces, or with `cs` the number of kept dice that pass.
// - Facts: every die of the pool (kept and dropped, after rerolls) goes to `roll.dice` in the order rolled; kept faces
//   to `roll.kept`. Faces rerolled away are shown in a chip only. Every die rolled, rerolls included, costs budget.
import { LIMITS } from '../formula/types';
import type { CompareOp, DiceCompare, DiceModifier, Span } from '../formula/types';
import { FormulaRuntimeError } from '../formula/runtime';
import type { EvalContext } from '../formula/runtime';

/** `'fate'` rolls -1, 0 or +1. */
export type DieSize = number | 'fate';

/** A term's modifiers, sorted by role once at compile time. */
export interface DicePlan {
  /** keep/drop in written order. */
  readonly selections: readonly { readonly drop: 'low' | 'high'; readonly keep: boolean; readonly count: number }[];
  /** Explode when any compare matches; null compare means the highest face. Empty: no explosions. */
  readonly explode: readonly (DiceCompare | null)[];
  readonly rerollUntil: readonly DiceCompare[];
  readonly rerollOnce: readonly DiceCompare[];
  /** Count successes instead of summing. */
  readonly successes: DiceCompare | null;
  /** The last die size found to settle (endlessDie), so that rolling it again skips the check. */
  settlesOn: DieSize | null;
  /** The term as written, when its die size is computed: an error about the die it rolled names it. */
  readonly term: string | null;
}

/** A chip's view of a term: every face shown, including those rerolled away, with whether it counts. */
export interface DiceTraceSink {
  faces: number[];
  kept: boolean[];
}

export function planDice(modifiers: readonly DiceModifier[], term: string | null = null): DicePlan {
  const selections: { drop: 'low' | 'high'; keep: boolean; count: number }[] = [];
  const explode: (DiceCompare | null)[] = [];
  const rerollUntil: DiceCompare[] = [];
  const rerollOnce: DiceCompare[] = [];
  let successes: DiceCompare | null = null;
  for (const modifier of modifiers) {
    switch (modifier.kind) {
      case 'keep':
        // Keeping the highest k drops the lowest of the rest.
        selections.push({ drop: modifier.which === 'high' ? 'low' : 'high', keep: true, count: modifier.count });
        break;
      case 'drop':
        selections.push({ drop: modifier.which, keep: false, count: modifier.count });
        break;
      case 'explode':
        explode.push(modifier.compare);
        break;
      case 'reroll':
        (modifier.once ? rerollOnce : rerollUntil).push(modifier.compare);
        break;
      case 'successes':
        successes = modifier.compare;
        break;
      default: {
        const unknown: never = modifier;
        throw new Error(`internal: unknown dice modifier ${JSON.stringify(unknown)}`);
      }
    }
  }
  return { selections, explode, rerollUntil, rerollOnce, successes, settlesOn: null, term };
}

export function isPlainPlan(plan: DicePlan): boolean {
  return (
    plan.selections.length === 0 &&
    plan.explode.length === 0 &&
    plan.rerollUntil.length === 0 &&
    plan.rerollOnce.length === 0 &&
    plan.successes === null
  );
}

export function compareMatches(op: CompareOp, target: number, face: number): boolean {
  switch (op) {
    case '==': return face === target;
    case '!=': return face !== target;
    case '<': return face < target;
    case '<=': return face <= target;
    case '>': return face > target;
    case '>=': return face >= target;
  }
}

/** Whether a compare matches every face of min..max (an explosion or reroll that could never stop). */
export function matchesEveryFace(compare: DiceCompare, min: number, max: number): boolean {
  const v = compare.value;
  switch (compare.op) {
    case '==': return min === max && min === v;
    case '!=': return !(Number.isInteger(v) && v >= min && v <= max);
    case '<': return max < v;
    case '<=': return max <= v;
    case '>': return min > v;
    case '>=': return min >= v;
  }
}

/**
 * Faces of min..max that stand for every face: whether a face matches each compare (and whether it is the highest)
 * is the same from one candidate up to the next, so "is there a face that ..." over the plan's compares is answered
 * exactly by asking it of these few faces instead of up to a million.
 */
function candidateFaces(plan: DicePlan, min: number, max: number): number[] {
  const faces = new Set<number>([min, max, max - 1]);
  const around = (v: number): void => {
    const lo = Math.floor(v);
    const hi = Math.ceil(v);
    faces.add(lo - 1).add(lo).add(lo + 1).add(hi - 1).add(hi).add(hi + 1);
  };
  for (const compare of plan.explode) if (compare !== null) around(compare.value);
  for (const compare of plan.rerollUntil) around(compare.value);
  for (const compare of plan.rerollOnce) around(compare.value);
  return [...faces].filter((face) => face >= min && face <= max);
}

function listCompares(compares: readonly (DiceCompare | null)[]): string {
  const texts = compares.map((compare) => (compare === null ? 'the highest face' : describeCompare(compare)));
  return texts.length <= 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} or ${texts[texts.length - 1]}`;
}

/**
 * Why a die of faces min..max under this plan could never settle, in words, or null when every roll of it ends
 * (with certainty: the limit of 100 rerolls or explosions per die may still be reached by bad luck). The meaning,
 * shared by the roller and the exact distributions: each roll is rerolled with `r` while it matches, then once with
 * `ro` (a fresh roll, taken as it falls); the face it settles on explodes when it matches an explode compare (plain
 * `!`: the die's highest face, whether or not a reroll lets it stay). So a die never stops when `r` leaves it no
 * face, or when every face a roll can settle on explodes (`d2r1!`: every roll settles on 2, and 2 explodes).
 */
export function endlessDie(plan: DicePlan, min: number, max: number): string | null {
  if (plan.rerollUntil.length === 0 && plan.explode.length === 0) return null;
  const die = min === -1 && max === 1 ? 'a dF' : `a d${max}`;
  const faces = candidateFaces(plan, min, max);
  const rerolled = (face: number): boolean => anyMatches(plan.rerollUntil, face);
  if (plan.rerollUntil.length > 0 && faces.every(rerolled)) {
    return `rerolling on ${listCompares(plan.rerollUntil)} matches every face of ${die}: it would never stop`;
  }
  if (plan.explode.length === 0) return null;
  // A reroll-once that can happen is a fresh roll, which may land on any face.
  const onceHappens = plan.rerollOnce.length > 0 && faces.some((face) => !rerolled(face) && anyMatches(plan.rerollOnce, face));
  const settles = (face: number): boolean => onceHappens || !rerolled(face);
  if (faces.some((face) => settles(face) && !explodes(plan.explode, face, max))) return null;
  const exploding = `exploding on ${listCompares(plan.explode)}${plan.explode.includes(null) ? ` (${max})` : ''}`;
  if (plan.rerollUntil.length === 0) return `${exploding} matches every face of ${die}: it would never stop`;
  return `${exploding} matches every face ${die} can settle on after rerolling on ${listCompares(plan.rerollUntil)}: it would never stop`;
}

/** endlessDie's words, led by the term when its size is computed: "in `d(@n)r1!`: exploding on ... a d2 ...". */
export function endlessTerm(plan: DicePlan, min: number, max: number): string | null {
  const endless = endlessDie(plan, min, max);
  return endless === null || plan.term === null ? endless : `in \`${plan.term}\`: ${endless}`;
}

/** Throws the runtime error of a die that could never settle (endlessDie), once per plan and size. */
function checkSettles(plan: DicePlan, size: DieSize, span: Span | undefined): void {
  if (plan.settlesOn === size) return;
  const endless = size === 'fate' ? endlessTerm(plan, -1, 1) : endlessTerm(plan, 1, size);
  if (endless !== null) throw new FormulaRuntimeError(endless, 'limit', span);
  plan.settlesOn = size;
}

/** Checks a computed count: a whole number from 0, within the budget left. */
export function checkDiceCount(ctx: EvalContext, count: number, span: Span | undefined): void {
  if (!Number.isInteger(count) || count < 0) {
    throw new FormulaRuntimeError(`the number of dice must be a whole number from 0, got ${formatForError(count)}`, 'type', span);
  }
  if (count > ctx.diceLeft) {
    throw new FormulaRuntimeError(
      `this roll needs ${count} dice, over the limit of ${LIMITS.maxDicePerEvaluation} dice per evaluation (${ctx.diceLeft} left)`,
      'limit',
      span,
    );
  }
}

/** Checks a computed die size: a whole number from 1 to 1,000,000. */
export function checkDieSize(sides: number, span: Span | undefined): void {
  if (!Number.isInteger(sides) || sides < 1 || sides > LIMITS.maxDieSize) {
    throw new FormulaRuntimeError(
      `a die must have a whole number of faces from 1 to ${LIMITS.maxDieSize.toLocaleString('en-US')}, got ${formatForError(sides)}`,
      'die-size',
      span,
    );
  }
}

function formatForError(n: number): string {
  return Number.isFinite(n) ? String(n) : n > 0 ? 'infinity' : n < 0 ? '-infinity' : 'not a number';
}

function budgetError(span: Span | undefined): FormulaRuntimeError {
  return new FormulaRuntimeError(
    `more than ${LIMITS.maxDicePerEvaluation} dice rolled in one evaluation (explosions and rerolls count)`,
    'limit',
    span,
  );
}

/**
 * The hot path: `NdX` with no modifiers (count and size already checked). Returns the sum; records every face as
 * rolled and kept.
 */
export function rollPlain(ctx: EvalContext, count: number, sides: number, span: Span | undefined): number {
  if (count > ctx.diceLeft) checkDiceCount(ctx, count, span);
  ctx.diceLeft -= count;
  const rng = ctx.rng;
  if (count > 1 && rng.pool !== undefined) rng.pool(count, sides);
  const dice = ctx.roll.dice;
  const kept = ctx.roll.kept;
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const face = rng.die(sides);
    dice.push(face);
    kept.push(face);
    sum += face;
  }
  return sum;
}

/** The single-die hot path (`d20`). */
export function rollOne(ctx: EvalContext, sides: number, span: Span | undefined): number {
  if (ctx.diceLeft < 1) throw budgetError(span);
  ctx.diceLeft--;
  const face = ctx.rng.die(sides);
  ctx.roll.dice.push(face);
  ctx.roll.kept.push(face);
  return face;
}

/**
 * The hot path of `4d6kh3`, `2d20kh1`, `4d6dl1`: one keep/drop that removes a single die, nothing else. Drops the
 * same die as rollPool would: the lowest face (earliest among equals) or the highest (latest among equals).
 */
export function rollDropOne(ctx: EvalContext, count: number, sides: number, dropHigh: boolean, span: Span | undefined): number {
  if (count > ctx.diceLeft) checkDiceCount(ctx, count, span);
  ctx.diceLeft -= count;
  const rng = ctx.rng;
  if (count > 1 && rng.pool !== undefined) rng.pool(count, sides);
  const dice = ctx.roll.dice;
  const start = dice.length;
  let sum = 0;
  let dropAt = 0;
  let dropFace = 0;
  for (let i = 0; i < count; i++) {
    const face = rng.die(sides);
    dice.push(face);
    sum += face;
    if (i === 0 || (dropHigh ? face >= dropFace : face < dropFace)) {
      dropAt = i;
      dropFace = face;
    }
  }
  const kept = ctx.roll.kept;
  for (let i = 0; i < count; i++) if (i !== dropAt) kept.push(dice[start + i]!);
  return sum - dropFace;
}

/** How many dice a plan of one keep/drop removes from `count`, when that is all it does; else -1. */
export function singleSelectionDrops(plan: DicePlan, count: number): number {
  if (plan.selections.length !== 1 || plan.explode.length + plan.rerollUntil.length + plan.rerollOnce.length > 0 || plan.successes !== null) {
    return -1;
  }
  const selection = plan.selections[0]!;
  return selection.keep ? Math.max(0, count - selection.count) : Math.min(count, selection.count);
}

// Scratch space, reused by every call (evaluation is synchronous and a term's pool is finished before another starts).
const POOL_CAPACITY = LIMITS.maxDicePerEvaluation + 1;
const dropped = new Uint8Array(POOL_CAPACITY);
const order = new Int32Array(POOL_CAPACITY);
const traceIndex = new Int32Array(POOL_CAPACITY);
const sortKeys = new Float64Array(POOL_CAPACITY);
const INSERTION_SORT_MAX = 48;
const KEY_STRIDE = 16384; // > POOL_CAPACITY, so face * stride + index orders by face, then index

/**
 * Rolls a term with modifiers. `count` and `sides` must have passed checkDiceCount/checkDieSize.
 * Returns the term's value; pushes faces to ctx.roll and, when `trace` is given, every face shown in the chip.
 */
export function rollPool(
  ctx: EvalContext,
  count: number,
  size: DieSize,
  plan: DicePlan,
  span: Span | undefined,
  trace: DiceTraceSink | null,
): number {
  if (count > ctx.diceLeft) checkDiceCount(ctx, count, span);
  const fate = size === 'fate';
  const sides = fate ? 3 : size;
  const offset = fate ? -2 : 0;
  const maxFace = sides + offset;
  checkSettles(plan, size, span);

  const rng = ctx.rng;
  const dice = ctx.roll.dice;
  const start = dice.length;
  const rerollUntil = plan.rerollUntil;
  const rerollOnce = plan.rerollOnce;
  const explode = plan.explode;
  // Every die drawn once (no explosion, no reroll): the draws' order is read by nothing but a chip's trace.
  if (count > 1 && trace === null && rng.pool !== undefined && explode.length + rerollUntil.length + rerollOnce.length === 0) rng.pool(count, sides);

  for (let i = 0; i < count; i++) {
    let explosions = 0;
    for (;;) {
      if (ctx.diceLeft < 1) throw budgetError(span);
      ctx.diceLeft--;
      let face = rng.die(sides) + offset;
      if (rerollUntil.length > 0) {
        let rerolls = 0;
        while (anyMatches(rerollUntil, face)) {
          if (++rerolls > LIMITS.maxExplosionsPerDie) {
            throw new FormulaRuntimeError(`more than ${LIMITS.maxExplosionsPerDie} rerolls of one die`, 'limit', span);
          }
          if (trace !== null) pushTraceFace(trace, face, false);
          if (ctx.diceLeft < 1) throw budgetError(span);
          ctx.diceLeft--;
          face = rng.die(sides) + offset;
        }
      }
      if (rerollOnce.length > 0 && anyMatches(rerollOnce, face)) {
        if (trace !== null) pushTraceFace(trace, face, false);
        if (ctx.diceLeft < 1) throw budgetError(span);
        ctx.diceLeft--;
        face = rng.die(sides) + offset;
      }
      const poolIndex = dice.length - start;
      if (poolIndex >= POOL_CAPACITY) throw budgetError(span); // only if a caller raised diceLeft past the limit
      dropped[poolIndex] = 0;
      if (trace !== null) {
        traceIndex[poolIndex] = trace.faces.length;
        pushTraceFace(trace, face, true);
      }
      dice.push(face);
      if (explode.length === 0 || !explodes(explode, face, maxFace)) break;
      if (++explosions > LIMITS.maxExplosionsPerDie) {
        throw new FormulaRuntimeError(`more than ${LIMITS.maxExplosionsPerDie} explosions of one die`, 'limit', span);
      }
    }
  }

  const poolSize = dice.length - start;
  for (const selection of plan.selections) applySelection(dice, start, poolSize, selection.drop, selection.keep, selection.count);

  const kept = ctx.roll.kept;
  const successes = plan.successes;
  let value = 0;
  for (let i = 0; i < poolSize; i++) {
    if (dropped[i] === 1) {
      if (trace !== null) trace.kept[traceIndex[i]!] = false;
      continue;
    }
    const face = dice[start + i]!;
    kept.push(face);
    if (successes === null) value += face;
    else if (compareMatches(successes.op, successes.value, face)) value++;
  }
  return value;
}

function pushTraceFace(trace: DiceTraceSink, face: number, counts: boolean): void {
  trace.faces.push(face);
  trace.kept.push(counts);
}

function anyMatches(compares: readonly DiceCompare[], face: number): boolean {
  for (const compare of compares) if (compareMatches(compare.op, compare.value, face)) return true;
  return false;
}

function explodes(compares: readonly (DiceCompare | null)[], face: number, maxFace: number): boolean {
  for (const compare of compares) {
    if (compare === null ? face === maxFace : compareMatches(compare.op, compare.value, face)) return true;
  }
  return false;
}

function describeCompare(compare: DiceCompare): string {
  return `${compare.op === '==' ? '' : compare.op}${compare.value}`;
}

/** Drops dice among those still kept: `count` lowest/highest, or all but `count` when keeping. */
function applySelection(dice: readonly number[], start: number, poolSize: number, drop: 'low' | 'high', keep: boolean, count: number): void {
  let live = 0;
  for (let i = 0; i < poolSize; i++) if (dropped[i] === 0) order[live++] = i;
  const toDrop = keep ? Math.max(0, live - count) : Math.min(live, count);
  if (toDrop === 0) return;
  sortByFace(dice, start, live);
  if (drop === 'low') for (let k = 0; k < toDrop; k++) dropped[order[k]!] = 1;
  else for (let k = live - toDrop; k < live; k++) dropped[order[k]!] = 1;
}

/** Sorts order[0..n) by (face, index) ascending: a total order, so ties always resolve the same way. */
function sortByFace(dice: readonly number[], start: number, n: number): void {
  if (n <= INSERTION_SORT_MAX) {
    for (let i = 1; i < n; i++) {
      const index = order[i]!;
      const face = dice[start + index]!;
      let j = i - 1;
      while (j >= 0) {
        const other = order[j]!;
        const otherFace = dice[start + other]!;
        if (otherFace < face || (otherFace === face && other < index)) break;
        order[j + 1] = other;
        j--;
      }
      order[j + 1] = index;
    }
    return;
  }
  // Faces are at least -1 (fate), so face + 1 >= 0 and the key is exact in a double.
  for (let k = 0; k < n; k++) {
    const index = order[k]!;
    sortKeys[k] = (dice[start + index]! + 1) * KEY_STRIDE + index;
  }
  const keys = sortKeys.subarray(0, n).sort();
  for (let k = 0; k < n; k++) order[k] = keys[k]! % KEY_STRIDE;
}
