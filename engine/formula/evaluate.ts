// The evaluation runtime: a fresh context, one evaluation (budget, roll facts and trace reset), the roll facts' tags,
// and the located errors compiled closures raise while running (engine/formula/compile/ builds those closures).
import { FormulaRuntimeError } from './runtime';
import type { EvalContext, CompiledFormula, RollFacts } from './runtime';
import { formatChipValue } from './trace';
import { LIMITS } from './types';
import type { Rng, Span, Value } from './types';

/** A fresh context: full budget, empty roll facts, tracing when asked. */
export function newEvalContext(rng: Rng, scope?: unknown, options?: { readonly trace?: boolean }): EvalContext {
  return {
    rng,
    scope,
    diceLeft: LIMITS.maxDicePerEvaluation,
    roll: { dice: [], kept: [], tags: NO_TAGS },
    trace: options?.trace === true ? [] : null,
  };
}

/**
 * One evaluation: resets the budget, the roll facts and the trace (when tracing), then runs the formula.
 * The facts stay readable on ctx.roll until the next evaluation with this context.
 */
export function evaluateFormula(formula: CompiledFormula, ctx: EvalContext): Value {
  ctx.diceLeft = LIMITS.maxDicePerEvaluation;
  resetRollFacts(ctx.roll);
  const trace = ctx.trace;
  if (trace !== null) while (trace.length !== 0) trace.pop();
  const value = formula(ctx);
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new FormulaRuntimeError(`the result is not a finite number (${String(value)})`, 'type');
  }
  return value;
}

/**
 * The tags of a roll that wrote none: shared and frozen. A tag write swaps in a fresh record first (writeTag), so a
 * reset is one assignment instead of a scan of the old record.
 */
export const NO_TAGS = Object.freeze(Object.create(null) as Record<string, number>);

/** Packs a tagged term's first and past-the-last die in `dice` into one number (a roll has far fewer dice). */
const TAG_SPAN = 1_048_576;

/**
 * Records a tagged term's value (`d12[Hope]` → roll.tags.Hope) and, when `from` is given (the length of `dice` before
 * the term ran), where its dice are. The spans record is swapped in with the tags record, so it is as fresh.
 */
export function writeTag(roll: RollFacts, tag: string, value: number, from = -1): void {
  if (roll.tags === NO_TAGS) {
    roll.tags = Object.create(null) as Record<string, number>;
    roll.spans = Object.create(null) as Record<string, number>;
  }
  roll.tags[tag] = value;
  if (from >= 0) roll.spans![tag] = from * TAG_SPAN + roll.dice.length;
}

/**
 * The dice of a tagged term in this roll (`@roll.Base.faces`): every die it rolled, kept and dropped, in order, as
 * `@roll.dice` lists them; [] when the roll wrote no such tag. A term tagged twice counts where it was last written.
 */
export function tagDice(roll: RollFacts, tag: string): number[] {
  const at = tagRange(roll, tag);
  return at === null ? [] : roll.dice.slice(at[0], at[1]);
}

/** [from, to) of a tagged term's dice in `roll.dice`, or null when this roll wrote no such tag. */
export function tagRange(roll: RollFacts, tag: string): readonly [number, number] | null {
  if (roll.tags === NO_TAGS || roll.spans === undefined) return null;
  const packed = roll.spans[tag];
  if (packed === undefined) return null;
  const from = Math.floor(packed / TAG_SPAN);
  return [from, packed - from * TAG_SPAN];
}

/**
 * Empties roll facts, reusing their arrays: popping is much cheaper in V8 than assigning `length = 0`, which leaves
 * optimized code for a runtime call.
 */
export function resetRollFacts(roll: RollFacts): void {
  // Popped, not `length = 0`: that gives the backing store up, and the next roll allocates it again (measured:
  // the simulator ran a third slower).
  const dice = roll.dice;
  while (dice.length !== 0) dice.pop();
  const kept = roll.kept;
  while (kept.length !== 0) kept.pop();
  roll.tags = NO_TAGS;
}

// ---------------------------------------------------------------------------------------------------------------
// Errors the closures raise while running

export function describeType(value: Value): string {
  if (typeof value === 'number') return `the number ${formatChipValue(value)}`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `the text ${formatChipValue(value)}`;
  return 'a list';
}

export function typeError(expected: string, value: Value, span: Span): FormulaRuntimeError {
  return new FormulaRuntimeError(`expected ${expected}, got ${describeType(value)}`, 'type', span);
}

export function finite(value: number, span: Span): number {
  if (!Number.isFinite(value)) throw new FormulaRuntimeError('the result is too large (not a finite number)', 'limit', span);
  return value;
}


/** A number, or a located type error. Small enough for the JIT to inline into every operation. */
export function numberAt(value: Value, span: Span): number {
  if (typeof value === 'number') return value;
  throw typeError('a number', value, span);
}

export function valuesEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  return false;
}
