// `sim ... --record [--workspace DIR]`: append the batch to the run history (engine/balance/history.ts) and print
// the fight's trend over versions. The workspace defaults to the current directory.
import { runEntry, trend, type RecordableStats } from '../balance/history';
import { appendRun, readRuns } from './balance-workers/history';
import { pct } from './balance-load';

export interface RecordRequest {
  readonly workspace: string;
}

/** Takes `--record` and `--workspace DIR` out of the arguments (the rest go to `sim` as they were). */
export function takeRecordOptions(args: string[]): { args: string[]; record: RecordRequest | null } | string {
  const rest: string[] = [];
  let record = false;
  let workspace: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--record') record = true;
    else if (args[i] === '--workspace') {
      workspace = args[++i];
      if (workspace === undefined) return '--workspace needs a folder';
    } else rest.push(args[i]!);
  }
  if (workspace !== undefined && !record) return '--workspace only goes with --record';
  return { args: rest, record: record ? { workspace: workspace ?? process.cwd() } : null };
}

/** Appends the run; returns lines for people (stderr when the output is JSON). */
export async function recordRun(request: RecordRequest, stats: RecordableStats, version: string, text: string): Promise<string> {
  const entry = runEntry(stats, version, text, new Date());
  const file = await appendRun(request.workspace, entry);
  const points = trend((await readRuns(request.workspace, stats.system)).entries, stats.fight);
  const last = points.slice(-8);
  const shown = last.map((p) => `${p.hash.slice(0, 7)} ${pct(p.winRate.value)}`).join(' → ');
  // Deaths only where heroes die at all in these versions (a system without death would print zeros).
  const died = last.some((p) => p.heroDied !== null && p.heroDied.value > 0)
    ? `; a hero dies by version: ${last.map((p) => `${p.hash.slice(0, 7)} ${p.heroDied ? pct(p.heroDied.value) : '—'}`).join(' → ')}`
    : '';
  return `recorded in ${file} (version ${entry.hash.slice(0, 7)}); heroes win by version: ${shown}${died}\n`;
}
