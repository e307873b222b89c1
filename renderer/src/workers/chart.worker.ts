// The plots of a batch, drawn off the UI thread: each canvas is handed over as an OffscreenCanvas and Chart.js draws
// on it here, so the first draw of four plots (Chart.js's layout and its first-run compile, 60-90 ms a chart on a
// busy machine) never blocks the page. Messages in: create, update, resize, destroy; out: drawn (with how many
// pixels were inked, which the tests read since a handed-over canvas cannot be read from the page).
import { mountChart, type Chart, type ChartConfiguration } from '../charts/chart';
import type { ChartWorkerReply, ChartWorkerRequest } from '../charts/offscreen';

const charts = new Map<number, { mounted: ReturnType<typeof mountChart>; canvas: OffscreenCanvas; devicePixelRatio: number }>();

function post(reply: ChartWorkerReply): void {
  (self as unknown as { postMessage(m: ChartWorkerReply): void }).postMessage(reply);
}

/** The page sizes the canvas (it watches the element); the chart only draws at that size. */
function fixed(config: ChartConfiguration, devicePixelRatio: number): ChartConfiguration {
  return { ...config, options: { ...config.options, responsive: false, animation: false, devicePixelRatio } } as ChartConfiguration;
}

function inked(canvas: OffscreenCanvas): number {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return 0;
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let count = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) count++;
  return count;
}

/** What a tooltip would say at (x, y) in CSS pixels: the category, then each dataset's value there; null: nothing. */
function hoverLines(chart: Chart, x: number, y: number): string[] | null {
  const event = { type: 'mousemove', native: null, x, y } as unknown as Event;
  const found = chart.getElementsAtEventForMode(event, 'index', { intersect: false, axis: chart.options.indexAxis === 'y' ? 'y' : 'x' }, false);
  if (found.length === 0) return null;
  const index = found[0]!.index;
  const label = chart.data.labels?.[index];
  const lines = [String(label ?? '')];
  for (const item of found) {
    const dataset = chart.data.datasets[item.datasetIndex];
    const value = dataset?.data[item.index];
    // A stacked plot lists only what this category has (an attack has no `saved`); a single series always shows.
    if (typeof value === 'number' && (value !== 0 || found.length === 1)) lines.push(`${dataset!.label ?? ''}: ${Math.round(value * 100) / 100}`);
  }
  return lines;
}

function drawn(id: number, canvas: OffscreenCanvas): void {
  post({ kind: 'drawn', id, inked: inked(canvas) });
}

self.onmessage = (event: MessageEvent<ChartWorkerRequest>) => {
  const message = event.data;
  try {
    switch (message.kind) {
      case 'create': {
        const { canvas, id, width, height, devicePixelRatio } = message;
        const mounted = mountChart(canvas, fixed(message.config, devicePixelRatio));
        mounted.chart.resize(width, height);
        charts.set(id, { mounted, canvas, devicePixelRatio });
        drawn(id, canvas);
        return;
      }
      case 'update': {
        const entry = charts.get(message.id);
        if (!entry) return;
        entry.mounted.update(fixed(message.config, entry.devicePixelRatio));
        drawn(message.id, entry.canvas);
        return;
      }
      case 'resize': {
        const entry = charts.get(message.id);
        if (!entry) return;
        entry.mounted.chart.resize(message.width, message.height);
        drawn(message.id, entry.canvas);
        return;
      }
      case 'hover': {
        const entry = charts.get(message.id);
        if (!entry) return;
        post({ kind: 'hover', id: message.id, lines: hoverLines(entry.mounted.chart, message.x, message.y) });
        return;
      }
      case 'destroy': {
        charts.get(message.id)?.mounted.destroy();
        charts.delete(message.id);
        return;
      }
    }
  } catch (err) {
    post({ kind: 'error', id: message.id, message: err instanceof Error ? err.message : String(err) });
  }
};
