// IPC handlers for the run history: append a finished batch, read a system's history back. Every line read is
// checked like an argument (a hand edit or a torn last line is skipped and said why, never trusted, never a crash),
// and at most `limit` of the newest runs are returned.
import type { RunHistoryStore } from '../services/run-history.js';
import type { RunLineProblem, RunRecord, RunReadResult } from '../services/types.js';
import { describeProblem, readRunRecord, type HandlerTable } from './contract.js';

export type RunChannels = 'studio:runs.append' | 'studio:runs.read';

/** The newest runs a read returns (the trend plot shows each one). */
export const MAX_RUNS_READ = 500;
/** Reasons kept per read; the count of skipped lines is always exact for the part read. */
const MAX_PROBLEMS = 20;

export interface RunHandlerOptions {
  maxRuns?: number;
}

export function runHandlers(store: RunHistoryStore, options: RunHandlerOptions = {}): Pick<HandlerTable, RunChannels> {
  const limit = options.maxRuns ?? MAX_RUNS_READ;
  return {
    'studio:runs.append': async (run) => {
      // Re-serialised from the checked fields in the stored order: the line is the one `sim --record` writes.
      const checked = readRunRecord(run);
      if (!checked.ok) return { kind: 'error', code: 'io', path: store.relativeFile(run.system), message: `Not a run: ${describeProblem(checked.problem)}` };
      const appended = await store.append(run.system, JSON.stringify(checked.run));
      return appended.kind === 'appended' ? { kind: 'recorded', file: appended.file } : appended;
    },
    'studio:runs.read': async (systemId) => {
      const read = await store.readLines(systemId);
      const empty = { kind: 'history' as const, system: systemId, runs: [], limit, truncated: false, skipped: 0, problems: [] };
      if (read === null) return empty;
      if ('kind' in read) return read;
      return { ...parseRunLines(read.lines, systemId, limit, read.truncated), kind: 'history' };
    },
  };
}

/**
 * The newest `limit` runs of `systemId` among `lines` (oldest first). Lines are read from the end, so a huge
 * history costs `limit` parses, not one per line. Runs of another system that shares the file name are left out.
 */
export function parseRunLines(lines: readonly string[], systemId: string, limit: number, truncatedRead = false): Omit<Extract<RunReadResult, { kind: 'history' }>, 'kind'> {
  const runs: RunRecord[] = [];
  const problems: RunLineProblem[] = [];
  let skipped = 0;
  let index = lines.length - 1;
  const where = truncatedRead ? ' of the newest part read' : '';
  for (; index >= 0 && runs.length < limit; index--) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    let value: unknown;
    let problem: string | null = null;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problem = `not JSON (${error instanceof Error ? error.message : String(error)}); a run cut off by a crash looks like this`;
    }
    if (problem === null) {
      const checked = readRunRecord(value);
      if (checked.ok) {
        if (checked.run.system === systemId) runs.push(checked.run);
        continue;
      }
      problem = `not a run: ${describeProblem(checked.problem)}`;
    }
    skipped++;
    if (problems.length < MAX_PROBLEMS) problems.push({ line: index + 1, message: `line ${index + 1}${where} skipped: ${problem}` });
  }
  const olderLeft = lines.slice(0, index + 1).some((l) => l.trim() !== '');
  return { system: systemId, runs: runs.reverse(), limit, truncated: truncatedRead || olderLeft, skipped, problems: problems.reverse() };
}
