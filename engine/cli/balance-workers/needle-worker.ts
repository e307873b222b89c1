// Worker thread of `sim --sensitivity --workers K`: loads the system and plans the needle once (the original's fights
// included), then fights the variants it is handed, one task a variant.
import { planSensitivity, runVariant, type SensitivityOptions, type VariantAnswer } from '../../balance/sensitivity';
import { serveDocumentTasks, type DocumentSetup } from '../document-worker';

export interface NeedleWorkerSetup extends DocumentSetup {
  readonly options: SensitivityOptions;
}

serveDocumentTasks<NeedleWorkerSetup, number, VariantAnswer>((doc, system, setup) => {
  const plan = planSensitivity(doc, system, setup.options);
  return typeof plan === 'string' ? plan : (index) => runVariant(plan, index);
});
