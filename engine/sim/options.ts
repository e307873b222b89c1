// What a run of fights needs of its numbers, checked once before any fight: a count of NaN, 2.5 or -5 would run
// nonsense (a grid of NaN fights a cell), and an unfinished seed cannot seed anything.

/** Why `value` cannot be `what` (a whole number from `min`), or null. */
export function wholeProblem(what: string, value: number, min: number): string | null {
  return Number.isSafeInteger(value) && value >= min ? null : `${what} must be a whole number from ${min}, got ${value}`;
}

/** Why `seed` cannot seed fights, or null: any finite number does (the same seed gives the same fights). */
export function seedProblem(seed: number): string | null {
  return Number.isFinite(seed) ? null : `the seed must be a finite number, got ${seed}`;
}

/** The first problem of a run's count of fights (a whole number from `minFights`) and seed, or null. */
export function runProblem(options: { readonly fights: number; readonly seed: number }, minFights = 1): string | null {
  return wholeProblem('the number of fights', options.fights, minFights) ?? seedProblem(options.seed);
}

/** One worker's part of a run shared among `of` workers: the items i with i % of === index. */
export interface Share {
  readonly index: number;
  readonly of: number;
}

/** Why `share` is no share of `what` (a grid, a needle), or null: a whole count from 1 and a whole index below it. */
export function shareProblem(what: string, share: Share): string | null {
  const ok = Number.isInteger(share.of) && share.of >= 1 && Number.isInteger(share.index) && share.index >= 0 && share.index < share.of;
  return ok ? null : `${what}'s share must be a whole index below its whole count, got ${share.index} of ${share.of}`;
}
