// Chart.js (~160 kB) is its own chunk, loaded when a plot is first shown (the Batch and Balance tabs), so the
// first screen neither downloads nor evaluates it. One promise for every caller.
type ChartModule = typeof import('./chart');

let chartModule: Promise<ChartModule> | null = null;

export function loadCharts(): Promise<ChartModule> {
  return (chartModule ??= import('./chart'));
}

