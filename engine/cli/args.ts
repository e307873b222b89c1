// The walk every command makes over its arguments: known options (each command's own), FILEs, and the same words
// for what is wrong. Each command keeps its own options and defaults; this is only the loop around them.
import { availableParallelism } from 'node:os';
import { writeErr } from './terminal-text.mjs';

/**
 * What a command makes of one option: null when taken, a message when its value is bad, undefined when it is not
 * one of the command's options. `next()` reads the option's value (the following argument).
 */
export type OptionTaker = (name: string, next: () => string | undefined) => string | null | undefined;

/** The FILEs among `args` (at most `maxFiles`, beyond which it is an error), after `take` has had every option. */
export function walkArgs(args: readonly string[], take: OptionTaker, maxFiles = 1): { files: string[] } | string {
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const answer = take(a, () => args[++i]);
      if (answer === undefined) return `unknown option '${a}'`;
      if (answer !== null) return answer;
      continue;
    }
    if (files.length >= maxFiles) return maxFiles === 1 ? `one FILE only (got '${files[0]}' and '${a}')` : `at most ${maxFiles} files (got '${a}' too)`;
    files.push(a);
  }
  return { files };
}

/** walkArgs for a command of one FILE, which it needs: that FILE, or what is wrong. */
export function walkOneFile(args: readonly string[], take: OptionTaker): { file: string } | string {
  const walked = walkArgs(args, take);
  if (typeof walked === 'string') return walked;
  const [file] = walked.files;
  return file === undefined ? 'missing FILE' : { file };
}

/** A parsed number handed to `set`, or the parser's message: `case '--seed': return number(whole(...), (n) => (seed = n));` */
export function number(parsed: number | string, set: (n: number) => void): string | null {
  if (typeof parsed === 'string') return parsed;
  set(parsed);
  return null;
}

/**
 * `--workers K` as the machine can run it: above its cores, the cores, with a note on stderr. Threads beyond the cores
 * only add start-up and memory (64 on 2 cores took 14 s and 1.2 GB for 1,000 fights that take 1 s on one), and the
 * numbers are the same for any K.
 */
export function capWorkers(command: string, workers: number, cores = availableParallelism()): number {
  if (workers <= cores) return workers;
  writeErr(`${command}: --workers ${workers} is more than the ${cores} core${cores === 1 ? '' : 's'} here; using ${cores} (the numbers are the same for any count)\n`);
  return cores;
}
