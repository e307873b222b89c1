// The run history the Balance tab plots: which system and fight, the runs read back, and what recording said.
// The sandbox records each finished batch of a document fight here; the trend reloads after each record.
import { recordedFights, runPoints, versionPoints, type RecordableStats, type RunEntry, type RunPoint } from '../../../engine/index';
import { readHistory, recordBatch, type RunsApi } from './runHistory';
import type { ResultSource } from './resultSource';
import { t } from '../i18n/index.svelte';

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
  /** The document (tab, version, text hash) the history was last read for, as the other result panels say theirs. */
  source = $state.raw<ResultSource | null>(null);

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
  async record(stats: RecordableStats, systemText: string, source: ResultSource | null = null): Promise<void> {
    if (!this.#api || !this.enabled) return;
    const outcome = await recordBatch(this.#api, stats, systemText, new Date());
    this.lastRecord = outcome.ok ? t('trend.recorded', { file: outcome.file, version: outcome.entry.hash.slice(0, 7) }) : outcome.message;
    if (!outcome.ok) return;
    this.fight = stats.fight;
    await this.load(stats.system, true, source);
  }

  /**
   * Reads a system's history for `source` (again when `force`, or for another tab); a newer load wins over an older
   * one still running.
   */
  async load(system: string, force = false, source: ResultSource | null = null): Promise<void> {
    const sameTab = !source || source.docId === this.source?.docId;
    if (!this.#api || !system || (system === this.system && sameTab && !force && !this.error)) return;
    const token = ++this.#loadToken;
    this.system = system;
    this.loading = true;
    const view = await readHistory(this.#api, system);
    if (token !== this.#loadToken) return;
    this.loading = false;
    if (source) this.source = source;
    this.runs = view.runs;
    this.notes = view.notes;
    this.error = view.error;
    if (!view.runs.some((r) => r.fight === this.fight)) this.fight = recordedFights(view.runs)[0] ?? '';
  }
}
