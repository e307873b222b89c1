// The run-history trend: one x position per recorded run of a fight, oldest first, labelled with the system's
// version, its content hash and the date. Heroes' win rate as a line with its 95% interval as a floating bar
// (left axis, %), the chance a hero dies as a line on the same axis (when the runs kept it), mean rounds as a dashed
// line (right axis).
import type { RunPoint } from '../../../engine/index';
import type { ChartConfiguration } from './chart';

const WIN = '#5b9bd5';
const ROUNDS = '#e5c07b';
const DIED = '#be5046';

/** `2026-11-30 14:05` in UTC (the history stores UTC; one zone for everyone reading a shared workspace). */
export function shortTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)}`;
}

/** The two lines under a point: `version · hash`, then the date. */
export function pointLabel(point: RunPoint): string[] {
  return [`${point.version || '?'} · ${point.hash.slice(0, 7)}`, shortTime(point.time)];
}

const percent = (x: number): number => Math.round(1000 * x) / 10;

/** The words the trend shows (the studio passes them in its language; English by default). */
export interface TrendWords {
  readonly heroDies: string;
  readonly interval: string;
  readonly heroesWin: string;
  readonly meanRounds: string;
  readonly ofFights: string;
  readonly roundsAxis: string;
}

export const ENGLISH_TREND_WORDS: TrendWords = {
  heroDies: 'A hero dies %', interval: 'Win rate 95% interval', heroesWin: 'Heroes win %', meanRounds: 'Mean rounds', ofFights: '% of fights', roundsAxis: 'mean rounds',
};

export function trendChart(points: readonly RunPoint[], w: TrendWords = ENGLISH_TREND_WORDS): ChartConfiguration {
  // Runs recorded before deaths were kept have none: the line has a gap there (and no line at all when no run has it).
  const deaths = points.some((p) => p.heroDied !== null)
    ? [{
      type: 'line' as const,
      label: w.heroDies,
      data: points.map((p) => (p.heroDied === null ? null : percent(p.heroDied.value))),
      borderColor: DIED,
      backgroundColor: DIED,
      pointRadius: 3,
      pointStyle: 'triangle' as const,
      yAxisID: 'y',
      order: 0,
    }]
    : [];
  return {
    type: 'bar',
    data: {
      labels: points.map(pointLabel),
      datasets: [
        {
          type: 'bar',
          label: w.interval,
          data: points.map((p) => [percent(p.winRate.low), percent(p.winRate.high)] as [number, number]),
          backgroundColor: 'rgba(91, 155, 213, 0.28)',
          borderColor: 'rgba(91, 155, 213, 0.6)',
          borderWidth: 1,
          barPercentage: 0.25,
          categoryPercentage: 1,
          maxBarThickness: 12,
          yAxisID: 'y',
          order: 2,
        },
        {
          type: 'line',
          label: w.heroesWin,
          data: points.map((p) => percent(p.winRate.value)),
          borderColor: WIN,
          backgroundColor: WIN,
          pointRadius: 4,
          yAxisID: 'y',
          order: 1,
        },
        {
          type: 'line',
          label: w.meanRounds,
          data: points.map((p) => Math.round(100 * p.rounds) / 100),
          borderColor: ROUNDS,
          backgroundColor: ROUNDS,
          borderDash: [4, 3],
          pointRadius: 3,
          pointStyle: 'rectRot',
          yAxisID: 'rounds',
          order: 0,
        },
        ...deaths,
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: true, position: 'bottom', labels: { boxWidth: 10, padding: 8 } },
        tooltip: {
          callbacks: {
            afterBody: (items) => {
              const point = points[items[0]?.dataIndex ?? -1];
              if (!point) return [];
              return [
                `heroes win ${percent(point.winRate.value)}% (95%: ${percent(point.winRate.low)}–${percent(point.winRate.high)}%)`,
                ...(point.heroDied ? [`a hero dies ${percent(point.heroDied.value)}% (95%: ${percent(point.heroDied.low)}–${percent(point.heroDied.high)}%)`] : []),
                `${point.fights.toLocaleString('en')} fights${point.seed === null ? ' (runs of this version pooled)' : ` · seed ${point.seed}`}`,
              ];
            },
          },
        },
      },
      scales: {
        x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } },
        y: { min: 0, max: 100, position: 'left', title: { display: true, text: w.ofFights } },
        rounds: { beginAtZero: true, position: 'right', grid: { display: false }, title: { display: true, text: w.roundsAxis } },
      },
    },
  };
}
