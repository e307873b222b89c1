// What every handler of engine/formula/compile/ shares: a compiled piece (its closure, what is known of it before
// running, how tightly its chip text binds), the compile scope, compile errors, and the constants and type guards
// the handlers build from (folding runs a node's plain closure once over constant operands).
import { FormulaRuntimeError } from '../runtime';
import type { CompileOptions, EvalContext, RefGetter, TraceItem } from '../runtime';
import { newEvalContext, typeError } from '../evaluate';
import { formatChipValue } from '../trace';
import type { FormulaDiagnostic, FormulaNode, Rng, Span, Value } from '../types';

export type Run = (ctx: EvalContext) => Value;
export type NumberRun = (ctx: EvalContext) => number;
export type BooleanRun = (ctx: EvalContext) => boolean;

/** What the compiler knows of a value before running: used to skip run-time type checks. */
export type StaticType = 'number' | 'boolean' | 'value';

/** Chip binding strength, loosest first (mirrors print.ts and the grammar). */
export const Level = { Conditional: 0, Or: 1, And: 2, Not: 3, Comparison: 4, Additive: 5, Multiplicative: 6, Unary: 7, Postfix: 8, Atom: 9 } as const;

export interface Piece {
  readonly run: Run;
  readonly type: StaticType;
  /** Known at compile time (a literal, or folded). */
  readonly constant: { readonly value: Value } | null;
  /** How tightly its chip text binds, to know where a parent needs parentheses. */
  readonly level: number;
  /** A plain comparison of a number with a constant (`@edge > 0`): a conditional testing it runs it inline. */
  readonly compare?: NumberTest;
  /**
   * A conditional on such a comparison of a reference (`@edge < 0 ? x : y`), its parts kept: a conditional around
   * it on the same reference reads the reference once for both tests (`@edge > 0 ? a : @edge < 0 ? b : c`).
   */
  readonly branch?: { readonly test: NumberTest; readonly then: Run; readonly otherwise: Run; readonly otherwiseDie: OneDie | null };
  /** One plain die (`d20`): a shared-read conditional whose last branch it is rolls it inline (fused.ts sharedRead). */
  readonly die?: OneDie;
}

/** A single die of constant size, as its piece rolls it. */
export interface OneDie {
  readonly sides: number;
  readonly span: Span;
}

/** `read(ctx) op k`, for a read known to give a number. */
export interface NumberTest {
  readonly op: '<' | '<=' | '>' | '>=' | '==' | '!=';
  readonly read: NumberRun;
  readonly k: number;
  /** The reference read (`edge`), when the left side is one: two tests of the same reference can share one read. */
  readonly ref: string | null;
}

/** Where the compiler is: plain or traced, a user function's body at one call site or the formula itself. */
export interface CompileScope {
  readonly options: CompileOptions;
  readonly traced: boolean;
  /** A user function's parameters, while compiling its body at one call site. */
  readonly params: ReadonlyMap<string, Piece> | null;
  /** User functions whose bodies are being compiled, outermost first (the recursion guard). */
  readonly calling: readonly string[];
  /** Getters resolved so far, so the traced compile asks the resolver nothing twice. */
  readonly getters: Map<FormulaNode, RefGetter>;
  /** Inside a function body, errors point at the call in the caller's formula. */
  readonly callSpan: Span | null;
}

export type CompileErrorCode = 'unknown-ref' | 'unknown-function' | 'arity' | 'recursion' | 'limit' | 'type' | 'syntax';

/** A formula that cannot be compiled: names what and where (a character range in the formula text). */
export class FormulaCompileError extends Error {
  constructor(
    message: string,
    readonly code: CompileErrorCode,
    readonly span: Span,
  ) {
    super(message);
    this.name = 'FormulaCompileError';
  }

  toDiagnostic(): FormulaDiagnostic {
    return { severity: 'error', message: this.message, span: this.span, code: this.code };
  }
}

export type NodeOf<K extends FormulaNode['kind']> = Extract<FormulaNode, { kind: K }>;

export function spanIn(scope: CompileScope, node: { readonly span: Span }): Span {
  return scope.callSpan ?? node.span;
}

export function asNumber(piece: Piece, span: Span): NumberRun {
  if (piece.type === 'number') return piece.run as NumberRun;
  const run = piece.run;
  return (ctx) => {
    const value = run(ctx);
    if (typeof value !== 'number') throw typeError('a number', value, span);
    return value;
  };
}

export function asBoolean(piece: Piece, span: Span): BooleanRun {
  if (piece.type === 'boolean') return piece.run as BooleanRun;
  const run = piece.run;
  return (ctx) => {
    const value = run(ctx);
    if (typeof value !== 'boolean') throw typeError('true or false', value, span);
    return value;
  };
}

export function staticTypeOf(value: Value): StaticType {
  return typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'value';
}

const FOLD_RNG: Rng = {
  die: () => {
    throw new Error('internal: a folded constant rolled a die');
  },
  next: () => {
    throw new Error('internal: a folded constant drew a random number');
  },
};

/** Context for folding: constant closures never read it, except to raise their own errors. */
export function foldContext(): EvalContext {
  return newEvalContext(FOLD_RNG);
}

export function textItem(text: string): TraceItem {
  return Object.freeze({ kind: 'text', text });
}

export function constantPiece(value: Value, scope: CompileScope): Piece {
  const level = typeof value === 'number' && value < 0 ? Level.Unary : Level.Atom;
  const type = staticTypeOf(value);
  if (!scope.traced) return { run: () => value, type, constant: { value }, level };
  const item = textItem(formatChipValue(value));
  return {
    run: (ctx) => {
      ctx.trace!.push(item);
      return value;
    },
    type,
    constant: { value },
    level,
  };
}

/** A constant as a plain piece, for folding (a traced constant would push to a trace). */
export function plainConstant(piece: Piece): Piece {
  const value = piece.constant!.value;
  return { run: () => value, type: piece.type, constant: piece.constant, level: piece.level };
}

/**
 * Folds a node whose operands are all constant: runs its plain closure (built over plainConstant operands) once.
 * An operation that fails (a division by zero in a branch that may never run) is left to fail at run time instead.
 */
export function tryFold(run: Run, scope: CompileScope): Piece | null {
  try {
    return constantPiece(run(foldContext()), scope);
  } catch (error) {
    if (error instanceof FormulaRuntimeError) return null;
    throw error;
  }
}

export function numberPiece(run: NumberRun): Piece {
  return { run, type: 'number', constant: null, level: Level.Atom };
}


export function constantNumber(piece: Piece): number | null {
  return piece.constant !== null && typeof piece.constant.value === 'number' ? piece.constant.value : null;
}

