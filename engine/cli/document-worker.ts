// What every engine worker thread starts from: the system document as JSON text (one string to copy), parsed and
// loaded once in the worker, then its own preparation (a grid planned, a needle planned) before it says it is ready.
import type { SystemDocument } from '../schema/document';
import { loadSystem, type System } from '../sim/index';
import { serveTasks } from './worker-task';

export interface DocumentSetup {
  /** The system document as JSON text, parsed once in the worker. */
  readonly docText: string;
}

/**
 * serveTasks for a worker started with a document: `prepare` gets it parsed and loaded, and gives the task handler (or
 * an error message). A document that does not load answers every task with its diagnostics.
 */
export function serveDocumentTasks<Setup extends DocumentSetup, Task, Result>(
  prepare: (doc: SystemDocument, system: System, setup: Setup) => ((task: Task) => Result) | string): void {
  serveTasks<Setup, Task, Result>((setup) => {
    const doc = JSON.parse(setup.docText) as SystemDocument;
    const loaded = loadSystem(doc);
    if (!loaded.ok) return loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n');
    return prepare(doc, loaded.system, setup);
  });
}
