// The needle over threads: this one and K - 1 needle workers (worker-pool.ts), each planning the needle once (the
// original's fights included), then taking the next variant when it finishes one. A variant fights the original's
// seeds wherever it runs and the answers come back by variant index, so the result is sensitivity()'s on one thread.
import type { SystemDocument } from '../../schema/document';
import type { System } from '../../sim/index';
import { partFromAnswers, planSensitivity, runVariant, type SensitivityOptions, type SensitivityResult, type VariantAnswer } from '../../balance/sensitivity';
import { finishSensitivity } from '../../balance/sensitivity-merge';
import { runTasks, type Crew } from '../worker-pool';
import type { NeedleWorkerSetup } from './needle-worker';

/** What each needle worker is started with (a crew started ahead must be started with this). */
export function needleSetup(docText: string, options: SensitivityOptions): NeedleWorkerSetup {
  return { docText, options };
}

/**
 * The needle on `workers` threads (this one included); identical to sensitivity() on one. `docText` is the document's
 * text (what the workers parse), `crew` needle workers started ahead with needleSetup(docText, options); `onVariant`
 * is told the variants done of the total, at the start and each time one is answered. Rejects with the first error of
 * any thread.
 */
export async function runSensitivityParallel(doc: SystemDocument, system: System, docText: string, options: SensitivityOptions, workers: number,
  crew?: Crew, onVariant?: (done: number, total: number) => void): Promise<SensitivityResult | string> {
  const plan = planSensitivity(doc, system, options);
  if (typeof plan === 'string') return plan;
  const indices = plan.variants.map((_, index) => index);
  let done = 0;
  onVariant?.(0, indices.length);
  const answers = await runTasks<number, VariantAnswer>('needle-worker', needleSetup(docText, options), indices, workers,
    (index) => runVariant(plan, index), crew, () => onVariant?.(++done, indices.length));
  return finishSensitivity([partFromAnswers(plan, answers)]);
}
