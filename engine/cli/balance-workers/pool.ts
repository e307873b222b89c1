// The balance grid over threads: this one and K - 1 worker threads (worker-pool.ts), each worker loading the system
// and planning the grid once; every thread takes the next cell when it finishes one, and the states come back in cell
// order. A cell's seed depends only on its index, so the grid is identical to runGrid on one thread.
import type { SystemDocument } from '../../schema/document';
import type { BatchState } from '../../balance/batch';
import { finishGrid, planGrid, runCell, type GridOptions, type GridResult } from '../../balance/grid';
import { loadSystem, type System } from '../../sim/index';
import { runTasks, type Crew } from '../worker-pool';
import type { GridWorkerSetup } from './worker';

/** What each grid worker is started with (a crew started ahead must be started with this). */
export function gridSetup(doc: SystemDocument, options: GridOptions): GridWorkerSetup {
  return { docText: JSON.stringify(doc), options };
}

/**
 * The grid on `workers` threads (this one included); identical to runGrid on one. `system` is the document loaded
 * (loaded here when not given); `crew`, grid workers started ahead with gridSetup(doc, options). Rejects with the first
 * error of any thread.
 */
/** `onCell`: the number of cells done, each time one is answered. */
export async function runGridParallel(doc: SystemDocument, options: GridOptions, workers: number, system?: System, crew?: Crew,
  onCell?: (done: number) => void): Promise<GridResult | string> {
  const plan = planGrid(doc, options);
  if (typeof plan === 'string') return plan;
  let loaded = system;
  if (!loaded) {
    const outcome = loadSystem(doc);
    if (!outcome.ok) throw new Error(outcome.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
    loaded = outcome.system;
  }
  const here = loaded;
  const cells = plan.cells.map((cell) => cell.index);
  let done = 0;
  const states = await runTasks<number, BatchState>('grid-worker', gridSetup(doc, options), cells, workers, (cell) => runCell(here, plan, cell), crew,
    onCell ? () => onCell(++done) : undefined);
  return finishGrid(doc, plan, states);
}
