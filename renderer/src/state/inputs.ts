// The studio's number fields, checked before any work starts: a sentence that says which field wants what, never a
// batch of NaN fights or a run that a seed of 2.5 makes impossible to repeat with `sim --seed`.

/** Fights in one sandbox batch (the field's max). */
export const MAX_BATCH_FIGHTS = 1_000_000;
/** Fights each of a Balance run: a grid cell, a fight of the diff, a variant of the needle. */
export const MIN_BALANCE_FIGHTS = 10;
export const MAX_BALANCE_FIGHTS = 100_000;

/** Why the field `label` cannot hold `value` (a whole number from `min` to `max`), or null. */
export function wholeNumberProblem(label: string, value: unknown, min: number, max: number): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return null;
  const empty = value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
  return `${label} must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}${empty ? ' (the field is empty)' : `, not ${String(value)}`}.`;
}

/** Why `seed` cannot seed a fight the CLI can repeat (`sim --seed S` takes a whole number from 0), or null. */
export function seedProblem(seed: unknown): string | null {
  return wholeNumberProblem('Seed', seed, 0, Number.MAX_SAFE_INTEGER);
}
