// The balance grid over worker threads: cells dealt round-robin (neighbouring cells cost alike, so the deal
// balances the work), each worker fights its cells, the parent puts the states back in cell order.
import { Worker } from 'node:worker_threads';
import type { SystemDocument } from '../../schema/document';
import type { BatchState } from '../../balance/batch';
import { finishGrid, planGrid, type GridOptions, type GridResult } from '../../balance/grid';
import type { GridWorkerJob, GridWorkerReply } from './worker';

function runWorker(job: GridWorkerJob): Promise<readonly (readonly [number, BatchState])[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: job });
    let settled = false;
    worker.once('message', (msg: GridWorkerReply) => {
      settled = true;
      if ('states' in msg) resolve(msg.states); else reject(new Error(msg.error));
      void worker.terminate();
    });
    worker.once('error', (err) => { if (!settled) { settled = true; reject(err); } });
    worker.once('exit', (code) => { if (!settled) { settled = true; reject(new Error(`worker exited with code ${code}`)); } });
  });
}

/** Cell indices for each of `workers` workers, dealt round-robin; never an empty worker. */
export function dealCells(cells: number, workers: number): number[][] {
  const k = Math.max(1, Math.min(workers, cells));
  const hands: number[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < cells; i++) hands[i % k]!.push(i);
  return hands;
}

/** The grid on `workers` threads; identical to runGrid on one. Rejects with the first worker's error. */
export async function runGridParallel(doc: SystemDocument, options: GridOptions, workers: number): Promise<GridResult | string> {
  const plan = planGrid(doc, options);
  if (typeof plan === 'string') return plan;
  const hands = dealCells(plan.cells.length, workers);
  const replies = await Promise.all(hands.map((cells) => runWorker({ doc, options, cells })));
  const states: BatchState[] = [];
  for (const reply of replies) for (const [i, state] of reply) states[i] = state;
  return finishGrid(doc, plan, states);
}
