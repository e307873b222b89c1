// Exact distributions of a formula: every dice term is an independent random variable, every reference a fixed
// value. Dice-free parts fold to plain values; the rest are pmfs combined by convolution (sums) or joint
// enumeration (everything else), keep/drop by an order-statistics program (keep.ts), never by listing outcomes.
import type { DiceCompare, FormulaNode, Span, UserFunction, Value } from '../formula/types';
import { LIMITS } from '../formula/types';
import { parseFormula } from '../formula/parse';
import { printFormula } from '../formula/print';
import { getBuiltin } from '../formula/builtins';
import { FormulaRuntimeError } from '../formula/runtime';
import { binomialRow, keptPositions, keptTotal } from './keep';
import { type DicePlan, compareMatches, endlessTerm, planDice } from './roll';
import {
  DistributionFailure,
  type DistributionErrorCode,
  MAX_SUPPORT,
  type Pmf,
  WorkBudget,
  addIndependent,
  combine,
  fromEntries,
  keyOf,
  mapValues,
  mixture,
  momentsOf,
  point,
  probabilityOf,
  sumsOfCopies,
  totalMass,
  uniformRange,
  withThousands,
  formatCount,
} from './pmf';

export type { Pmf, DistributionErrorCode } from './pmf';
export { WorkBudget } from './pmf';

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
const NEGLIGIBLE_MASS = 1e-18;
/** The same for the number of explosions in a kept pool, where each step costs a keep/drop program. */
const POOL_NEGLIGIBLE_MASS = 1e-15;
const MAX_CALL_DEPTH = 16;
const MAX_NODE_DEPTH = 200;

/** A formula's value: fixed (no dice beneath) or a distribution over numbers. */
type Outcome =
  | { readonly kind: 'fixed'; readonly value: Value }
  | { readonly kind: 'random'; readonly pmf: Pmf; readonly boolean: boolean };

interface Walk {
  readonly options: DistributionOptions;
  readonly budget: WorkBudget;
  readonly notes: Set<string>;
  /** Dice rolled at most, over the whole formula (the runtime's per-evaluation budget). */
  diceUsed: number;
  /** Parameters of the user function being expanded. */
  readonly params: ReadonlyMap<string, Value> | null;
  readonly callDepth: number;
}

/** Exact distribution of a formula. Never throws for bad input: errors come back as `{ ok: false, error }`. */
export function distributionOf(ast: FormulaNode, options: DistributionOptions): DistributionResult {
  const walk: Walk = { options, budget: options.budget ?? new WorkBudget(), notes: new Set(), diceUsed: 0, params: null, callDepth: 0 };
  try {
    // The cheap checks first (references, functions, arity, a body that does not parse): a formula with a typo
    // must not build a million-face die before saying so.
    precheck(ast, walk, null, [], new Set(), 0);
    const dice = fixedDiceCount(ast, 0);
    if (dice > LIMITS.maxDicePerEvaluation) {
      throw new DistributionFailure(
        `too many dice: ${withThousands(dice)} in one roll (the limit is ${withThousands(LIMITS.maxDicePerEvaluation)})`,
        'limit',
        ast.span,
      );
    }
    const outcome = evaluate(ast, walk, 0);
    return finish(outcome, ast, [...walk.notes]);
  } catch (err) {
    if (err instanceof DistributionFailure) return failure(err.code, err.message, err.span);
    // A stack overflow or an engine bug must still not escape a public entry point.
    const message = err instanceof Error ? err.message : String(err);
    return failure(err instanceof RangeError ? 'limit' : 'type', `cannot compute this distribution: ${message}`, ast.span);
  }
}

/**
 * What can be known without computing anything: every reference has a value (a body's parameters aside), every
 * function exists and gets the right number of arguments, every body called parses. Stricter than evaluation,
 * which skips the branch a fixed test does not take: as the compiler, which resolves every reference. Each body is
 * checked once (its problems do not depend on the arguments); a failure in one points at the call in the formula.
 */
function precheck(node: FormulaNode, walk: Walk, params: ReadonlySet<string> | null, stack: readonly string[], done: Set<string>, depth: number): void {
  if (depth > MAX_NODE_DEPTH) return; // evaluate() reports the depth
  switch (node.kind) {
    case 'ref':
      if (params !== null && node.path.length === 1 && params.has(node.path[0] as string)) return;
      if (walk.options.resolve(node.path) === undefined) throw new DistributionFailure(`\`@${node.path.join('.')}\` has no value`, 'unknown-ref', node.span);
      return;
    case 'call': {
      for (const arg of node.args) precheck(arg, walk, params, stack, done, depth + 1);
      const fn = walk.options.functions?.get(node.name);
      if (fn === undefined) {
        const builtin = getBuiltin(node.name);
        if (!builtin) throw new DistributionFailure(`unknown function \`${node.name}\``, 'unknown-function', node.nameSpan);
        checkArity(node, [builtin.minArgs, builtin.maxArgs]);
        return;
      }
      checkArity(node, [fn.params.length, fn.params.length]);
      // A function already open recurses (evaluate() reports it); past the call depth nothing more is reached.
      if (done.has(node.name) || stack.includes(node.name) || stack.length >= MAX_CALL_DEPTH) return;
      done.add(node.name);
      const body = parseBody(node, fn);
      inBody(node, stack.length, () => precheck(body, walk, new Set(fn.params), [...stack, node.name], done, 0));
      return;
    }
    default:
      for (const child of childNodes(node)) precheck(child, walk, params, stack, done, depth + 1);
  }
}

function childNodes(node: FormulaNode): FormulaNode[] {
  switch (node.kind) {
    case 'unary':
    case 'tag':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'conditional':
      return [node.test, node.then, node.otherwise];
    case 'call':
      return [...node.args];
    case 'dice':
      return [...(node.count ? [node.count] : []), ...(node.sides.kind === 'number' ? [node.sides.value] : [])];
    default:
      return [];
  }
}

function parseBody(node: Extract<FormulaNode, { kind: 'call' }>, fn: UserFunction): FormulaNode {
  const parsed = parseFormula(fn.body);
  if (!parsed.ast) {
    const why = parsed.diagnostics[0]?.message ?? 'it cannot be read';
    throw new DistributionFailure(`the body of \`${node.name}\` has an error: ${why}`, 'syntax', node.nameSpan);
  }
  return parsed.ast;
}

/** A failure inside a function's body, on its way out to the call in the formula: the functions it went through. */
class BodyFailure extends DistributionFailure {
  constructor(
    readonly inner: string,
    code: DistributionErrorCode,
    span: Span,
    readonly via: readonly string[],
  ) {
    super(inner, code, span);
  }
}

/**
 * Runs the body of the function `call` calls. Its spans are the body's, not the formula's: a failure in it is
 * moved to the call (the outermost one, in the formula the user wrote) and names the functions it went through.
 */
function inBody<T>(call: Extract<FormulaNode, { kind: 'call' }>, callDepth: number, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (!(err instanceof DistributionFailure)) throw err;
    const via = err instanceof BodyFailure ? [call.name, ...err.via] : [call.name];
    const inner = err instanceof BodyFailure ? err.inner : err.message;
    if (callDepth > 0) throw new BodyFailure(inner, err.code, call.span, via);
    const where = via.length === 1 ? `the body of \`${via[0]}\`` : `the body of \`${via[via.length - 1]}\` (${via.join(' → ')})`;
    throw new DistributionFailure(`in ${where}, called by \`${printFormula(call)}\`: ${inner}`, err.code, call.span);
  }
}

/** Dice the formula always rolls, from literal counts (a choice counts its larger branch): checked before any work. */
function fixedDiceCount(node: FormulaNode, depth: number): number {
  if (depth > MAX_NODE_DEPTH) return 0; // evaluate() reports the depth
  switch (node.kind) {
    case 'dice': {
      const own = node.count === null ? 1 : node.count.kind === 'number' ? node.count.value : fixedDiceCount(node.count, depth + 1);
      return own + (node.sides.kind === 'number' ? fixedDiceCount(node.sides.value, depth + 1) : 0);
    }
    case 'unary':
    case 'tag':
      return fixedDiceCount(node.operand, depth + 1);
    case 'binary':
      return fixedDiceCount(node.left, depth + 1) + fixedDiceCount(node.right, depth + 1);
    case 'conditional':
      return fixedDiceCount(node.test, depth + 1) + Math.max(fixedDiceCount(node.then, depth + 1), fixedDiceCount(node.otherwise, depth + 1));
    case 'call':
      return node.args.reduce((total, arg) => total + fixedDiceCount(arg, depth + 1), 0);
    default:
      return 0;
  }
}

function failure(code: DistributionErrorCode, message: string, span: Span): DistributionError {
  return { ok: false, error: { code, message, span } };
}

function finish(outcome: Outcome, ast: FormulaNode, notes: string[]): DistributionResult {
  let pmf: Pmf;
  let type: 'number' | 'boolean';
  if (outcome.kind === 'fixed') {
    const value = outcome.value;
    if (typeof value === 'number') {
      pmf = point(value);
      type = 'number';
    } else if (typeof value === 'boolean') {
      pmf = point(value ? 1 : 0);
      type = 'boolean';
    } else {
      return failure('type', `this formula gives ${describeValue(value)}, not a number`, ast.span);
    }
  } else {
    pmf = outcome.pmf;
    type = outcome.boolean ? 'boolean' : 'number';
  }
  const mass = totalMass(pmf);
  // The last guard of "never an empty or NaN answer": every path above should have said why already.
  if (pmf.values.length === 0 || !(mass > 0) || !Number.isFinite(mass)) {
    return failure('limit', 'cannot compute this distribution: no outcome of it has a value (every roll of it fails)', ast.span);
  }
  const moments = momentsOf(pmf);
  if (![moments.min, moments.max, moments.mean, moments.stdev].every(Number.isFinite)) {
    return failure('limit', 'cannot compute this distribution: its mean or spread is not a finite number', ast.span);
  }
  const entries: Array<[number, number]> = Array.from(pmf.values, (v, i) => [v, (pmf.probs[i] as number) / mass]);
  return { ok: true, type, ...moments, pmf: entries, notes };
}

function describeValue(value: Value): string {
  if (typeof value === 'string') return `the text '${value}'`;
  if (Array.isArray(value)) return 'a list';
  return String(value);
}

function evaluate(node: FormulaNode, walk: Walk, depth: number): Outcome {
  if (depth > MAX_NODE_DEPTH) {
    throw new DistributionFailure(`the formula is nested too deeply (more than ${MAX_NODE_DEPTH} levels)`, 'limit', node.span);
  }
  switch (node.kind) {
    case 'number':
      return fixed(node.value);
    case 'boolean':
      return fixed(node.value);
    case 'string':
      return fixed(node.value);
    case 'ref':
      return fixed(resolveRef(node.path, node.span, walk));
    case 'tag':
      return evaluate(node.operand, walk, depth + 1);
    case 'unary':
      return unary(node.op, evaluate(node.operand, walk, depth + 1), node.span);
    case 'binary':
      return binary(node, walk, depth);
    case 'conditional':
      return conditional(node, walk, depth);
    case 'call':
      return call(node, walk, depth);
    case 'dice':
      return dice(node, walk, depth);
    default: {
      const never: never = node;
      throw new DistributionFailure(`unknown formula node ${JSON.stringify(never)}`, 'type', { start: 0, end: 0 });
    }
  }
}

function fixed(value: Value): Outcome {
  return { kind: 'fixed', value };
}

function random(pmf: Pmf, boolean: boolean): Outcome {
  // A distribution with one value is a fixed value: keeps later operations on the cheap path.
  if (pmf.values.length === 1) {
    const only = pmf.values[0] as number;
    return fixed(boolean ? only !== 0 : only);
  }
  return { kind: 'random', pmf, boolean };
}

function resolveRef(path: readonly string[], span: Span, walk: Walk): Value {
  if (walk.params && path.length === 1) {
    const param = walk.params.get(path[0] as string);
    if (param !== undefined) return param;
  }
  const value = walk.options.resolve(path);
  if (value === undefined) {
    throw new DistributionFailure(`\`@${path.join('.')}\` has no value`, 'unknown-ref', span);
  }
  return value;
}

/** The pmf of a numeric or boolean outcome (booleans as 0/1). */
function asPmf(outcome: Outcome, span: Span, what: string): Pmf {
  if (outcome.kind === 'random') return outcome.pmf;
  return point(asNumber(outcome.value, span, what));
}

function asNumber(value: Value, span: Span, what: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new DistributionFailure(`${what} needs a number, not ${describeValue(value)}`, 'type', span);
}

function truthy(value: Value): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  return value.length > 0;
}

function isBooleanOutcome(outcome: Outcome): boolean {
  return outcome.kind === 'fixed' ? typeof outcome.value === 'boolean' : outcome.boolean;
}

function finite(value: number, span: Span, what: string): number {
  if (!Number.isFinite(value)) {
    throw new DistributionFailure(`${what} gives ${value}, not a finite number`, 'type', span);
  }
  return value;
}

// ---- operators ----------------------------------------------------------------------------------------------

function unary(op: '-' | 'not', operand: Outcome, span: Span): Outcome {
  if (op === 'not') {
    if (operand.kind === 'fixed') return fixed(!truthy(operand.value));
    return random(mapValues(operand.pmf, (v) => (v === 0 ? 1 : 0)), true);
  }
  if (operand.kind === 'fixed') return fixed(-asNumber(operand.value, span, 'unary -'));
  return random(mapValues(operand.pmf, (v) => -v), false);
}

const COMPARE: Record<'==' | '!=' | '<' | '<=' | '>' | '>=', (a: number, b: number) => boolean> = {
  '==': (a, b) => keyOf(a) === keyOf(b),
  '!=': (a, b) => keyOf(a) !== keyOf(b),
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

function binary(node: Extract<FormulaNode, { kind: 'binary' }>, walk: Walk, depth: number): Outcome {
  const left = evaluate(node.left, walk, depth + 1);
  // `and`/`or` with a fixed left side decide without the right, as evaluation does.
  if (left.kind === 'fixed' && (node.op === 'and' || node.op === 'or')) {
    const l = truthy(left.value);
    if (node.op === 'and' ? !l : l) return fixed(l);
  }
  const right = evaluate(node.right, walk, depth + 1);
  const op = node.op;
  if (left.kind === 'fixed' && right.kind === 'fixed') return fixed(applyFixed(op, left.value, right.value, node));

  const a = asPmf(left, node.left.span, `'${op}'`);
  const b = asPmf(right, node.right.span, `'${op}'`);
  switch (op) {
    case '+':
    case '-':
      return random(addIndependent(a, b, op === '+' ? 1 : -1, walk.budget, node.span), false);
    case '*':
      return random(combine(a, b, (x, y) => finite(x * y, node.span, 'this product'), walk.budget, node.span), false);
    case '/':
    case '%': {
      const zero = probabilityOf(b, (v) => v === 0);
      if (zero > 0) {
        throw new DistributionFailure(
          `division by zero: the divisor is 0 with probability ${formatProbability(zero)}`,
          'division-by-zero',
          node.right.span,
        );
      }
      const f = op === '/' ? (x: number, y: number) => x / y : (x: number, y: number) => x % y;
      return random(combine(a, b, (x, y) => finite(f(x, y), node.span, 'this division'), walk.budget, node.span), false);
    }
    case 'and':
      return random(combine(a, b, (x, y) => (x !== 0 && y !== 0 ? 1 : 0), walk.budget, node.span), true);
    case 'or':
      return random(combine(a, b, (x, y) => (x !== 0 || y !== 0 ? 1 : 0), walk.budget, node.span), true);
    default: {
      const test = COMPARE[op];
      return random(combine(a, b, (x, y) => (test(x, y) ? 1 : 0), walk.budget, node.span), true);
    }
  }
}

function applyFixed(op: Extract<FormulaNode, { kind: 'binary' }>['op'], a: Value, b: Value, node: Extract<FormulaNode, { kind: 'binary' }>): Value {
  switch (op) {
    case 'and':
      return truthy(a) && truthy(b);
    case 'or':
      return truthy(a) || truthy(b);
    case '==':
      return sameValue(a, b);
    case '!=':
      return !sameValue(a, b);
    default:
      break;
  }
  const x = asNumber(a, node.left.span, `'${op}'`);
  const y = asNumber(b, node.right.span, `'${op}'`);
  switch (op) {
    case '+':
      return finite(x + y, node.span, 'this sum');
    case '-':
      return finite(x - y, node.span, 'this difference');
    case '*':
      return finite(x * y, node.span, 'this product');
    case '/':
    case '%':
      if (y === 0) throw new DistributionFailure('division by zero', 'division-by-zero', node.right.span);
      return finite(op === '/' ? x / y : x % y, node.span, 'this division');
    default:
      return COMPARE[op](x, y);
  }
}

function sameValue(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'number') return keyOf(a) === keyOf(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

function formatProbability(p: number): string {
  return p >= 0.001 ? `${(p * 100).toPrecision(3)}%` : p.toExponential(2);
}

function conditional(node: Extract<FormulaNode, { kind: 'conditional' }>, walk: Walk, depth: number): Outcome {
  const test = evaluate(node.test, walk, depth + 1);
  if (test.kind === 'fixed') {
    return evaluate(truthy(test.value) ? node.then : node.otherwise, walk, depth + 1);
  }
  const pTrue = probabilityOf(test.pmf, (v) => v !== 0);
  const then = evaluate(node.then, walk, depth + 1);
  const otherwise = evaluate(node.otherwise, walk, depth + 1);
  const boolean = isBooleanOutcome(then) && isBooleanOutcome(otherwise);
  const parts: Array<[number, Pmf]> = [
    [pTrue, asPmf(then, node.then.span, 'a choice')],
    [1 - pTrue, asPmf(otherwise, node.otherwise.span, 'a choice')],
  ];
  return random(mix(parts, walk, node.span), boolean);
}

// ---- calls --------------------------------------------------------------------------------------------------

function call(node: Extract<FormulaNode, { kind: 'call' }>, walk: Walk, depth: number): Outcome {
  const userFunction = walk.options.functions?.get(node.name);
  if (userFunction) return callUserFunction(node, userFunction, walk, depth);
  const builtin = getBuiltin(node.name);
  if (!builtin) throw new DistributionFailure(`unknown function \`${node.name}\``, 'unknown-function', node.nameSpan);
  checkArity(node, [builtin.minArgs, builtin.maxArgs]);
  const args = node.args.map((arg) => evaluate(arg, walk, depth + 1));
  const boolean = builtin.resultType === 'boolean';
  // The checker's implementation, so a value here is the value a roll gets.
  const apply = (values: Value[]): number => {
    let result: Value;
    try {
      result = builtin.impl(...values);
    } catch (err) {
      if (err instanceof FormulaRuntimeError) throw new DistributionFailure(err.message, err.code === 'die-size' ? 'type' : err.code, node.span);
      throw err;
    }
    if (typeof result === 'boolean') return result ? 1 : 0;
    if (typeof result !== 'number') throw new DistributionFailure(`${node.name}() gives ${describeValue(result)}`, 'type', node.span);
    return result;
  };
  const randomAt = args.flatMap((arg, i) => (arg.kind === 'random' ? [i] : []));
  if (randomAt.length === 0) {
    const result = apply(args.map((arg) => (arg as { value: Value }).value));
    return fixed(boolean ? result !== 0 : result);
  }
  const valueOf = (arg: Outcome, x: number): Value => (arg.kind === 'random' && arg.boolean ? x !== 0 : x);
  // min and max fold pairwise; anything else enumerates its random arguments jointly.
  if ((node.name === 'min' || node.name === 'max') && args.length > 1) {
    const pmfs = args.map((arg, i) => asPmf(arg, (node.args[i] as FormulaNode).span, `${node.name}()`));
    let acc = pmfs[0] as Pmf;
    for (let i = 1; i < pmfs.length; i++) acc = combine(acc, pmfs[i] as Pmf, (a, b) => apply([a, b]), walk.budget, node.span);
    return random(acc, false);
  }
  let joint: Array<{ values: Value[]; weight: number }> = [{ values: args.map((arg) => (arg.kind === 'fixed' ? arg.value : 0)), weight: 1 }];
  for (const i of randomAt) {
    const arg = args[i] as Extract<Outcome, { kind: 'random' }>;
    walk.budget.spendSparse(joint.length * arg.pmf.values.length, `${node.name}() of dice`, node.span);
    const next: typeof joint = [];
    for (const combo of joint) {
      arg.pmf.values.forEach((x, k) => {
        const values = combo.values.slice();
        values[i] = valueOf(arg, x);
        next.push({ values, weight: combo.weight * (arg.pmf.probs[k] as number) });
      });
    }
    joint = next;
  }
  return random(fromEntries(joint.map(({ values, weight }) => [apply(values), weight] as [number, number])), boolean);
}

function checkArity(node: Extract<FormulaNode, { kind: 'call' }>, [lo, hi]: [number, number]): void {
  const n = node.args.length;
  if (n < lo || n > hi) {
    const expected = lo === hi ? `${lo}` : hi === Infinity ? `at least ${lo}` : `${lo} to ${hi}`;
    throw new DistributionFailure(`${node.name}() takes ${expected} argument${expected === '1' ? '' : 's'}, not ${n}`, 'arity', node.span);
  }
}

/**
 * A user function's parameters may be read several times in its body, so a random argument is not independent
 * of itself: expand the body once per combination of argument values and mix the results.
 */
function callUserFunction(
  node: Extract<FormulaNode, { kind: 'call' }>,
  fn: UserFunction,
  walk: Walk,
  depth: number,
): Outcome {
  if (walk.callDepth >= MAX_CALL_DEPTH) {
    throw new DistributionFailure(`\`${node.name}\` calls functions too deeply (recursion?)`, 'recursion', node.span);
  }
  checkArity(node, [fn.params.length, fn.params.length]);
  const body = parseBody(node, fn);
  const args = node.args.map((arg) => evaluate(arg, walk, depth + 1));

  // Every combination of argument values, with its probability.
  let combos: Array<{ values: Value[]; weight: number }> = [{ values: [], weight: 1 }];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as Outcome;
    if (arg.kind === 'fixed') {
      combos = combos.map((c) => ({ values: [...c.values, arg.value], weight: c.weight }));
      continue;
    }
    walk.budget.spendSparse(combos.length * arg.pmf.values.length * 64, `calling ${node.name}() with dice arguments`, node.span);
    const next: typeof combos = [];
    for (const c of combos) {
      arg.pmf.values.forEach((v, k) => next.push({ values: [...c.values, arg.boolean ? v !== 0 : v], weight: c.weight * (arg.pmf.probs[k] as number) }));
    }
    combos = next;
  }

  const parts: Array<[number, Pmf]> = [];
  let boolean = true;
  let onlyFixed: Value | undefined;
  for (const combo of combos) {
    const params = new Map<string, Value>();
    fn.params.forEach((name, i) => params.set(name, combo.values[i] as Value));
    const inner: Walk = { ...walk, params, callDepth: walk.callDepth + 1 };
    const outcome = inBody(node, walk.callDepth, () => evaluate(body, inner, depth + 1));
    walk.diceUsed = inner.diceUsed;
    if (combos.length === 1 && outcome.kind === 'fixed') onlyFixed = outcome.value;
    boolean &&= isBooleanOutcome(outcome);
    parts.push([combo.weight, asPmf(outcome, node.span, `${node.name}()`)]);
  }
  if (onlyFixed !== undefined) return fixed(onlyFixed);
  return random(mix(parts, walk, node.span), boolean);
}

// ---- dice ---------------------------------------------------------------------------------------------------
// The rules are the roller's (roll.ts): each roll is rerolled with `r` while it matches, then once with `ro` (a
// fresh roll); a die matching its explode compare adds another die to the pool; keep/drop act in written order on
// the pool; the value is the sum of the kept faces or, with `cs`, how many kept dice pass.

function dice(node: Extract<FormulaNode, { kind: 'dice' }>, walk: Walk, depth: number): Outcome {
  const plan = planDice(node.modifiers, node.sides.kind === 'number' && node.sides.value.kind !== 'number' ? printFormula(node) : null);
  const countSpan = node.count?.span ?? node.span;
  const countPmf = node.count ? asPmf(evaluate(node.count, walk, depth + 1), countSpan, 'a dice count') : point(1);
  for (const c of countPmf.values) {
    if (!Number.isInteger(c) || c < 0) {
      throw new DistributionFailure(`the number of dice must be a whole number from 0, got ${c}`, 'type', countSpan);
    }
  }
  const maxCount = countPmf.values[countPmf.values.length - 1] as number;
  walk.diceUsed += maxCount;
  if (walk.diceUsed > LIMITS.maxDicePerEvaluation) {
    throw new DistributionFailure(
      `too many dice: ${withThousands(walk.diceUsed)} in one roll (the limit is ${withThousands(LIMITS.maxDicePerEvaluation)})`,
      'limit',
      node.span,
    );
  }

  let sizePmf: Pmf;
  if (node.sides.kind === 'fate') {
    sizePmf = point(FATE);
  } else {
    const sizeNode = node.sides.value;
    sizePmf = asPmf(evaluate(sizeNode, walk, depth + 1), sizeNode.span, 'a die size');
    for (const size of sizePmf.values) {
      if (!Number.isInteger(size) || size < 1 || size > LIMITS.maxDieSize) {
        throw new DistributionFailure(
          `a die must have a whole number of faces from 1 to ${withThousands(LIMITS.maxDieSize)}, got ${size}`,
          'die-size',
          sizeNode.span,
        );
      }
    }
  }

  // Each size builds its own die: estimate the lot before building any.
  let facesTotal = 0;
  for (const size of sizePmf.values) facesTotal += size === FATE ? 3 : size;
  walk.budget.spend(facesTotal * Math.max(1, countPmf.values.length), 'The dice sizes here', node.span);
  if (plan.selections.length === 0 && plan.successes === null) {
    const largest = sizePmf.values[sizePmf.values.length - 1] as number;
    walk.budget.checkSupport(maxCount * (Math.max(largest, 3) - 1) + 1, `${maxCount} dice`, node.span);
  }

  const parts: Array<[number, Pmf]> = [];
  sizePmf.values.forEach((size, si) => {
    const faces = size === FATE ? uniformRange(-1, 1) : uniformRange(1, size);
    const roll = settledRoll(faces, plan, node.span, walk);
    // Plain `!` explodes on the die's highest face, even where a reroll never lets it stay (`d3r3!` never explodes).
    const top = faces.values[faces.values.length - 1] as number;
    const byCount = termForCounts(roll, top, countPmf.values, plan, node.span, walk);
    countPmf.values.forEach((count, ci) => {
      parts.push([(sizePmf.probs[si] as number) * (countPmf.probs[ci] as number), byCount.get(count) as Pmf]);
    });
  });
  return random(parts.length === 1 ? (parts[0] as [number, Pmf])[1] : mix(parts, walk, node.span), false);
}

/**
 * The mixture of weighted parts, within the budget and the support limit: merging is paid per value, and a result
 * over MAX_SUPPORT values is refused before it is built (an explosion chain of a d1000000 would hold 3 million).
 */
function mix(parts: ReadonlyArray<readonly [number, Pmf]>, walk: Walk, span: Span): Pmf {
  let total = 0;
  let lo = Infinity;
  let hi = -Infinity;
  let integral = true;
  for (const [weight, pmf] of parts) {
    if (!(weight > 0) || pmf.values.length === 0) continue;
    total += pmf.values.length;
    lo = Math.min(lo, pmf.values[0] as number);
    hi = Math.max(hi, pmf.values[pmf.values.length - 1] as number);
    integral &&= Number.isInteger(lo) && Number.isInteger(hi);
  }
  walk.budget.spendSparse(total, 'Combining the cases here', span);
  // At most `total` values, and for whole numbers at most the span: count them only when both are over the limit.
  if (total > MAX_SUPPORT && !(integral && hi - lo + 1 <= MAX_SUPPORT)) {
    // Whole numbers over a span that fits a bitmap are marked there (a set of a million numbers takes a second).
    const marks = integral && hi - lo + 1 <= 64 * MAX_SUPPORT ? new Uint8Array(hi - lo + 1) : null;
    const seen = marks === null ? new Set<number>() : null;
    let distinct = 0;
    for (const [weight, pmf] of parts) {
      if (!(weight > 0)) continue;
      for (const v of pmf.values) {
        if (marks !== null) {
          if (marks[v - lo] === 1) continue;
          marks[v - lo] = 1;
          distinct++;
        } else {
          seen!.add(v);
          distinct = seen!.size;
        }
        if (distinct > MAX_SUPPORT) walk.budget.checkSupport(integral ? hi - lo + 1 : total, 'This term', span);
      }
    }
  }
  return mixture(parts);
}

/**
 * A die that reaches the limit of rerolls or explosions stops the roll with an error, so those rolls have no value:
 * their mass is left out, with a note. A die that fails that way in 1 roll of 100 or more is an error here too.
 */
function dieMayFail(walk: Walk, what: 'rerolls' | 'explosions', probability: number, span: Span): void {
  const limit = LIMITS.maxExplosionsPerDie;
  if (probability >= FAILING_DIE) {
    throw new DistributionFailure(
      `a die here needs more than ${limit} ${what} (which stops the roll with an error) in ${formatProbability(probability)} of its rolls`,
      'limit',
      span,
    );
  }
  if (probability > 1e-15) walk.notes.add(`a die fails (over ${limit} ${what}) with probability ${probability.toExponential(1)}; those rolls are left out`);
}

/** From this chance of failing, a die is an error rather than a note (dieMayFail). */
const FAILING_DIE = 0.01;

/** Marks the fate die in a size distribution (real sizes are at least 1). */
const FATE = 0;

function anyMatch(compares: readonly DiceCompare[], face: number): boolean {
  return compares.some((c) => compareMatches(c.op, c.value, face));
}

/** One roll of a die after `r` (until) and `ro` (once). */
function settledRoll(faces: Pmf, plan: DicePlan, span: Span, walk: Walk): Pmf {
  const endless = endlessTerm(plan, faces.values[0] as number, faces.values[faces.values.length - 1] as number);
  if (endless !== null) throw new DistributionFailure(endless, 'limit', span);
  let roll = faces;
  if (plan.rerollUntil.length > 0) {
    const p = probabilityOf(faces, (v) => anyMatch(plan.rerollUntil, v));
    // More than maxExplosionsPerDie rerolls is a runtime error: those rolls have no value and are left out.
    const failing = Math.pow(p, LIMITS.maxExplosionsPerDie + 1);
    dieMayFail(walk, 'rerolls', failing, span);
    roll = fromEntries(Array.from(faces.values, (v, i) => [v, anyMatch(plan.rerollUntil, v) ? 0 : (faces.probs[i] as number) / (1 - p)]));
  }
  if (plan.rerollOnce.length > 0) {
    const settled = roll;
    const q = probabilityOf(settled, (v) => anyMatch(plan.rerollOnce, v));
    // The second roll is a fresh roll of the die, not rerolled again.
    roll = mix(
      [
        [1, fromEntries(Array.from(settled.values, (v, i) => [v, anyMatch(plan.rerollOnce, v) ? 0 : (settled.probs[i] as number)]))],
        [q, faces],
      ],
      walk,
      span,
    );
  }
  return roll;
}

function explodesOn(plan: DicePlan, face: number, maxFace: number): boolean {
  return plan.explode.some((c) => (c === null ? face === maxFace : compareMatches(c.op, c.value, face)));
}

/**
 * The total score of one die's chain of rolls: exploding rolls followed by one that stops, at most
 * maxExplosionsPerDie explosions (more is a runtime error, so that mass is left out). The chain is followed until
 * the mass still exploding is negligible.
 */
function chainScore(roll: Pmf, plan: DicePlan, maxFace: number, score: (face: number) => number, span: Span, walk: Walk): Pmf {
  chainFits(roll, plan, maxFace, score, span);
  const explodes = fromEntries(Array.from(roll.values, (v, i) => [score(v), explodesOn(plan, v, maxFace) ? (roll.probs[i] as number) : 0]));
  const stops = fromEntries(Array.from(roll.values, (v, i) => [score(v), explodesOn(plan, v, maxFace) ? 0 : (roll.probs[i] as number)]));
  const explodeMass = totalMass(explodes);
  if (explodeMass === 0) return stops;
  const limit = LIMITS.maxExplosionsPerDie;
  const parts: Array<[number, Pmf]> = [];
  let chain = point(0); // sub-pmf: the score of t exploding rolls
  for (let t = 0; ; t++) {
    parts.push([1, addIndependent(chain, stops, 1, walk.budget, span)]);
    chain = addIndependent(chain, explodes, 1, walk.budget, span);
    const mass = totalMass(chain);
    if (t + 1 > limit) {
      dieMayFail(walk, 'explosions', mass, span);
      break;
    }
    if (mass < NEGLIGIBLE_MASS) {
      if (mass > 0) walk.notes.add(`explosions followed to ${t + 1} per die; ${mass.toExponential(1)} of each die's mass (longer chains) is left out`);
      break;
    }
  }
  return mix(parts, walk, span);
}

/**
 * Refuses, before any of it is built, a chain whose parts alone hold more than MAX_SUPPORT values: part t (t
 * explosions, then a stop) holds at least as many values as a stop has, and parts whose ranges do not overlap add
 * up (`d1000000!`: three parts of a million each, before the rest is negligible).
 */
function chainFits(roll: Pmf, plan: DicePlan, maxFace: number, score: (face: number) => number, span: Span): void {
  // One pass over the faces, nothing built: how many stop, the ends of the stopping and exploding scores.
  let n = 0;
  let stopLo = Infinity;
  let stopHi = -Infinity;
  let upLo = Infinity;
  let upHi = -Infinity;
  let explodeMass = 0;
  for (let i = 0; i < roll.values.length; i++) {
    const face = roll.values[i] as number;
    const value = score(face);
    if (explodesOn(plan, face, maxFace)) {
      explodeMass += roll.probs[i] as number;
      upLo = Math.min(upLo, value);
      upHi = Math.max(upHi, value);
    } else {
      n++;
      stopLo = Math.min(stopLo, value);
      stopHi = Math.max(stopHi, value);
    }
  }
  // Scores of different faces may coincide (`cs`): then the stops hold fewer values than faces, and nothing is refused.
  if (n <= 1 || explodeMass === 0 || stopHi - stopLo + 1 < n) return;
  let atLeast = 0;
  let lastHi = -Infinity;
  let mass = 1;
  for (let t = 0; t <= LIMITS.maxExplosionsPerDie && mass >= NEGLIGIBLE_MASS; t++) {
    const lo = stopLo + t * upLo;
    const hi = stopHi + t * upHi;
    if (lo > lastHi) {
      atLeast += n;
      lastHi = hi;
    }
    if (atLeast > MAX_SUPPORT) {
      throw new DistributionFailure(`this exploding die has at least ${formatCount(atLeast)} possible values; exact distributions stop at ${formatCount(MAX_SUPPORT)}`, 'limit', span);
    }
    mass *= explodeMass;
  }
}

/** The term's value for each count: a sum, a kept total, or a success count. */
function termForCounts(roll: Pmf, maxFace: number, counts: Float64Array, plan: DicePlan, span: Span, walk: Walk): Map<number, Pmf> {
  const successes = plan.successes;
  const score = successes ? (v: number) => (compareMatches(successes.op, successes.value, v) ? 1 : 0) : (v: number) => v;
  const out = new Map<number, Pmf>();
  const exploding = plan.explode.length > 0 && probabilityOf(roll, (v) => explodesOn(plan, v, maxFace)) > 0;

  if (plan.selections.length === 0) {
    if (exploding) return sumsOfCopies(chainScore(roll, plan, maxFace, score, span, walk), counts, walk.budget, span);
    if (successes) {
      const p = probabilityOf(roll, (v) => score(v) === 1);
      for (const count of counts) {
        walk.budget.spend(count + 1, 'A success count', span);
        const row = binomialRow(count, p);
        out.set(count, fromEntries(Array.from(row, (q, c) => [c, q] as [number, number])));
      }
      return out;
    }
    const sums = sumsOfCopies(roll, counts, walk.budget, span);
    // Long sums reach probabilities below the smallest double (1000d6 at 1000 is 6^-1000): say so.
    const lowest = roll.values[0] as number;
    for (const [count, pmf] of sums) {
      if (count > 0 && (pmf.values[0] as number) > count * lowest) {
        walk.notes.add(
          `values from ${count * lowest} to ${(pmf.values[0] as number) - 1} (and as far above) have probabilities below 1e-308 and are not listed`,
        );
      }
    }
    return sums;
  }

  if (!exploding) {
    for (const count of counts) {
      const { from, to } = keptPositions(count, plan.selections);
      out.set(count, keptTotal(roll, { dice: count, from, to, score }, walk.budget, span));
    }
    return out;
  }
  for (const count of counts) out.set(count, keptWithExplosions(roll, count, plan, maxFace, score, span, walk));
  return out;
}

/**
 * keep/drop over a pool grown by explosions. When every exploding face is above every stopping face (`!`, `!>=5`),
 * the pool sorts as the `count` stopping dice below the M exploding ones, and M (the number of explosions) is
 * negative binomial: mix over M, keeping each group's share of the kept positions.
 */
function keptWithExplosions(
  roll: Pmf,
  count: number,
  plan: DicePlan,
  maxFace: number,
  score: (face: number) => number,
  span: Span,
  walk: Walk,
): Pmf {
  const explodeFaces = Array.from(roll.values).filter((v) => explodesOn(plan, v, maxFace));
  const stopFaces = Array.from(roll.values).filter((v) => !explodesOn(plan, v, maxFace));
  if (stopFaces.length > 0 && (stopFaces[stopFaces.length - 1] as number) >= (explodeFaces[0] as number)) {
    throw new DistributionFailure(
      'an exact distribution of keep/drop with explosions needs the exploding faces to be the highest',
      'type',
      span,
    );
  }
  const e = probabilityOf(roll, (v) => explodesOn(plan, v, maxFace));
  // One die's chain past the per-die limit is a runtime error, as in chainScore.
  dieMayFail(walk, 'explosions', Math.pow(e, LIMITS.maxExplosionsPerDie + 1), span);
  const conditional = (keepIt: (v: number) => boolean, mass: number): Pmf =>
    fromEntries(Array.from(roll.values, (v, i) => [v, keepIt(v) ? (roll.probs[i] as number) / mass : 0]));
  const explodeDie = conditional((v) => explodesOn(plan, v, maxFace), e);
  const stopDie = conditional((v) => !explodesOn(plan, v, maxFace), 1 - e);
  if (count === 0) return point(0);

  // P(M = m) = C(count + m - 1, m) e^m (1 - e)^count, followed until the rest is negligible; chains longer than
  // the per-die limit are runtime errors, ignored here beyond the note (their mass is at most count · e^101).
  const parts: Array<[number, Pmf]> = [];
  let logWeight = count * Math.log1p(-e);
  const maxExplosions = count * LIMITS.maxExplosionsPerDie;
  // The stopping dice's share repeats for most m; the exploding dice are usually all kept (a running sum).
  const lowByRange = new Map<string, Pmf>();
  const explodeScore = mapValues(explodeDie, score);
  let allExploding = point(0);
  for (let m = 0; m <= maxExplosions; m++) {
    if (m > 0) {
      logWeight += Math.log((count + m - 1) / m) + Math.log(e);
      allExploding = addIndependent(allExploding, explodeScore, 1, walk.budget, span);
    }
    const weight = Math.exp(logWeight);
    const pool = count + m;
    const { from, to } = keptPositions(pool, plan.selections);
    // Sorted pool: positions [0, count) are the stopping dice, [count, pool) the exploding ones.
    const lowFrom = Math.min(from, count);
    const lowTo = Math.min(to, count);
    const lowKey = `${lowFrom},${lowTo}`;
    let low = lowByRange.get(lowKey);
    if (!low) {
      low = keptTotal(stopDie, { dice: count, from: lowFrom, to: lowTo, score }, walk.budget, span);
      lowByRange.set(lowKey, low);
    }
    const highFrom = Math.max(from - count, 0);
    const highTo = Math.max(to - count, 0);
    const high =
      highFrom === 0 && highTo === m
        ? allExploding
        : keptTotal(explodeDie, { dice: m, from: highFrom, to: highTo, score }, walk.budget, span);
    parts.push([weight, addIndependent(low, high, 1, walk.budget, span)]);
    // Past the mode the weights fall at least geometrically with ratio r: the rest is below weight · r / (1 - r).
    const ratio = ((count + m) / (m + 1)) * e;
    if (ratio < 1) {
      const rest = (weight * ratio) / (1 - ratio);
      if (rest < POOL_NEGLIGIBLE_MASS) {
        if (rest > 0) walk.notes.add(`explosions followed to ${m} in the pool; under ${rest.toExponential(1)} of the mass is left out`);
        break;
      }
    }
  }
  return mix(parts, walk, span);
}
