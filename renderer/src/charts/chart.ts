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

/**
 * Creates a chart on a canvas (the page's, or one handed to the chart worker) and returns an updater and a disposer;
 * updates reuse the chart (no flicker). `chart` is the one drawing now (a change of type makes a new one).
 */
export function mountChart(canvas: HTMLCanvasElement | OffscreenCanvas, config: ChartConfiguration): {
  readonly chart: Chart;
  update(next: ChartConfiguration): void;
  destroy(): void;
} {
  // Chart.js draws on an OffscreenCanvas too (its BasicPlatform); its ChartItem type only names the DOM's canvas.
  const target = canvas as HTMLCanvasElement;
  let chart = new Chart(target, config);
  return {
    get chart() {
      return chart;
    },
    update(next) {
      if (next.type !== (chart.config as ChartConfiguration).type) {
        chart.destroy();
        chart = new Chart(target, next);
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
