// Plots drawn in the chart worker (workers/chart.worker.ts) on an OffscreenCanvas: the page keeps only the element and
// its size. One worker serves every plot; each plot is a numbered chart there.
import type { ChartConfiguration } from './chart';
import ChartWorker from '../workers/chart.worker?worker';

export type ChartWorkerRequest =
  | { readonly kind: 'create'; readonly id: number; readonly canvas: OffscreenCanvas; readonly config: ChartConfiguration; readonly width: number; readonly height: number; readonly devicePixelRatio: number }
  | { readonly kind: 'update'; readonly id: number; readonly config: ChartConfiguration }
  | { readonly kind: 'resize'; readonly id: number; readonly width: number; readonly height: number }
  | { readonly kind: 'hover'; readonly id: number; readonly x: number; readonly y: number }
  | { readonly kind: 'destroy'; readonly id: number };

export type ChartWorkerReply =
  | { readonly kind: 'drawn'; readonly id: number; readonly inked: number }
  /** What the plot shows at the pointer (category, then each value), or null where it shows nothing. */
  | { readonly kind: 'hover'; readonly id: number; readonly lines: readonly string[] | null }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };

export interface OffscreenChart {
  update(config: ChartConfiguration): void;
  resize(width: number, height: number): void;
  /** Asks what the plot shows at (x, y), in CSS pixels of the canvas; the answer comes as a `hover` reply. */
  hover(x: number, y: number): void;
  destroy(): void;
}

/** Whether this browser can hand a canvas to a worker (Chromium and Electron can). */
export function offscreenSupported(canvas: HTMLCanvasElement): boolean {
  return typeof canvas.transferControlToOffscreen === 'function' && typeof OffscreenCanvas !== 'undefined';
}

let worker: Worker | null = null;
let nextId = 1;
const listeners = new Map<number, (reply: ChartWorkerReply) => void>();

function chartWorker(): Worker {
  if (!worker) {
    worker = new ChartWorker();
    worker.onmessage = (event: MessageEvent<ChartWorkerReply>) => listeners.get(event.data.id)?.(event.data);
  }
  return worker;
}

/** Starts the chart worker ahead of the first plot (it loads Chart.js off the UI thread). */
export function warmChartWorker(): void {
  chartWorker();
}

/** A config as plain data (the chart worker receives a structured clone: no proxies, no functions). */
function plain(config: ChartConfiguration): ChartConfiguration {
  return JSON.parse(JSON.stringify(config)) as ChartConfiguration;
}

/** Hands `canvas` to the chart worker and draws `config` on it at `width` × `height` CSS pixels. */
export function mountOffscreenChart(canvas: HTMLCanvasElement, config: ChartConfiguration, width: number, height: number,
  onReply: (reply: ChartWorkerReply) => void): OffscreenChart {
  const id = nextId++;
  const target = chartWorker();
  listeners.set(id, onReply);
  const offscreen = canvas.transferControlToOffscreen();
  const create: ChartWorkerRequest = { kind: 'create', id, canvas: offscreen, config: plain(config), width, height, devicePixelRatio: window.devicePixelRatio || 1 };
  target.postMessage(create, [offscreen]);
  return {
    update: (next) => target.postMessage({ kind: 'update', id, config: plain(next) } satisfies ChartWorkerRequest),
    resize: (w, h) => target.postMessage({ kind: 'resize', id, width: w, height: h } satisfies ChartWorkerRequest),
    hover: (x, y) => target.postMessage({ kind: 'hover', id, x, y } satisfies ChartWorkerRequest),
    destroy: () => {
      target.postMessage({ kind: 'destroy', id } satisfies ChartWorkerRequest);
      listeners.delete(id);
    },
  };
}
