// The walk of a formula's distribution per node kind: values, references, operators, conditionals (calls in
// calls.ts, dice in dice.ts). Part of engine/formula/distribution/.
import type { FormulaNode, Span, Value } from '../types';
import { DistributionFailure, type Pmf, addIndependent, combine, keyOf, mapValues, point, probabilityOf } from '../../dice/pmf';
import { MAX_NODE_DEPTH, type Outcome, type Walk, describeValue } from './walk';
import { call } from './calls';
import { dice, mix } from './dice';
import { letBinding } from './binding';

export function evaluate(node: FormulaNode, walk: Walk, depth: number): Outcome {
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
    case 'let':
      return letBinding(node, walk, depth);
    default: {
      const never: never = node;
      throw new DistributionFailure(`unknown formula node ${JSON.stringify(never)}`, 'type', { start: 0, end: 0 });
    }
  }
}

export function fixed(value: Value): Outcome {
  return { kind: 'fixed', value };
}

export function random(pmf: Pmf, boolean: boolean): Outcome {
  // A distribution with one value is a fixed value: keeps later operations on the cheap path.
  if (pmf.values.length === 1) {
    const only = pmf.values[0] as number;
    return fixed(boolean ? only !== 0 : only);
  }
  return { kind: 'random', pmf, boolean };
}

export function resolveRef(path: readonly string[], span: Span, walk: Walk): Value {
  if (walk.locals !== null) {
    const local = walk.locals.get(path.length === 1 ? (path[0] as string) : path.join('.'));
    if (local !== undefined) return local;
  }
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
export function asPmf(outcome: Outcome, span: Span, what: string): Pmf {
  if (outcome.kind === 'random') return outcome.pmf;
  return point(asNumber(outcome.value, span, what));
}

export function asNumber(value: Value, span: Span, what: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new DistributionFailure(`${what} needs a number, not ${describeValue(value)}`, 'type', span);
}

export function truthy(value: Value): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  return value.length > 0;
}

export function isBooleanOutcome(outcome: Outcome): boolean {
  return outcome.kind === 'fixed' ? typeof outcome.value === 'boolean' : outcome.boolean;
}

export function finite(value: number, span: Span, what: string): number {
  if (!Number.isFinite(value)) {
    throw new DistributionFailure(`${what} gives ${value}, not a finite number`, 'type', span);
  }
  return value;
}

// ---- operators ----------------------------------------------------------------------------------------------

export function unary(op: '-' | 'not', operand: Outcome, span: Span): Outcome {
  if (op === 'not') {
    if (operand.kind === 'fixed') return fixed(!truthy(operand.value));
    return random(mapValues(operand.pmf, (v) => (v === 0 ? 1 : 0)), true);
  }
  if (operand.kind === 'fixed') return fixed(-asNumber(operand.value, span, 'unary -'));
  return random(mapValues(operand.pmf, (v) => -v), false);
}

export const COMPARE: Record<'==' | '!=' | '<' | '<=' | '>' | '>=', (a: number, b: number) => boolean> = {
  '==': (a, b) => keyOf(a) === keyOf(b),
  '!=': (a, b) => keyOf(a) !== keyOf(b),
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

export function binary(node: Extract<FormulaNode, { kind: 'binary' }>, walk: Walk, depth: number): Outcome {
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

export function applyFixed(op: Extract<FormulaNode, { kind: 'binary' }>['op'], a: Value, b: Value, node: Extract<FormulaNode, { kind: 'binary' }>): Value {
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

export function sameValue(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'number') return keyOf(a) === keyOf(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

export function formatProbability(p: number): string {
  return p >= 0.001 ? `${(p * 100).toPrecision(3)}%` : p.toExponential(2);
}

export function conditional(node: Extract<FormulaNode, { kind: 'conditional' }>, walk: Walk, depth: number): Outcome {
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
