// The runtime contract between compiled formulas and whoever runs them (CLI, distributions, simulator).
import type { Rng, Span, UserFunction, Value } from './types';

/**
 * Reads one reference at run time. The compiler asks the caller's resolver once per reference, at compile time,
 * so a hot loop (the simulator) pays for no string lookups: it hands back a closure over its own structures.
 */
export type RefGetter = (ctx: EvalContext) => Value;

export interface CompileOptions {
  /** Called once per `@path` at compile time. Return undefined for an unknown reference (a compile error). */
  resolve(path: readonly string[]): RefGetter | undefined;
  /** Chip label of a reference (`str.mod` → 'Strength'); unlabeled references print their value alone. */
  label?(path: readonly string[]): string | undefined;
  /** User functions of the document, already parsed by the caller or parsed on demand. */
  functions?: ReadonlyMap<string, UserFunction>;
}

/** What one evaluation rolled: read by a check's outcomes as `@natural`, `@roll.high`, `@roll.dice`, `@roll.<Tag>`. */
export interface RollFacts {
  /** Every die rolled, kept and dropped alike, in order. */
  dice: number[];
  /** Faces of the kept dice (their sum is `@natural`). */
  kept: number[];
  /** Values of tagged terms: `d12[Hope]` → tags.Hope. */
  tags: Record<string, number>;
  /**
   * Where each tagged term's dice are in `dice` (`from * TAG_SPAN + to`; read through tagDice), written with `tags`
   * and fresh whenever `tags` is: `@roll.Base.faces`, and a partial reroll keeping a tag's faces.
   */
  spans?: Record<string, number>;
}

/** One piece of a chip: `d20 (14)`, `3 Strength`, `+`, `2`. */
export type TraceItem =
  | { readonly kind: 'dice'; readonly text: string; readonly faces: readonly number[]; readonly kept: readonly boolean[]; readonly value: number; readonly span: Span }
  | { readonly kind: 'ref'; readonly path: readonly string[]; readonly label?: string; readonly value: Value; readonly span: Span }
  | { readonly kind: 'text'; readonly text: string }
  /** A user function call, `throw(10) (3, 5 → 8)`: the faces of the dice rolled inside it, then its value. */
  | { readonly kind: 'call'; readonly name: string; readonly text: string; readonly faces: readonly number[]; readonly kept: readonly boolean[]; readonly value: Value; readonly span: Span };

export interface EvalContext {
  readonly rng: Rng;
  /** Whatever the resolver's getters read (the simulator's combatants, the CLI's `--set` values). */
  scope: unknown;
  /** Dice left in this evaluation's budget (spec §1.3: 10,000). */
  diceLeft: number;
  /** Filled by dice terms while evaluating. Reset it (or pass a fresh one) per roll. */
  roll: RollFacts;
  /** Collects chip items when non-null; null on hot paths. */
  trace: TraceItem[] | null;
}

export type CompiledFormula = (ctx: EvalContext) => Value;

const getterTypes = new WeakMap<RefGetter, 'number' | 'boolean'>();

/**
 * Marks a resolver's getter as always giving a number (or always true/false): the compiler then drops the run-time
 * type checks around it and compares it with `===` (`@natural == 20` on every attack). Only for getters that cannot
 * give anything else.
 */
export function typedGetter<G extends RefGetter>(getter: G, type: 'number' | 'boolean'): G {
  getterTypes.set(getter, type);
  return getter;
}

/** The type a getter was marked with, or undefined (any value). */
export function getterType(getter: RefGetter): 'number' | 'boolean' | undefined {
  return getterTypes.get(getter);
}

/** Errors raised while evaluating: a clear message, never a crash or a hang. */
export class FormulaRuntimeError extends Error {
  constructor(
    message: string,
    readonly code: 'limit' | 'division-by-zero' | 'type' | 'die-size',
    readonly span?: Span,
  ) {
    super(message);
    this.name = 'FormulaRuntimeError';
  }
}
