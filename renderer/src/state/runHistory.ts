// The studio side of the run history: a finished batch becomes the same JSON line `sim --record` writes (the
// engine's runEntry, so the CLI and the studio share one format), appended through the Host; a system's history
// is read back for the Balance tab's trend plot. Plain TypeScript (no runes), so it is tested in Node.
import { documentIdentity, runEntry, type RecordableStats, type RunEntry } from '../../../engine/index';
import type { Host } from '../host/host';

export type RunsApi = Host['runs'];

export type RecordOutcome =
  | { readonly ok: true; readonly entry: RunEntry; readonly file: string }
  | { readonly ok: false; readonly message: string };

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Appends one finished batch of `systemText` to its system's history. Never throws: a failure is a message. */
export async function recordBatch(api: RunsApi, stats: RecordableStats, systemText: string, now: Date): Promise<RecordOutcome> {
  const entry = runEntry(stats, documentIdentity(systemText).version, systemText, now);
  try {
    const result = await api.append(entry);
    if (result.kind === 'error') return { ok: false, message: `The batch was not recorded: ${result.message}` };
    return { ok: true, entry, file: result.file };
  } catch (error) {
    return { ok: false, message: `The batch was not recorded: ${message(error)}` };
  }
}

export interface HistoryView {
  readonly system: string;
  readonly runs: readonly RunEntry[];
  /** What the reader skipped or left out, one sentence each (shown under the plot). */
  readonly notes: readonly string[];
  readonly error: string | null;
}

/** A system's recorded runs (oldest first) with notes about skipped lines and the read cap. Never throws. */
export async function readHistory(api: RunsApi, systemId: string): Promise<HistoryView> {
  try {
    const result = await api.read(systemId);
    if (result.kind === 'error') return { system: systemId, runs: [], notes: [], error: result.message };
    const notes: string[] = [];
    if (result.skipped > 0) {
      notes.push(`${result.skipped} line${result.skipped === 1 ? '' : 's'} of the history file ${result.skipped === 1 ? 'is' : 'are'} not a run and ${result.skipped === 1 ? 'was' : 'were'} skipped.`);
      for (const problem of result.problems) notes.push(problem.message);
    }
    if (result.truncated) notes.push(`Only the newest ${result.runs.length} runs are shown (at most ${result.limit} are read); older ones stay in the file.`);
    return { system: systemId, runs: result.runs, notes, error: null };
  } catch (error) {
    return { system: systemId, runs: [], notes: [], error: `Could not read the run history: ${message(error)}` };
  }
}
