// The balance grid over worker threads: each worker loads the system and plans the grid once, then fights the cells
// it is handed, one at a time as it finishes the last (worker-pool.ts); the states come back in cell order.
// A cell's seed depends only on its index, so the grid is identical to runGrid on one thread.
import type { SystemDocument } from '../../schema/document';
import type { BatchState } from '../../balance/batch';
import { finishGrid, planGrid, type GridOptions, type GridResult } from '../../balance/grid';
import { runTasks } from '../worker-pool';
import type { GridWorkerSetup } from './worker';

/** The grid on `workers` threads; identical to runGrid on one. Rejects with the first worker's error. */
export async function runGridParallel(doc: SystemDocument, options: GridOptions, workers: number): Promise<GridResult | string> {
  const plan = planGrid(doc, options);
  if (typeof plan === 'string') return plan;
  const setup: GridWorkerSetup = { docText: JSON.stringify(doc), options };
  const cells = plan.cells.map((cell) => cell.index);
  const states = await runTasks<number, BatchState>('grid-worker', setup, cells, workers);
  return finishGrid(doc, plan, states);
}
