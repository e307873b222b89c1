// The balance worker's logic (grid and diff from texts) and the Balance tab's party list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { partiesOf } from '../state/balance.svelte';
import { finishSensitivity } from '../../../engine/index';
import { diffOf, gridFinishOf, gridShareOf, sensitivityPartOf, type GridCellState } from './balance';
import { runGrid } from '../../../engine/index';
import { loadSystem } from '../../../engine/index';
import type { SystemDocument } from '../../../engine/index';

const mirror = readFileSync(new URL('../../../test/balance/fixtures/mirror.json', import.meta.url), 'utf8');

describe('balance worker logic', () => {
  it('runs the grid of a system text in shares, any split making the grid one worker makes, and says why it cannot', () => {
    const doc = JSON.parse(mirror) as SystemDocument;
    const loaded = loadSystem(doc);
    if (!loaded.ok) throw new Error('mirror does not load');
    const whole = runGrid(doc, loaded.system, { party: 'solo', fights: 40, seed: 1 });
    for (const of of [1, 2, 4]) {
      const told: number[] = [];
      const cells: GridCellState[] = [];
      for (let index = 0; index < of; index++) {
        const share = gridShareOf(mirror, 'solo', 40, 1, { index, of }, (done, total) => { if (done === total) told.push(total); });
        if (!('cells' in share)) throw new Error(share.error);
        cells.unshift(...share.cells); // the shares come back in any order
      }
      expect(told.reduce((a, b) => a + b, 0)).toBe(6);
      const result = gridFinishOf(mirror, 'solo', 40, 1, cells);
      if (!('grid' in result)) throw new Error(result.error);
      expect(result.grid).toEqual(whole);
      expect(result.grid.cells).toHaveLength(6);
    }
    const half = gridShareOf(mirror, 'solo', 40, 1, { index: 0, of: 2 });
    expect('cells' in half && gridFinishOf(mirror, 'solo', 40, 1, half.cells)).toEqual({ error: "the grid's shares do not cover its 6 cells once each" });
    expect(gridShareOf(mirror, 'solo', 40, 1, { index: 1, of: 1 })).toEqual({ error: "a grid's share must be a whole index below its whole count, got 1 of 1" });
    expect(gridShareOf('{', 'solo', 40, 1, { index: 0, of: 1 })).toEqual({ error: expect.stringMatching(/^The system is not valid JSON/) });
    expect(gridShareOf(mirror, 'nobody', 40, 1, { index: 0, of: 1 })).toEqual({ error: expect.stringMatching(/unknown party 'nobody'/) });
    expect(gridFinishOf('{', 'solo', 40, 1, [])).toEqual({ error: expect.stringMatching(/^The system is not valid JSON/) });
  });

  it('diffs the saved text against the edited one', () => {
    const edited = mirror.replace('"damage": "1d6", "stat": "2"', '"damage": "3 * 1d6", "stat": "2"');
    expect(edited).not.toBe(mirror);
    const result = diffOf(mirror, edited, 400, 1);
    if (!('diff' in result)) throw new Error(result.error);
    expect(result.diff.a).toBe('saved');
    expect(result.diff.compared.find((c) => c.fight === 'mirror-match')!.winRate.significant).toBe(true);
    expect(diffOf(mirror, '[]', 10, 1)).toEqual({ error: expect.stringMatching(/^The edited text cannot fight yet/) });
  });

  it('ranks what moves the needle in a fight, largest move first, from the shares of two workers, and says why it cannot', () => {
    const shares = [0, 1].map((index) => sensitivityPartOf(mirror, 'mirror-match', 200, 1, 'win', { index, of: 2 }));
    const parts = shares.map((r) => { if (!('part' in r)) throw new Error(r.error); return r.part; });
    const needle = finishSensitivity(parts);
    const moves = needle.nudges.map((n) => Math.abs(n.delta));
    expect(moves.length).toBeGreaterThan(2);
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    expect(needle.nudges[0]!.knob.pointer).toMatch(/^\//);
    const one = sensitivityPartOf(mirror, 'mirror-match', 200, 1, 'win', { index: 0, of: 1 });
    expect('part' in one && finishSensitivity([one.part])).toEqual(needle);
    expect(sensitivityPartOf(mirror, 'nope', 20, 1, 'win', { index: 0, of: 1 })).toEqual({ error: expect.stringMatching(/unknown fight 'nope'/) });
    expect(sensitivityPartOf('{', 'mirror-match', 20, 1, 'win', { index: 0, of: 1 })).toEqual({ error: expect.stringMatching(/^The system is not valid JSON/) });
    // By mean rounds: the worker's part carries the measure, and the merge says which.
    const rounds = sensitivityPartOf(mirror, 'mirror-match', 100, 1, 'rounds', { index: 0, of: 1 });
    if (!('part' in rounds)) throw new Error(rounds.error);
    const byRounds = finishSensitivity([rounds.part]);
    expect(byRounds.metric).toBe('rounds');
    expect(byRounds.measure.value).toBeGreaterThan(1);
    expect(byRounds.nudges.some((n) => n.measure.value !== n.winRate.value)).toBe(true);
  });

  it('offers the parties, then the fights', () => {
    expect(partiesOf(mirror).map((p) => p.id)).toEqual(['solo', 'mirror-match', 'easy']);
    expect(partiesOf('not json')).toEqual([]);
    expect(partiesOf(null)).toEqual([]);
  });
});
