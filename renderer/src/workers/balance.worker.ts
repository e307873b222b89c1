// The balance worker: grids and diffs run here, off the UI thread; a runaway run is stopped with terminate().
import type { DiffResult } from '../../../engine/balance/diff';
import type { GridResult } from '../../../engine/balance/grid';
import { diffOf, gridOf } from './balance';

export type BalanceRequest =
  | { readonly type: 'grid'; readonly id: number; readonly text: string; readonly party: string; readonly fights: number; readonly seed: number }
  | { readonly type: 'diff'; readonly id: number; readonly savedText: string; readonly editedText: string; readonly fights: number; readonly seed: number };

export type BalanceResponse =
  | { readonly type: 'grid'; readonly id: number; readonly grid: GridResult }
  | { readonly type: 'diff'; readonly id: number; readonly diff: DiffResult }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

const post = (message: BalanceResponse): void => self.postMessage(message);

self.onmessage = (event: MessageEvent<BalanceRequest>) => {
  const r = event.data;
  const result = r.type === 'grid' ? gridOf(r.text, r.party, r.fights, r.seed) : diffOf(r.savedText, r.editedText, r.fights, r.seed);
  if ('error' in result) post({ type: 'failed', id: r.id, message: result.error });
  else if ('grid' in result) post({ type: 'grid', id: r.id, grid: result.grid });
  else post({ type: 'diff', id: r.id, diff: result.diff });
};
