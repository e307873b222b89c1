// Chart.js (~170 kB) is its own chunk, loaded once the page is idle after the editor is up (App.svelte) or when a
// plot is first shown, so the first screen neither downloads nor evaluates it. One promise for every caller.
type ChartModule = typeof import('./chart');

let chartModule: Promise<ChartModule> | null = null;

export function loadCharts(): Promise<ChartModule> {
  return (chartModule ??= import('./chart'));
}

