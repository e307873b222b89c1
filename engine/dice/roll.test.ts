import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FormulaRuntimeError } from '../formula/runtime';
import type { EvalContext } from '../formula/runtime';
import type { DiceModifier, Rng } from '../formula/types';
import { newEvalContext } from '../formula/compile';
import { createRng } from './rng';
import { planDice, rollOne, rollPlain, rollPool } from './roll';
import type { DiceTraceSink } from './roll';
import { fuzz } from '../../test/fuzz';
import { riggedRng } from '../../test/formula/compile-helpers';

function ctxWith(faces: readonly number[]): EvalContext {
  return newEvalContext(riggedRng(faces));
}

const sink = (): DiceTraceSink => ({ faces: [], kept: [] });
const keep = (which: 'high' | 'low', count: number): DiceModifier => ({ kind: 'keep', which, count });
const drop = (which: 'high' | 'low', count: number): DiceModifier => ({ kind: 'drop', which, count });

function expectRuntimeError(fn: () => unknown, code: FormulaRuntimeError['code'], message: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(FormulaRuntimeError);
  expect((caught as FormulaRuntimeError).code).toBe(code);
  expect((caught as FormulaRuntimeError).message).toMatch(message);
}

describe('rollPlain and rollOne', () => {
  it('sums the faces and records each as rolled and kept', () => {
    const ctx = ctxWith([3, 5, 6]);
    expect(rollPlain(ctx, 3, 6, undefined)).toBe(14);
    expect(ctx.roll.dice).toEqual([3, 5, 6]);
    expect(ctx.roll.kept).toEqual([3, 5, 6]);
    expect(ctx.diceLeft).toBe(10_000 - 3);
  });

  it('rolls one die', () => {
    const ctx = ctxWith([17]);
    expect(rollOne(ctx, 20, undefined)).toBe(17);
    expect(ctx.roll.dice).toEqual([17]);
    expect(ctx.diceLeft).toBe(9_999);
  });

  it('refuses more dice than the budget left, before rolling any', () => {
    const ctx = ctxWith([]);
    ctx.diceLeft = 2;
    expectRuntimeError(() => rollPlain(ctx, 3, 6, { start: 0, end: 3 }), 'limit', /3 dice.*10000 dice per evaluation/);
    expect(ctx.roll.dice).toEqual([]);
    ctx.diceLeft = 0;
    expectRuntimeError(() => rollOne(ctx, 6, undefined), 'limit', /10000 dice/);
  });

  it('fails a million dice at once without rolling or allocating them', () => {
    const rng = riggedRng([]);
    const ctx = newEvalContext(rng);
    expectRuntimeError(() => rollPool(ctx, 1_000_000, 1_000_000, planDice([]), undefined, null), 'limit', /1000000 dice/);
    expect(rng.asked).toEqual([]);
    expect(ctx.roll.dice.length).toBe(0);
  });
});

describe('keep and drop', () => {
  it('keeps the highest three of 4d6 and records the dropped die too (@roll.dice)', () => {
    const ctx = ctxWith([6, 1, 5, 3]);
    const trace = sink();
    expect(rollPool(ctx, 4, 6, planDice([keep('high', 3)]), undefined, trace)).toBe(14);
    expect(ctx.roll.dice).toEqual([6, 1, 5, 3]);
    expect(ctx.roll.kept).toEqual([6, 5, 3]);
    expect(trace).toEqual({ faces: [6, 1, 5, 3], kept: [true, false, true, true] });
  });

  it('keeps the lowest (disadvantage)', () => {
    const ctx = ctxWith([15, 4]);
    expect(rollPool(ctx, 2, 20, planDice([keep('low', 1)]), undefined, null)).toBe(4);
    expect(ctx.roll.kept).toEqual([4]);
  });

  it('drops the highest and the lowest with counts', () => {
    const high = ctxWith([2, 6, 4, 6]);
    expect(rollPool(high, 4, 6, planDice([drop('high', 2)]), undefined, null)).toBe(6);
    expect(high.roll.kept).toEqual([2, 4]);
    const low = ctxWith([2, 6, 4, 1]);
    expect(rollPool(low, 4, 6, planDice([drop('low', 1)]), undefined, null)).toBe(12);
  });

  it('counts the earlier of equal faces as lower', () => {
    const ctx = ctxWith([5, 5]);
    const trace = sink();
    rollPool(ctx, 2, 20, planDice([keep('high', 1)]), undefined, trace);
    expect(trace.kept).toEqual([false, true]);
    const low = ctxWith([5, 5]);
    const lowTrace = sink();
    rollPool(low, 2, 20, planDice([keep('low', 1)]), undefined, lowTrace);
    expect(lowTrace.kept).toEqual([true, false]);
  });

  it('applies several keep/drop modifiers in order, on the dice still kept', () => {
    // 5d10: 9 2 7 4 1; kh4 drops the 1; dl1 then drops the 2.
    const ctx = ctxWith([9, 2, 7, 4, 1]);
    expect(rollPool(ctx, 5, 10, planDice([keep('high', 4), drop('low', 1)]), undefined, null)).toBe(20);
    expect(ctx.roll.kept).toEqual([9, 7, 4]);
  });

  it('keeps everything when asked to keep more than rolled, and nothing when dropping more', () => {
    expect(rollPool(ctxWith([3, 4]), 2, 6, planDice([keep('high', 5)]), undefined, null)).toBe(7);
    expect(rollPool(ctxWith([3, 4]), 2, 6, planDice([drop('low', 5)]), undefined, null)).toBe(0);
  });

  it('selects correctly in a large pool (the sort path)', () => {
    const rng = createRng(5);
    const ctx = newEvalContext(rng);
    const value = rollPool(ctx, 200, 6, planDice([keep('high', 10)]), undefined, null);
    const expected = [...ctx.roll.dice].sort((a, b) => b - a).slice(0, 10).reduce((a, b) => a + b, 0);
    expect(value).toBe(expected);
    expect(ctx.roll.kept.length).toBe(10);
  });
});

describe('explode', () => {
  it('adds a die for each highest face, each its own die in the pool', () => {
    const ctx = ctxWith([6, 6, 2, 3]);
    expect(rollPool(ctx, 2, 6, planDice([{ kind: 'explode', compare: null }]), undefined, null)).toBe(17);
    expect(ctx.roll.dice).toEqual([6, 6, 2, 3]);
    expect(ctx.diceLeft).toBe(10_000 - 4);
  });

  it('explodes on a compare', () => {
    const ctx = ctxWith([5, 1]);
    expect(rollPool(ctx, 1, 6, planDice([{ kind: 'explode', compare: { op: '>=', value: 5 } }]), undefined, null)).toBe(6);
  });

  it('stops a die after 100 explosions with an error', () => {
    const ctx = newEvalContext({ die: (sides) => sides, next: () => 0 }); // always the highest face
    expectRuntimeError(() => rollPool(ctx, 1, 6, planDice([{ kind: 'explode', compare: null }]), undefined, null), 'limit', /100 explosions/);
    expect(ctx.roll.dice.length).toBe(101);
  });

  it('refuses an explosion that matches every face (computed d1!)', () => {
    expectRuntimeError(() => rollPool(ctxWith([]), 1, 1, planDice([{ kind: 'explode', compare: null }]), undefined, null), 'limit', /every face/);
    expectRuntimeError(
      () => rollPool(ctxWith([]), 1, 6, planDice([{ kind: 'explode', compare: { op: '>', value: 0 } }]), undefined, null),
      'limit',
      /every face/,
    );
  });

  it('charges explosions to the evaluation budget', () => {
    const ctx = newEvalContext({ die: (sides) => sides, next: () => 0 });
    ctx.diceLeft = 10;
    expectRuntimeError(() => rollPool(ctx, 1, 6, planDice([{ kind: 'explode', compare: null }]), undefined, null), 'limit', /10000 dice/);
  });

  it('counts each exploded die as a success (10-again)', () => {
    const ctx = ctxWith([10, 8, 3]);
    const plan = planDice([{ kind: 'explode', compare: null }, { kind: 'successes', compare: { op: '>=', value: 8 } }]);
    expect(rollPool(ctx, 2, 10, plan, undefined, null)).toBe(2);
  });
});

describe('reroll', () => {
  it('rerolls until the face passes, showing faces rerolled away only in the chip', () => {
    const ctx = ctxWith([1, 1, 4]);
    const trace = sink();
    expect(rollPool(ctx, 1, 6, planDice([{ kind: 'reroll', once: false, compare: { op: '==', value: 1 } }]), undefined, trace)).toBe(4);
    expect(ctx.roll.dice).toEqual([4]);
    expect(trace).toEqual({ faces: [1, 1, 4], kept: [false, false, true] });
    expect(ctx.diceLeft).toBe(10_000 - 3);
  });

  it('rerolls once, keeping the second face even if it matches', () => {
    const ctx = ctxWith([2, 1]);
    expect(rollPool(ctx, 1, 6, planDice([{ kind: 'reroll', once: true, compare: { op: '<', value: 3 } }]), undefined, null)).toBe(1);
  });

  it('fails after 100 rerolls of one die', () => {
    const ctx = newEvalContext({ die: () => 1, next: () => 0 });
    expectRuntimeError(
      () => rollPool(ctx, 1, 6, planDice([{ kind: 'reroll', once: false, compare: { op: '==', value: 1 } }]), undefined, null),
      'limit',
      /100 rerolls/,
    );
  });

  it('refuses a reroll that matches every face (d6r<7)', () => {
    expectRuntimeError(
      () => rollPool(ctxWith([]), 1, 6, planDice([{ kind: 'reroll', once: false, compare: { op: '<', value: 7 } }]), undefined, null),
      'limit',
      /every face/,
    );
  });
});

describe('successes and fate dice', () => {
  it('counts the dice that pass (5d10cs>=8)', () => {
    const ctx = ctxWith([9, 3, 8, 10, 1]);
    expect(rollPool(ctx, 5, 10, planDice([{ kind: 'successes', compare: { op: '>=', value: 8 } }]), undefined, null)).toBe(3);
    expect(ctx.roll.kept).toEqual([9, 3, 8, 10, 1]);
  });

  it('rolls fate dice as -1, 0, +1', () => {
    const ctx = ctxWith([1, 2, 3, 3]);
    expect(rollPool(ctx, 4, 'fate', planDice([]), undefined, null)).toBe(1);
    expect(ctx.roll.dice).toEqual([-1, 0, 1, 1]);
  });

  it('keeps the highest fate die', () => {
    const ctx = ctxWith([1, 3]);
    expect(rollPool(ctx, 2, 'fate', planDice([keep('high', 1)]), undefined, null)).toBe(1);
  });
});

describe('properties', () => {
  it('NdX lies in [N, N·X] and records N dice (seeded)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 1000 }), (seed, n, x) => {
        const ctx = newEvalContext(createRng(seed));
        const value = rollPlain(ctx, n, x, undefined);
        return value >= n && value <= n * x && ctx.roll.dice.length === n;
      }),
      fuzz(42, 300),
    );
  });

  it('keep-highest k of N keeps k dice whose sum is the k largest faces (seeded)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 80 }), fc.integer({ min: 0, max: 80 }), (seed, n, k) => {
        const ctx = newEvalContext(createRng(seed));
        const value = rollPool(ctx, n, 6, planDice([keep('high', k)]), undefined, null);
        const best = [...ctx.roll.dice].sort((a, b) => b - a).slice(0, k);
        return value === best.reduce((a, b) => a + b, 0) && ctx.roll.kept.length === Math.min(n, k);
      }),
      fuzz(42, 200),
    );
  });
});
