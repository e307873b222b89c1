// The fate plot: each combatant's fights split into standing, down but alive, and dead, stacked to 100%.
import { describe, expect, it } from 'vitest';
import type { BatchStats } from '../workers/protocol';
import { fateChart } from './batchPlots';

const stats = (combatants: BatchStats['combatants']): BatchStats => ({
  system: 's', fight: 'f', fights: 200, seed: 1, wins: { heroes: 100, enemies: 100, draw: 0 },
  rounds: { mean: 3, p50: 3, p90: 5, max: 7 }, checks: {}, combatants,
});

describe('fateChart', () => {
  it('splits every combatant into standing, down but alive, and dead, in % of fights', () => {
    const config = fateChart(stats([
      { id: 'wizard', side: 'heroes', survived: 0.25, died: 0.125, damageDealt: { mean: 3 } },
      { id: 'orc-1', side: 'enemies', survived: 0.5, died: 0.5, damageDealt: { mean: 4 } },
    ]));
    expect(config.data.labels).toEqual(['wizard', 'orc-1']);
    expect(config.data.datasets.map((d) => [d.label, d.data])).toEqual([
      ['standing', [25, 50]],
      ['down, alive', [62.5, 0]],
      ['dead', [12.5, 50]],
    ]);
    // Stacked horizontal bars on a 0-100 axis.
    expect(config.options?.indexAxis).toBe('y');
    expect(config.options?.scales?.x).toMatchObject({ stacked: true, max: 100 });
  });

  it('never draws a negative share when rounding leaves survived + died a hair over 1', () => {
    const config = fateChart(stats([{ id: 'x', side: 'enemies', survived: 0.3, died: 0.7000000000000001, damageDealt: { mean: 0 } }]));
    expect(config.data.datasets[1]!.data).toEqual([0]);
  });
});
