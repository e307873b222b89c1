// Chart.js 4 with only what the sandbox's plots use registered (bars and lines on category/linear axes).
// Loaded on demand (charts/load.ts): the first screen draws no chart.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);
Chart.defaults.color = '#8b93a5';
Chart.defaults.borderColor = '#2f333d';
Chart.defaults.font.family = "'DejaVu Sans', 'Liberation Sans', sans-serif";
Chart.defaults.font.size = 10;
Chart.defaults.animation = false;

export { PALETTE } from './palette';

/** Creates a chart on a canvas and returns an updater and a disposer; updates reuse the chart (no flicker). */
export function mountChart(canvas: HTMLCanvasElement, config: ChartConfiguration): {
  update(next: ChartConfiguration): void;
  destroy(): void;
} {
  let chart = new Chart(canvas, config);
  return {
    update(next) {
      if (next.type !== (chart.config as ChartConfiguration).type) {
        chart.destroy();
        chart = new Chart(canvas, next);
        return;
      }
      chart.data = next.data;
      chart.options = next.options ?? {};
      chart.update('none');
    },
    destroy() {
      chart.destroy();
    },
  };
}

export { Chart };
export type { ChartConfiguration };
