// The sandbox: which fight (from the document or composed), its seed, one fight stepped event by event, and batches
// run in the sim worker with progress and cancel. It runs the document's last valid text, so typing errors never
// stop it; a change that checks clean re-runs it (debounced).
import { WorkerClient, WorkerStopped } from '../workers/client';
import type { BatchPart, BatchStats, ComposedFight, FightChoice, FightEvent, SimRequest, SimResponse } from '../workers/protocol';
import { defaultBatchWorkers, MAX_BATCH_WORKERS, mergeBatchParts, splitBatch } from '../workers/batchParts';
import { MAX_BATCH_FIGHTS, seedProblem, wholeNumberProblem } from './inputs';
import { timeLeft, type TurnOffer, type TurnStep } from '../../../engine/index';
import { ENGLISH_FIGHT_WORDS, foldEvents, nextTurnEnd, startCursor, type DisplayNames, type FightView, type FightWords } from '../sandbox/fightView';
import { RunHistoryState } from './runHistory.svelte';
import type { RunsApi } from './runHistory';
import { resultSource, type ResultSource } from './resultSource';
import { inputWords, t, type MessageKey } from '../i18n/index.svelte';

/** The sandbox's own log sentences in the studio's language (catalog keys `log.<word>`). */
const fightWords = (): FightWords =>
  Object.fromEntries(Object.keys(ENGLISH_FIGHT_WORDS).map((k) => [k, t(`log.${k}` as MessageKey)])) as FightWords;

/** Fights a batch worker runs per request: a cancelled batch keeps every request that finished. */
export function batchChunk(sliceFights: number): number {
  return Math.max(2_000, Math.ceil(sliceFights / 25));
}

export interface FightSummary {
  readonly id: string;
  readonly name: string;
}

/** One enemy entry of a sample fight: who it brings in and, from a template, whether its sheet is pinned. */
export interface EnemyEntrySummary {
  /** Its enemies are `<idBase>-1`, `<idBase>-2`, ... (as the fight names them). */
  readonly idBase: string;
  readonly count: number;
  /** From a template: its role and tier; else null (bestiary, numbers written out). */
  readonly template: { readonly role: string; readonly tier: number } | null;
  /** Keeps the sheet it was given when brought in (`pinned`), whatever the template says now. */
  readonly pinned: boolean;
}

/** Whether each enemy of a sample fight keeps a pinned sheet or follows its template, by combatant id. */
export function sheetsOf(entries: readonly EnemyEntrySummary[]): Map<string, 'pinned' | 'template'> {
  const numbered = new Map<string, number>();
  const out = new Map<string, 'pinned' | 'template'>();
  for (const e of entries) {
    for (let i = 0; i < e.count; i++) {
      const n = (numbered.get(e.idBase) ?? 0) + 1;
      numbered.set(e.idBase, n);
      if (e.template) out.set(`${e.idBase}-${n}`, e.pinned ? 'pinned' : 'template');
    }
  }
  return out;
}

function enemyEntriesOf(fight: Record<string, unknown>): EnemyEntrySummary[] {
  const enemies = Array.isArray(fight.enemies) ? fight.enemies : [];
  return enemies.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object').map((e) => {
    const t = e.template && typeof e.template === 'object' ? (e.template as Record<string, unknown>) : null;
    const template = t && typeof t.role === 'string' && typeof t.tier === 'number' ? { role: t.role, tier: t.tier } : null;
    const idBase = typeof e.id === 'string' ? e.id : template ? template.role : typeof e.bestiary === 'string' ? e.bestiary : 'enemy';
    const count = typeof e.count === 'number' && Number.isInteger(e.count) && e.count >= 0 ? Math.min(e.count, 1000) : 1;
    return { idBase, count, template, pinned: template !== null && e.pinned !== undefined };
  });
}

export interface SystemOutline {
  readonly fights: readonly FightSummary[];
  /** Each sample fight's enemy entries, by fight id. */
  readonly enemies: ReadonlyMap<string, readonly EnemyEntrySummary[]>;
  readonly heroes: readonly FightSummary[];
  readonly roles: readonly string[];
  readonly bestiary: readonly FightSummary[];
  readonly conditions: readonly string[];
  readonly positions: readonly string[];
  readonly initiativeCheck: string;
  /** Display names the log does not carry (conditions, abilities), by id. */
  readonly names: DisplayNames;
}

const EMPTY_OUTLINE: SystemOutline = {
  fights: [],
  enemies: new Map(),
  heroes: [],
  roles: [],
  bestiary: [],
  conditions: [],
  positions: ['near', 'far'],
  initiativeCheck: 'initiative',
  names: {},
};

function namesOf(entries: readonly Record<string, unknown>[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of entries) if (typeof e.id === 'string' && typeof e.name === 'string') names.set(e.id, e.name);
  return names;
}

/** Where each ability that moves its user takes it (`move`), by ability id. */
function movesOf(abilities: readonly Record<string, unknown>[]): Map<string, string> {
  const moves = new Map<string, string>();
  for (const a of abilities) if (typeof a.id === 'string' && typeof a.move === 'string') moves.set(a.id, a.move);
  return moves;
}

/** The parts of a system the sandbox's pickers need, read from valid JSON text. */
export function outlineOf(text: string): SystemOutline {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return EMPTY_OUTLINE;
  }
  const root = (doc ?? {}) as Record<string, unknown>;
  const list = (key: string): Record<string, unknown>[] =>
    Array.isArray(root[key]) ? (root[key] as unknown[]).filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];
  const summary = (x: Record<string, unknown>): FightSummary | null =>
    typeof x.id === 'string' ? { id: x.id, name: typeof x.name === 'string' ? x.name : x.id } : null;
  const positions = (root.positions ?? {}) as Record<string, unknown>;
  const bands = [...(Array.isArray(positions.bands) ? positions.bands : []), ...(Array.isArray(positions.rows) ? positions.rows : [])];
  const turn = (root.turn ?? {}) as Record<string, unknown>;
  const initiative = (turn.initiative ?? {}) as Record<string, unknown>;
  return {
    fights: list('fights').map(summary).filter((x): x is FightSummary => !!x),
    enemies: new Map(list('fights').filter((f) => typeof f.id === 'string').map((f) => [f.id as string, enemyEntriesOf(f)])),
    heroes: list('heroes').map(summary).filter((x): x is FightSummary => !!x),
    roles: [...new Set(list('templates').map((t) => t.role).filter((r): r is string => typeof r === 'string'))],
    bestiary: list('bestiary').map(summary).filter((x): x is FightSummary => !!x),
    conditions: list('conditions').map((c) => c.id).filter((id): id is string => typeof id === 'string'),
    positions: bands.length ? bands.filter((b): b is string => typeof b === 'string') : ['near', 'far'],
    initiativeCheck: typeof initiative.check === 'string' ? initiative.check : 'initiative',
    names: { conditions: namesOf(list('conditions')), abilities: namesOf(list('abilities')), moves: movesOf(list('abilities')) },
  };
}

export interface EnemyPick {
  source: 'template' | 'bestiary';
  role: string;
  tier: number;
  creature: string;
  count: number;
  position: string;
  conditions: string[];
}

export interface HeroPick {
  hero: string;
  position: string;
  conditions: string[];
}

const RERUN_DELAY_MS = 400;

export class SandboxState {
  /** The system text the sandbox runs (the document's last valid version). */
  systemText = $state.raw<string | null>(null);
  outline = $state.raw<SystemOutline>(EMPTY_OUTLINE);
  mode = $state<'document' | 'composed'>('document');
  fightId = $state<string>('');
  seed = $state(1);
  composedHeroes = $state<HeroPick[]>([]);
  composedEnemies = $state<EnemyPick[]>([]);

  events = $state.raw<readonly FightEvent[]>([]);
  cursor = $state(0);
  fightError = $state<string | null>(null);
  running = $state(false);

  batchSize = $state(1000);
  batchDone = $state(0);
  batchTotal = $state(0);
  batchRunning = $state(false);
  batchStats = $state.raw<BatchStats | null>(null);
  /** The batch's fight solved exactly (engine/sim/exact.ts) when small enough: the heroes' win chance, else null. */
  batchExact = $state<number | null>(null);
  /** Whether the solver has answered for the batch shown (with its chance, or null: over the budget). */
  batchExactAnswered = $state(false);
  batchError = $state<string | null>(null);
  batchMillis = $state(0);
  /** Workers a batch may use (each takes at least MIN_FIGHTS_PER_WORKER fights), and how many the last one used. */
  batchWorkers = $state(1);
  batchWorkersUsed = $state(1);
  /** The picker's value when the last batch started (the summary says when the batch used fewer). */
  batchWorkersPicked = $state(1);
  /** `about 12 s left` while a batch runs (from its pace so far), or null. */
  batchLeft = $state<string | null>(null);
  #batchStarted = 0;
  /** The most workers the picker offers: this machine's cores (two at least), up to MAX_BATCH_WORKERS. */
  readonly maxBatchWorkers: number;

  selectedChip = $state<number | null>(null);

  /** "You play": the heroes the tester plays, the steps chosen for their turns so far, and the turn waiting for one. */
  played = $state.raw<readonly string[]>([]);
  choices = $state.raw<readonly (readonly TurnStep[])[]>([]);
  offer = $state.raw<TurnOffer | null>(null);

  /** The document the sandbox runs now (its last valid text), and the active document's text as it stands. */
  runningSource = $state.raw<ResultSource | null>(null);
  current = $state.raw<ResultSource | null>(null);
  /** The document (and exact text) the shown fight and batch came from. */
  fightSource = $state.raw<ResultSource | null>(null);
  batchSource = $state.raw<ResultSource | null>(null);
  /** A cancelled batch: the fights it finished (kept in batchStats) of those asked. */
  batchCancelled = $state.raw<{ readonly done: number; readonly total: number } | null>(null);
  #cancelling = false;
  #doc: { readonly id: string; readonly file: string } = { id: '', file: '' };

  /** Which enemies of the fight shown keep a pinned sheet and which follow their template, by combatant id. */
  readonly sheets: ReadonlyMap<string, 'pinned' | 'template'> = $derived(sheetsOf(this.mode === 'document'
    ? this.outline.enemies.get(this.fightId) ?? []
    : this.composedEnemies.map((e) => e.source === 'template'
      ? { idBase: e.role, count: e.count, template: { role: e.role, tier: e.tier }, pinned: false }
      : { idBase: e.creature, count: e.count, template: null, pinned: false })));
  readonly view: FightView = $derived(foldEvents(this.events, this.cursor, this.outline.initiativeCheck, { ...this.outline.names, words: fightWords() }));
  readonly atEnd = $derived(this.cursor >= this.events.length);

  #rerunTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #fightClient: WorkerClient<SimRequest, SimResponse>;
  /** One client per batch worker, started when a batch first needs it and kept (each keeps its system loaded). */
  readonly #batchClients: WorkerClient<SimRequest, SimResponse>[] = [];
  /** Fights done by each worker of the running batch (their sum is batchDone). */
  #partsDone: number[] = [];
  /** Fights of each worker's slice in chunks already finished. */
  #partsFinished: number[] = [];
  readonly #createWorker: () => Worker;
  /** Finished batches of the document's fights go to the workspace's run history (the Balance tab's trend). */
  readonly history: RunHistoryState;

  /** `cores`: the machine's (navigator.hardwareConcurrency); batches use all but one by default. */
  constructor(createWorker: () => Worker, runs: RunsApi | null = null, cores = 1) {
    this.history = new RunHistoryState(runs);
    this.#createWorker = createWorker;
    this.#fightClient = new WorkerClient(createWorker, ['progress']);
    this.maxBatchWorkers = Math.max(2, Math.min(MAX_BATCH_WORKERS, Math.floor(cores) || 1));
    this.batchWorkers = defaultBatchWorkers(cores);
  }

  #batchClient(i: number): WorkerClient<SimRequest, SimResponse> {
    let client = this.#batchClients[i];
    if (!client) {
      client = new WorkerClient(this.#createWorker, ['progress']);
      client.onNotice = (message) => {
        if (message.type !== 'progress' || !this.batchRunning) return;
        this.#partsDone[i] = message.done;
        this.batchDone = this.#partsDone.reduce((a, b, k) => a + b + (this.#partsFinished[k] ?? 0), 0);
        this.batchLeft = timeLeft((performance.now() - this.#batchStarted) / 1000, this.batchDone, this.batchTotal);
      };
      this.#batchClients[i] = client;
    }
    return client;
  }

  /** A new valid version of the system: refresh pickers and re-run what is shown (debounced while typing). */
  systemChanged(text: string, immediate = false, doc?: { readonly id: string; readonly file: string }): void {
    if (doc) this.#doc = doc;
    if (text === this.systemText && this.runningSource?.docId === this.#doc.id) return;
    this.runningSource = resultSource(this.#doc.id, this.#doc.file, text);
    const first = this.systemText === null;
    this.systemText = text;
    this.outline = outlineOf(text);
    if (!this.outline.fights.some((f) => f.id === this.fightId)) this.fightId = this.outline.fights[0]?.id ?? '';
    if (this.composedHeroes.length === 0 && this.outline.heroes[0]) {
      this.composedHeroes = [{ hero: this.outline.heroes[0].id, position: this.outline.positions[0] ?? 'near', conditions: [] }];
    }
    if (this.composedEnemies.length === 0) {
      this.composedEnemies = [
        {
          source: this.outline.roles.length ? 'template' : 'bestiary',
          role: this.outline.roles[0] ?? 'standard',
          tier: 1,
          creature: this.outline.bestiary[0]?.id ?? '',
          count: 2,
          position: this.outline.positions[0] ?? 'near',
          conditions: [],
        },
      ];
    }
    if (this.#rerunTimer) clearTimeout(this.#rerunTimer);
    if (first || immediate) {
      void this.runFight();
      return;
    }
    this.#rerunTimer = setTimeout(() => {
      this.#rerunTimer = null;
      const keep = this.cursor;
      void this.runFight(keep);
    }, RERUN_DELAY_MS);
  }

  /** The active document's text changed (valid or not): results of another text are out of date. */
  documentText(docId: string, file: string, text: string): void {
    this.current = resultSource(docId, file, text);
  }

  choice(): FightChoice | null {
    if (this.mode === 'document') return this.fightId ? { kind: 'document', fightId: this.fightId } : null;
    return { kind: 'composed', fight: this.composedFight() };
  }

  composedFight(): ComposedFight {
    return {
      id: 'sandbox',
      heroes: this.composedHeroes.map((h) => ({ hero: h.hero, position: h.position, conditions: [...h.conditions] })),
      enemies: this.composedEnemies.map((e) => ({
        ...(e.source === 'template' ? { template: { role: e.role, tier: e.tier } } : { bestiary: e.creature }),
        count: e.count,
        position: e.position,
        conditions: [...e.conditions],
      })),
    };
  }

  /** Runs one fight with the current seed; shows it from the start (or keeps the cursor on a re-run). */
  async runFight(keepCursor = 0): Promise<void> {
    const choice = this.choice();
    if (!this.systemText || !choice) return;
    const badSeed = seedProblem(this.seed, inputWords());
    if (badSeed) {
      this.fightError = badSeed;
      this.events = [];
      this.cursor = 0;
      return;
    }
    this.running = true;
    const source = this.runningSource;
    try {
      const answer = await this.#fightClient.request({
        type: 'fight', systemText: this.systemText, choice, seed: this.seed, played: this.played, choices: this.choices,
      });
      if (answer.type === 'fightLog') {
        this.fightSource = source;
        this.offer = answer.offer ?? null;
        this.events = answer.events;
        this.cursor = Math.min(Math.max(keepCursor, startCursor(answer.events)), answer.events.length);
        this.fightError = null;
        this.selectedChip = null;
      } else if (answer.type === 'failed') {
        this.fightError = answer.message;
        this.events = [];
        this.cursor = 0;
      }
    } catch (error) {
      if (!(error instanceof WorkerStopped)) this.fightError = error instanceof Error ? error.message : String(error);
    } finally {
      this.running = false;
    }
  }

  /** Plays a hero yourself (or hands it back to the rules): the fight restarts from its first turn, same seed. */
  async togglePlayed(hero: string): Promise<void> {
    this.played = this.played.includes(hero) ? this.played.filter((h) => h !== hero) : [...this.played, hero];
    this.choices = [];
    await this.runFight();
  }

  /** The tester's pick for the turn waiting: the engine rolls it, and the fight goes on to the next played turn. */
  async choose(step: TurnStep): Promise<void> {
    if (!this.offer) return;
    this.choices = [...this.choices, [step]];
    await this.runFight();
    this.cursor = this.events.length;
  }

  nextEvent(): void {
    if (this.cursor < this.events.length) this.cursor += 1;
  }

  /** Shows the whole of the next turn: up to (not including) the turn after it. */
  nextTurn(): void {
    this.cursor = nextTurnEnd(this.events, this.cursor);
  }

  toEnd(): void {
    this.cursor = this.events.length;
  }

  /** The same fight again, from the first event, same seed. */
  again(): void {
    this.cursor = startCursor(this.events);
    this.selectedChip = null;
  }

  async newSeed(): Promise<void> {
    this.seed = 1 + Math.floor(Math.random() * 1_000_000);
    await this.runFight();
  }

  /**
   * Runs the batch split among up to `batchWorkers` workers (fight i seeded by its index, so the statistics do not
   * depend on the split: the same as one worker, and as `sim --fights N --seed S`), then merges their parts.
   */
  async runBatch(): Promise<void> {
    const choice = this.choice();
    if (!this.systemText || !choice || this.batchRunning) return;
    const problem = wholeNumberProblem(t('batch.fights'), this.batchSize, 1, MAX_BATCH_FIGHTS, inputWords()) ?? seedProblem(this.seed, inputWords());
    if (problem) {
      this.batchError = problem;
      return;
    }
    this.batchRunning = true;
    this.batchDone = 0;
    this.batchTotal = this.batchSize;
    this.batchError = null;
    this.#cancelling = false;
    const systemText = this.systemText;
    const source = this.runningSource;
    const seed = this.seed;
    const picked = this.batchWorkers;
    const slices = splitBatch(this.batchSize, picked);
    this.#partsDone = slices.map(() => 0);
    this.#partsFinished = slices.map(() => 0);
    const started = performance.now();
    this.#batchStarted = started;
    this.batchLeft = null;
    const parts: BatchPart[] = [];
    let failure: string | null = null;
    // Each worker takes its slice a chunk at a time: a cancel keeps every chunk that finished.
    const work = async (i: number, slice: { from: number; fights: number }): Promise<void> => {
      const chunk = batchChunk(slice.fights);
      for (let done = 0; done < slice.fights && !this.#cancelling && failure === null;) {
        const fights = Math.min(chunk, slice.fights - done);
        const answer = await this.#batchClient(i).request({ type: 'batchPart', systemText, choice, seed, from: slice.from + done, fights });
        if (answer.type === 'failed') { failure = answer.message; return; }
        if (answer.type === 'batchPartResult') parts.push(answer.part);
        done += fights;
        this.#partsFinished[i] = done;
        this.#partsDone[i] = 0;
      }
    };
    try {
      const settled = await Promise.allSettled(slices.map((slice, i) => work(i, slice)));
      const crash = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof WorkerStopped));
      if (crash) throw crash.reason;
      if (failure !== null) {
        this.batchError = failure;
        return;
      }
      const cancelled = this.#cancelling;
      if (parts.length === 0) {
        if (cancelled) this.batchError = t('batch.cancelledEarly');
        return;
      }
      const stats = mergeBatchParts(parts, seed);
      this.batchStats = stats;
      this.batchExact = null;
      this.batchExactAnswered = false;
      void this.#solveExactly(systemText, choice, stats);
      this.batchSource = source;
      this.batchCancelled = cancelled ? { done: stats.fights, total: this.batchTotal } : null;
      this.batchError = null;
      this.batchMillis = performance.now() - started;
      this.batchWorkersUsed = slices.length;
      this.batchWorkersPicked = picked;
      this.batchDone = stats.fights;
      // A composed fight has no stable id to file it under (its makeup is not in the system), so only the
      // document's own fights are recorded; a cancelled batch is not a run of what was asked.
      if (cancelled) this.history.lastRecord = null;
      else if (choice.kind === 'document') void this.history.record(stats, systemText, this.batchSource);
      else this.history.lastRecord = t('trend.composedNotRecorded');
    } catch (error) {
      this.batchError = error instanceof Error ? error.message : String(error);
      // A worker that crashed leaves the others fighting for nothing: stop them too.
      this.cancelBatch();
    } finally {
      this.batchRunning = false;
      this.batchLeft = null;
    }
  }

  /** Beside a finished batch, its fight's exact win chance, once the idle first batch worker has solved it (if small enough). */
  async #solveExactly(systemText: string, choice: FightChoice, stats: BatchStats): Promise<void> {
    try {
      const answer = await this.#batchClient(0).request({ type: 'exact', systemText, choice });
      if (answer.type === 'exactResult' && this.batchStats === stats) { this.batchExact = answer.win; this.batchExactAnswered = true; }
    } catch {
      // A stopped worker (a new batch, a cancel) leaves the estimate alone.
    }
  }

  /** Stops a running batch at once (its workers are terminated; the next batch starts fresh ones). */
  cancelBatch(): void {
    this.#cancelling = true;
    for (const client of this.#batchClients) client.restart();
  }

  dispose(): void {
    if (this.#rerunTimer) clearTimeout(this.#rerunTimer);
    this.#fightClient.dispose();
    for (const client of this.#batchClients) client.dispose();
  }
}
