// Calls the built-in table (builtins.ts) from compiled code: fixed-arity calls with no argument arrays built per call,
// errors located at the call, and allocation-free fast paths for the numeric built-ins that hot formulas use.
// The fast paths apply the same Math function as the table after the same type check (builtin-adapter.test.ts
// compares them with the table's impl); any other value goes to impl, so its message is the table's.
import { getBuiltin } from './builtins';
import type { BuiltinFunction } from './builtins';
import { FormulaRuntimeError } from './runtime';
import type { EvalContext } from './runtime';
import type { Span, Value } from './types';

type Run = (ctx: EvalContext) => Value;

export interface BuiltinCall {
  readonly name: string;
  /** A message when `count` arguments do not fit, else null. */
  checkArity(count: number): string | null;
  readonly resultType: 'number' | 'boolean' | 'value';
  /** The call's closure over its arguments' closures. */
  run(args: readonly Run[], span: Span): Run;
  /** Applies the function to values already computed (traced evaluation, folding). */
  apply(values: readonly Value[], span: Span): Value;
}

export function lookupBuiltin(name: string): BuiltinCall | undefined {
  const fn = getBuiltin(name);
  return fn === undefined ? undefined : adapt(fn);
}

function adapt(fn: BuiltinFunction): BuiltinCall {
  return {
    name: fn.name,
    checkArity: (count) => {
      if (count >= fn.minArgs && count <= fn.maxArgs) return null;
      const expected =
        fn.maxArgs === Infinity ? `at least ${fn.minArgs}` : fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
      return `${fn.signature} takes ${expected} argument${expected === '1' ? '' : 's'}, got ${count}`;
    },
    resultType: fn.resultType === 'number' ? 'number' : fn.resultType === 'boolean' ? 'boolean' : 'value',
    run: (args, span) => fastRun(fn.name, args, span) ?? genericRun(fn, args, span),
    apply: (values, span) => applyImpl(fn, values, span),
  };
}

/** Errors from impl carry no place: give them the call's span. Results must be finite numbers. */
function located(error: unknown, span: Span): unknown {
  if (error instanceof FormulaRuntimeError && error.span === undefined) {
    return new FormulaRuntimeError(error.message, error.code, span);
  }
  return error;
}

function checkResult(name: string, value: Value, span: Span): Value {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new FormulaRuntimeError(`${name}() gave a number too large to use`, 'limit', span);
  }
  return value;
}

function applyImpl(fn: BuiltinFunction, values: readonly Value[], span: Span): Value {
  let result: Value;
  try {
    result = fn.impl(...values);
  } catch (error) {
    throw located(error, span);
  }
  return checkResult(fn.name, result, span);
}

function genericRun(fn: BuiltinFunction, args: readonly Run[], span: Span): Run {
  const impl = fn.impl;
  const call = (a: Value, b?: Value, c?: Value): Value => {
    let result: Value;
    try {
      result = args.length === 1 ? impl(a) : args.length === 2 ? impl(a, b!) : impl(a, b!, c!);
    } catch (error) {
      throw located(error, span);
    }
    return checkResult(fn.name, result, span);
  };
  switch (args.length) {
    case 1: {
      const [a] = args as [Run];
      return (ctx) => call(a(ctx));
    }
    case 2: {
      const [a, b] = args as [Run, Run];
      return (ctx) => call(a(ctx), b(ctx));
    }
    case 3: {
      const [a, b, c] = args as [Run, Run, Run];
      return (ctx) => call(a(ctx), b(ctx), c(ctx));
    }
    default: {
      const values: Value[] = new Array<Value>(args.length).fill(0);
      return (ctx) => {
        for (let i = 0; i < args.length; i++) values[i] = args[i]!(ctx);
        return applyImpl(fn, values, span);
      };
    }
  }
}

const UNARY_FAST: ReadonlyMap<string, (x: number) => number> = new Map([
  ['floor', Math.floor],
  ['ceil', Math.ceil],
  ['round', Math.round],
  ['abs', Math.abs],
]);

/** Allocation-free closures for two-argument min/max and has, and the one-argument rounding functions. */
function fastRun(name: string, args: readonly Run[], span: Span): Run | null {
  const fn = getBuiltin(name)!;
  if ((name === 'min' || name === 'max') && args.length === 2) {
    const [a, b] = args as [Run, Run];
    if (name === 'min') {
      return (ctx) => {
        const x = a(ctx);
        const y = b(ctx);
        if (typeof x !== 'number' || typeof y !== 'number') return applyImpl(fn, [x, y], span);
        return Math.min(x, y);
      };
    }
    return (ctx) => {
      const x = a(ctx);
      const y = b(ctx);
      if (typeof x !== 'number' || typeof y !== 'number') return applyImpl(fn, [x, y], span);
      return Math.max(x, y);
    };
  }
  if (name === 'has' && args.length === 2) {
    // Damage steps ask `has(@target.resist, @damageType)` on every blow: no try/catch wrapper per call.
    const [a, b] = args as [Run, Run];
    return (ctx) => {
      const list = a(ctx);
      const x = b(ctx);
      if (!Array.isArray(list)) return applyImpl(fn, [list, x], span);
      return (list as readonly Value[]).includes(x);
    };
  }
  const unary = UNARY_FAST.get(name);
  if (unary !== undefined && args.length === 1) {
    const [a] = args as [Run];
    return (ctx) => {
      const x = a(ctx);
      if (typeof x !== 'number') return applyImpl(fn, [x], span);
      return unary(x);
    };
  }
  return null;
}
