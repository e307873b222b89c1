// The worker side of worker-pool.ts: set up once from workerData, then answer the parent's tasks one by one.
import { parentPort, workerData } from 'node:worker_threads';

/** A worker's messages: `ready` once after its setup (only then is it handed tasks), then one reply per task. */
export type TaskReply<Result> = { readonly ready: true } | { readonly result: Result } | { readonly error: string };

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * `prepare` turns workerData into a task handler, or into an error message (a system that does not load): then
 * every task is answered with that error, so the parent reports it.
 */
export function serveTasks<Setup, Task, Result>(prepare: (setup: Setup) => ((task: Task) => Result) | string): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  let handle: ((task: Task) => Result) | string;
  try {
    handle = prepare(workerData as Setup);
  } catch (err) {
    handle = errorText(err);
  }
  port.on('message', (task: Task) => {
    let reply: TaskReply<Result>;
    if (typeof handle === 'string') reply = { error: handle };
    else {
      try {
        reply = { result: handle(task) };
      } catch (err) {
        reply = { error: errorText(err) };
      }
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies TaskReply<Result>);
}
