// The balance tools behind the balance workers: a share of the tier × role grid of the edited system (and the grid
// from every share's cells), the diff of the saved file against the edited buffer, a share of what moves the needle
// in one fight, and one number tuned to a target (engine/balance). Pure: parse, load, run; failures come back as
// messages.
import { diffCells, diffSystems, type CellDiffResult, type DiffResult } from '../../../engine/index';
import type { BatchState } from '../../../engine/index';
import { finishGrid, planGrid, runCell, type GridResult } from '../../../engine/index';
import { sensitivityPart } from '../../../engine/index';
import { tune, type TuneOptions, type TuneResult } from '../../../engine/index';
import type { TuneMetric } from '../../../engine/index';
import type { SensitivityPart } from '../../../engine/index';
import { shareProblem, type Share } from '../../../engine/index';
import type { SystemDocument } from '../../../engine/index';
import { loadSystem, type System } from '../../../engine/index';

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



/** A grid cell's fights, by the cell's index in the grid (row-major: role by role, tier by tier). */
export interface GridCellState {
  readonly index: number;
  readonly state: BatchState;
}

/**
 * One worker's share of the grid: cells i with i % of === index. `onCell`: the share's cells done of its total, at the
 * start and after each. A cell's seed depends only on its index, so the shares of any split make the same grid.
 */
export function gridShareOf(text: string, party: string, fights: number, seed: number, share: Share,
  onCell?: (done: number, total: number) => void): { cells: GridCellState[] } | Failure {
  const badShare = shareProblem('a grid', share);
  if (badShare) return { error: badShare };
  const loaded = load(text, 'The system');
  if ('error' in loaded) return loaded;
  try {
    const plan = planGrid(loaded.doc, { party, fights, seed });
    if (typeof plan === 'string') return { error: plan };
    const mine = plan.cells.map((c) => c.index).filter((index) => index % share.of === share.index);
    const cells: GridCellState[] = [];
    onCell?.(0, mine.length);
    for (const index of mine) {
      cells.push({ index, state: runCell(loaded.system, plan, index) });
      onCell?.(cells.length, mine.length);
    }
    return { cells };
  } catch (error) {
    return { error: message(error) };
  }
}

/** The grid from the cells of every share (any order): what the whole grid on one worker gives. */
export function gridFinishOf(text: string, party: string, fights: number, seed: number, cells: readonly GridCellState[]): { grid: GridResult } | Failure {
  let doc: SystemDocument;
  try {
    doc = JSON.parse(text) as SystemDocument;
  } catch (error) {
    return { error: `The system is not valid JSON: ${message(error)}` };
  }
  const plan = planGrid(doc, { party, fights, seed });
  if (typeof plan === 'string') return { error: plan };
  const states: BatchState[] = [];
  for (const c of cells) states[c.index] = c.state;
  const missing = plan.cells.findIndex((c) => states[c.index] === undefined);
  if (missing >= 0 || cells.length !== plan.cells.length) return { error: `the grid's shares do not cover its ${plan.cells.length} cells once each` };
  return { grid: finishGrid(doc, plan, states) };
}

/**
 * One worker's share of the needle (engine/balance/sensitivity: variants i with i % of === index); the page merges
 * the parts with finishSensitivity. `onVariant`: how many of the share's variants are done, before each one and once
 * at the end.
 */
export function sensitivityPartOf(text: string, fight: string, fights: number, seed: number, metric: TuneMetric, share: Share,
  onVariant?: (done: number, total: number) => void): { part: SensitivityPart } | Failure {
  const loaded = load(text, 'The system');
  if ('error' in loaded) return loaded;
  try {
    const result = sensitivityPart(loaded.doc, loaded.system, { fight, fights, seed, metric }, share, onVariant);
    return typeof result === 'string' ? { error: result } : { part: result };
  } catch (error) {
    return { error: message(error) };
  }
}

export function diffOf(savedText: string, editedText: string, fights: number, seed: number, among?: readonly string[]): { diff: DiffResult } | Failure {
  const saved = load(savedText, 'The saved file');
  if ('error' in saved) return saved;
  const edited = load(editedText, 'The edited text');
  if ('error' in edited) return edited;
  try {
    const diff = diffSystems(saved.system, edited.system, { fights, seed, ...(among ? { among } : {}) }, { a: 'saved', b: 'edited' });
    return typeof diff === 'string' ? { error: diff } : { diff };
  } catch (error) {
    return { error: message(error) };
  }
}

/** The grid cells a change moves (engine/balance/cell-diff.ts), saved against edited; the party and cells read on the saved file. */
export function cellDiffOf(savedText: string, editedText: string, fights: number, seed: number, cells: readonly { role: string; tier: number }[], party?: string): { cellDiff: CellDiffResult } | Failure {
  const saved = load(savedText, 'The saved file');
  if ('error' in saved) return saved;
  const edited = load(editedText, 'The edited text');
  if ('error' in edited) return edited;
  try {
    const diff = diffCells(saved.doc, saved.system, edited.system, { fights, seed, cells, ...(party !== undefined ? { party } : {}) });
    return typeof diff === 'string' ? { error: diff } : { cellDiff: diff };
  } catch (error) {
    return { error: message(error) };
  }
}

/** One number of a fight tuned until the heroes win `target` of it (engine/balance/tune). */
export function tuneOf(text: string, options: TuneOptions, onValue?: (tried: number) => void): { tune: TuneResult } | Failure {
  const loaded = load(text, 'The system');
  if ('error' in loaded) return loaded;
  try {
    const result = tune(loaded.doc, loaded.system, options, onValue);
    return typeof result === 'string' ? { error: result } : { tune: result };
  } catch (error) {
    return { error: message(error) };
  }
}
