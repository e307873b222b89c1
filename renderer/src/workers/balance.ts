// The balance tools behind the balance worker: the tier × role grid of the edited system, the diff of the saved file
// against the edited buffer, and one share of what moves the needle in one fight (engine/balance). Pure: parse, load,
// run; failures come back as messages.
import { diffSystems, type DiffResult } from '../../../engine/balance/diff';
import { runGrid, type GridResult } from '../../../engine/balance/grid';
import { sensitivityPart, type SensitivityShare } from '../../../engine/balance/sensitivity';
import type { SensitivityPart } from '../../../engine/balance/sensitivity-merge';
import type { SystemDocument } from '../../../engine/schema/document';
import { loadSystem, type System } from '../../../engine/sim/index';

export type Failure = { readonly error: string };

function load(text: string, label: string): { doc: SystemDocument; system: System } | Failure {
  let doc: SystemDocument;
  try {
    doc = JSON.parse(text) as SystemDocument;
  } catch (error) {
    return { error: `${label} is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const loaded = loadSystem(doc);
  if (!loaded.ok) return { error: `${label} cannot fight yet: ${loaded.diagnostics[0]?.message ?? 'unknown problem'}` };
  return { doc, system: loaded.system };
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function gridOf(text: string, party: string, fights: number, seed: number): { grid: GridResult } | Failure {
  const loaded = load(text, 'The system');
  if ('error' in loaded) return loaded;
  try {
    const grid = runGrid(loaded.doc, loaded.system, { party, fights, seed });
    return typeof grid === 'string' ? { error: grid } : { grid };
  } catch (error) {
    return { error: message(error) };
  }
}

/**
 * One worker's share of the needle (engine/balance/sensitivity: variants i with i % of === index); the page merges
 * the parts with finishSensitivity. `onVariant`: how many of the share's variants are done, before each one and once
 * at the end.
 */
export function sensitivityPartOf(text: string, fight: string, fights: number, seed: number, share: SensitivityShare,
  onVariant?: (done: number, total: number) => void): { part: SensitivityPart } | Failure {
  const loaded = load(text, 'The system');
  if ('error' in loaded) return loaded;
  try {
    const result = sensitivityPart(loaded.doc, loaded.system, { fight, fights, seed }, share, onVariant);
    return typeof result === 'string' ? { error: result } : { part: result };
  } catch (error) {
    return { error: message(error) };
  }
}

export function diffOf(savedText: string, editedText: string, fights: number, seed: number): { diff: DiffResult } | Failure {
  const saved = load(savedText, 'The saved file');
  if ('error' in saved) return saved;
  const edited = load(editedText, 'The edited text');
  if ('error' in edited) return edited;
  try {
    const diff = diffSystems(saved.system, edited.system, { fights, seed }, { a: 'saved', b: 'edited' });
    return typeof diff === 'string' ? { error: diff } : { diff };
  } catch (error) {
    return { error: message(error) };
  }
}
