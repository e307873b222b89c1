// The trend plot's data: one x position per run, labelled version · hash and UTC date, the win rate with its
// interval on the left axis, mean rounds on the right one.
import { describe, expect, it } from 'vitest';
import { runEntry, runPoints } from '../../../engine/index';
import { pointLabel, shortTime, trendChart } from './trendPlot';

const entry = (heroes: number, text: string, version: string, at: string, mean: number) =>
  runEntry({ system: 's', fight: 'duel', fights: 200, seed: 1, wins: { heroes, enemies: 200 - heroes, draw: 0 }, rounds: { mean, p50: 3, p90: 5 } }, version, text, new Date(at));

describe('trendChart', () => {
  it('plots each run in time order with its interval, value and rounds', () => {
    const points = runPoints([entry(150, 'edited', '1.1', '2026-11-30T15:04:59Z', 3.25), entry(100, 'saved', '1.0', '2026-11-29T08:00:00Z', 4.5)], 'duel');
    const config = trendChart(points);
    const [interval, win, rounds] = config.data.datasets;
    expect(config.data.labels).toEqual([
      [`1.0 · ${points[0]!.hash.slice(0, 7)}`, '2026-11-29 08:00'],
      [`1.1 · ${points[1]!.hash.slice(0, 7)}`, '2026-11-30 15:04'],
    ]);
    expect(win!.data).toEqual([50, 75]);
    expect(rounds!.data).toEqual([4.5, 3.25]);
    expect(rounds!.yAxisID).toBe('rounds');
    const [low, high] = interval!.data[0] as [number, number];
    expect(low).toBeLessThan(50);
    expect(high).toBeGreaterThan(50);
    expect(high - low).toBeLessThan(15); // 200 fights: the 95% interval is about ±7 points
  });

  it('draws the chance a hero dies where runs kept it: a gap for older runs, no line when none did', () => {
    const died = (d: number, at: string) => runEntry({ system: 's', fight: 'duel', fights: 200, seed: 1, wins: { heroes: 100, enemies: 100, draw: 0 }, rounds: { mean: 3, p50: 3, p90: 5 }, heroDied: d / 200 }, '1', at, new Date(at));
    const mixed = trendChart(runPoints([entry(100, 'old', '1', '2026-11-01T00:00:00Z', 3), died(20, '2026-11-02T00:00:00Z'), died(5, '2026-11-03T00:00:00Z')], 'duel'));
    const deaths = mixed.data.datasets.find((d) => d.label === 'A hero dies %')!;
    expect(deaths.data).toEqual([null, 10, 2.5]);
    expect(deaths.yAxisID).toBe('y');
    const none = trendChart(runPoints([entry(100, 'old', '1', '2026-11-01T00:00:00Z', 3)], 'duel'));
    expect(none.data.datasets.map((d) => d.label)).not.toContain('A hero dies %');
  });

  it('labels a run without a version and an unreadable time as they are', () => {
    expect(pointLabel({ time: 'x', version: '', hash: 'abcdef0123456789', winRate: { value: 0, low: 0, high: 1 }, rounds: 0, fights: 0, seed: 1, heroDied: null })).toEqual(['? · abcdef0', 'x']);
    expect(shortTime('2026-01-02T03:04:05.678Z')).toBe('2026-01-02 03:04');
    expect(trendChart([]).data.labels).toEqual([]);
  });
});
