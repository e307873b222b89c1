// The studio's number fields, checked before any work starts: a sentence that says which field wants what, never a
// batch of NaN fights or a run that a seed of 2.5 makes impossible to repeat with `sim --seed`.

/** Fights in one sandbox batch (the field's max). */
export const MAX_BATCH_FIGHTS = 1_000_000;
/** Fights each of a Balance run: a grid cell, a fight of the diff, a variant of the needle. */
export const MIN_BALANCE_FIGHTS = 10;
export const MAX_BALANCE_FIGHTS = 100_000;

/** The sentence of a bad number field, as templates (the studio passes its language's; English by default). */
export interface InputWords {
  /** `{label}`, `{min}`, `{max}`, `{why}` (one of the two below). */
  readonly wholeNumber: string;
  readonly empty: string;
  /** `{value}`. */
  readonly not: string;
  readonly seed: string;
  /** How a bound is written (1,000,000 / 1.000.000). */
  readonly number: (n: number) => string;
}

export const ENGLISH_INPUT_WORDS: InputWords = {
  wholeNumber: '{label} must be a whole number from {min} to {max}{why}.',
  empty: ' (the field is empty)',
  not: ', not {value}',
  seed: 'Seed',
  number: (n) => n.toLocaleString('en'),
};

/** Why the field `label` cannot hold `value` (a whole number from `min` to `max`), or null. */
export function wholeNumberProblem(label: string, value: unknown, min: number, max: number, words: InputWords = ENGLISH_INPUT_WORDS): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return null;
  const empty = value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
  const why = empty ? words.empty : words.not.replace('{value}', String(value));
  return words.wholeNumber.replace('{label}', label).replace('{min}', words.number(min)).replace('{max}', words.number(max)).replace('{why}', why);
}

/** Why `seed` cannot seed a fight the CLI can repeat (`sim --seed S` takes a whole number from 0), or null. */
export function seedProblem(seed: unknown, words: InputWords = ENGLISH_INPUT_WORDS): string | null {
  return wholeNumberProblem(words.seed, seed, 0, Number.MAX_SAFE_INTEGER, words);
}
