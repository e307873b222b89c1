// How long a run has left, as every progress display says it.
import { describe, expect, it } from 'vitest';
import { timeLeft } from './eta';

describe('timeLeft', () => {
  it('extrapolates the pace so far, in seconds, then minutes from two of them', () => {
    expect(timeLeft(2, 100, 400)).toBe('about 6 s left');
    expect(timeLeft(1.5, 1, 3)).toBe('about 3 s left');
    expect(timeLeft(10, 1, 13)).toBe('about 2 min left');
    expect(timeLeft(30, 1, 10)).toBe('about 5 min left');
    expect(timeLeft(5, 10, 10)).toBe('about 0 s left');
  });

  it('says nothing before a second has passed, before anything is done, or of a count past its total', () => {
    expect(timeLeft(0.9, 50, 100)).toBeNull();
    expect(timeLeft(3, 0, 100)).toBeNull();
    expect(timeLeft(3, 101, 100)).toBeNull();
    expect(timeLeft(Number.NaN, 1, 2)).toBeNull();
  });
});
