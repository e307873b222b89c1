// Calls in a distribution: built-ins over fixed values and distributions, user functions expanded with their
// arguments (a failure in a body moves to the call in the formula). Part of engine/formula/distribution/.
import type { FormulaNode, Span, UserFunction, Value } from '../types';
import { parseFormula } from '../parse';
import { printFormula } from '../print';
import { getBuiltin } from '../builtins';
import { FormulaRuntimeError } from '../runtime';
import { DistributionFailure, type DistributionErrorCode, type Pmf, combine, fromEntries } from '../../dice/pmf';
import { MAX_CALL_DEPTH, type Outcome, type Walk, describeValue } from './walk';
import { evaluate, fixed, random, asPmf, isBooleanOutcome } from './operators';
import { mix } from './dice';

export function parseBody(node: Extract<FormulaNode, { kind: 'call' }>, fn: UserFunction): FormulaNode {
  const parsed = parseFormula(fn.body);
  if (!parsed.ast) {
    const why = parsed.diagnostics[0]?.message ?? 'it cannot be read';
    throw new DistributionFailure(`the body of \`${node.name}\` has an error: ${why}`, 'syntax', node.nameSpan);
  }
  return parsed.ast;
}

/** A failure inside a function's body, on its way out to the call in the formula: the functions it went through. */
export class BodyFailure extends DistributionFailure {
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
export function inBody<T>(call: Extract<FormulaNode, { kind: 'call' }>, callDepth: number, run: () => T): T {
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

export function call(node: Extract<FormulaNode, { kind: 'call' }>, walk: Walk, depth: number): Outcome {
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

export function checkArity(node: Extract<FormulaNode, { kind: 'call' }>, [lo, hi]: [number, number]): void {
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
export function callUserFunction(
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
    const inner: Walk = { ...walk, params, locals: null, callDepth: walk.callDepth + 1 };
    const outcome = inBody(node, walk.callDepth, () => evaluate(body, inner, depth + 1));
    walk.diceUsed = inner.diceUsed;
    if (combos.length === 1 && outcome.kind === 'fixed') onlyFixed = outcome.value;
    boolean &&= isBooleanOutcome(outcome);
    parts.push([combo.weight, asPmf(outcome, node.span, `${node.name}()`)]);
  }
  if (onlyFixed !== undefined) return fixed(onlyFixed);
  return random(mix(parts, walk, node.span), boolean);
}
