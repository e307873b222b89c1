// Worker thread of `sim --workers K`: loads the system itself and fights its slice of fight indices; the parent
// merges the partial statistics. Fight i is always seeded deriveSeed(seed, i), so any split gives the same result.
import { parentPort, workerData } from 'node:worker_threads';
import type { SystemDocument } from '../../schema/document';
import { loadSystem, simulatePartial } from '../../sim/index';

export interface WorkerJob {
  readonly doc: SystemDocument;
  readonly fightId: string;
  readonly seed: number;
  readonly from: number;
  readonly count: number;
}

const job = workerData as WorkerJob;
const loaded = loadSystem(job.doc);
if (!loaded.ok) {
  parentPort!.postMessage({ error: loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n') });
} else {
  try {
    const stats = simulatePartial(loaded.system, job.fightId, { fights: job.count, seed: job.seed, from: job.from });
    parentPort!.postMessage({ partial: stats.toPartial() });
  } catch (err) {
    parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
}
