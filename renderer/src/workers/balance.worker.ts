// The balance worker: grids, diffs and shares of the needle run here, off the UI thread; a runaway run is stopped
// with terminate().
import type { DiffResult } from '../../../engine/balance/diff';
import type { GridResult } from '../../../engine/balance/grid';
import type { SensitivityPart } from '../../../engine/balance/sensitivity-merge';
import { diffOf, gridOf, sensitivityPartOf } from './balance';

export type BalanceRequest =
  | { readonly type: 'grid'; readonly id: number; readonly text: string; readonly party: string; readonly fights: number; readonly seed: number }
  | { readonly type: 'diff'; readonly id: number; readonly savedText: string; readonly editedText: string; readonly fights: number; readonly seed: number }
  /** Variants i of the needle with i % of === share (one worker's part). */
  | {
      readonly type: 'sensitivityPart'; readonly id: number; readonly text: string; readonly fight: string; readonly fights: number;
      readonly seed: number; readonly share: number; readonly of: number;
    };

export type BalanceResponse =
  | { readonly type: 'grid'; readonly id: number; readonly grid: GridResult }
  | { readonly type: 'diff'; readonly id: number; readonly diff: DiffResult }
  | { readonly type: 'sensitivityPart'; readonly id: number; readonly part: SensitivityPart }
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
  /** A notice while a share of the needle runs: its variants done of its total. */
  | { readonly type: 'progress'; readonly id: number; readonly done: number; readonly total: number };

const post = (message: BalanceResponse): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<BalanceRequest>) => {
  const r = event.data;
  const result = r.type === 'grid' ? gridOf(r.text, r.party, r.fights, r.seed)
    : r.type === 'diff' ? diffOf(r.savedText, r.editedText, r.fights, r.seed)
    : sensitivityPartOf(r.text, r.fight, r.fights, r.seed, { index: r.share, of: r.of }, (done, total) => post({ type: 'progress', id: r.id, done, total }));
  if ('error' in result) post({ type: 'failed', id: r.id, message: result.error });
  else if ('grid' in result) post({ type: 'grid', id: r.id, grid: result.grid });
  else if ('diff' in result) post({ type: 'diff', id: r.id, diff: result.diff });
  else post({ type: 'sensitivityPart', id: r.id, part: result.part });
};
