// Which faces of a die a dice compare matches (`!>=5`, `r1`, `cs>=6`): for the checker's ranges of rerolled,
// exploding and counted dice, and the words of a modifier.
import { printFormula } from './print';
import type { DiceCompare, DiceModifier } from './types';

/** Whether a dice compare holds for every face in lo..hi (whole faces), or for none. */
export function compareCoverage(compare: DiceCompare, lo: number, hi: number): 'all' | 'none' | 'some' {
  const v = compare.value;
  let first: number; // smallest matching face
  let last: number; // largest matching face
  switch (compare.op) {
    case '>=':
      [first, last] = [Math.max(lo, Math.ceil(v)), hi];
      break;
    case '>':
      [first, last] = [Math.max(lo, Math.floor(v) + 1), hi];
      break;
    case '<=':
      [first, last] = [lo, Math.min(hi, Math.floor(v))];
      break;
    case '<':
      [first, last] = [lo, Math.min(hi, Math.ceil(v) - 1)];
      break;
    case '==':
      if (!Number.isInteger(v) || v < lo || v > hi) return 'none';
      return lo === hi ? 'all' : 'some';
    case '!=':
      if (!Number.isInteger(v) || v < lo || v > hi) return 'all';
      return lo === hi ? 'none' : 'some';
  }
  if (first > last) return 'none';
  return first === lo && last === hi ? 'all' : 'some';
}

/** Whether `face` matches; a null compare (plain `!`) means the highest face `top`. */
export function faceMatches(compare: DiceCompare | null, face: number, top: number): boolean {
  if (compare === null) return face === top;
  return compareCoverage(compare, face, face) === 'all';
}

/**
 * The last face of the run of matching faces that starts at `face` (walking up), for one compare.
 * Lets a scan over up to a million faces jump whole runs instead of stepping face by face.
 */
export function runEndUp(compare: DiceCompare | null, face: number, hi: number): number {
  if (compare === null) return face;
  const v = compare.value;
  switch (compare.op) {
    case '<':
      return Math.min(hi, Math.ceil(v) - 1);
    case '<=':
      return Math.min(hi, Math.floor(v));
    case '!=':
      return Number.isInteger(v) && v > face ? Math.min(hi, v - 1) : hi;
    case '>':
    case '>=':
      return hi;
    case '==':
      return face;
  }
}

export function runStartDown(compare: DiceCompare | null, face: number, lo: number): number {
  if (compare === null) return face;
  const v = compare.value;
  switch (compare.op) {
    case '>':
      return Math.max(lo, Math.floor(v) + 1);
    case '>=':
      return Math.max(lo, Math.ceil(v));
    case '!=':
      return Number.isInteger(v) && v < face ? Math.max(lo, v + 1) : lo;
    case '<':
    case '<=':
      return lo;
    case '==':
      return face;
  }
}

/**
 * The lowest and highest faces in lo..hi that no compare matches (null: every face matches).
 * Faces are whole numbers; `top` is the die's highest face, which a plain `!` matches.
 */
export function unmatchedEnds(compares: readonly (DiceCompare | null)[], lo: number, hi: number, top: number): [number, number] | null {
  let low = lo;
  for (;;) {
    if (low > hi) return null;
    const matching = compares.find((compare) => faceMatches(compare, low, top));
    if (matching === undefined) break;
    low = runEndUp(matching, low, hi) + 1;
  }
  let high = hi;
  for (;;) {
    const matching = compares.find((compare) => faceMatches(compare, high, top));
    if (matching === undefined) break;
    high = runStartDown(matching, high, lo) - 1;
  }
  return [low, high];
}

export function modifierText(modifier: DiceModifier): string {
  return printFormula({ kind: 'dice', count: null, sides: { kind: 'fate' }, modifiers: [modifier], span: { start: 0, end: 0 } }).slice(2);
}
