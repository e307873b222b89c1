// The sandbox's exact answer beside a batch (sim worker 'exact': runExact): the heroes' win chance of a small fight,
// equal to the engine's and within 4.5 sigma of the batch's estimate; a fight over the studio's budget answers null
// with the reason, quickly.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FightChoice } from './protocol';
import { runBatchPart, runExact } from './simulate';
import { mergeBatchParts } from './batchParts';

const forged = readFileSync(new URL('../../../systems/forged.json', import.meta.url), 'utf8');
const classic = readFileSync(new URL('../../../systems/classic-d20.json', import.meta.url), 'utf8');

describe('runExact (the studio\'s "exact: 63.41%")', () => {
  it('solves a small composed fight and agrees with the batch', () => {
    const choice: FightChoice = { kind: 'composed', fight: { heroes: ['cutter'], enemies: [{ template: { role: 'standard', tier: 1 } }], maxRounds: 20 } };
    const exact = runExact(forged, choice);
    if ('error' in exact) throw new Error(exact.error);
    expect(exact.reason).toBeNull();
    expect(exact.win).toBeCloseTo(0.61487, 4);
    const part = runBatchPart(forged, choice, 3, 0, 20_000, () => {});
    if ('error' in part) throw new Error(part.error);
    const stats = mergeBatchParts([part.part], 3);
    const sigma = Math.sqrt((exact.win! * (1 - exact.win!)) / 20_000);
    expect(Math.abs(stats.wins.heroes / 20_000 - exact.win!)).toBeLessThanOrEqual(4.5 * sigma);
  });

  it('answers null with the reason for a fight over the studio\'s budget', () => {
    const exact = runExact(classic, { kind: 'document', fightId: 'bench-4v4' });
    if ('error' in exact) throw new Error(exact.error);
    expect(exact.win).toBeNull();
    expect(exact.reason).toMatch(/more than [\d,]+ (runs|distinct states)/);
  });
});
