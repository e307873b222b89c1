// What the distribution walk shares: the public result types, the walk's state, a formula's value (fixed or a
// distribution) and the limits it stops at. Part of engine/formula/distribution/.
import type { Span, UserFunction, Value } from '../types';
import { type DistributionErrorCode, type Pmf, WorkBudget } from '../../dice/pmf';

export interface DistributionOptions {
  /** The fixed value of a reference (`@str.mod` → ['str', 'mod']); undefined when it has none. */
  resolve(path: readonly string[]): Value | undefined;
  /** User functions, from the system's `functions`. */
  functions?: ReadonlyMap<string, UserFunction>;
  /** The work budget to spend (tests pass one to read what was spent); a fresh one of MAX_WORK by default. */
  budget?: WorkBudget;
}

export interface Distribution {
  readonly ok: true;
  /** 'boolean' when the formula is a test: its pmf is over 0 (false) and 1 (true), its mean P(true). */
  readonly type: 'number' | 'boolean';
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly stdev: number;
  /** [value, probability], values ascending. */
  readonly pmf: Array<[number, number]>;
  /** What was approximated or truncated, in words. */
  readonly notes: string[];
}

export interface DistributionError {
  readonly ok: false;
  readonly error: { readonly code: DistributionErrorCode; readonly message: string; readonly span: Span };
}

export type DistributionResult = Distribution | DistributionError;

/** How far an explosion chain is followed before the rest of its mass is left out (beyond the runtime's limit). */
export const NEGLIGIBLE_MASS = 1e-18;
/** The same for the number of explosions in a kept pool, where each step costs a keep/drop program. */
export const POOL_NEGLIGIBLE_MASS = 1e-15;
export const MAX_CALL_DEPTH = 16;
export const MAX_NODE_DEPTH = 200;

/** A formula's value: fixed (no dice beneath) or a distribution over numbers. */
export type Outcome =
  | { readonly kind: 'fixed'; readonly value: Value }
  | { readonly kind: 'random'; readonly pmf: Pmf; readonly boolean: boolean };

export interface Walk {
  readonly options: DistributionOptions;
  readonly budget: WorkBudget;
  readonly notes: Set<string>;
  /** Dice rolled at most, over the whole formula (the runtime's per-evaluation budget). */
  diceUsed: number;
  /** Parameters of the user function being expanded. */
  readonly params: ReadonlyMap<string, Value> | null;
  /** Names bound by the `let`s around the node (`pool`, `pool.faces`); a user function's body sees none of them. */
  readonly locals: ReadonlyMap<string, Value> | null;
  readonly callDepth: number;
}

export function describeValue(value: Value): string {
  if (typeof value === 'string') return `the text '${value}'`;
  if (Array.isArray(value)) return 'a list';
  return String(value);
}
