// The built-in functions, shared by the checker (arity, types, ranges) and the compiler (impl).
// Also the names nobody may take: they would shadow a built-in, read as dice, or reach prototype machinery.
import { FormulaRuntimeError } from './runtime';
import type { Value, ValueType } from './types';

/** A closed interval of numbers a formula can produce. */
export interface NumericRange {
  readonly min: number;
  readonly max: number;
}

export interface BuiltinFunction {
  readonly name: string;
  /** For messages and hovers: `clamp(x, lo, hi)`. */
  readonly signature: string;
  readonly description: string;
  readonly minArgs: number;
  /** `Infinity` for `min`/`max`. */
  readonly maxArgs: number;
  /** Expected type of argument `index` (0-based). */
  argType(index: number): ValueType;
  readonly resultType: ValueType;
  /** Pure: same arguments, same result. Throws FormulaRuntimeError on a value it cannot take. */
  impl(...args: Value[]): Value;
  /** The result's range from the arguments' ranges (null where unknown); absent or null when unknowable. */
  range?(args: readonly (NumericRange | null)[]): NumericRange | null;
}

function numberArg(name: string, value: Value | undefined, index: number): number {
  if (typeof value !== 'number') {
    throw new FormulaRuntimeError(`${name}: argument ${index + 1} must be a number, not ${describeValue(value)}`, 'type');
  }
  return value;
}

function listArg(name: string, value: Value | undefined, index: number): readonly (string | number)[] {
  if (!Array.isArray(value)) {
    throw new FormulaRuntimeError(`${name}: argument ${index + 1} must be a list, not ${describeValue(value)}`, 'type');
  }
  return value as readonly (string | number)[];
}

function describeValue(value: Value | undefined): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

function finite(name: string, result: number): number {
  if (!Number.isFinite(result)) throw new FormulaRuntimeError(`${name} gave a number too large to use`, 'limit');
  return result;
}

function numbers(name: string, args: readonly Value[]): number[] {
  return args.map((arg, i) => numberArg(name, arg, i));
}

function allKnown(args: readonly (NumericRange | null)[]): args is readonly NumericRange[] {
  return args.every((arg) => arg !== null);
}

/** A function that only grows with its argument maps a range end to end. */
function monotone(fn: (x: number) => number) {
  return (args: readonly (NumericRange | null)[]): NumericRange | null => {
    const x = args[0];
    return x === null || x === undefined ? null : { min: fn(x.min), max: fn(x.max) };
  };
}

const numberOnly = (): ValueType => 'number';

function unaryMath(name: string, description: string, fn: (x: number) => number, range: BuiltinFunction['range']): BuiltinFunction {
  return {
    name,
    signature: `${name}(x)`,
    description,
    minArgs: 1,
    maxArgs: 1,
    argType: numberOnly,
    resultType: 'number',
    impl: (...args) => fn(numberArg(name, args[0], 0)),
    range,
  };
}

const builtinList: readonly BuiltinFunction[] = [
  {
    name: 'min',
    signature: 'min(a, b, …)',
    description: 'The smallest of two or more numbers.',
    minArgs: 2,
    maxArgs: Infinity,
    argType: numberOnly,
    resultType: 'number',
    impl: (...args) => Math.min(...numbers('min', args)),
    range: (args) => (allKnown(args) ? { min: Math.min(...args.map((a) => a.min)), max: Math.min(...args.map((a) => a.max)) } : null),
  },
  {
    name: 'max',
    signature: 'max(a, b, …)',
    description: 'The largest of two or more numbers.',
    minArgs: 2,
    maxArgs: Infinity,
    argType: numberOnly,
    resultType: 'number',
    impl: (...args) => Math.max(...numbers('max', args)),
    range: (args) => (allKnown(args) ? { min: Math.max(...args.map((a) => a.min)), max: Math.max(...args.map((a) => a.max)) } : null),
  },
  unaryMath('floor', 'Rounds down to a whole number.', Math.floor, monotone(Math.floor)),
  unaryMath('ceil', 'Rounds up to a whole number.', Math.ceil, monotone(Math.ceil)),
  unaryMath('round', 'Rounds to the nearest whole number; halves round up (2.5 → 3, -2.5 → -2).', Math.round, monotone(Math.round)),
  unaryMath('abs', 'The number without its sign.', Math.abs, (args) => {
    const x = args[0];
    if (x === null || x === undefined) return null;
    if (x.min >= 0) return { min: x.min, max: x.max };
    if (x.max <= 0) return { min: -x.max, max: -x.min };
    return { min: 0, max: Math.max(-x.min, x.max) };
  }),
  {
    name: 'pow',
    signature: 'pow(base, exponent)',
    description: 'base raised to the power exponent.',
    minArgs: 2,
    maxArgs: 2,
    argType: numberOnly,
    resultType: 'number',
    impl: (...args) => {
      const [base, exponent] = numbers('pow', args);
      return finite('pow', Math.pow(base!, exponent!));
    },
    range: (args) => {
      const [base, exponent] = args;
      // Only the plain case: a non-negative base to a constant non-negative power grows with the base.
      if (!base || !exponent || exponent.min !== exponent.max || exponent.min < 0 || base.min < 0) return null;
      return { min: Math.pow(base.min, exponent.min), max: Math.pow(base.max, exponent.min) };
    },
  },
  {
    name: 'clamp',
    signature: 'clamp(x, lo, hi)',
    description: 'x, but at least lo and at most hi.',
    minArgs: 3,
    maxArgs: 3,
    argType: numberOnly,
    resultType: 'number',
    impl: (...args) => {
      const [x, lo, hi] = numbers('clamp', args);
      return Math.min(Math.max(x!, lo!), hi!);
    },
    range: (args) => {
      const [x, lo, hi] = args;
      if (!x || !lo || !hi) return null;
      return { min: Math.min(Math.max(x.min, lo.min), hi.min), max: Math.min(Math.max(x.max, lo.max), hi.max) };
    },
  },
  {
    name: 'has',
    signature: 'has(list, x)',
    description: "Whether the list holds x: has(@target.tags, 'undead').",
    minArgs: 2,
    maxArgs: 2,
    argType: (index) => (index === 0 ? 'list' : 'any'),
    resultType: 'boolean',
    // Named parameters, not a rest array: damage steps call has() on every blow (no array per call).
    impl: (list, x) => listArg('has', list, 0).includes(x as string | number),
  },
  {
    name: 'count',
    signature: 'count(list, x) or count(list, lo, hi)',
    description: 'How many times the list holds x, or how many of its numbers lie from lo to hi: count(@roll.dice, 6), count(@pool.faces, 5, 6).',
    minArgs: 2,
    maxArgs: 3,
    argType: (index) => (index === 0 ? 'list' : index === 1 ? 'any' : 'number'),
    resultType: 'number',
    impl: (...args) => {
      const list = listArg('count', args[0], 0);
      let found = 0;
      if (args.length === 3) {
        const lo = numberArg('count', args[1], 1);
        const hi = numberArg('count', args[2], 2);
        for (const item of list) if (typeof item === 'number' && item >= lo && item <= hi) found++;
        return found;
      }
      const needle = args[1];
      for (const item of list) if (item === needle) found++;
      return found;
    },
  },
  {
    name: 'overlaps',
    signature: 'overlaps(list, list)',
    description: "Whether two lists share an item: overlaps(@damageTypes, @target.resist).",
    minArgs: 2,
    maxArgs: 2,
    argType: () => 'list',
    resultType: 'boolean',
    impl: (...args) => {
      const second = listArg('overlaps', args[1], 1);
      return listArg('overlaps', args[0], 0).some((item) => second.includes(item));
    },
  },
];

/** Built-ins by name (a Map: no prototype lookups). */
export const BUILTINS: ReadonlyMap<string, BuiltinFunction> = new Map(builtinList.map((fn) => [fn.name, Object.freeze(fn)]));

export function getBuiltin(name: string): BuiltinFunction | undefined {
  return BUILTINS.get(name);
}

/** Names that would reach prototype machinery if anything ever used them as keys. Never reference segments. */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Names a user function may not take: the prototype names, every built-in, the dice letter `d`,
 * and the words of the language. (`max` stays fine as a reference segment: `@hp.max`.)
 */
export const RESERVED_FUNCTION_NAMES: ReadonlySet<string> = new Set([
  ...RESERVED_SEGMENTS,
  ...BUILTINS.keys(),
  'd',
  'true',
  'false',
  'and',
  'or',
  'not',
  'let',
  'in',
]);

/**
 * Why `name` cannot be a user function, or undefined when it can. Beyond the reserved names, a name must be a
 * plain identifier and must not read as dice (`d6x` lexes as `d6`, `dF` as fate dice).
 */
export function explainBadFunctionName(name: string): string | undefined {
  if (RESERVED_FUNCTION_NAMES.has(name)) {
    return BUILTINS.has(name) ? `'${name}' is a built-in function` : `'${name}' is a reserved word`;
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `'${name}' is not a valid function name: use letters, digits and '_', starting with a letter`;
  if (/^d(?:\d|F(?![A-Za-z0-9_]))/.test(name) || name === 'dF') return `'${name}' reads as dice: pick a name that does not start with 'd' and a digit`;
  return undefined;
}
