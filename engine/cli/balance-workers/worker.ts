// Worker thread of the balance grid: loads the system and plans the grid once, then fights the cells it is handed.
import type { SystemDocument } from '../../schema/document';
import { loadSystem } from '../../sim/index';
import type { BatchState } from '../../balance/batch';
import { planGrid, runCell, type GridOptions } from '../../balance/grid';
import { serveTasks } from '../worker-task';

export interface GridWorkerSetup {
  /** The system document as JSON text: one string to copy, parsed once here. */
  readonly docText: string;
  readonly options: GridOptions;
}

serveTasks<GridWorkerSetup, number, BatchState>((setup) => {
  const doc = JSON.parse(setup.docText) as SystemDocument;
  const loaded = loadSystem(doc);
  if (!loaded.ok) return loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n');
  const plan = planGrid(doc, setup.options);
  if (typeof plan === 'string') return plan;
  const { system } = loaded;
  return (cell) => runCell(system, plan, cell);
});
