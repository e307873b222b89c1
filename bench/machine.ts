// What the shared machine allows right now, printed beside parallel figures so they can be read: the load average,
// and a control measured in the same run, the same pure-CPU loop (no engine, no start-up to speak of) split over
// 1 and over 2 threads. On a loaded machine (other sessions get their fair share of the cores first) the control
// itself stays well below 2x, and no worker pool can beat it.
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

export function loadLine(): string {
  return `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`;
}

function spin(iterations: number, threads: number): Promise<number> {
  const t0 = performance.now();
  const each = Math.ceil(iterations / threads);
  return Promise.all(Array.from({ length: threads }, () => new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL('./spin-worker.mjs', import.meta.url), { workerData: each });
    worker.once('message', () => { void worker.terminate(); resolve(); });
    worker.once('error', reject);
  }))).then(() => (performance.now() - t0) / 1000);
}

/** The control: 2 threads against 1 on the same pure-CPU work (about a second of it on an idle core). */
export async function parallelCeiling(): Promise<string> {
  return (await measureCeiling()).line;
}

/** The control's speed-up (2 threads against 1), and the line that reports it. */
export async function measureCeiling(): Promise<{ readonly speedUp: number; readonly line: string }> {
  const iterations = Number(process.env.BENCH_CONTROL_ITERATIONS ?? 1e9);
  const one = await spin(iterations, 1);
  const two = await spin(iterations, 2);
  return { speedUp: one / two, line: `control (pure-CPU loop, no engine): 1 thread ${one.toFixed(2)} s, 2 threads ${two.toFixed(2)} s = ${(one / two).toFixed(2)}x · ${loadLine()}` };
}
