// The Balance tab: the tier × role grid of the system the sandbox runs, the diff of the saved file against the edited
// buffer, and what moves the needle in one fight. Work runs in the balance worker; a new run stops the one before.
import { WorkerClient, WorkerStopped } from '../workers/client';
import type { BalanceRequest, BalanceResponse } from '../workers/balance.worker';
import type { DiffResult } from '../../../engine/balance/diff';
import type { GridResult } from '../../../engine/balance/grid';
import type { SensitivityResult } from '../../../engine/balance/sensitivity';
import { MAX_BALANCE_FIGHTS, MIN_BALANCE_FIGHTS, wholeNumberProblem } from './inputs';

export interface PartyChoice {
  readonly id: string;
  readonly name: string;
}

/** Parties the grid can use: the document's `parties`, then its fights (whose heroes form a party). */
export function partiesOf(text: string | null): PartyChoice[] {
  if (!text) return [];
  try {
    const doc = JSON.parse(text) as { parties?: unknown; fights?: unknown };
    const list = (x: unknown): { id?: unknown; name?: unknown }[] => (Array.isArray(x) ? x.filter((p) => p && typeof p === 'object') : []);
    const named = (x: { id?: unknown; name?: unknown }, suffix: string): PartyChoice | null =>
      typeof x.id === 'string' ? { id: x.id, name: `${typeof x.name === 'string' ? x.name : x.id}${suffix}` } : null;
    return [...list(doc.parties).map((p) => named(p, '')), ...list(doc.fights).map((f) => named(f, ' (fight)'))].filter((p): p is PartyChoice => p !== null);
  } catch {
    return [];
  }
}

export class BalanceState {
  party = $state('');
  fights = $state(300);
  seed = $state(1);
  grid = $state.raw<GridResult | null>(null);
  diff = $state.raw<DiffResult | null>(null);
  /** The fight whose needle is asked about, and the answer. */
  needleFight = $state('');
  sensitivity = $state.raw<SensitivityResult | null>(null);
  running = $state<'grid' | 'diff' | 'sensitivity' | null>(null);
  /** How far the running needle is (variants done of the total), or null. */
  progress = $state<{ readonly done: number; readonly total: number } | null>(null);
  error = $state<string | null>(null);
  readonly #client: WorkerClient<BalanceRequest, BalanceResponse>;

  constructor(createWorker: () => Worker) {
    this.#client = new WorkerClient(createWorker, ['progress']);
    this.#client.onNotice = (notice) => {
      if (notice.type === 'progress' && this.running) this.progress = { done: notice.done, total: notice.total };
    };
  }

  /** Stops the running grid, diff or needle (its worker is ended; the next run starts a fresh one). */
  stop(): void {
    this.#client.restart();
  }

  async runGrid(text: string): Promise<void> {
    await this.#run('grid', { type: 'grid', text, party: this.party, fights: this.fights, seed: this.seed });
  }

  async runDiff(savedText: string, editedText: string): Promise<void> {
    await this.#run('diff', { type: 'diff', savedText, editedText, fights: this.fights, seed: this.seed });
  }

  async runSensitivity(text: string): Promise<void> {
    await this.#run('sensitivity', { type: 'sensitivity', text, fight: this.needleFight, fights: this.fights, seed: this.seed });
  }

  async #run(kind: 'grid' | 'diff' | 'sensitivity', request: BalanceRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never): Promise<void> {
    const problem = wholeNumberProblem('Fights each', request.fights, MIN_BALANCE_FIGHTS, MAX_BALANCE_FIGHTS);
    if (problem) {
      this.error = problem;
      return;
    }
    if (this.running) this.#client.restart();
    this.running = kind;
    this.progress = null;
    this.error = null;
    try {
      const answer = await this.#client.request(request);
      if (answer.type === 'failed') this.error = answer.message;
      else if (answer.type === 'grid') this.grid = answer.grid;
      else if (answer.type === 'diff') this.diff = answer.diff;
      else if (answer.type === 'sensitivity') this.sensitivity = answer.sensitivity;
    } catch (error) {
      if (!(error instanceof WorkerStopped)) this.error = error instanceof Error ? error.message : String(error);
    } finally {
      if (this.running === kind) { this.running = null; this.progress = null; }
    }
  }
}
