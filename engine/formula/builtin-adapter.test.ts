import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lookupBuiltin } from './builtin-adapter';
import { getBuiltin } from './builtins';
import { FormulaRuntimeError } from './runtime';
import type { EvalContext } from './runtime';
import type { Value } from './types';
import { fuzz } from '../../test/fuzz';

const span = { start: 3, end: 9 };
const ctx = {} as EvalContext; // the argument closures below never read it
const constant = (value: Value) => (): Value => value;

describe('built-in calls from compiled code', () => {
  it('gives the same results as the table for min/max/floor/ceil/round/abs (the allocation-free fast paths)', () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    fc.assert(
      fc.property(fc.constantFrom('min', 'max'), finite, finite, (name, a, b) => {
        const run = lookupBuiltin(name)!.run([constant(a), constant(b)], span);
        return Object.is(run(ctx), getBuiltin(name)!.impl(a, b));
      }),
      fuzz(42, 300),
    );
    fc.assert(
      fc.property(fc.constantFrom('floor', 'ceil', 'round', 'abs'), finite, (name, x) => {
        const run = lookupBuiltin(name)!.run([constant(x)], span);
        return Object.is(run(ctx), getBuiltin(name)!.impl(x));
      }),
      fuzz(42, 300),
    );
  });

  it('gives the same answers as the table for has(list, x) (its fast path)', () => {
    // A list is all strings or all numbers (Value); the item looked for may be either.
    const list = fc.oneof(fc.array(fc.constantFrom('fire', 'cold', ''), { maxLength: 6 }), fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 6 }));
    const item = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('fire', 'cold', ''));
    fc.assert(
      fc.property(list, item, (list: Value, x: Value) => {
        const run = lookupBuiltin('has')!.run([constant(list), constant(x)], span);
        return run(ctx) === getBuiltin('has')!.impl(list, x);
      }),
      fuzz(42, 300),
    );
  });

  it("reports the table's type errors, located at the call", () => {
    for (const [name, args] of [['max', [true, 1]], ['floor', ['x']], ['clamp', [1, 'a', 2]], ['has', [1, 2]]] as const) {
      const run = lookupBuiltin(name)!.run(args.map((arg) => constant(arg)), span);
      let caught: unknown;
      try {
        run(ctx);
      } catch (error) {
        caught = error;
      }
      expect(caught, name).toBeInstanceOf(FormulaRuntimeError);
      expect((caught as FormulaRuntimeError).code).toBe('type');
      expect((caught as FormulaRuntimeError).span).toEqual(span);
    }
  });

  it('calls with many arguments and applies to computed values', () => {
    const max = lookupBuiltin('max')!;
    expect(max.run([1, 7, 3, 5].map((v) => constant(v)), span)(ctx)).toBe(7);
    expect(max.apply([2, 9, 4], span)).toBe(9);
    expect(lookupBuiltin('count')!.apply([[6, 1, 6], 6], span)).toBe(2);
  });

  it('checks arity against the table', () => {
    expect(lookupBuiltin('floor')!.checkArity(1)).toBeNull();
    expect(lookupBuiltin('floor')!.checkArity(2)).toMatch(/takes 1 argument, got 2/);
    expect(lookupBuiltin('max')!.checkArity(1)).toMatch(/at least 2 arguments, got 1/);
    expect(lookupBuiltin('constructor')).toBeUndefined();
    expect(lookupBuiltin('nope')).toBeUndefined();
  });
});
