// The studio's number fields: which values a batch, a Balance run and a seed take, and what a wrong one is told.
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_FIGHTS, seedProblem, wholeNumberProblem } from './inputs';

describe("the studio's number fields", () => {
  it('take whole numbers in their range', () => {
    expect(wholeNumberProblem('Fights', 1, 1, MAX_BATCH_FIGHTS)).toBeNull();
    expect(wholeNumberProblem('Fights', MAX_BATCH_FIGHTS, 1, MAX_BATCH_FIGHTS)).toBeNull();
    expect(seedProblem(0)).toBeNull();
    expect(seedProblem(Number.MAX_SAFE_INTEGER)).toBeNull();
  });

  it('say which field wants what, and what it holds', () => {
    expect(wholeNumberProblem('Fights', MAX_BATCH_FIGHTS + 1, 1, MAX_BATCH_FIGHTS)).toBe('Fights must be a whole number from 1 to 1,000,000, not 1000001.');
    expect(wholeNumberProblem('Fights each', 2.5, 10, 100_000)).toBe('Fights each must be a whole number from 10 to 100,000, not 2.5.');
    // A blank number field reads as null (or NaN, or '').
    for (const blank of [null, undefined, Number.NaN, '']) {
      expect(wholeNumberProblem('Fights', blank, 1, 9)).toBe('Fights must be a whole number from 1 to 9 (the field is empty).');
    }
    expect(seedProblem(-1)).toBe('Seed must be a whole number from 0 to 9,007,199,254,740,991, not -1.');
    expect(seedProblem('7')).toMatch(/^Seed must be a whole number/);
  });
});
