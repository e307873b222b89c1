// Compiles a checked AST to closures: one small handler per node kind, references resolved once here, constants
// folded, and a plain closure tree for hot paths next to a traced one (built on first use) that pushes chip items.
// Never evaluates text as code.
import { checkDiceCount, checkDieSize, endlessDie, isPlainPlan, planDice, rollDropOne, rollOne, rollPlain, rollPool, singleSelectionDrops } from '../dice/roll';
import type { DicePlan, DieSize, DiceTraceSink } from '../dice/roll';
import { lookupBuiltin } from './builtin-adapter';
import { formulaShape } from './calls';
import type { BuiltinCall } from './builtin-adapter';
import { parseFormula } from './parse';
import { printFormula } from './print';
import { someNode } from './nodes';
import { FormulaRuntimeError, getterType } from './runtime';
import type { CompileOptions, CompiledFormula, EvalContext, RefGetter, RollFacts, TraceItem } from './runtime';
import { formatChipValue, renderTrace } from './trace';
import { LIMITS } from './types';
import type { BinaryOp, FormulaDiagnostic, FormulaNode, Rng, Span, Value } from './types';

type Run = (ctx: EvalContext) => Value;
type NumberRun = (ctx: EvalContext) => number;
type BooleanRun = (ctx: EvalContext) => boolean;

/** What the compiler knows of a value before running: used to skip run-time type checks. */
type StaticType = 'number' | 'boolean' | 'value';

/** Chip binding strength, loosest first (mirrors print.ts and the grammar). */
const Level = { Conditional: 0, Or: 1, And: 2, Not: 3, Comparison: 4, Additive: 5, Multiplicative: 6, Unary: 7, Postfix: 8, Atom: 9 } as const;

interface Piece {
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
  readonly branch?: { readonly test: NumberTest; readonly then: Run; readonly otherwise: Run };
}

/** `read(ctx) op k`, for a read known to give a number. */
interface NumberTest {
  readonly op: '<' | '<=' | '>' | '>=' | '==' | '!=';
  readonly read: NumberRun;
  readonly k: number;
  /** The reference read (`edge`), when the left side is one: two tests of the same reference can share one read. */
  readonly ref: string | null;
}

interface Scope {
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

// ---------------------------------------------------------------------------------------------------------------
// Public entry points

/** Compiles an AST. Throws FormulaCompileError for unknown references or functions, recursion and limits. */
export function compileFormula(ast: FormulaNode, options: CompileOptions): CompiledFormula {
  // Compiling, running and tracing all recurse as deep as the formula with its calls' bodies in place, and build
  // a closure per node of it: the checker's limits, drawn again here for callers that compile unchecked text.
  const shape = formulaShape(ast, options.functions);
  const over =
    shape.height > LIMITS.maxCallDepth
      ? `user functions call each other ${shape.height} deep here; at most ${LIMITS.maxCallDepth} calls may be open at once`
      : shape.nesting > LIMITS.maxNesting
        ? `this formula nests ${shape.nesting.toLocaleString('en-US')} levels deep with the bodies of the functions it calls; at most ${LIMITS.maxNesting.toLocaleString('en-US')} fit`
        : shape.size > LIMITS.maxExpandedSize
          ? `this formula grows to ${shape.size.toLocaleString('en-US')} parts with the bodies of the functions it calls; at most ${LIMITS.maxExpandedSize.toLocaleString('en-US')} fit`
          : undefined;
  if (over !== undefined) throw new FormulaCompileError(over, 'limit', ast.span);
  const getters = new Map<FormulaNode, RefGetter>();
  const plainScope: Scope = { options, traced: false, params: null, calling: [], getters, callSpan: null };
  const plain = compileNode(ast, plainScope).run;
  let traced: Run | null = null;
  const run: CompiledFormula = (ctx) => {
    if (ctx.trace === null) return plain(ctx);
    traced ??= compileNode(ast, { ...plainScope, traced: true }).run;
    return traced(ctx);
  };
  untracedOf.set(run, plain);
  return run;
}

const untracedOf = new WeakMap<CompiledFormula, CompiledFormula>();

/**
 * The same evaluation without the per-call check for a trace (for callers whose context never traces: the fight
 * engine's scratch evaluations); a formula not made by compileFormula is returned as it is.
 */
export function untracedRun(formula: CompiledFormula): CompiledFormula {
  return untracedOf.get(formula) ?? formula;
}

export type CompileTextResult = { readonly formula: CompiledFormula } | { readonly diagnostics: readonly FormulaDiagnostic[] };

/** Parses and compiles formula text; never throws for bad input. */
export function compileText(text: string, options: CompileOptions): CompileTextResult {
  const parsed = parseFormula(text);
  if (parsed.ast === null || parsed.diagnostics.some((d) => d.severity === 'error')) {
    return { diagnostics: parsed.diagnostics };
  }
  try {
    return { formula: compileFormula(parsed.ast, options) };
  } catch (error) {
    if (error instanceof FormulaCompileError) return { diagnostics: [error.toDiagnostic()] };
    throw error;
  }
}

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
const NO_TAGS = Object.freeze(Object.create(null) as Record<string, number>);

/** Records a tagged term's value (`d12[Hope]` → roll.tags.Hope). */
export function writeTag(roll: RollFacts, tag: string, value: number): void {
  if (roll.tags === NO_TAGS) roll.tags = Object.create(null) as Record<string, number>;
  roll.tags[tag] = value;
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
// Errors and checks

function spanIn(scope: Scope, node: { readonly span: Span }): Span {
  return scope.callSpan ?? node.span;
}

function describeType(value: Value): string {
  if (typeof value === 'number') return `the number ${formatChipValue(value)}`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `the text ${formatChipValue(value)}`;
  return 'a list';
}

function typeError(expected: string, value: Value, span: Span): FormulaRuntimeError {
  return new FormulaRuntimeError(`expected ${expected}, got ${describeType(value)}`, 'type', span);
}

function finite(value: number, span: Span): number {
  if (!Number.isFinite(value)) throw new FormulaRuntimeError('the result is too large (not a finite number)', 'limit', span);
  return value;
}

function asNumber(piece: Piece, span: Span): NumberRun {
  if (piece.type === 'number') return piece.run as NumberRun;
  const run = piece.run;
  return (ctx) => {
    const value = run(ctx);
    if (typeof value !== 'number') throw typeError('a number', value, span);
    return value;
  };
}

function asBoolean(piece: Piece, span: Span): BooleanRun {
  if (piece.type === 'boolean') return piece.run as BooleanRun;
  const run = piece.run;
  return (ctx) => {
    const value = run(ctx);
    if (typeof value !== 'boolean') throw typeError('true or false', value, span);
    return value;
  };
}

function staticTypeOf(value: Value): StaticType {
  return typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'value';
}

// ---------------------------------------------------------------------------------------------------------------
// Pieces

const FOLD_RNG: Rng = {
  die: () => {
    throw new Error('internal: a folded constant rolled a die');
  },
  next: () => {
    throw new Error('internal: a folded constant drew a random number');
  },
};

/** Context for folding: constant closures never read it, except to raise their own errors. */
function foldContext(): EvalContext {
  return newEvalContext(FOLD_RNG);
}

function textItem(text: string): TraceItem {
  return Object.freeze({ kind: 'text', text });
}

function constantPiece(value: Value, scope: Scope): Piece {
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
function plainConstant(piece: Piece): Piece {
  const value = piece.constant!.value;
  return { run: () => value, type: piece.type, constant: piece.constant, level: piece.level };
}

/**
 * Folds a node whose operands are all constant: runs its plain closure (built over plainConstant operands) once.
 * An operation that fails (a division by zero in a branch that may never run) is left to fail at run time instead.
 */
function tryFold(run: Run, scope: Scope): Piece | null {
  try {
    return constantPiece(run(foldContext()), scope);
  } catch (error) {
    if (error instanceof FormulaRuntimeError) return null;
    throw error;
  }
}

/** Wraps a traced run in parentheses when its chip text binds looser than its place needs. */
function tracedOperand(piece: Piece, minimum: number): Run {
  if (piece.level >= minimum) return piece.run;
  const run = piece.run;
  const open = textItem('(');
  const close = textItem(')');
  return (ctx) => {
    const trace = ctx.trace!;
    trace.push(open);
    const value = run(ctx);
    trace.push(close);
    return value;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Handlers, one per node kind

/**
 * Pieces already compiled per scope: a chain that falls back to nested closures (compileChain) compiles its terms
 * again, and without this each level of a long `+` chain would compile the terms below it anew (a call's body
 * each time: 200 terms over two functions took 15 s). Within one scope each node ends up in the tree once.
 */
const compiledPieces = new WeakMap<Scope, Map<FormulaNode, Piece>>();

function compileNode(node: FormulaNode, scope: Scope): Piece {
  let pieces = compiledPieces.get(scope);
  if (pieces === undefined) {
    pieces = new Map();
    compiledPieces.set(scope, pieces);
  }
  const known = pieces.get(node);
  if (known !== undefined) return known;
  const piece = compileNodeOnce(node, scope);
  pieces.set(node, piece);
  return piece;
}

function compileNodeOnce(node: FormulaNode, scope: Scope): Piece {
  switch (node.kind) {
    case 'number':
    case 'boolean':
    case 'string':
      return constantPiece(node.value, scope);
    case 'ref':
      return compileRef(node, scope);
    case 'unary':
      return compileUnary(node, scope);
    case 'binary':
      return compileBinary(node, scope);
    case 'conditional':
      return compileConditional(node, scope);
    case 'call':
      return compileCall(node, scope);
    case 'dice':
      return compileDice(node, scope);
    case 'tag':
      return compileTag(node, scope);
    default: {
      const unknown: never = node;
      throw new Error(`internal: unknown formula node ${JSON.stringify(unknown)}`);
    }
  }
}

type NodeOf<K extends FormulaNode['kind']> = Extract<FormulaNode, { kind: K }>;

function compileRef(node: NodeOf<'ref'>, scope: Scope): Piece {
  const name = node.path[0]!;
  if (scope.params !== null && scope.params.has(name)) {
    if (node.path.length > 1) {
      throw new FormulaCompileError(`parameter @${name} is a single value: @${node.path.join('.')} reads nothing`, 'unknown-ref', spanIn(scope, node));
    }
    return scope.params.get(name)!;
  }
  let getter = scope.getters.get(node);
  if (getter === undefined) {
    getter = scope.options.resolve(node.path);
    if (getter === undefined) {
      throw new FormulaCompileError(`unknown reference @${node.path.join('.')}`, 'unknown-ref', spanIn(scope, node));
    }
    scope.getters.set(node, getter);
  }
  const type: StaticType = getterType(getter) ?? 'value';
  if (!scope.traced) return { run: getter, type, constant: null, level: Level.Atom };
  const read = getter;
  const path = node.path;
  const label = scope.options.label?.(node.path);
  const span = node.span;
  return {
    run: (ctx) => {
      const value = read(ctx);
      ctx.trace!.push(label === undefined ? { kind: 'ref', path, value, span } : { kind: 'ref', path, label, value, span });
      return value;
    },
    type,
    constant: null,
    level: Level.Atom,
  };
}

function compileUnary(node: NodeOf<'unary'>, scope: Scope): Piece {
  const operand = compileNode(node.operand, scope);
  const span = spanIn(scope, node);
  if (node.op === '-') {
    if (operand.constant !== null) {
      const value = asNumber(plainConstant(operand), span);
      const folded = tryFold((ctx) => -value(ctx), scope);
      if (folded !== null) return folded;
    }
    const value = asNumber(operand, span);
    const run: Run = (ctx) => -value(ctx);
    if (!scope.traced) return { run, type: 'number', constant: null, level: Level.Unary };
    const inner = asNumber({ ...operand, run: tracedOperand(operand, Level.Unary) }, span);
    const minus = textItem('-');
    return {
      run: (ctx) => {
        ctx.trace!.push(minus);
        return -inner(ctx);
      },
      type: 'number',
      constant: null,
      level: Level.Unary,
    };
  }
  if (operand.constant !== null) {
    const test = asBoolean(plainConstant(operand), span);
    const folded = tryFold((ctx) => !test(ctx), scope);
    if (folded !== null) return folded;
  }
  const test = asBoolean(operand, span);
  const run: Run = (ctx) => !test(ctx);
  if (!scope.traced) return { run, type: 'boolean', constant: null, level: Level.Not };
  const inner = asBoolean({ ...operand, run: tracedOperand(operand, Level.Not) }, span);
  const not = textItem('not ');
  return {
    run: (ctx) => {
      ctx.trace!.push(not);
      return !inner(ctx);
    },
    type: 'boolean',
    constant: null,
    level: Level.Not,
  };
}

function binaryLevel(op: BinaryOp): number {
  switch (op) {
    case 'or': return Level.Or;
    case 'and': return Level.And;
    case '+': case '-': return Level.Additive;
    case '*': case '/': case '%': return Level.Multiplicative;
    default: return Level.Comparison;
  }
}

function compileBinary(node: NodeOf<'binary'>, scope: Scope): Piece {
  if (!scope.traced && scope.callSpan === null && (node.op === '+' || node.op === '-')) {
    const sum = diceSumOf(node);
    if (sum !== null) return sum;
  }
  if (!scope.traced && (node.op === '+' || node.op === '-') && node.left.kind === 'binary' && (node.left.op === '+' || node.left.op === '-')) {
    const chain = compileChain(node, scope);
    if (chain !== null) return chain;
  }
  const left = compileNode(node.left, scope);
  const right = compileNode(node.right, scope);
  const span = spanIn(scope, node);
  const level = binaryLevel(node.op);
  if (left.constant !== null && right.constant !== null) {
    const folded = tryFold(plainBinary(node.op, plainConstant(left), plainConstant(right), span).run, scope);
    if (folded !== null) return folded;
  }
  if (!scope.traced) {
    const k = constantNumber(right);
    const ref = node.left.kind === 'ref' ? node.left.path.join('.') : null;
    const compare: NumberTest | undefined = k !== null && left.type === 'number' && isComparison(node.op) ? { op: node.op, read: left.run as NumberRun, k, ref } : undefined;
    return compare ? { ...plainBinary(node.op, left, right, span), constant: null, level, compare } : { ...plainBinary(node.op, left, right, span), constant: null, level };
  }
  // Traced: the same operation over operands that push their chip items, with the operator between them.
  const leftMinimum = level === Level.Comparison ? Level.Additive : level;
  const rightMinimum = level === Level.Comparison ? Level.Additive : level + 1;
  const tracedLeft: Piece = { ...left, constant: null, run: tracedOperand(left, leftMinimum) };
  const tracedRight: Piece = { ...right, run: tracedOperand(right, rightMinimum) };
  const operator = textItem(` ${node.op} `);
  const skipped = textItem('…');
  const pushOperator = (ctx: EvalContext): void => {
    ctx.trace!.push(operator);
  };
  const withOperator: Piece = {
    ...tracedRight,
    constant: null, // the plain closure must call it, so the operator and operand reach the chip
    run: (ctx) => {
      pushOperator(ctx);
      return tracedRight.run(ctx);
    },
  };
  if (node.op === 'and' || node.op === 'or') {
    // Short-circuit: the chip shows `… ` for the operand that was never evaluated.
    const test = asBoolean(tracedLeft, span);
    const other = asBoolean(tracedRight, span);
    const stopsOn = node.op === 'or';
    return {
      run: (ctx) => {
        const first = test(ctx);
        ctx.trace!.push(operator);
        if (first === stopsOn) {
          ctx.trace!.push(skipped);
          return first;
        }
        return other(ctx);
      },
      type: 'boolean',
      constant: null,
      level,
    };
  }
  return { ...plainBinary(node.op, tracedLeft, withOperator, span), constant: null, level };
}

function isComparison(op: BinaryOp): op is NumberTest['op'] {
  return op === '<' || op === '<=' || op === '>' || op === '>=' || op === '==' || op === '!=';
}

/**
 * A left-nested chain of `+` and `-` with three or more terms (`d20 + @stat + @prof`): one closure adds the terms
 * in the same order as the nested operations would (so the same result to the last bit), checking each term's type
 * and each partial sum's size where its own operation would.
 * Null for chains a nested closure handles as fast (two terms).
 */
function compileChain(node: NodeOf<'binary'>, scope: Scope): Piece | null {
  const links: NodeOf<'binary'>[] = [];
  let at: FormulaNode = node;
  while (at.kind === 'binary' && (at.op === '+' || at.op === '-')) {
    links.unshift(at);
    at = at.left;
  }
  if (links.length < 2) return null;
  const first = compileNode(at, scope);
  const rest = links.map((link) => compileNode(link.right, scope));
  if (first.constant !== null && rest.every((piece) => piece.constant !== null)) return null; // folded as before
  // Each term's type and each partial sum are checked where their own operation was, as the nested closures would
  // (same error, same dice).
  const spans = links.map((link) => spanIn(scope, link));
  const terms: NumberRun[] = [asNumber(first, spans[0]!), ...rest.map((piece, i) => asNumber(piece, spans[i]!))];
  const signs = links.map((link) => (link.op === '+' ? 1 : -1));
  const piece = (run: NumberRun): Piece => ({ run, type: 'number', constant: null, level: Level.Additive });
  if (terms.length === 3) {
    const [a, b, c] = terms as [NumberRun, NumberRun, NumberRun];
    const [sb, sc] = signs as [number, number];
    const [s1, s2] = spans as [Span, Span];
    return piece((ctx) => {
      const ab = finite(a(ctx) + sb * b(ctx), s1);
      return finite(ab + sc * c(ctx), s2);
    });
  }
  if (terms.length === 4) {
    const [a, b, c, d] = terms as [NumberRun, NumberRun, NumberRun, NumberRun];
    const [sb, sc, sd] = signs as [number, number, number];
    const [s1, s2, s3] = spans as [Span, Span, Span];
    return piece((ctx) => {
      const ab = finite(a(ctx) + sb * b(ctx), s1);
      const abc = finite(ab + sc * c(ctx), s2);
      return finite(abc + sd * d(ctx), s3);
    });
  }
  const head = terms[0]!;
  const tail = terms.slice(1);
  return piece((ctx) => {
    let total = head(ctx);
    for (let i = 0; i < tail.length; i++) total = finite(total + signs[i]! * tail[i]!(ctx), spans[i]!);
    return total;
  });
}

/** The closure of a binary operation over its operands' runs; specialised for the hot number cases. */
function plainBinary(op: BinaryOp, left: Piece, right: Piece, span: Span): { run: Run; type: StaticType } {
  switch (op) {
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
      return { run: arithmetic(op, left, right, span), type: 'number' };
    case '<':
    case '<=':
    case '>':
    case '>=':
      return { run: comparison(op, left, right, span), type: 'boolean' };
    case '==':
    case '!=': {
      const a = left.run;
      const b = right.run;
      const negate = op === '!=';
      // Against a constant that is not a list, equality is plain `===` (a list never equals a non-list).
      const k = right.constant !== null && !Array.isArray(right.constant.value) ? right.constant.value : undefined;
      if (k !== undefined) return { run: negate ? (ctx) => a(ctx) !== k : (ctx) => a(ctx) === k, type: 'boolean' };
      const j = left.constant !== null && !Array.isArray(left.constant.value) ? left.constant.value : undefined;
      if (j !== undefined) return { run: negate ? (ctx) => j !== b(ctx) : (ctx) => j === b(ctx), type: 'boolean' };
      if (left.type !== 'value' && left.type === right.type) {
        return { run: negate ? (ctx) => a(ctx) !== b(ctx) : (ctx) => a(ctx) === b(ctx), type: 'boolean' };
      }
      return { run: negate ? (ctx) => !valuesEqual(a(ctx), b(ctx)) : (ctx) => valuesEqual(a(ctx), b(ctx)), type: 'boolean' };
    }
    case 'and': {
      const a = asBoolean(left, span);
      const b = asBoolean(right, span);
      return { run: (ctx) => a(ctx) && b(ctx), type: 'boolean' };
    }
    case 'or': {
      const a = asBoolean(left, span);
      const b = asBoolean(right, span);
      return { run: (ctx) => a(ctx) || b(ctx), type: 'boolean' };
    }
    default: {
      const unknown: never = op;
      throw new Error(`internal: unknown operator ${String(unknown)}`);
    }
  }
}

/** A number, or a located type error. Small enough for the JIT to inline into every operation. */
function numberAt(value: Value, span: Span): number {
  if (typeof value === 'number') return value;
  throw typeError('a number', value, span);
}

function constantNumber(piece: Piece): number | null {
  return piece.constant !== null && typeof piece.constant.value === 'number' ? piece.constant.value : null;
}

/**
 * Arithmetic over the operands' own closures, checking their types inline rather than through wrapper closures
 * (each closure call the JIT cannot inline costs more than the check), with a constant operand read directly.
 */
function arithmetic(op: '+' | '-' | '*' | '/' | '%', left: Piece, right: Piece, span: Span): NumberRun {
  const a = left.run;
  const b = right.run;
  const k = constantNumber(right);
  const j = constantNumber(left);
  switch (op) {
    case '+':
      if (k !== null) return (ctx) => finite(numberAt(a(ctx), span) + k, span);
      if (j !== null) return (ctx) => finite(j + numberAt(b(ctx), span), span);
      return (ctx) => finite(numberAt(a(ctx), span) + numberAt(b(ctx), span), span);
    case '-':
      if (k !== null) return (ctx) => finite(numberAt(a(ctx), span) - k, span);
      if (j !== null) return (ctx) => finite(j - numberAt(b(ctx), span), span);
      return (ctx) => finite(numberAt(a(ctx), span) - numberAt(b(ctx), span), span);
    case '*':
      if (k !== null) return (ctx) => finite(numberAt(a(ctx), span) * k, span);
      if (j !== null) return (ctx) => finite(j * numberAt(b(ctx), span), span);
      return (ctx) => finite(numberAt(a(ctx), span) * numberAt(b(ctx), span), span);
    case '/':
      return (ctx) => {
        const dividend = numberAt(a(ctx), span);
        const divisor = numberAt(b(ctx), span);
        if (divisor === 0) throw new FormulaRuntimeError('division by zero', 'division-by-zero', span);
        return finite(dividend / divisor, span);
      };
    case '%':
      return (ctx) => {
        const dividend = numberAt(a(ctx), span);
        const divisor = numberAt(b(ctx), span);
        if (divisor === 0) throw new FormulaRuntimeError('modulo by zero', 'division-by-zero', span);
        return finite(dividend % divisor, span);
      };
  }
}

function comparison(op: '<' | '<=' | '>' | '>=', left: Piece, right: Piece, span: Span): BooleanRun {
  const a = left.run;
  const b = right.run;
  const k = constantNumber(right);
  if (k !== null) {
    switch (op) {
      case '<': return (ctx) => numberAt(a(ctx), span) < k;
      case '<=': return (ctx) => numberAt(a(ctx), span) <= k;
      case '>': return (ctx) => numberAt(a(ctx), span) > k;
      case '>=': return (ctx) => numberAt(a(ctx), span) >= k;
    }
  }
  switch (op) {
    case '<': return (ctx) => numberAt(a(ctx), span) < numberAt(b(ctx), span);
    case '<=': return (ctx) => numberAt(a(ctx), span) <= numberAt(b(ctx), span);
    case '>': return (ctx) => numberAt(a(ctx), span) > numberAt(b(ctx), span);
    case '>=': return (ctx) => numberAt(a(ctx), span) >= numberAt(b(ctx), span);
  }
}

function valuesEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  return false;
}

/** Whether a subtree may roll dice: here any call is assumed to (a chip shows a call's test as it would a roll's). */
function mayRoll(node: FormulaNode): boolean {
  return someNode(node, (n) => n.kind === 'dice' || n.kind === 'call');
}

function compileConditional(node: NodeOf<'conditional'>, scope: Scope): Piece {
  const test = compileNode(node.test, scope);
  const span = spanIn(scope, node);
  if (test.constant !== null) {
    if (typeof test.constant.value !== 'boolean') {
      throw new FormulaCompileError(`a condition must be true or false, not ${describeType(test.constant.value)}`, 'type', span);
    }
    return compileNode(test.constant.value ? node.then : node.otherwise, scope);
  }
  const then = compileNode(node.then, scope);
  const otherwise = compileNode(node.otherwise, scope);
  const type: StaticType = then.type === otherwise.type ? then.type : 'value';
  const a = then.run;
  const b = otherwise.run;
  if (!scope.traced) {
    const compare = test.compare;
    if (compare) {
      const inner = otherwise.branch;
      if (compare.ref !== null && inner && inner.test.ref === compare.ref) {
        return { run: sharedRead(compare, a, inner.test, inner.then, inner.otherwise), type, constant: null, level: Level.Conditional };
      }
      return { run: fusedConditional(compare, a, b), type, constant: null, level: Level.Conditional, branch: { test: compare, then: a, otherwise: b } };
    }
    const holds = asBoolean(test, span);
    return { run: (ctx) => (holds(ctx) ? a(ctx) : b(ctx)), type, constant: null, level: Level.Conditional };
  }
  // The chip shows the branch taken; the test too when it rolled dice (`d20 (14) >= 10 ? 2d6 (3, 4)`).
  const showTest = mayRoll(node.test);
  const holds = asBoolean({ ...test, run: showTest ? tracedOperand(test, Level.Or) : test.run }, span);
  const question = textItem(' ? ');
  const level = showTest ? Level.Conditional : Math.min(then.level, otherwise.level);
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      const mark = trace.length;
      const taken = holds(ctx);
      if (showTest) trace.push(question);
      else trace.length = mark;
      return taken ? a(ctx) : b(ctx);
    },
    type,
    constant: null,
    level,
  };
}

/** `@edge > 0 ? x : y` as one closure: the comparison runs inline (one call fewer on every attack roll). */
function fusedConditional(test: NumberTest, a: Run, b: Run): Run {
  const { read, k } = test;
  switch (test.op) {
    case '<': return (ctx) => (read(ctx) < k ? a(ctx) : b(ctx));
    case '<=': return (ctx) => (read(ctx) <= k ? a(ctx) : b(ctx));
    case '>': return (ctx) => (read(ctx) > k ? a(ctx) : b(ctx));
    case '>=': return (ctx) => (read(ctx) >= k ? a(ctx) : b(ctx));
    case '==': return (ctx) => (read(ctx) === k ? a(ctx) : b(ctx));
    case '!=': return (ctx) => (read(ctx) !== k ? a(ctx) : b(ctx));
  }
}

/** Whether `x op k` holds. */
function holdsOp(op: NumberTest['op'], x: number, k: number): boolean {
  switch (op) {
    case '<': return x < k;
    case '<=': return x <= k;
    case '>': return x > k;
    case '>=': return x >= k;
    case '==': return x === k;
    case '!=': return x !== k;
  }
}

/**
 * `@x op1 k1 ? a : @x op2 k2 ? b : c` with @x read once (a reference reads the same twice in one evaluation): the
 * advantage pattern of d20 checks, `@edge > 0 ? 2d20kh1 : @edge < 0 ? 2d20kl1 : d20`, is one closure and one read.
 */
function sharedRead(first: NumberTest, a: Run, second: NumberTest, b: Run, c: Run): Run {
  const read = first.read;
  const k1 = first.k, k2 = second.k;
  if (first.op === '>' && second.op === '<') return (ctx) => { const x = read(ctx); return x > k1 ? a(ctx) : x < k2 ? b(ctx) : c(ctx); };
  const op1 = first.op, op2 = second.op;
  return (ctx) => { const x = read(ctx); return holdsOp(op1, x, k1) ? a(ctx) : holdsOp(op2, x, k2) ? b(ctx) : c(ctx); };
}

function compileTag(node: NodeOf<'tag'>, scope: Scope): Piece {
  const operand = compileNode(node.operand, scope);
  const span = spanIn(scope, node);
  if (node.tag === '__proto__' || node.tag === 'prototype' || node.tag === 'constructor') {
    throw new FormulaCompileError(`'${node.tag}' cannot be a tag name`, 'syntax', span);
  }
  const tag = node.tag;
  if (!scope.traced) {
    const value = asNumber(operand, span);
    return {
      run: (ctx) => {
        const result = value(ctx);
        writeTag(ctx.roll, tag, result);
        return result;
      },
      type: 'number',
      constant: null,
      level: Level.Postfix,
    };
  }
  const value = asNumber(operand, span);
  const suffix = `[${tag}]`;
  const open = textItem('(');
  const close = textItem(`)${suffix}`);
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      const mark = trace.length;
      const result = value(ctx);
      writeTag(ctx.roll, tag, result);
      // A tag on one dice term joins its text (`d12[Hope] (7)`); on anything else it follows parentheses.
      const only = trace.length === mark + 1 ? trace[mark]! : null;
      if (only !== null && only.kind === 'dice') trace[mark] = { ...only, text: only.text + suffix };
      else {
        trace.splice(mark, 0, open);
        trace.push(close);
      }
      return result;
    },
    type: 'number',
    constant: null,
    level: Level.Postfix,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Dice

function compileDice(node: NodeOf<'dice'>, scope: Scope): Piece {
  const span = spanIn(scope, node);
  // A computed size is checked when rolled, and its error names the term (`in \`d(@n)r1!\`: ...`).
  const plan = planDice(node.modifiers, node.sides.kind === 'number' && node.sides.value.kind !== 'number' ? printFormula(node) : null);
  const countPiece = node.count === null ? null : compileNode(node.count, scope);
  const sidesPiece = node.sides.kind === 'fate' ? null : compileNode(node.sides.value, scope);
  const constantCount = countPiece === null ? 1 : countPiece.constant !== null ? countPiece.constant.value : undefined;
  const constantSides: Value | 'fate' | undefined = sidesPiece === null ? 'fate' : sidesPiece.constant !== null ? sidesPiece.constant.value : undefined;
  if (constantCount !== undefined) checkConstantCount(constantCount, span);
  if (constantSides !== undefined && constantSides !== 'fate') checkConstantSides(constantSides, span);
  if (constantSides !== undefined) checkConstantPlan(plan, constantSides as DieSize, span);

  if (!scope.traced) {
    if (typeof constantCount === 'number' && typeof constantSides === 'number' && isPlainPlan(plan)) {
      const count = constantCount;
      const sides = constantSides;
      if (count === 1) return numberPiece((ctx) => rollOne(ctx, sides, span));
      return numberPiece((ctx) => rollPlain(ctx, count, sides, span));
    }
    if (typeof constantCount === 'number' && typeof constantSides === 'number' && singleSelectionDrops(plan, constantCount) === 1) {
      const count = constantCount;
      const sides = constantSides;
      const dropHigh = plan.selections[0]!.drop === 'high';
      return numberPiece((ctx) => rollDropOne(ctx, count, sides, dropHigh, span));
    }
    const count = countPiece === null ? () => 1 : asNumber(countPiece, span);
    const plain = isPlainPlan(plan);
    if (plain && typeof constantSides === 'number') {
      // `(@tier)d6`: a counted plain roll of a fixed die (checked when compiled), without a call for its size.
      const fixedSides = constantSides;
      return numberPiece((ctx) => {
        const n = count(ctx);
        checkDiceCount(ctx, n, span);
        return rollPlain(ctx, n, fixedSides, span);
      });
    }
    const sides = sidesPiece === null ? null : asNumber(sidesPiece, span);
    return numberPiece((ctx) => {
      const n = count(ctx);
      checkDiceCount(ctx, n, span);
      if (sides === null) return rollPool(ctx, n, 'fate', plan, span, null);
      const s = sides(ctx);
      checkDieSize(s, span);
      return plain ? rollPlain(ctx, n, s, span) : rollPool(ctx, n, s, plan, span, null);
    });
  }

  // Traced: count and size print as the numbers they came to (`(@tier)d6` shows as `3d6`); any dice rolled to
  // compute them stay in the chip before the term.
  const count = countPiece === null ? null : asNumber(countPiece, span);
  const sides = sidesPiece === null ? null : asNumber(sidesPiece, span);
  const arrow = textItem(' → ');
  const itemSpan = node.span;
  return numberPiece((ctx) => {
    const trace = ctx.trace!;
    const mark = trace.length;
    const n = count === null ? 1 : count(ctx);
    const s: DieSize = sides === null ? 'fate' : sides(ctx);
    if (trace.length > mark && trace.slice(mark).some((item) => item.kind === 'dice' || item.kind === 'call')) trace.push(arrow);
    else trace.length = mark;
    checkDiceCount(ctx, n, span);
    if (s !== 'fate') checkDieSize(s, span);
    const sink: DiceTraceSink = { faces: [], kept: [] };
    const value = rollPool(ctx, n, s, plan, span, sink);
    trace.push({ kind: 'dice', text: diceText(node, n, s), faces: sink.faces, kept: sink.kept, value, span: itemSpan });
    return value;
  });
}

interface SumTerm {
  readonly count: number;
  readonly sides: number;
  readonly sign: 1 | -1;
  readonly span: Span;
}

/**
 * `2d6 + 1d8 + 3`, `1d20 + 5`: a +/- chain of plain dice with literal counts and sizes, and number literals, runs as
 * one closure (the hot shape of attack and damage rolls) instead of one per node. Same rolls, same order, same
 * facts and budget; null for any other shape.
 */
function diceSumOf(node: NodeOf<'binary'>): Piece | null {
  const terms: SumTerm[] = [];
  let constant = 0;
  const visit = (part: FormulaNode, sign: 1 | -1): boolean => {
    if (part.kind === 'number') {
      constant += sign * part.value;
      return true;
    }
    if (part.kind === 'binary' && (part.op === '+' || part.op === '-')) {
      return visit(part.left, sign) && visit(part.right, part.op === '+' ? sign : sign === 1 ? -1 : 1);
    }
    if (part.kind !== 'dice' || part.modifiers.length > 0 || part.sides.kind === 'fate' || part.sides.value.kind !== 'number') return false;
    if (part.count !== null && part.count.kind !== 'number') return false;
    const count = part.count === null ? 1 : part.count.value;
    const sides = part.sides.value.value;
    checkConstantCount(count, part.span);
    checkConstantSides(sides, part.span);
    terms.push({ count, sides, sign, span: part.span });
    return true;
  };
  if (!visit(node, 1) || terms.length === 0 || !Number.isFinite(constant)) return null;
  const piece = (run: NumberRun): Piece => ({ run, type: 'number', constant: null, level: Level.Additive });
  const [first, second] = terms;
  if (terms.length === 1 && first!.count === 1) {
    const { sides, sign, span } = first!;
    return piece(sign === 1 ? (ctx) => rollOne(ctx, sides, span) + constant : (ctx) => constant - rollOne(ctx, sides, span));
  }
  if (terms.length === 2 && first!.sign === 1 && second!.sign === 1) {
    const a = first!;
    const b = second!;
    return piece((ctx) => rollPlain(ctx, a.count, a.sides, a.span) + rollPlain(ctx, b.count, b.sides, b.span) + constant);
  }
  return piece((ctx) => {
    let total = constant;
    for (const term of terms) total += term.sign * rollPlain(ctx, term.count, term.sides, term.span);
    return total;
  });
}

function numberPiece(run: NumberRun): Piece {
  return { run, type: 'number', constant: null, level: Level.Atom };
}

function diceText(node: NodeOf<'dice'>, count: number, sides: DieSize): string {
  const at = node.span;
  const literal = (value: number): FormulaNode => ({ kind: 'number', value, span: at });
  return printFormula({
    kind: 'dice',
    count: node.count === null ? null : literal(count),
    sides: sides === 'fate' ? { kind: 'fate' } : { kind: 'number', value: literal(sides) },
    modifiers: node.modifiers,
    span: at,
  });
}

function checkConstantCount(count: Value, span: Span): void {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new FormulaCompileError(`the number of dice must be a whole number from 0, not ${describeType(count)}`, 'type', span);
  }
  if (count > LIMITS.maxDicePerEvaluation) {
    throw new FormulaCompileError(`${count} dice is over the limit of ${LIMITS.maxDicePerEvaluation} dice per evaluation`, 'limit', span);
  }
}

function checkConstantSides(sides: Value, span: Span): void {
  if (typeof sides !== 'number' || !Number.isInteger(sides) || sides < 1 || sides > LIMITS.maxDieSize) {
    throw new FormulaCompileError(
      `a die must have a whole number of faces from 1 to ${LIMITS.maxDieSize.toLocaleString('en-US')}, not ${describeType(sides)}`,
      'limit',
      span,
    );
  }
}

function checkConstantPlan(plan: DicePlan, sides: DieSize, span: Span): void {
  const endless = sides === 'fate' ? endlessDie(plan, -1, 1) : endlessDie(plan, 1, sides);
  if (endless !== null) throw new FormulaCompileError(endless, 'limit', span);
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

/** Built-ins first, as the checker reads them (a document may not name a user function after a built-in). */
function compileCall(node: NodeOf<'call'>, scope: Scope): Piece {
  const builtin = lookupBuiltin(node.name);
  if (builtin !== undefined) return compileBuiltinCall(node, builtin, scope);
  const userFunction = scope.options.functions?.get(node.name);
  if (userFunction !== undefined) return compileUserCall(node, userFunction, scope);
  throw new FormulaCompileError(`unknown function ${node.name}()`, 'unknown-function', scope.callSpan ?? node.nameSpan);
}

function compileBuiltinCall(node: NodeOf<'call'>, builtin: BuiltinCall, scope: Scope): Piece {
  const span = spanIn(scope, node);
  const arityProblem = builtin.checkArity(node.args.length);
  if (arityProblem !== null) throw new FormulaCompileError(arityProblem, 'arity', span);
  const args = node.args.map((arg) => compileNode(arg, scope));
  const runs = args.map((arg) => arg.run);
  const type = builtin.resultType;
  if (args.every((arg) => arg.constant !== null)) {
    const folded = tryFold(builtin.run(args.map((arg) => plainConstant(arg).run), span), scope);
    if (folded !== null) return folded;
  }
  if (!scope.traced) return { run: builtin.run(runs, span), type, constant: null, level: Level.Atom };
  const open = textItem(`${node.name}(`);
  const comma = textItem(', ');
  const close = textItem(')');
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      const values: Value[] = [];
      trace.push(open);
      for (let i = 0; i < runs.length; i++) {
        if (i > 0) trace.push(comma);
        values.push(runs[i]!(ctx));
      }
      trace.push(close);
      return builtin.apply(values, span);
    },
    type,
    constant: null,
    level: Level.Atom,
  };
}

function compileUserCall(
  node: NodeOf<'call'>,
  definition: { readonly params: readonly string[]; readonly body: string },
  scope: Scope,
): Piece {
  const span = spanIn(scope, node);
  const name = node.name;
  if (scope.calling.includes(name)) {
    const cycle = [...scope.calling.slice(scope.calling.indexOf(name)), name].join(' → ');
    throw new FormulaCompileError(`function ${name}() calls itself (${cycle}); user functions cannot recurse`, 'recursion', span);
  }
  if (scope.calling.length >= LIMITS.maxCallDepth) {
    const chain = [...scope.calling, name];
    const shown = chain.length > 6 ? [...chain.slice(0, 3), '…', ...chain.slice(-2)] : chain;
    throw new FormulaCompileError(`user functions call each other more than ${LIMITS.maxCallDepth} deep (${shown.join(' → ')})`, 'limit', span);
  }
  if (node.args.length !== definition.params.length) {
    throw new FormulaCompileError(
      `${name}() takes ${definition.params.length} argument${definition.params.length === 1 ? '' : 's'} (${definition.params.join(', ')}), got ${node.args.length}`,
      'arity',
      span,
    );
  }
  const parsed = parseFormula(definition.body);
  if (parsed.ast === null) {
    const first = parsed.diagnostics[0];
    throw new FormulaCompileError(`function ${name}() has an error in its body${first === undefined ? '' : `: ${first.message}`}`, 'syntax', span);
  }
  const args = node.args.map((arg) => compileNode(arg, scope));
  // Each argument is evaluated once per call into its slot; the body reads `@param` from there.
  const slots: Value[] = new Array<Value>(args.length).fill(0);
  const params = new Map<string, Piece>();
  definition.params.forEach((param, i) => {
    const arg = args[i]!;
    if (arg.constant !== null) params.set(param, constantPiece(arg.constant.value, scope));
    else {
      const run: Run = scope.traced ? (ctx) => pushedSlot(ctx, slots, i) : () => slots[i]!;
      params.set(param, { run, type: arg.type, constant: null, level: Level.Atom });
    }
  });
  const bodyScope: Scope = { ...scope, params, calling: [...scope.calling, name], callSpan: span };
  let body: Piece;
  try {
    body = compileNode(parsed.ast, bodyScope);
  } catch (error) {
    if (error instanceof FormulaCompileError && !error.message.startsWith('in ')) {
      throw new FormulaCompileError(`in ${name}(): ${error.message}`, error.code, span);
    }
    throw error;
  }
  const dynamic = args.map((arg, i) => (arg.constant === null ? i : -1)).filter((i) => i >= 0);
  // Fold only when nothing runs: an argument may roll dice even if the body ignores it.
  if (body.constant !== null && dynamic.length === 0 && !scope.traced) return constantPiece(body.constant.value, scope);
  const runBody = body.run;
  if (!scope.traced) {
    const plain = fillSlotsThen(dynamic, args, slots, runBody);
    return { run: plain, type: body.type, constant: null, level: Level.Atom };
  }
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      const mark = trace.length;
      const argTexts: string[] = [];
      for (let i = 0; i < args.length; i++) {
        const arg = args[i]!;
        if (arg.constant !== null) {
          argTexts.push(formatChipValue(arg.constant.value));
          continue;
        }
        const argMark = trace.length;
        slots[i] = arg.run(ctx);
        argTexts.push(renderTrace(trace.slice(argMark)));
        trace.length = argMark;
      }
      const value = runBody(ctx);
      const faces: number[] = [];
      const kept: boolean[] = [];
      for (let k = mark; k < trace.length; k++) {
        const item = trace[k]!;
        if (item.kind === 'dice' || item.kind === 'call') {
          faces.push(...item.faces);
          kept.push(...item.kept);
        }
      }
      trace.length = mark;
      trace.push({ kind: 'call', name, text: `${name}(${argTexts.join(', ')})`, faces, kept, value, span: node.span });
      return value;
    },
    type: body.type,
    constant: null,
    level: Level.Atom,
  };
}

function pushedSlot(ctx: EvalContext, slots: readonly Value[], index: number): Value {
  const value = slots[index]!;
  ctx.trace!.push(textItem(formatChipValue(value)));
  return value;
}

function fillSlotsThen(dynamic: readonly number[], args: readonly Piece[], slots: Value[], body: Run): Run {
  switch (dynamic.length) {
    case 0:
      return body;
    case 1: {
      const i = dynamic[0]!;
      const a = args[i]!.run;
      return (ctx) => {
        slots[i] = a(ctx);
        return body(ctx);
      };
    }
    default: {
      const runs = dynamic.map((i) => args[i]!.run);
      return (ctx) => {
        for (let k = 0; k < dynamic.length; k++) slots[dynamic[k]!] = runs[k]!(ctx);
        return body(ctx);
      };
    }
  }
}
