// Imported first by main.ts, so it runs before the rest of the bundle evaluates: the check worker starts loading
// and compiling the engine (a few hundred ms of its own thread) while the shell mounts and the host fetches the
// document, and the editor chunk is requested. First load waits for both, so neither waits for the shell.
import CheckWorker from './workers/check.worker?worker';
import { loadEditorModule, loadSystemSchema } from './editor/load';

let early: Worker | null = new CheckWorker();

/** The check worker started at boot the first time, a fresh one after that (a restart after a failure). */
export function createCheckWorker(): Worker {
  const worker = early ?? new CheckWorker();
  early = null;
  return worker;
}

void loadEditorModule();
void loadSystemSchema();
