// A run's count of fights and seed are checked before any fight: NaN, 2.5, 0 or -5 fights (a blank field in the
// studio) get a sentence, never a grid of NaN fights a cell or a batch that counts 3 of 2.5.
import { describe, expect, it } from 'vitest';
import { diffSystems } from '../../engine/balance/diff';
import { runGrid } from '../../engine/balance/grid';
import { sensitivity } from '../../engine/balance/sensitivity';
import { simulatePartial } from '../../engine/sim/index';
import { runProblem, seedProblem, wholeProblem } from '../../engine/sim/options';
import { load, mirrorDoc } from './helpers';

const doc = mirrorDoc();
const system = load(doc);
const bad = [Number.NaN, 2.5, 0, -5, Number.POSITIVE_INFINITY, null as unknown as number];

describe('the numbers of a run', () => {
  it('are a whole count of fights and a finite seed', () => {
    expect(wholeProblem('the number of fights', 3, 1)).toBeNull();
    expect(wholeProblem('the number of fights', 0, 0)).toBeNull();
    expect(wholeProblem('the number of fights', 2.5, 1)).toBe('the number of fights must be a whole number from 1, got 2.5');
    expect(wholeProblem('the number of fights', 2 ** 60, 1)).toMatch(/whole number from 1/);
    expect(seedProblem(-7.5)).toBeNull();
    expect(seedProblem(Number.NaN)).toBe('the seed must be a finite number, got NaN');
    expect(runProblem({ fights: 10, seed: Number.NaN })).toMatch(/seed/);
  });

  it('are refused by the grid, the diff and the needle with the reason, before any fight', () => {
    for (const fights of bad) {
      const why = `the number of fights must be a whole number from 1, got ${fights}`;
      expect(runGrid(doc, system, { party: 'solo', fights, seed: 1 })).toBe(why);
      expect(diffSystems(system, system, { fights, seed: 1 })).toBe(why);
      expect(sensitivity(doc, system, { fight: 'mirror-match', fights, seed: 1 })).toBe(why);
    }
    expect(runGrid(doc, system, { party: 'solo', fights: 10, seed: Number.NaN })).toBe('the seed must be a finite number, got NaN');
    expect(typeof runGrid(doc, system, { party: 'solo', fights: 10, seed: 1 })).toBe('object');
  });

  it('are refused by a batch, which may be empty (a worker with no fights) but not fractional or negative', () => {
    for (const fights of bad.filter((f) => f !== 0)) {
      expect(() => simulatePartial(system, 'mirror-match', { fights, seed: 1 })).toThrow(`the number of fights must be a whole number from 0, got ${fights}`);
    }
    expect(() => simulatePartial(system, 'mirror-match', { fights: 5, seed: 1, from: -1 })).toThrow('the first fight must be a whole number from 0, got -1');
    expect(simulatePartial(system, 'mirror-match', { fights: 0, seed: 1 }).fights).toBe(0);
    expect(simulatePartial(system, 'mirror-match', { fights: 3, seed: 1, from: 7 }).fights).toBe(3);
  });
});
