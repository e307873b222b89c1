// Chart.js (~160 kB) is its own chunk, loaded when a plot is first shown (the Batch and Balance tabs), so the
// first screen neither downloads nor evaluates it. One promise for every caller.
type ChartModule = typeof import('./chart');

let chartModule: Promise<ChartModule> | null = null;

export function loadCharts(): Promise<ChartModule> {
  return (chartModule ??= import('./chart'));
}

/**
 * Loads Chart.js and draws one small throwaway bar chart off screen, at a moment the caller knows is idle: a
 * chart's first draw compiles Chart.js's drawing code (~60-80 ms on this machine), which would otherwise be a long
 * task when a batch's plots appear.
 */
export async function warmCharts(): Promise<void> {
  const charts = await loadCharts();
  const canvas = document.createElement('canvas');
  canvas.width = 120;
  canvas.height = 80;
  const chart = charts.mountChart(canvas, {
    type: 'bar',
    data: { labels: ['a', 'b'], datasets: [{ label: 'warm-up', data: [1, 2], backgroundColor: charts.PALETTE[0] }] },
    options: { responsive: false, plugins: { legend: { display: true } }, scales: { y: { beginAtZero: true, title: { display: true, text: 'y' } } } },
  });
  chart.destroy();
}
