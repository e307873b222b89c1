// The run history the Balance tab plots: which system and fight, the runs read back, and what recording said.
// The sandbox records each finished batch of a document fight here; the trend reloads after each record.
import { recordedFights, runPoints, versionPoints, type RecordableStats, type RunEntry, type RunPoint } from '../../../engine/index';
import { readHistory, recordBatch, type RunsApi } from './runHistory';

export class RunHistoryState {
  /** Record finished batches (a designer can switch it off). */
  enabled = $state(true);
  system = $state('');
  fight = $state('');
  runs = $state.raw<readonly RunEntry[]>([]);
  notes = $state.raw<readonly string[]>([]);
  error = $state<string | null>(null);
  /** The file the last batch went into, or why it did not. */
  lastRecord = $state<string | null>(null);
  loading = $state(false);
  /** One point per system version (its runs pooled) instead of one per run. */
  pooled = $state(false);

  readonly fights: string[] = $derived(recordedFights(this.runs));
  readonly points: RunPoint[] = $derived(this.pooled ? versionPoints(this.runs, this.fight) : runPoints(this.runs, this.fight));
  readonly available: boolean;
  readonly #api: RunsApi | null;
  #loadToken = 0;

  constructor(api: RunsApi | null) {
    this.#api = api;
    this.available = api !== null;
  }

  /** Appends a finished batch, then shows its system and fight. */
  async record(stats: RecordableStats, systemText: string): Promise<void> {
    if (!this.#api || !this.enabled) return;
    const outcome = await recordBatch(this.#api, stats, systemText, new Date());
    this.lastRecord = outcome.ok ? `Recorded in ${outcome.file} (version ${outcome.entry.hash.slice(0, 7)}).` : outcome.message;
    if (!outcome.ok) return;
    this.fight = stats.fight;
    await this.load(stats.system, true);
  }

  /** Reads a system's history (again when `force`); a newer load wins over an older one still running. */
  async load(system: string, force = false): Promise<void> {
    if (!this.#api || !system || (system === this.system && !force && !this.error)) return;
    const token = ++this.#loadToken;
    this.system = system;
    this.loading = true;
    const view = await readHistory(this.#api, system);
    if (token !== this.#loadToken) return;
    this.loading = false;
    this.runs = view.runs;
    this.notes = view.notes;
    this.error = view.error;
    if (!view.runs.some((r) => r.fight === this.fight)) this.fight = recordedFights(view.runs)[0] ?? '';
  }
}
