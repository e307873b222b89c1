// A sandbox batch split among several sim workers: which fights each takes, and the merge of their partial
// statistics into the `sim --json` shape. Fight i is seeded by its index, so every split gives the same statistics
// as one worker (and as `sim --fights N --seed S`).
import { StatsAccumulator } from '../../../engine/index';
import type { BatchPart, BatchStats } from './protocol';

/** Fewest fights worth a worker of their own: below this, starting a worker and loading the system costs more. */
export const MIN_FIGHTS_PER_WORKER = 2_000;
/** Most workers a batch uses, whatever the machine. */
export const MAX_BATCH_WORKERS = 8;

export interface BatchSlice {
  readonly from: number;
  readonly fights: number;
}

/**
 * `total` fights in contiguous slices, one per worker: at most `workers` of them, each at least `minEach` fights
 * (one slice when the batch is smaller), sizes differing by at most one.
 */
export function splitBatch(total: number, workers: number, minEach = MIN_FIGHTS_PER_WORKER): BatchSlice[] {
  const n = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  const k = Math.max(1, Math.min(Number.isFinite(workers) ? Math.floor(workers) : 1, Math.floor(n / Math.max(1, minEach))));
  const slices: BatchSlice[] = [];
  const base = Math.floor(n / k);
  const extra = n % k;
  let from = 0;
  for (let i = 0; i < k; i++) {
    const fights = base + (i < extra ? 1 : 0);
    slices.push({ from, fights });
    from += fights;
  }
  return slices;
}

/**
 * Workers a batch uses by default: one per core, up to MAX_BATCH_WORKERS. The page stays responsive even so: on two
 * cores, a 100,000-fight batch on two workers showed no long task (`npm run bench -- ui`).
 */
export function defaultBatchWorkers(cores: number | undefined): number {
  const c = Number.isFinite(cores) && cores! > 0 ? Math.floor(cores!) : 1;
  return Math.max(1, Math.min(MAX_BATCH_WORKERS, c));
}

/**
 * How a finished batch names the workers it ran on: `2 workers`, or, when the batch was too small for every worker
 * picked, `1 worker (3 picked: each takes at least 2,000 fights)`, so the picker and the summary never seem to disagree.
 */
export function workersUsedWords(used: number, picked: number, minEach = MIN_FIGHTS_PER_WORKER): string {
  const words = `${used} ${used === 1 ? 'worker' : 'workers'}`;
  return used < picked ? `${words} (${picked} picked: each takes at least ${minEach.toLocaleString('en')} fights)` : words;
}

/** The batch's statistics from its parts (any order): the same numbers one worker running every fight gives. */
export function mergeBatchParts(parts: readonly BatchPart[], seed: number): BatchStats {
  const first = parts[0];
  if (!first) throw new Error('a batch needs at least one part');
  for (const p of parts) {
    if (p.system !== first.system || p.fight !== first.fight) throw new Error(`batch parts of different fights: ${first.fight} and ${p.fight}`);
  }
  const accumulator = new StatsAccumulator(first.tallyKeys);
  for (const p of [...parts].sort((a, b) => a.from - b.from)) accumulator.merge(p.partial);
  const stats = accumulator.finish(first.system, first.fight, seed);
  return { ...stats, roundsHistogram: accumulator.toPartial().roundsHistogram };
}
