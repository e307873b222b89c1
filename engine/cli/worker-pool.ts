// Worker threads for `sim --workers K` and the balance grid. Each worker is started once with what every task needs
// (the system as JSON text, parsed and loaded once in the worker), then, once it says it is ready, handed tasks one at
// a time as it finishes the last (fight chunks, grid cells): a worker on a busier core simply takes fewer, this thread
// takes over what a worker still holds when nothing else is left, and the results come back by task index, so which
// thread ran a task never changes the numbers.
// Workers run a cached esbuild bundle (bundle-cache.mjs; a fraction of a second to start), or the TypeScript sources
// through tsx (seconds a worker) when the bundle cannot be built or written.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CACHE_DIR_ENV, cachedBundle, NO_BUNDLE_ENV, projectRoot } from './bundle-cache.mjs';
import type { TaskReply } from './worker-task';

export type WorkerKind = 'sim-worker' | 'grid-worker' | 'needle-worker';

const TSX_ENTRIES: Record<WorkerKind, string> = {
  'sim-worker': 'engine/cli/sim-workers/worker-entry.mjs',
  'grid-worker': 'engine/cli/balance-workers/worker-entry.mjs',
  'needle-worker': 'engine/cli/balance-workers/needle-worker-entry.mjs',
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
 * Worker threads started ahead of their tasks: `sim` starts its workers before it checks the document, so their
 * start-up (a thread, the engine bundle, the system loaded) runs while this thread checks. Hand the crew to runTasks
 * with the same `setup` it was started with, or dismiss it.
 */
export interface Crew {
  /** The workers, once the script is known (none when it could not be found). */
  readonly workers: Promise<Worker[]>;
  /** Each worker's error or exit before runTasks took it over (by index), else null. */
  readonly early: (Error | null)[];
  /**
   * Whether each worker has said it is ready (by index). Heard as soon as it is said: a worker's message with nobody
   * listening is lost, and runTasks may listen only later.
   */
  readonly ready: boolean[];
  /** End every worker (a crew runTasks never took, or the extras it did not need). */
  dismiss(): Promise<void>;
}

export function startCrew(kind: WorkerKind, setup: unknown, count: number): Crew {
  const crew: Crew = {
    early: [],
    ready: [],
    workers: workerScript(kind).then(({ url }) => Array.from({ length: Math.max(0, count) }, (_, i) => {
      const worker = new Worker(url, { workerData: setup });
      crew.early[i] = null;
      crew.ready[i] = false;
      worker.on('message', (reply: TaskReply<unknown>) => { if ('ready' in reply) crew.ready[i] = true; });
      // Until runTasks listens: an early error must not go unheard (an unheard 'error' event ends the process).
      worker.once('error', (err) => { crew.early[i] ??= asError(err); });
      worker.once('exit', (code) => { crew.early[i] ??= new Error(`worker exited with code ${code}`); });
      return worker;
    })),
    dismiss: async () => { await Promise.all((await crew.workers).map((w) => w.terminate())); },
  };
  return crew;
}

/** Tasks a worker holds at once: the next is already queued when it finishes one, even while this thread is busy. */
const IN_FLIGHT = 2;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs every task on `threads` threads, never more than there are tasks: this thread, with `here` (it fights too, so
 * `threads` = 2 starts one worker), and `threads - 1` workers of `kind`, each started with `setup` as its workerData.
 * Whoever is free takes the next task (a worker once it is ready). Resolves with the results in task order; rejects
 * with the first error (every worker is ended). `crew`: workers startCrew started ahead with this same `setup`, taken
 * before any is started here.
 */
export async function runTasks<Task, Result>(
  kind: WorkerKind, setup: unknown, tasks: readonly Task[], threads: number, here: (task: Task) => Result, crew?: Crew,
  onAnswer?: (index: number) => void,
): Promise<Result[]> {
  const results: Result[] = new Array<Result>(tasks.length);
  const workerCount = Math.max(0, Math.min(threads, tasks.length) - 1);
  // A crew's workers first (the ones not needed are ended now), then new ones for the rest.
  const hired = crew ? await crew.workers : [];
  const taken = hired.slice(0, workerCount);
  const early = crew?.early.slice(0, taken.length).find((e) => e !== null) ?? null;
  await Promise.all(hired.slice(workerCount).map((w) => w.terminate()));
  const url = workerCount > taken.length ? (await workerScript(kind)).url : null;
  const started: Worker[] = [];
  let next = 0;
  let finished = 0;
  let failure: Error | null = null;
  let over = false; // every task answered, or one failed: later news (a worker ended by terminate) is ignored
  let end: () => void = () => {};
  const done = new Promise<void>((resolve) => { end = resolve; });
  const fail = (err: Error): void => { if (!over) { over = true; failure = err; end(); } };
  // A task may be done twice (this thread takes over a worker's unanswered task at the end): the first answer counts;
  // both are the same, since a task's result depends only on the task.
  const answered: boolean[] = new Array<boolean>(tasks.length).fill(false);
  const record = (index: number, result: Result): void => {
    if (answered[index]) return;
    answered[index] = true;
    results[index] = result;
    onAnswer?.(index);
    if (++finished === tasks.length) { over = true; end(); }
  };
  try {
    if (early) fail(early);
    for (let w = 0; w < workerCount; w++) {
      const worker = taken[w] ?? (url ? new Worker(url, { workerData: setup }) : null);
      if (!worker) break;
      started.push(worker);
      const held: number[] = []; // task indices sent to this worker, oldest first (it answers in order)
      const handOut = (): void => {
        while (held.length < IN_FLIGHT && next < tasks.length) {
          held.push(next);
          worker.postMessage(tasks[next++]);
        }
      };
      // Tasks go to a worker only once it is ready (set up, the system loaded): until then this thread takes them all,
      // so a run too short for a worker's start-up ends as fast as on one thread.
      worker.on('message', (reply: TaskReply<Result>) => {
        if ('error' in reply) { fail(new Error(reply.error)); return; }
        if ('result' in reply) record(held.shift()!, reply.result);
        handOut();
      });
      worker.once('error', (err) => fail(asError(err)));
      worker.once('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
      if (w < taken.length && crew?.ready[w]) handOut(); // it said so before anyone here listened
    }
    // This thread's share: one task at a time, letting the workers' answers in between. When none is left to hand out,
    // it does the oldest task a worker still holds (a worker's first tasks run before its code is compiled, slowly):
    // the run never waits on a slow worker for longer than this thread takes over a task.
    while (!over) {
      const index = next < tasks.length ? next++ : answered.indexOf(false);
      if (index < 0) break;
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
