// A sandbox batch split among workers: the slices, and the merge of the parts into the statistics one worker (and
// `sim`) gives.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSystem, simulate } from '../../../engine/index';
import type { SystemDocument } from '../../../engine/index';
import { defaultBatchWorkers, mergeBatchParts, splitBatch, workersUsedWords } from './batchParts';
import type { BatchPart, FightChoice } from './protocol';
import { runBatchPart } from './simulate';

const classic = readFileSync(new URL('../../../systems/classic-d20.json', import.meta.url), 'utf8');

function parts(text: string, choice: FightChoice, seed: number, total: number, workers: number, minEach: number): BatchPart[] {
  return splitBatch(total, workers, minEach).map((slice) => {
    const result = runBatchPart(text, choice, seed, slice.from, slice.fights, () => {});
    if ('error' in result) throw new Error(result.error);
    return result.part;
  });
}

describe('splitting a batch among workers', () => {
  it('covers every fight once, in contiguous slices of near-equal size, each worth a worker', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 5_000 }), (total, workers, minEach) => {
      const slices = splitBatch(total, workers, minEach);
      expect(slices.length).toBeGreaterThanOrEqual(1);
      expect(slices.length).toBeLessThanOrEqual(workers);
      let next = 0;
      for (const s of slices) {
        expect(s.from).toBe(next);
        next += s.fights;
      }
      expect(next).toBe(total);
      const sizes = slices.map((s) => s.fights);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      if (slices.length > 1) expect(Math.min(...sizes)).toBeGreaterThanOrEqual(minEach);
      // As many workers as the batch is worth: one more slice would fall below the minimum.
      if (slices.length < workers) expect(Math.floor(total / (slices.length + 1))).toBeLessThan(minEach);
    }));
  });

  it('takes one slice for a small batch, and none of a blank or broken size', () => {
    expect(splitBatch(1_000, 4)).toEqual([{ from: 0, fights: 1_000 }]);
    expect(splitBatch(10_001, 4)).toEqual([{ from: 0, fights: 2_501 }, { from: 2_501, fights: 2_500 }, { from: 5_001, fights: 2_500 }, { from: 7_501, fights: 2_500 }]);
    expect(splitBatch(Number.NaN, 4)).toEqual([{ from: 0, fights: 0 }]);
    expect(splitBatch(5_000, Number.NaN)).toEqual([{ from: 0, fights: 5_000 }]);
  });

  it('uses one worker per core by default, at least one and at most eight', () => {
    expect([undefined, 0, 1, 2, 3, 8, 64, 2.5].map((c) => defaultBatchWorkers(c))).toEqual([1, 1, 1, 2, 3, 8, 8, 2]);
  });
});

describe('merging the parts of a batch', () => {
  const choice: FightChoice = { kind: 'document', fightId: 'boss-tier-4' };

  it('gives what one worker gives, and what sim gives, whatever the split', () => {
    const one = mergeBatchParts(parts(classic, choice, 7, 900, 1, 1), 7);
    for (const workers of [2, 3, 5]) {
      const split = parts(classic, choice, 7, 900, workers, 100);
      expect(split).toHaveLength(workers);
      // Given back in any order (workers finish when they finish).
      expect(mergeBatchParts([...split].reverse(), 7)).toEqual(one);
    }
    const loaded = loadSystem(JSON.parse(classic) as SystemDocument);
    if (!loaded.ok) throw new Error('classic-d20 does not load');
    const { roundsHistogram, ...stats } = one;
    expect(stats).toEqual(simulate(loaded.system, 'boss-tier-4', { fights: 900, seed: 7 }));
    expect(roundsHistogram!.reduce((a, b) => a + b, 0)).toBe(900);
    // The fights really differ between slices: a split that reran the first slice's fights would not add up.
    const firstOnly = parts(classic, choice, 7, 300, 1, 1)[0]!;
    expect(mergeBatchParts([firstOnly, firstOnly, firstOnly], 7)).not.toEqual(one);
  });

  it('merges a composed fight the same way, and refuses parts of different fights', () => {
    const composed: FightChoice = { kind: 'composed', fight: { id: 'sandbox', heroes: ['fighter5', 'cleric5'], enemies: [{ template: { role: 'standard', tier: 2 }, count: 3 }] } };
    const one = mergeBatchParts(parts(classic, composed, 3, 600, 1, 1), 3);
    expect(mergeBatchParts(parts(classic, composed, 3, 600, 4, 150), 3)).toEqual(one);
    expect(one.fight).toBe('sandbox');
    const other = parts(classic, choice, 3, 100, 1, 1);
    expect(() => mergeBatchParts([...parts(classic, composed, 3, 100, 1, 1), ...other], 3)).toThrow(/different fights/);
    expect(() => mergeBatchParts([], 3)).toThrow(/at least one part/);
  });

  it('says why a slice cannot run', () => {
    expect(runBatchPart('{', choice, 1, 0, 10, () => {})).toEqual({ error: expect.stringMatching(/^The system is not valid JSON/) });
    expect(runBatchPart(classic, { kind: 'document', fightId: 'nowhere' }, 1, 0, 10, () => {})).toEqual({ error: expect.stringMatching(/nowhere/) });
  });
});

describe('the summary names the workers a batch ran on', () => {
  it('says how many ran, and why fewer than picked when the batch was too small for them', () => {
    expect(workersUsedWords(2, 2)).toBe('2 workers');
    expect(workersUsedWords(1, 1)).toBe('1 worker');
    expect(workersUsedWords(1, 2)).toBe('1 worker (2 picked: each takes at least 2,000 fights)');
    // What splitBatch really uses for a small batch is what the words say.
    const used = splitBatch(5_000, 4).length;
    expect(workersUsedWords(used, 4)).toBe('2 workers (4 picked: each takes at least 2,000 fights)');
  });
});

