// Worker threads for `sim --workers K` and the balance grid. Each worker is started once with what every task needs
// (the system as JSON text, parsed and loaded once in the worker), then handed tasks one at a time as it finishes the
// last (fight chunks, grid cells): a worker on a busier core simply takes fewer, and the results come back by task
// index, so which worker ran a task never changes the numbers.
// Workers run a cached esbuild bundle (bundle-cache.mjs; a fraction of a second to start), or the TypeScript sources
// through tsx (seconds a worker) when the bundle cannot be built or written.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CACHE_DIR_ENV, cachedBundle, NO_BUNDLE_ENV, projectRoot } from './bundle-cache.mjs';
import type { TaskReply } from './worker-task';

export type WorkerKind = 'sim-worker' | 'grid-worker';

const TSX_ENTRIES: Record<WorkerKind, string> = {
  'sim-worker': 'engine/cli/sim-workers/worker-entry.mjs',
  'grid-worker': 'engine/cli/balance-workers/worker-entry.mjs',
};

export interface WorkerScript {
  readonly url: URL;
  /** The cached bundle; false: the sources through tsx. */
  readonly bundled: boolean;
}

const scripts = new Map<string, Promise<WorkerScript>>();

/**
 * What a worker of this kind runs. Decided, and the bundle built if stale, once per process: in a long-lived process
 * (a test file, a bench) no later run waits for a rebuild set off by someone's edit meanwhile.
 */
export function workerScript(kind: WorkerKind): Promise<WorkerScript> {
  const key = `${kind}\n${process.env[CACHE_DIR_ENV] ?? ''}\n${process.env[NO_BUNDLE_ENV] ?? ''}`;
  let script = scripts.get(key);
  if (!script) {
    script = cachedBundle(kind).then((bundle) => (bundle
      ? { url: pathToFileURL(bundle), bundled: true }
      : { url: pathToFileURL(join(projectRoot, TSX_ENTRIES[kind])), bundled: false }));
    scripts.set(key, script);
  }
  return script;
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Runs every task on at most `workers` threads of `kind` (never more threads than tasks), each started with `setup`
 * as its workerData. Resolves with the results in task order; rejects with the first error (every thread is ended).
 */
export async function runTasks<Task, Result>(kind: WorkerKind, setup: unknown, tasks: readonly Task[], workers: number): Promise<Result[]> {
  const results: Result[] = new Array<Result>(tasks.length);
  if (tasks.length === 0) return results;
  const { url } = await workerScript(kind);
  const threads: Worker[] = [];
  let next = 0;
  let finished = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error): void => { if (!settled) { settled = true; reject(err); } };
      const count = Math.max(1, Math.min(workers, tasks.length));
      for (let w = 0; w < count; w++) {
        const worker = new Worker(url, { workerData: setup });
        threads.push(worker);
        let current = -1;
        const handOut = (): void => {
          current = next < tasks.length ? next++ : -1;
          if (current >= 0) worker.postMessage(tasks[current]);
        };
        worker.on('message', (reply: TaskReply<Result>) => {
          if ('error' in reply) { fail(new Error(reply.error)); return; }
          results[current] = reply.result;
          if (++finished === tasks.length) { settled = true; resolve(); return; }
          handOut();
        });
        worker.once('error', (err) => fail(asError(err)));
        worker.once('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
        handOut(); // queued until the worker listens: its first task waits for it, not the other way round
      }
    });
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
  return results;
}
