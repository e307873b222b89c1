// Exact distributions of a formula: every dice term is an independent random variable, every reference a fixed
// value. Dice-free parts fold to plain values; the rest are pmfs combined by convolution (sums) or joint
// enumeration (everything else), keep/drop by an order-statistics program (dice/keep.ts), never by listing outcomes.
// Beside the formula language it reads: operators.ts (the walk per node kind), calls.ts (built-ins and user
// functions), dice.ts (dice terms and their modifiers), walk.ts (shared state); the pmf arithmetic is dice/pmf.ts.
import { type FormulaNode, type Span, LIMITS } from '../types';
import { getBuiltin } from '../builtins';
import { childrenOf } from '../nodes';
import { DistributionFailure, type DistributionErrorCode, type Pmf, WorkBudget, momentsOf, point, totalMass, withThousands } from '../../dice/pmf';
import { type DistributionOptions, type DistributionError, type DistributionResult, MAX_CALL_DEPTH, MAX_NODE_DEPTH, type Outcome, type Walk, describeValue } from './walk';
import { parseBody, inBody, checkArity } from './calls';
import { evaluate } from './operators';

export type { Pmf, DistributionErrorCode } from '../../dice/pmf';
export { WorkBudget } from '../../dice/pmf';
export type { Distribution, DistributionError, DistributionOptions, DistributionResult } from './walk';

/** Exact distribution of a formula. Never throws for bad input: errors come back as `{ ok: false, error }`. */
export function distributionOf(ast: FormulaNode, options: DistributionOptions): DistributionResult {
  const walk: Walk = { options, budget: options.budget ?? new WorkBudget(), notes: new Set(), diceUsed: 0, params: null, locals: null, callDepth: 0 };
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
export function precheck(node: FormulaNode, walk: Walk, params: ReadonlySet<string> | null, stack: readonly string[], done: Set<string>, depth: number): void {
  if (depth > MAX_NODE_DEPTH) return; // evaluate() reports the depth
  switch (node.kind) {
    case 'ref':
      if (params !== null && params.has(node.path.join('.'))) return;
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
    case 'let': {
      precheck(node.value, walk, params, stack, done, depth + 1);
      const names = new Set(params ?? []);
      names.add(node.name);
      names.add(`${node.name}.faces`);
      precheck(node.body, walk, names, stack, done, depth + 1);
      return;
    }
    default:
      for (const child of childrenOf(node)) precheck(child, walk, params, stack, done, depth + 1);
  }
}

/** Dice the formula always rolls, from literal counts (a choice counts its larger branch): checked before any work. */
export function fixedDiceCount(node: FormulaNode, depth: number): number {
  if (depth > MAX_NODE_DEPTH) return 0; // evaluate() reports the depth
  if (node.kind === 'dice') {
    const own = node.count === null ? 1 : node.count.kind === 'number' ? node.count.value : fixedDiceCount(node.count, depth + 1);
    return own + (node.sides.kind === 'number' ? fixedDiceCount(node.sides.value, depth + 1) : 0);
  }
  if (node.kind === 'conditional') {
    return fixedDiceCount(node.test, depth + 1) + Math.max(fixedDiceCount(node.then, depth + 1), fixedDiceCount(node.otherwise, depth + 1));
  }
  let total = 0;
  for (const child of childrenOf(node)) total += fixedDiceCount(child, depth + 1);
  return total;
}

export function failure(code: DistributionErrorCode, message: string, span: Span): DistributionError {
  return { ok: false, error: { code, message, span } };
}

export function finish(outcome: Outcome, ast: FormulaNode, notes: string[]): DistributionResult {
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
