// Shared by the balance commands (sim --grid, sim --sensitivity, sim --tune, diff): read a file, refuse a system with errors,
// load it for fighting, and parse the few options they have in common.
import { metricProblem, type TuneMetric } from '../balance/tune-measures';
import type { SystemDocument } from '../schema/document';
import { loadSystem, type System } from '../sim/index';
import { checkBeforeSimulating, readSystemText, sameDocument } from './sim-check';
import type { Crew } from './worker-pool';
import { escapeControls, writeErr } from './terminal-text.mjs';

export type Loaded = { readonly ok: true; readonly doc: SystemDocument; readonly system: System; readonly text: string } | { readonly ok: false; readonly code: number; readonly message: string };

/** Exit codes as `sim`: 2 unreadable, 1 a system with errors. */
export function loadForBalance(file: string): Loaded {
  let text: string;
  try {
    text = readSystemText(file);
  } catch (err) {
    return { ok: false, code: 2, message: `cannot read ${escapeControls(file)}: ${escapeControls(err instanceof Error ? err.message : String(err))}` };
  }
  return checkForBalance(file, text);
}

/** loadForBalance for a text already read. */
function checkForBalance(file: string, text: string): Loaded {
  const checked = checkBeforeSimulating(file, text);
  if (!checked.ok) return { ok: false, code: 1, message: `${checked.report}\n${escapeControls(file)} has errors; a system with errors is never simulated` };
  const loaded = loadSystem(checked.doc);
  if (!loaded.ok) {
    const lines = loaded.diagnostics.map((d) => `${escapeControls(file)}: ${escapeControls(d.pointer || '/')}: ${escapeControls(d.message)}`);
    return { ok: false, code: 1, message: `${lines.join('\n')}\n${escapeControls(file)} has errors; a system with errors is never simulated` };
  }
  return { ok: true, doc: checked.doc, system: loaded.system, text };
}

/**
 * The start of a balance command: its parsed options (or the parse error, printed with the usage: exit 2) and the
 * system loaded from the options' file (or why not, printed: exit 1 or 2). Returns the exit code when it cannot go on.
 */
export function startBalanceCommand<Options extends { readonly file: string }>(command: string, usage: string, parsed: Options | string):
  { readonly options: Options; readonly loaded: Extract<Loaded, { ok: true }> } | number {
  const started = startWithCrew(command, usage, parsed, () => null);
  return typeof started === 'number' ? started : { options: started.options, loaded: started.loaded };
}

/**
 * startBalanceCommand with worker threads started from the file's text before the check (`hire`; their start-up runs
 * while the check does). The crew comes back only when the checked document is that text read as JSON; otherwise, and
 * when the command cannot go on, it is dismissed here. The caller hands it on (runTasks ends it) or dismisses it.
 */
export async function startBalanceCommandWithCrew<Options extends { readonly file: string }>(command: string, usage: string,
  parsed: Options | string, hire: (text: string, options: Options) => Crew | null):
  Promise<{ readonly options: Options; readonly loaded: Extract<Loaded, { ok: true }>; readonly crew: Crew | null } | number> {
  const started = startWithCrew(command, usage, parsed, hire);
  if (typeof started === 'number' || started.crew === null || sameDocument(started.loaded.text, started.loaded.doc)) return started;
  await started.crew.dismiss();
  return { ...started, crew: null };
}

function startWithCrew<Options extends { readonly file: string }>(command: string, usage: string, parsed: Options | string,
  hire: (text: string, options: Options) => Crew | null):
  { readonly options: Options; readonly loaded: Extract<Loaded, { ok: true }>; readonly crew: Crew | null } | number {
  if (typeof parsed === 'string') {
    writeErr(`${command}: ${escapeControls(parsed)}\n${usage}`);
    return 2;
  }
  let text: string;
  try {
    text = readSystemText(parsed.file);
  } catch (err) {
    writeErr(`cannot read ${escapeControls(parsed.file)}: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    return 2;
  }
  const crew = hire(text, parsed);
  const loaded = checkForBalance(parsed.file, text);
  if (!loaded.ok) {
    writeErr(`${loaded.message}\n`);
    void crew?.dismiss();
    return loaded.code;
  }
  return { options: parsed, loaded, crew };
}

/** A whole number option >= min, or the message saying what was wrong. */
export function wholeNumber(name: string, text: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | string {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : `${name} needs a whole number ${min}..${max}, got '${text ?? ''}'`;
}

/** `--metric TEXT` of the needle and the tune: sets it and gives null, or gives what is wrong. */
export function metricArg(text: string | undefined, set: (metric: TuneMetric) => void): string | null {
  const bad = metricProblem(text, '--metric');
  if (bad) return bad;
  set(text as TuneMetric);
  return null;
}

export function pct(x: number, digits = 1): string {
  return `${(100 * x).toFixed(digits)}%`;
}

/** `62.0% (59.1–64.8)`: a rate with its 95% interval. */
export function rateWithInterval(e: { readonly value: number; readonly low: number; readonly high: number }): string {
  return `${(100 * e.value).toFixed(1)}% (${(100 * e.low).toFixed(1)}–${(100 * e.high).toFixed(1)})`;
}

/** Left-aligned first column, right-aligned others. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => { widths[i] = Math.max(widths[i] ?? 0, cell.length); });
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n');
}
