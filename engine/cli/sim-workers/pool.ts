// `sim --workers K`: the fights cut into chunks of contiguous fight indices, fought by K threads (this one and K - 1
// worker threads, worker-pool.ts), each taking the next chunk when it finishes one; the partial statistics are merged
// in chunk order, exactly. Fight i is always seeded deriveSeed(seed, i), so the results are identical to one thread's.
import type { SystemDocument } from '../../schema/document';
import { mergeStats, simulatePartial, type PartialStats, type SimStats, type System } from '../../sim/index';
import { runTasks, startCrew, type Crew } from '../worker-pool';
import type { FightChunk, SimWorkerSetup } from './worker';

export interface ParallelOptions {
  readonly fights: number;
  readonly seed: number;
  readonly workers: number;
}

/**
 * About this many chunks a thread: small enough that a thread slowed by the machine's load, or a worker holding its
 * queued chunk while this thread has run out, leaves little tail.
 */
const CHUNKS_PER_WORKER = 48;
/** Below this a chunk's message round trip starts to count against its fighting. */
const MIN_CHUNK = 250;

/**
 * [0, fights) cut into contiguous chunks, in index order; at least one (possibly empty) chunk, and at least one chunk
 * a worker when there are enough fights (so `workers` threads are really started).
 */
export function chunkFights(fights: number, workers: number): FightChunk[] {
  const k = Math.max(1, workers);
  const size = Math.max(1, Math.min(Math.max(MIN_CHUNK, Math.ceil(fights / (k * CHUNKS_PER_WORKER))), Math.ceil(fights / k)));
  const chunks: FightChunk[] = [];
  for (let from = 0; from < fights; from += size) chunks.push({ from, count: Math.min(size, fights - from) });
  return chunks.length ? chunks : [{ from: 0, count: 0 }];
}

/** How many worker threads `simulateParallel` starts for these options (this thread fights too). */
export function workersNeeded(options: ParallelOptions): number {
  return Math.max(0, Math.min(options.workers, chunkFights(options.fights, options.workers).length) - 1);
}

/**
 * The workers of a parallel run, started before the caller has checked and loaded the document (`sim` checks while
 * they start). `docText` must be the document simulateParallel is then given, as JSON text: the caller makes sure.
 */
export function startSimCrew(docText: string, fightId: string, options: ParallelOptions): Crew {
  const setup: SimWorkerSetup = { docText, fightId, seed: options.seed };
  return startCrew('sim-worker', setup, workersNeeded(options));
}

/**
 * `crew`: workers startSimCrew started with this document, fight and options (else they are started here).
 * `onProgress`: told the number of fights done each time a chunk is answered.
 */
export async function simulateParallel(system: System, doc: SystemDocument, fightId: string, options: ParallelOptions, crew?: Crew,
  onProgress?: (done: number) => void): Promise<SimStats> {
  const setup: SimWorkerSetup = { docText: JSON.stringify(doc), fightId, seed: options.seed };
  const fightHere = (chunk: FightChunk): PartialStats => simulatePartial(system, fightId, { fights: chunk.count, seed: options.seed, from: chunk.from }).toPartial();
  const chunks = chunkFights(options.fights, options.workers);
  let done = 0;
  const answered = onProgress ? (index: number): void => { done += chunks[index]!.count; onProgress(done); } : undefined;
  const parts = await runTasks('sim-worker', setup, chunks, options.workers, fightHere, crew, answered);
  return mergeStats(system, fightId, options.seed, parts);
}
