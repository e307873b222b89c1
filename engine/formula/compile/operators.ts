// References, `-`/`not`, binary operators and tags: the generic plain closures (arithmetic and comparisons
// specialised for a constant operand). Their traced forms are in traced.ts, the fused `+` chains in fused.ts.
import { FormulaRuntimeError, getterType } from '../runtime';
import { finite, numberAt, valuesEqual, writeTag } from '../evaluate';
import type { BinaryOp, Span, Value } from '../types';
import { compileChain, diceSumOf } from './fused';
import { compileNode } from './node';
import { asBoolean, asNumber, constantNumber, FormulaCompileError, Level, plainConstant, spanIn, tryFold } from './piece';
import type { BooleanRun, CompileScope, NodeOf, NumberRun, NumberTest, Piece, Run, StaticType } from './piece';
import { tracedBinary, tracedNot, tracedNegate, tracedRef, tracedTag } from './traced';

export function compileRef(node: NodeOf<'ref'>, scope: CompileScope): Piece {
  const name = node.path[0]!;
  if (scope.params !== null && scope.params.has(name)) {
    // A let's faces (`@pool.faces`) are a parameter of their own.
    const dotted = node.path.length === 2 ? scope.params.get(`${name}.${node.path[1]!}`) : undefined;
    if (dotted !== undefined) return dotted;
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
  return tracedRef(node, getter, type, scope);
}

export function compileUnary(node: NodeOf<'unary'>, scope: CompileScope): Piece {
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
    return tracedNegate(operand, span);
  }
  if (operand.constant !== null) {
    const test = asBoolean(plainConstant(operand), span);
    const folded = tryFold((ctx) => !test(ctx), scope);
    if (folded !== null) return folded;
  }
  const test = asBoolean(operand, span);
  const run: Run = (ctx) => !test(ctx);
  if (!scope.traced) return { run, type: 'boolean', constant: null, level: Level.Not };
  return tracedNot(operand, span);
}

export function binaryLevel(op: BinaryOp): number {
  switch (op) {
    case 'or': return Level.Or;
    case 'and': return Level.And;
    case '+': case '-': return Level.Additive;
    case '*': case '/': case '%': return Level.Multiplicative;
    default: return Level.Comparison;
  }
}

export function compileBinary(node: NodeOf<'binary'>, scope: CompileScope): Piece {
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
  return tracedBinary(node, left, right, span, level);
}

function isComparison(op: BinaryOp): op is NumberTest['op'] {
  return op === '<' || op === '<=' || op === '>' || op === '>=' || op === '==' || op === '!=';
}

/** The closure of a binary operation over its operands' runs; specialised for the hot number cases. */
export function plainBinary(op: BinaryOp, left: Piece, right: Piece, span: Span): { run: Run; type: StaticType } {
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


export function compileTag(node: NodeOf<'tag'>, scope: CompileScope): Piece {
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
        const from = ctx.roll.dice.length;
        const result = value(ctx);
        writeTag(ctx.roll, tag, result, from);
        return result;
      },
      type: 'number',
      constant: null,
      level: Level.Postfix,
    };
  }
  return tracedTag(operand, tag, span);
}
