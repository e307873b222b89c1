// The check worker. This entry is tiny on purpose: Chromium holds messages posted to a worker until its top-level
// script has run, and hands them over on the page's main thread. With the engine (~0.6 MB, a few hundred ms to
// compile and set up) behind a dynamic import, the top level ends at once, the first document is handed over
// before the page gets busy with Monaco, and the engine loads meanwhile. Requests are answered in order.
import type { CheckRequest, CheckResponse } from './protocol';

const post = (message: CheckResponse): void => self.postMessage(message);
const handler = import('./checkHandler');
let queue: Promise<void> = Promise.resolve();

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  const request = event.data;
  queue = queue.then(() =>
    handler.then(
      (module) => module.handleCheckRequest(request, post),
      (error: unknown) => post({ type: 'failed', id: request.id, message: `the checker did not load: ${error instanceof Error ? error.message : String(error)}` }),
    ),
  );
};
