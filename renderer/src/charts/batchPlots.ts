// Turns batch statistics (the `sim --json` shape) into the sandbox's five plots.
import type { BatchStats } from '../workers/protocol';
import type { ChartConfiguration } from './chart';
import { PALETTE } from './palette';

const pct = (n: number, of: number): number => (of > 0 ? (100 * n) / of : 0);

/** The words the plots show (the studio passes them in its language; English by default). */
export interface BatchChartWords {
  readonly heroes: string;
  readonly enemies: string;
  readonly draw: string;
  readonly winRate: string;
  readonly ofFights: string;
  readonly fights: string;
  readonly meanDamage: string;
  readonly damagePerFight: string;
  readonly standing: string;
  readonly downAlive: string;
  readonly dead: string;
  readonly fled: string;
  readonly ofRolls: string;
}

export const ENGLISH_CHART_WORDS: BatchChartWords = {
  heroes: 'Heroes', enemies: 'Enemies', draw: 'Draw', winRate: 'Win rate', ofFights: '% of fights', fights: 'Fights',
  meanDamage: 'Mean damage dealt', damagePerFight: 'damage per fight', standing: 'standing', downAlive: 'down, alive',
  dead: 'dead', fled: 'fled', ofRolls: '% of rolls',
};

const baseOptions = (yTitle: string, stacked = false, horizontal = false): ChartConfiguration['options'] => ({
  responsive: true,
  maintainAspectRatio: false,
  indexAxis: horizontal ? 'y' : 'x',
  plugins: { legend: { display: stacked, position: 'bottom', labels: { boxWidth: 10, padding: 8 } } },
  scales: {
    x: { stacked, grid: { display: !horizontal ? false : true }, ...(horizontal ? { title: { display: true, text: yTitle } } : {}) },
    y: { stacked, beginAtZero: true, grid: { display: horizontal ? false : true }, ...(!horizontal ? { title: { display: true, text: yTitle } } : {}) },
  },
});

export function winRateChart(stats: BatchStats, w: BatchChartWords = ENGLISH_CHART_WORDS): ChartConfiguration {
  const total = stats.fights;
  return {
    type: 'bar',
    data: {
      labels: [w.heroes, w.enemies, w.draw],
      datasets: [
        {
          label: w.winRate,
          data: [pct(stats.wins.heroes, total), pct(stats.wins.enemies, total), pct(stats.wins.draw, total)],
          backgroundColor: ['#5b9bd5', '#e06c75', '#8b93a5'],
        },
      ],
    },
    options: { ...baseOptions(w.ofFights), scales: { ...baseOptions(w.ofFights)!.scales, y: { beginAtZero: true, max: 100, title: { display: true, text: w.ofFights } } } },
  };
}

export function roundsChart(stats: BatchStats, w: BatchChartWords = ENGLISH_CHART_WORDS): ChartConfiguration {
  const histogram = stats.roundsHistogram ?? [];
  let last = histogram.length - 1;
  while (last > 0 && !histogram[last]) last -= 1;
  const labels: string[] = [];
  const data: number[] = [];
  for (let r = 1; r <= Math.max(1, last); r++) {
    labels.push(String(r));
    data.push(pct(histogram[r] ?? 0, stats.fights));
  }
  return {
    type: 'bar',
    data: { labels, datasets: [{ label: w.fights, data, backgroundColor: '#56b6c2', barPercentage: 0.95, categoryPercentage: 0.95 }] },
    options: baseOptions(w.ofFights),
  };
}

export function damageChart(stats: BatchStats, w: BatchChartWords = ENGLISH_CHART_WORDS): ChartConfiguration {
  const sorted = [...stats.combatants];
  return {
    type: 'bar',
    data: {
      labels: sorted.map((c) => c.id),
      datasets: [
        {
          label: w.meanDamage,
          data: sorted.map((c) => c.damageDealt.mean),
          backgroundColor: sorted.map((c) => (c.side === 'heroes' ? '#5b9bd5' : '#e06c75')),
        },
      ],
    },
    options: baseOptions(w.damagePerFight, false, true),
  };
}

/** How each combatant ended its fights: standing, down but alive (dying or stable), dead, or fled (when any did); % of fights. */
export function fateChart(stats: BatchStats, w: BatchChartWords = ENGLISH_CHART_WORDS): ChartConfiguration {
  const combatants = stats.combatants;
  const fates: [string, string, (c: BatchStats['combatants'][number]) => number][] = [
    [w.standing, '#98c379', (c) => c.survived],
    [w.downAlive, '#e5c07b', (c) => Math.max(0, 1 - c.survived - c.died - (c.fled ?? 0))],
    [w.dead, '#be5046', (c) => c.died],
  ];
  if (combatants.some((c) => (c.fled ?? 0) > 0)) fates.push([w.fled, '#61afef', (c) => c.fled ?? 0]);
  const options = baseOptions(w.ofFights, true, true)!;
  return {
    type: 'bar',
    data: {
      labels: combatants.map((c) => c.id),
      datasets: fates.map(([label, colour, share]) => ({ label, data: combatants.map((c) => 100 * share(c)), backgroundColor: colour })),
    },
    // Small labels, packed tight: every combatant of a usual fight is named; a crowd skips some rather than overlap.
    options: { ...options, scales: { x: { ...options.scales!.x, max: 100 }, y: { ...options.scales!.y, ticks: { autoSkipPadding: 0, font: { size: 10 } } } } },
  };
}

export function outcomesChart(stats: BatchStats, w: BatchChartWords = ENGLISH_CHART_WORDS): ChartConfiguration {
  const checks = Object.keys(stats.checks);
  const outcomes = [...new Set(checks.flatMap((c) => Object.keys(stats.checks[c] ?? {})))];
  const totals = checks.map((c) => Object.values(stats.checks[c] ?? {}).reduce((a, b) => a + b, 0));
  return {
    type: 'bar',
    data: {
      labels: checks,
      datasets: outcomes.map((outcome, i) => ({
        label: outcome,
        data: checks.map((c, j) => pct(stats.checks[c]?.[outcome] ?? 0, totals[j] ?? 0)),
        backgroundColor: PALETTE[i % PALETTE.length],
      })),
    },
    options: baseOptions(w.ofRolls, true, true),
  };
}
