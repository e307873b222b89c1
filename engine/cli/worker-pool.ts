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

/** Tasks a worker holds at once: the next is already queued when it finishes one, even while this thread is busy. */
const IN_FLIGHT = 2;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs every task on `threads` threads, never more than there are tasks: this thread, with `here` (it fights too, so
 * `threads` = 2 starts one worker), and `threads - 1` workers of `kind`, each started with `setup` as its workerData.
 * Whoever is free takes the next task. Resolves with the results in task order; rejects with the first error (every
 * worker is ended).
 */
export async function runTasks<Task, Result>(
  kind: WorkerKind, setup: unknown, tasks: readonly Task[], threads: number, here: (task: Task) => Result,
): Promise<Result[]> {
  const results: Result[] = new Array<Result>(tasks.length);
  const workerCount = Math.max(0, Math.min(threads, tasks.length) - 1);
  const url = workerCount > 0 ? (await workerScript(kind)).url : null;
  const started: Worker[] = [];
  let next = 0;
  let finished = 0;
  let failure: Error | null = null;
  let over = false; // every task answered, or one failed: later news (a worker ended by terminate) is ignored
  let end: () => void = () => {};
  const done = new Promise<void>((resolve) => { end = resolve; });
  const fail = (err: Error): void => { if (!over) { over = true; failure = err; end(); } };
  const record = (index: number, result: Result): void => {
    results[index] = result;
    if (++finished === tasks.length) { over = true; end(); }
  };
  try {
    for (let w = 0; w < workerCount && url; w++) {
      const worker = new Worker(url, { workerData: setup });
      started.push(worker);
      const held: number[] = []; // task indices sent to this worker, oldest first (it answers in order)
      const handOut = (): void => {
        while (held.length < IN_FLIGHT && next < tasks.length) {
          held.push(next);
          worker.postMessage(tasks[next++]);
        }
      };
      worker.on('message', (reply: TaskReply<Result>) => {
        if ('error' in reply) { fail(new Error(reply.error)); return; }
        record(held.shift()!, reply.result);
        handOut();
      });
      worker.once('error', (err) => fail(asError(err)));
      worker.once('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
      handOut(); // queued until the worker listens: its first tasks wait for it, not the other way round
    }
    // This thread's share: one task at a time, letting the workers' answers in between.
    while (!over && next < tasks.length) {
      const index = next++;
      try {
        record(index, here(tasks[index]!));
      } catch (err) {
        fail(asError(err));
      }
      await nextTurn();
    }
    if (tasks.length === 0) end();
    await done;
  } finally {
    await Promise.all(started.map((t) => t.terminate()));
  }
  if (failure) throw failure;
  return results;
}
