// The sim worker: one fight's event log for the sandbox's stepper, and batches with progress reports.
// A runaway batch is stopped by the UI with terminate().
import { runFightLog, runBatch } from './simulate';
import type { SimRequest, SimResponse } from './protocol';

const post = (message: SimResponse): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<SimRequest>) => {
  const request = event.data;
  try {
    switch (request.type) {
      case 'fight': {
        const result = runFightLog(request.systemText, request.choice, request.seed);
        if ('error' in result) post({ type: 'failed', id: request.id, message: result.error });
        else post({ type: 'fightLog', id: request.id, events: result.events });
        return;
      }
      case 'batch': {
        const started = performance.now();
        let lastReport = 0;
        const result = runBatch(request.systemText, request.choice, request.seed, request.fights, (done, total) => {
          const now = performance.now();
          if (now - lastReport < 50 && done < total) return;
          lastReport = now;
          post({ type: 'progress', id: request.id, done, total });
        });
        if ('error' in result) post({ type: 'failed', id: request.id, message: result.error });
        else post({ type: 'batchResult', id: request.id, stats: result.stats, millis: performance.now() - started });
        return;
      }
    }
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
