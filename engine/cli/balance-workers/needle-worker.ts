// Worker thread of `sim --sensitivity --workers K`: loads the system and plans the needle once (the original's fights
// included), then fights the variants it is handed, one task a variant.
import type { SystemDocument } from '../../schema/document';
import { loadSystem } from '../../sim/index';
import { planSensitivity, runVariant, type SensitivityOptions, type VariantAnswer } from '../../balance/sensitivity';
import { serveTasks } from '../worker-task';

export interface NeedleWorkerSetup {
  /** The system document as JSON text: one string to copy, parsed once here. */
  readonly docText: string;
  readonly options: SensitivityOptions;
}

serveTasks<NeedleWorkerSetup, number, VariantAnswer>((setup) => {
  const doc = JSON.parse(setup.docText) as SystemDocument;
  const loaded = loadSystem(doc);
  if (!loaded.ok) return loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n');
  const plan = planSensitivity(doc, loaded.system, setup.options);
  if (typeof plan === 'string') return plan;
  return (index) => runVariant(plan, index);
});
