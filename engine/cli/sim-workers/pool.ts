// `sim --workers K`: fights split into K contiguous slices of fight indices, one worker thread each (the TS worker
// runs through tsx), partial statistics merged exactly. Results are identical to one worker.
import { Worker } from 'node:worker_threads';
import type { SystemDocument } from '../../schema/document';
import { mergeStats, type PartialStats, type SimStats, type System } from '../../sim/index';
import type { WorkerJob } from './worker';

export interface ParallelOptions {
  readonly fights: number;
  readonly seed: number;
  readonly workers: number;
}

function runWorker(job: WorkerJob): Promise<PartialStats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: job });
    let settled = false;
    worker.once('message', (msg: { partial?: PartialStats; error?: string }) => {
      settled = true;
      if (msg.partial) resolve(msg.partial); else reject(new Error(msg.error ?? 'worker failed'));
      void worker.terminate();
    });
    worker.once('error', (err) => { if (!settled) { settled = true; reject(err); } });
    worker.once('exit', (code) => { if (!settled) { settled = true; reject(new Error(`worker exited with code ${code}`)); } });
  });
}

/** Slices of [0, fights) for `workers` workers, as even as possible, in index order. */
export function splitFights(fights: number, workers: number): { from: number; count: number }[] {
  const k = Math.max(1, Math.min(workers, fights || 1));
  const base = Math.floor(fights / k);
  const extra = fights % k;
  const slices: { from: number; count: number }[] = [];
  let from = 0;
  for (let i = 0; i < k; i++) {
    const count = base + (i < extra ? 1 : 0);
    slices.push({ from, count });
    from += count;
  }
  return slices;
}

export async function simulateParallel(system: System, doc: SystemDocument, fightId: string, options: ParallelOptions): Promise<SimStats> {
  const slices = splitFights(options.fights, options.workers);
  const parts = await Promise.all(slices.map((s) => runWorker({ doc, fightId, seed: options.seed, from: s.from, count: s.count })));
  return mergeStats(system, fightId, options.seed, parts);
}
