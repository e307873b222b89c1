// Worker thread of the balance grid: loads the system itself and fights the cells it is given, by cell index.
// A cell's seed depends only on its index, so which worker fights it never changes its numbers.
import { parentPort, workerData } from 'node:worker_threads';
import type { SystemDocument } from '../../schema/document';
import { loadSystem } from '../../sim/index';
import type { BatchState } from '../../balance/batch';
import { planGrid, runCell, type GridOptions } from '../../balance/grid';

export interface GridWorkerJob {
  readonly doc: SystemDocument;
  readonly options: GridOptions;
  readonly cells: readonly number[];
}

export type GridWorkerReply = { readonly states: readonly (readonly [number, BatchState])[] } | { readonly error: string };

const job = workerData as GridWorkerJob;
const reply = (message: GridWorkerReply): void => parentPort!.postMessage(message);
const loaded = loadSystem(job.doc);
const plan = planGrid(job.doc, job.options);
if (!loaded.ok) reply({ error: loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n') });
else if (typeof plan === 'string') reply({ error: plan });
else {
  try {
    reply({ states: job.cells.map((i) => [i, runCell(loaded.system, plan, i)] as const) });
  } catch (err) {
    reply({ error: err instanceof Error ? err.message : String(err) });
  }
}
