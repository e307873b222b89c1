// Node side of the run history: append one JSON line per batch to <workspace>/.rules-studio/runs/<system id>.jsonl.
// Appends are single writes of one line, so concurrent runs never interleave within a line.
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { historyFileName, parseHistory, type RunEntry } from '../../balance/history';

export function historyPath(workspace: string, systemId: string): string {
  return path.join(workspace, '.rules-studio', 'runs', historyFileName(systemId));
}

export async function appendRun(workspace: string, entry: RunEntry): Promise<string> {
  const file = historyPath(workspace, entry.system);
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
  return file;
}

/** Every entry of a system's history; an absent file is an empty history. */
export async function readRuns(workspace: string, systemId: string): Promise<{ entries: RunEntry[]; skipped: number }> {
  try {
    return parseHistory(await readFile(historyPath(workspace, systemId), 'utf8'));
  } catch (err) {
    if (typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === 'ENOENT') return { entries: [], skipped: 0 };
    throw err;
  }
}
