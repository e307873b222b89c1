// The sim worker: one fight's event log for the sandbox's stepper, and slices of batches with progress reports.
// A runaway batch is stopped by the UI with terminate().
import { runExact, runFightLog, runBatchPart } from './simulate';
import type { SimRequest, SimResponse } from './protocol';

const post = (message: SimResponse): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<SimRequest>) => {
  const request = event.data;
  try {
    switch (request.type) {
      case 'fight': {
        const result = runFightLog(request.systemText, request.choice, request.seed, request.played, request.choices);
        if ('error' in result) post({ type: 'failed', id: request.id, message: result.error });
        else post({ type: 'fightLog', id: request.id, events: result.events, offer: result.offer });
        return;
      }
      case 'batchPart': {
        let lastReport = 0;
        const total = request.fights;
        const result = runBatchPart(request.systemText, request.choice, request.seed, request.from, total, (done) => {
          const now = performance.now();
          if (now - lastReport < 50 && done < total) return;
          lastReport = now;
          post({ type: 'progress', id: request.id, done, total });
        });
        if ('error' in result) post({ type: 'failed', id: request.id, message: result.error });
        else post({ type: 'batchPartResult', id: request.id, part: result.part });
        return;
      }
      case 'exact': {
        const result = runExact(request.systemText, request.choice);
        if ('error' in result) post({ type: 'failed', id: request.id, message: result.error });
        else post({ type: 'exactResult', id: request.id, ...result });
        return;
      }
    }
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
