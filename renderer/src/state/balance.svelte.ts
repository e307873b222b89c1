// The Balance tab: the tier × role grid of the system the sandbox runs, the diff of the saved file against the edited
// buffer, and what moves the needle in one fight. Work runs in balance workers (the needle's variants shared among
// several); a new run stops the one before.
import { WorkerClient, WorkerStopped, type DistributiveOmit } from '../workers/client';
import type { BalanceRequest, BalanceResponse } from '../workers/balance.worker';
import type { DiffResult } from '../../../engine/index';
import type { GridResult } from '../../../engine/index';
import type { Knob, SensitivityResult } from '../../../engine/index';
import type { TuneMetric, TuneResult } from '../../../engine/index';
import { MAX_BALANCE_FIGHTS, MIN_BALANCE_FIGHTS, wholeNumberProblem } from './inputs';
import { finishSensitivity } from '../../../engine/index';
import { MAX_BATCH_WORKERS } from '../workers/batchParts';
import { timeLeft } from '../../../engine/index';
import { textHash, type ResultSource } from './resultSource';
import type { ComposedFight, SimRequest, SimResponse } from '../workers/protocol';
import { inputWords, t } from '../i18n/index.svelte';

type RunKind = 'grid' | 'diff' | 'sensitivity' | 'tune';

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

/** The exact answer to one duel: the hero's win chance and the states solved, or over the studio's budget (the engine's reason), or why it could not run. */
export type DuelAnswer =
  | { readonly kind: 'exact'; readonly win: number; readonly states: number }
  | { readonly kind: 'tooBig'; readonly states: number; readonly reason: string }
  | { readonly kind: 'failed'; readonly message: string };

/** A grid cell as far as a duel needs it: its template and its fight (the party's heroes, with positions and conditions). */
export interface DuelCell {
  readonly role: string;
  readonly tier: number;
  readonly fight: { readonly heroes: readonly (string | { readonly hero: string; readonly position?: string; readonly conditions?: readonly string[] })[]; readonly maxRounds?: number };
}

const heroId = (h: DuelCell['fight']['heroes'][number]): string => (typeof h === 'string' ? h : h.hero);

/** The cell's fight cut down to a duel: `hero` (as the party places it) against one enemy of the cell's template, as many rounds. */
export function duelFight(cell: DuelCell, hero: string): ComposedFight {
  const own = cell.fight.heroes.find((h) => heroId(h) === hero) ?? hero;
  return {
    id: `${hero} vs ${cell.role} T${cell.tier}`, heroes: [own], enemies: [{ template: { role: cell.role, tier: cell.tier } }],
    ...(cell.fight.maxRounds === undefined ? {} : { maxRounds: cell.fight.maxRounds }),
  };
}

const duelKey = (text: string, role: string, tier: number, hero: string): string => `${textHash(text)}\u0000${role}\u0000${tier}\u0000${hero}`;

/** Workers a run is shared among: a whole number from 1 to MAX_BATCH_WORKERS. */
const shareCount = (workers: number): number => Math.max(1, Math.min(MAX_BATCH_WORKERS, Math.floor(workers) || 1));

export class BalanceState {
  party = $state('');
  fights = $state(300);
  seed = $state(1);
  grid = $state.raw<GridResult | null>(null);
  diff = $state.raw<DiffResult | null>(null);
  /** The fight whose needle is asked about, and the answer. */
  needleFight = $state('');
  sensitivity = $state.raw<SensitivityResult | null>(null);
  /** Workers the shown grid and needle ran on. */
  gridWorkers = $state(1);
  needleWorkers = $state(1);
  /** The heroes' win rate a tune aims at, in percent, and the last tune's answer. */
  tuneTarget = $state(70);
  /** The mean rounds a pace tune (metric `rounds`) searches for. */
  tuneRounds = $state(4);
  /** What the target is: a share of fights the heroes win or in which a hero dies, or the mean rounds. */
  tuneMetric = $state<TuneMetric>('win');
  /** What the needle ranks its nudges by (a fight the heroes always win is read by `died` or `rounds`). */
  needleMetric = $state<TuneMetric>('win');
  tuned = $state.raw<TuneResult | null>(null);
  running = $state<RunKind | null>(null);
  /** The document (and exact text) each shown answer came from. */
  sources = $state.raw<Readonly<Record<RunKind, ResultSource | null>>>({ grid: null, diff: null, sensitivity: null, tune: null });

  /** How far the running grid or needle is (cells or variants done of the total, over all its workers), or null. */
  progress = $state<{ readonly done: number; readonly total: number; readonly left: string | null } | null>(null);
  #started = 0;
  error = $state<string | null>(null);
  /** Balance workers: the diff runs on the first; the grid's cells and the needle's variants are shared among as many as asked. */
  readonly #clients: WorkerClient<BalanceRequest, BalanceResponse>[] = [];
  /** Each needle worker's last progress notice. */
  #parts: { done: number; total: number }[] = [];
  /** Counts runs: a run stopped by the next one leaves `running` to it. */
  #runs = 0;

  /** The hero a hovered cell's exact duel is fought by (the grid's party's first, unless picked). */
  duelHero = $state('');
  /** Exact duels answered, by (text, role, tier, hero); each keeps its text, so a changed document never reads another's. */
  duels = $state.raw<ReadonlyMap<string, { readonly text: string; readonly answer: DuelAnswer }>>(new Map());
  /** The duel last asked for: solved once the one being solved is done (a sweep over the grid solves only where it stops). */
  #wantedDuel: { readonly text: string; readonly cell: DuelCell; readonly hero: string } | null = null;
  #duelSolving = false;
  /** The sim worker that solves duels: its own, so a grid or needle running in the balance workers never holds it up. */
  #exactClient: WorkerClient<SimRequest, SimResponse> | null = null;

  constructor(private readonly createWorker: () => Worker, private readonly createSimWorker: (() => Worker) | null = null) {}

  /** The exact answer to the duel of `hero` against the template at `role` and `tier` under `text`, if solved. */
  duelAnswer(text: string, role: string, tier: number, hero: string): DuelAnswer | null {
    const entry = this.duels.get(duelKey(text, role, tier, hero));
    return entry && entry.text === text ? entry.answer : null;
  }

  /**
   * Asks the sim worker to solve the duel exactly (engine exactFight within the studio's budget, runExact); the
   * answer lands in `duels`. A duel asked while another is being solved waits for it, and only the last one asked
   * is solved next. Answers of any other text are dropped when one of this text lands.
   */
  async askDuel(text: string, cell: DuelCell, hero: string): Promise<void> {
    this.#wantedDuel = { text, cell, hero };
    if (this.#duelSolving || !this.createSimWorker) return;
    this.#duelSolving = true;
    try {
      for (let w = this.#wantedDuel; w && !this.duelAnswer(w.text, w.cell.role, w.cell.tier, w.hero); w = this.#wantedDuel) {
        this.#exactClient ??= new WorkerClient<SimRequest, SimResponse>(this.createSimWorker);
        let answer: DuelAnswer;
        try {
          const reply = await this.#exactClient.request({ type: 'exact', systemText: w.text, choice: { kind: 'composed', fight: duelFight(w.cell, w.hero) } });
          answer = reply.type === 'exactResult'
            ? (reply.win === null ? { kind: 'tooBig', states: reply.states, reason: reply.reason ?? '' } : { kind: 'exact', win: reply.win, states: reply.states })
            : { kind: 'failed', message: reply.type === 'failed' ? reply.message : reply.type };
        } catch (error) {
          answer = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
        }
        const kept = [...this.duels].filter(([, entry]) => entry.text === w!.text);
        this.duels = new Map([...kept, [duelKey(w.text, w.cell.role, w.cell.tier, w.hero), { text: w.text, answer }]]);
      }
    } finally {
      this.#duelSolving = false;
    }
  }

  #client(i: number): WorkerClient<BalanceRequest, BalanceResponse> {
    let client = this.#clients[i];
    if (!client) {
      client = new WorkerClient(this.createWorker, ['progress']);
      client.onNotice = (notice) => {
        if (notice.type !== 'progress' || !this.running) return;
        this.#parts[i] = { done: notice.done, total: notice.total };
        const sum = this.#parts.reduce((s, p) => ({ done: s.done + p.done, total: s.total + p.total }), { done: 0, total: 0 });
        this.progress = { ...sum, left: timeLeft((performance.now() - this.#started) / 1000, sum.done, sum.total) };
      };
      this.#clients[i] = client;
    }
    return client;
  }

  /** Stops the running grid, diff or needle (its workers are ended; the next run starts fresh ones). */
  stop(): void {
    for (const client of this.#clients) client.restart();
  }

  /**
   * The grid's cells shared among `workers` workers (cell i goes to worker i mod workers), then put together by the
   * first: a cell's seed depends only on its index, so the grid is the one a single worker gives.
   */
  async runGrid(text: string, workers = 1, source: ResultSource | null = null): Promise<void> {
    const of = shareCount(workers);
    const { party, fights, seed } = { party: this.party, fights: this.fights, seed: this.seed };
    await this.#run('grid', async () => {
      const answers = await this.#shared(of, (share) => ({ type: 'gridShare', text, party, fights, seed, share, of }));
      if (typeof answers === 'string') return answers;
      const cells = answers.flatMap((a) => (a.type === 'gridShare' ? a.cells : []));
      const answer = await this.#client(0).request({ type: 'gridFinish', text, party, fights, seed, cells });
      if (answer.type === 'failed') return answer.message;
      if (answer.type === 'grid') this.grid = answer.grid;
      this.gridWorkers = of;
      return null;
    }, source);
  }

  async runDiff(savedText: string, editedText: string, source: ResultSource | null = null): Promise<void> {
    await this.#run('diff', async () => {
      const answer = await this.#client(0).request({ type: 'diff', savedText, editedText, fights: this.fights, seed: this.seed });
      if (answer.type === 'failed') return answer.message;
      if (answer.type === 'diff') this.diff = answer.diff;
      return null;
    }, source);
  }

  /**
   * The needle's variants shared among `workers` workers (variant i goes to worker i mod workers), merged into the
   * answer one worker gives: every variant fights the same seeds wherever it runs.
   */
  async runSensitivity(text: string, workers = 1, source: ResultSource | null = null): Promise<void> {
    const of = shareCount(workers);
    const { fight, fights, seed, metric } = { fight: this.needleFight, fights: this.fights, seed: this.seed, metric: this.needleMetric };
    await this.#run('sensitivity', async () => {
      const answers = await this.#shared(of, (share) => ({ type: 'sensitivityPart', text, fight, fights, seed, metric, share, of }));
      if (typeof answers === 'string') return answers;
      this.sensitivity = finishSensitivity(answers.flatMap((a) => (a.type === 'sensitivityPart' ? [a.part] : [])));
      this.needleWorkers = of;
      // A row's tune aims at what the needle ranked by, unless changed after.
      this.tuneMetric = metric;
      return null;
    }, source);
  }

  /** Tunes one number of the needle's fight (a knob it listed) to the target: `tuneTarget` percent, or `tuneRounds`. */
  async runTune(text: string, knob: Knob, source: ResultSource | null = null): Promise<void> {
    const pace = this.tuneMetric === 'rounds';
    const target: unknown = pace ? this.tuneRounds : this.tuneTarget;
    const empty = target === null || target === '' || Number.isNaN(target);
    if (typeof target !== 'number' || (pace ? !(target > 0 && Number.isFinite(target)) : !(target >= 0 && target <= 100))) {
      this.error = `${pace ? 'The target must be a mean number of rounds above 0' : 'The target must be a percentage from 0 to 100'}${empty ? ' (the field is empty)' : `, not ${String(target)}`}.`;
      return;
    }
    const options = {
      fight: this.needleFight, fights: this.fights, seed: this.seed, pointer: knob.pointer, ...(knob.span ? { span: knob.span } : {}),
      target: pace ? target : target / 100, metric: this.tuneMetric,
    };
    await this.#run('tune', async () => {
      this.#parts = [{ done: 0, total: 0 }];
      const answer = await this.#client(0).request({ type: 'tune', text, options });
      if (answer.type === 'failed') return answer.message;
      if (answer.type === 'tune') this.tuned = answer.tune;
      return null;
    }, source);
  }

  /** One request a worker, for shares 0..of-1: their answers, or the first failure's message. */
  async #shared(of: number, request: (share: number) => DistributiveOmit<BalanceRequest, 'id'>): Promise<BalanceResponse[] | string> {
    this.#parts = Array.from({ length: of }, () => ({ done: 0, total: 0 }));
    const answers = await Promise.all(Array.from({ length: of }, (_, share) => this.#client(share).request(request(share))));
    const failure = answers.find((a) => a.type === 'failed');
    return failure?.type === 'failed' ? failure.message : answers;
  }

  /** One run at a time: a new one stops the one before. `work` gives an error message, or null once it has its answer. */
  async #run(kind: RunKind, work: () => Promise<string | null>, source: ResultSource | null): Promise<void> {
    const problem = wholeNumberProblem(t('balance.fightsEach'), this.fights, MIN_BALANCE_FIGHTS, MAX_BALANCE_FIGHTS, inputWords());
    if (problem) {
      this.error = problem;
      return;
    }
    if (this.running) this.stop();
    const run = ++this.#runs;
    this.running = kind;
    this.progress = null;
    this.#started = performance.now();
    this.error = null;
    try {
      this.error = await work();
      if (this.error === null) this.sources = { ...this.sources, [kind]: source };
    } catch (error) {
      if (!(error instanceof WorkerStopped)) {
        this.error = error instanceof Error ? error.message : String(error);
        // A worker that crashed leaves the others of the needle fighting for nothing.
        this.stop();
      }
    } finally {
      if (this.#runs === run) { this.running = null; this.progress = null; }
    }
  }
}
