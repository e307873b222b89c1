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
