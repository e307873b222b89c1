// The balance worker's logic (grid and diff from texts) and the Balance tab's party list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { partiesOf } from '../state/balance.svelte';
import { diffOf, gridOf, sensitivityOf } from './balance';

const mirror = readFileSync(new URL('../../../test/balance/fixtures/mirror.json', import.meta.url), 'utf8');

describe('balance worker logic', () => {
  it('runs the grid of a system text, and says why it cannot', () => {
    const result = gridOf(mirror, 'solo', 40, 1);
    expect('grid' in result && result.grid.cells.length).toBe(6);
    expect(gridOf('{', 'solo', 40, 1)).toEqual({ error: expect.stringMatching(/^The system is not valid JSON/) });
    expect(gridOf(mirror, 'nobody', 40, 1)).toEqual({ error: expect.stringMatching(/unknown party 'nobody'/) });
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

  it('ranks what moves the needle in a fight, largest move first, and says why it cannot', () => {
    const result = sensitivityOf(mirror, 'mirror-match', 200, 1);
    if (!('sensitivity' in result)) throw new Error(result.error);
    const moves = result.sensitivity.nudges.map((n) => Math.abs(n.delta));
    expect(moves.length).toBeGreaterThan(2);
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    expect(result.sensitivity.nudges[0]!.knob.pointer).toMatch(/^\//);
    expect(sensitivityOf(mirror, 'nope', 20, 1)).toEqual({ error: expect.stringMatching(/unknown fight 'nope'/) });
    expect(sensitivityOf('{', 'mirror-match', 20, 1)).toEqual({ error: expect.stringMatching(/^The system is not valid JSON/) });
  });

  it('offers the parties, then the fights', () => {
    expect(partiesOf(mirror).map((p) => p.id)).toEqual(['solo', 'mirror-match', 'easy']);
    expect(partiesOf('not json')).toEqual([]);
    expect(partiesOf(null)).toEqual([]);
  });
});
