// The balance worker: grids, diffs and shares of the needle run here, off the UI thread; a runaway run is stopped
// with terminate().
import type { CellDiffResult, DiffResult } from '../../../engine/index';
import type { GridResult } from '../../../engine/index';
import type { SensitivityPart } from '../../../engine/index';
import type { TuneOptions, TuneResult } from '../../../engine/index';
import type { TuneMetric } from '../../../engine/index';
import { cellDiffOf, diffOf, gridFinishOf, gridShareOf, sensitivityPartOf, tuneOf, type GridCellState } from './balance';

export type BalanceRequest =
  /** Cells i of the grid with i % of === share (one worker's part). */
  | {
      readonly type: 'gridShare'; readonly id: number; readonly text: string; readonly party: string; readonly fights: number;
      readonly seed: number; readonly share: number; readonly of: number;
    }
  /** The grid from every share's cells. */
  | {
      readonly type: 'gridFinish'; readonly id: number; readonly text: string; readonly party: string; readonly fights: number;
      readonly seed: number; readonly cells: readonly GridCellState[];
    }
  /** `among`: only these fights (a change asked in words: the fights it touches). */
  | { readonly type: 'diff'; readonly id: number; readonly savedText: string; readonly editedText: string; readonly fights: number; readonly seed: number; readonly among?: readonly string[] }
  /** The grid cells a change moves (a change asked in words), saved against edited. */
  | {
      readonly type: 'cellDiff'; readonly id: number; readonly savedText: string; readonly editedText: string; readonly fights: number; readonly seed: number;
      readonly cells: readonly { readonly role: string; readonly tier: number }[]; readonly party?: string;
    }
  /** One number tuned to a win rate. */
  | { readonly type: 'tune'; readonly id: number; readonly text: string; readonly options: TuneOptions }
  /** Variants i of the needle with i % of === share (one worker's part). */
  | {
      readonly type: 'sensitivityPart'; readonly id: number; readonly text: string; readonly fight: string; readonly fights: number;
      readonly seed: number; readonly metric: TuneMetric; readonly share: number; readonly of: number;
    };

export type BalanceResponse =
  | { readonly type: 'gridShare'; readonly id: number; readonly cells: readonly GridCellState[] }
  | { readonly type: 'grid'; readonly id: number; readonly grid: GridResult }
  | { readonly type: 'diff'; readonly id: number; readonly diff: DiffResult }
  | { readonly type: 'cellDiff'; readonly id: number; readonly diff: CellDiffResult }
  | { readonly type: 'tune'; readonly id: number; readonly tune: TuneResult }
  | { readonly type: 'sensitivityPart'; readonly id: number; readonly part: SensitivityPart }
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
  /** A notice while a share of the grid or the needle runs: its cells or variants done of its total (a tune: values fought, total 0). */
  | { readonly type: 'progress'; readonly id: number; readonly done: number; readonly total: number };

const post = (message: BalanceResponse): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<BalanceRequest>) => {
  const r = event.data;
  const progress = (done: number, total: number): void => post({ type: 'progress', id: r.id, done, total });
  const result = r.type === 'gridShare' ? gridShareOf(r.text, r.party, r.fights, r.seed, { index: r.share, of: r.of }, progress)
    : r.type === 'gridFinish' ? gridFinishOf(r.text, r.party, r.fights, r.seed, r.cells)
    : r.type === 'diff' ? diffOf(r.savedText, r.editedText, r.fights, r.seed, r.among)
    : r.type === 'cellDiff' ? cellDiffOf(r.savedText, r.editedText, r.fights, r.seed, r.cells, r.party)
    : r.type === 'tune' ? tuneOf(r.text, r.options, (tried) => progress(tried, 0))
    : sensitivityPartOf(r.text, r.fight, r.fights, r.seed, r.metric, { index: r.share, of: r.of }, progress);
  if ('error' in result) post({ type: 'failed', id: r.id, message: result.error });
  else if ('cells' in result) post({ type: 'gridShare', id: r.id, cells: result.cells });
  else if ('grid' in result) post({ type: 'grid', id: r.id, grid: result.grid });
  else if ('diff' in result) post({ type: 'diff', id: r.id, diff: result.diff });
  else if ('cellDiff' in result) post({ type: 'cellDiff', id: r.id, diff: result.cellDiff });
  else if ('tune' in result) post({ type: 'tune', id: r.id, tune: result.tune });
  else post({ type: 'sensitivityPart', id: r.id, part: result.part });
};
