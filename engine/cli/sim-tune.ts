// rules-studio sim FILE --fight ID --tune POINTER [--at K] --target P [--metric win|died|rounds] [--fights N] [--seed S] [--json]
// Tuning one number to a win rate (engine/balance/tune.ts): thin argument parsing and printing.
import { tune, type TuneResult } from '../balance/tune';
import { TUNE_MEASURES, type TuneMetric } from '../balance/tune-measures';
import { number, walkOneFile } from './args';
import { metricArg, pct, rateWithInterval, startBalanceCommand, table, wholeNumber } from './balance-load';
import { escapeControls, writeErr, writeOut } from './terminal-text.mjs';

const USAGE = 'usage: rules-studio sim FILE --fight ID --tune POINTER [--at K] --target P [--metric win|died|rounds] [--fights N] [--seed S] [--json]\n'
  + '  POINTER: a number\'s field as sim --sensitivity --json lists it (knob.pointer); --at K: its K-th number (from 0)\n'
  + '  P: the share wanted, as 70% or 0.7: of fights the heroes win (--metric win, the default), or in which a hero dies (died);\n'
  + '     with --metric rounds, the mean rounds a fight should last (4, 3.5)\n';

interface TuneArgs { file: string; fight: string; pointer: string; at: number; target: number; metric: TuneMetric; fights: number; seed: number; json: boolean }

/** `70%`, `70.5%` or `0.7`: a win rate from 0 to 1, or a message. */
export function parseRate(text: string | undefined): number | string {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(text ?? '');
  const value = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN;
  return value >= 0 && value <= 1 ? value : `--target needs a win rate from 0% to 100% (70% or 0.7), got '${text ?? ''}'`;
}

function parseArgs(args: readonly string[]): TuneArgs | string {
  let fight: string | undefined;
  let pointer: string | undefined;
  let targetText: string | undefined;
  let at = 0;
  let metric = 'win' as TuneMetric; // (as: set inside the walk's closure, which narrowing does not see)
  let fights = 1000;
  let seed = 1;
  let json = false;
  const walked = walkOneFile(args, (a, next) => {
    switch (a) {
      case '--fight': fight = next(); return null;
      case '--tune': pointer = next(); return null;
      case '--at': return number(wholeNumber('--at', next(), 0, 1000), (n) => (at = n));
      case '--target': targetText = next(); return null;
      case '--metric': return metricArg(next(), (m) => (metric = m));
      case '--fights': return number(wholeNumber('--fights', next(), 2, 1_000_000), (n) => (fights = n));
      case '--seed': return number(wholeNumber('--seed', next(), 0), (n) => (seed = n));
      case '--json': json = true; return null;
      default: return undefined;
    }
  });
  if (typeof walked === 'string') return walked;
  const { file } = walked;
  if (!fight) return 'missing --fight ID';
  if (!pointer || !pointer.startsWith('/')) return `--tune needs a JSON pointer (such as /templates/1/tracks/hp), got '${pointer ?? ''}'`;
  if (targetText === undefined) return 'missing --target P';
  const target = metric === 'rounds' ? parseRounds(targetText) : parseRate(targetText);
  if (typeof target === 'string') return target;
  return { file, fight, pointer, at, target, metric, fights, seed, json };
}

/** A mean number of rounds above 0 (`4`, `3.5`), or a message. */
export function parseRounds(text: string | undefined): number | string {
  const value = /^\d+(\.\d+)?$/.test(text ?? '') ? Number(text) : NaN;
  return value > 0 ? value : `--target with --metric rounds needs a mean number of rounds above 0 (4 or 3.5), got '${text ?? ''}'`;
}

/** A measured value as people read it: a share with its interval, or mean rounds with theirs. */
function shown(metric: TuneMetric, e: TuneResult['best']['rate']): string {
  return metric === 'rounds' ? `${e.value.toFixed(2)} rounds (${e.low.toFixed(2)}–${e.high.toFixed(2)})` : rateWithInterval(e);
}

/** The target as people read it. */
function targetWords(r: TuneResult): string {
  return r.metric === 'rounds' ? `${r.target} rounds` : pct(r.target);
}

/** What the verdict means, for people. */
export function tuneVerdict(r: TuneResult): string {
  const best = `${r.best.to} gives ${shown(r.metric, r.best.rate)}`;
  switch (r.verdict) {
    case 'hit': return `${best}: the target ${targetWords(r)} is within its 95% interval`;
    case 'between': return `${best}: the target ${targetWords(r)} falls between two neighbouring values; this one is nearest`;
    case 'limit': return `${best}: the nearest within reach; the target ${targetWords(r)} is not reached by moving this number alone`;
    case 'flat': return `the ${TUNE_MEASURES[r.metric].name} does not move with this number (${r.probes.map((p) => p.to).join(', ')} tried): tune another`;
  }
}

/** What a metric's share is of, for people. */
export const METRIC_WORDS: Record<TuneMetric, string> = { win: 'heroes win', died: 'a hero dies in', rounds: 'a fight lasts' };

export function formatTune(r: TuneResult): string {
  return [
    `${r.system} · ${r.fight} · ${r.knob.label}: now ${r.knob.value}, ${METRIC_WORDS[r.metric]} ${r.metric === 'rounds' ? `${r.target} rounds on average` : `${pct(r.target)} of fights`} wanted · ${r.fights} fights a value, same seeds (seed ${r.seed})`,
    table([['value', `${r.metric === 'rounds' ? 'mean rounds' : METRIC_WORDS[r.metric]} (95%)`, ''], ...r.probes.map((p) => [
      String(p.to), shown(r.metric, p.rate), [p.to === r.knob.value ? 'now' : '', p === r.best ? 'best' : ''].filter(Boolean).join(', '),
    ])]),
    tuneVerdict(r),
  ].join('\n');
}

export async function run(args: string[]): Promise<number> {
  const start = startBalanceCommand('sim --tune', USAGE, parseArgs(args));
  if (typeof start === 'number') return start;
  const { options: parsed, loaded } = start;
  try {
    const result = tune(loaded.doc, loaded.system, { fight: parsed.fight, fights: parsed.fights, seed: parsed.seed, pointer: parsed.pointer, at: parsed.at, target: parsed.target, metric: parsed.metric });
    if (typeof result === 'string') { writeErr(`sim --tune: ${escapeControls(result)}\n`); return 1; }
    writeOut(parsed.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatTune(result)}\n`);
    return 0;
  } catch (err) {
    writeErr(`sim --tune: the fights stopped: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    return 1;
  }
}
