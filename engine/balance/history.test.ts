// Run points for the studio's trend plot: one point per recorded run, oldest first, not pooled by version.
import { describe, expect, it } from 'vitest';
import { documentIdentity, recordedFights, runEntry, runPoints, trend, versionPoints } from './history';

const stats = (fight: string, heroes: number, fights = 100, mean = 3) => ({
  system: 'mirror', fight, fights, seed: 7, wins: { heroes, enemies: fights - heroes, draw: 0 }, rounds: { mean, p50: 3, p90: 5 },
});

describe('runPoints', () => {
  it('gives every run of the fight its own point, ordered by time, with its version, hash and interval', () => {
    const entries = [
      runEntry(stats('duel', 60, 100, 4), '2', 'text v2', new Date('2026-11-30T12:00:00Z')),
      runEntry(stats('duel', 40), '1', 'text v1', new Date('2026-11-29T12:00:00Z')),
      runEntry(stats('brawl', 90), '1', 'text v1', new Date('2026-11-29T13:00:00Z')),
      runEntry(stats('duel', 62, 100, 4), '2', 'text v2', new Date('2026-11-30T13:00:00Z')),
    ];
    const points = runPoints(entries, 'duel');
    expect(points.map((p) => [p.version, p.winRate.value, p.rounds])).toEqual([['1', 0.4, 3], ['2', 0.6, 4], ['2', 0.62, 4]]);
    expect(points[0]!.hash).toBe(entries[1]!.hash);
    expect(points[1]!.hash).toBe(points[2]!.hash);
    expect(points[0]!.winRate.low).toBeLessThan(0.4);
    expect(points[0]!.winRate.high).toBeGreaterThan(0.4);
    // trend() pools the two runs of version 2; runPoints keeps them apart.
    expect(trend(entries, 'duel')).toHaveLength(2);
    const pooled = versionPoints(entries, 'duel');
    expect(pooled.map((p) => [p.version, p.fights, p.seed])).toEqual([['2', 200, null], ['1', 100, null]]);
    expect(pooled[0]!.winRate.value).toBeCloseTo(0.61, 10);
    expect(pooled[0]!.time).toBe('2026-11-30T13:00:00.000Z');
    expect(runPoints(entries, 'nothing')).toEqual([]);
  });

  it('keeps file order for equal times and puts unreadable times last', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const a = runEntry(stats('duel', 10), '1', 'a', at);
    const b = runEntry(stats('duel', 20), '1', 'b', at);
    const broken = { ...runEntry(stats('duel', 30), '1', 'c', at), time: 'not a time' };
    expect(runPoints([broken, a, b], 'duel').map((p) => p.winRate.value)).toEqual([0.1, 0.2, 0.3]);
  });
});

describe('recordedFights and documentIdentity', () => {
  it('lists fights most recently run first', () => {
    const at = new Date(0);
    expect(recordedFights([runEntry(stats('a', 1), '1', 'x', at), runEntry(stats('b', 1), '1', 'x', at), runEntry(stats('a', 1), '1', 'x', at)])).toEqual(['a', 'b']);
    expect(recordedFights([])).toEqual([]);
  });

  it("reads a system text's id and version, and never throws on bad text", () => {
    expect(documentIdentity('{"id": "classic-d20", "version": "1.2.0", "fights": []}')).toEqual({ id: 'classic-d20', version: '1.2.0' });
    expect(documentIdentity('{"id": 3}')).toEqual({ id: '', version: '' });
    expect(documentIdentity('{"id": "x"')).toEqual({ id: '', version: '' });
    expect(documentIdentity('null')).toEqual({ id: '', version: '' });
  });
});
