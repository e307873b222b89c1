// A progress line for long CLI runs: `sim: 1,234,000 / 10,000,000 fights (12%) · about 41 s left`, rewritten in place
// on stderr. Only on a terminal (a pipe or a log file gets the result alone), and only once a run has gone on for a
// second, so short runs print nothing extra. Cleared when the run ends, before the result is printed.
import { timeLeft } from './eta';
import { escapeControls } from './terminal-text.mjs';

export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** `done` of the total are finished (any order of calls; the largest counts). */
  update(done: number): void;
  /** Clears the line (if one was written). */
  end(): void;
}

const QUIET: Progress = { update: () => {}, end: () => {} };
/** Nothing is shown before this, and the line is rewritten at most this often. */
const FIRST_AFTER_MS = 1000;
const EVERY_MS = 250;

export function progressLine(label: string, total: number, unit: string, stream: ProgressStream = process.stderr,
  now: () => number = () => performance.now()): Progress {
  if (!stream.isTTY || total <= 0) return QUIET;
  const start = now();
  let shown = false;
  let lastWrite = -Infinity;
  let best = 0;
  const count = (n: number): string => n.toLocaleString('en-US');
  return {
    update(done) {
      if (done > best) best = Math.min(done, total);
      const t = now();
      if (t - start < FIRST_AFTER_MS || t - lastWrite < EVERY_MS) return;
      lastWrite = t;
      const left = timeLeft((t - start) / 1000, best, total);
      const eta = left === null ? '' : ` · ${left}`;
      stream.write(`\r\x1b[2K${escapeControls(label)}: ${count(best)} / ${count(total)} ${unit} (${Math.floor((100 * best) / total)}%)${eta}`);
      shown = true;
    },
    end() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}

/** A progress line for a run that learns its total only once it starts (the needle's variants, a diff's fights). */
export function progressOnceTold(label: string, unit: string, stream: ProgressStream = process.stderr,
  now: () => number = () => performance.now()): { update(done: number, total: number): void; end(): void } {
  let line: Progress | null = null;
  return {
    update(done, total) { (line ??= progressLine(label, total, unit, stream, now)).update(done); },
    end() { line?.end(); },
  };
}
