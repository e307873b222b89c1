// Worker thread of the balance grid: loads the system and plans the grid once, then fights the cells it is handed.
import type { BatchState } from '../../balance/batch';
import { planGrid, runCell, type GridOptions } from '../../balance/grid';
import { serveDocumentTasks, type DocumentSetup } from '../document-worker';

export interface GridWorkerSetup extends DocumentSetup {
  readonly options: GridOptions;
}

serveDocumentTasks<GridWorkerSetup, number, BatchState>((doc, system, setup) => {
  const plan = planGrid(doc, setup.options);
  return typeof plan === 'string' ? plan : (cell) => runCell(system, plan, cell);
});
