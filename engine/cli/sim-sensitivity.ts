// rules-studio sim FILE --fight ID --sensitivity [--metric win|died|rounds] [--fights N] [--seed S] [--top K] [--workers K] [--json]
// What moves the needle (engine/balance/sensitivity.ts): thin argument parsing and printing.
import { sensitivity, type Nudge, type SensitivityResult } from '../balance/sensitivity';
import { needleSaturated } from '../balance/sensitivity-merge';
import { TUNE_MEASURES, TUNE_METRICS, type TuneMetric } from '../balance/tune-measures';
import { metricArg, pct, rateWithInterval, startBalanceCommandWithCrew, table, wholeNumber } from './balance-load';
import { capWorkers, number, walkOneFile } from './args';
import { needleSetup, runSensitivityParallel } from './balance-workers/needle-pool';
import { startCrew } from './worker-pool';
import { progressOnceTold } from './progress';
import { escapeControls, writeErr, writeOut } from './terminal-text.mjs';

const USAGE = 'usage: rules-studio sim FILE --fight ID --sensitivity [--metric win|died|rounds] [--fights N] [--seed S] [--top K] [--workers K] [--json]\n'
  + '  --metric: rank the nudges by the heroes\' win rate (win, the default), the chance a hero dies (died) or the mean rounds (rounds)\n';

interface SensitivityArgs { file: string; fight: string; metric: TuneMetric; fights: number; seed: number; top: number; workers: number; json: boolean }

function parseArgs(args: readonly string[]): SensitivityArgs | string {
  let fight: string | undefined;
  let fights = 1000;
  let seed = 1;
  let top = 20;
  let workers = 1;
  let json = false;
  let metric = 'win' as TuneMetric; // (as: set inside the walk's closure, which narrowing does not see)
  const walked = walkOneFile(args, (a, next) => {
    switch (a) {
      case '--sensitivity': return null;
      case '--fight': fight = next(); return null;
      case '--metric': return metricArg(next(), (m) => (metric = m));
      case '--fights': return number(wholeNumber('--fights', next(), 2, 1_000_000), (n) => (fights = n));
      case '--seed': return number(wholeNumber('--seed', next(), 0), (n) => (seed = n));
      case '--top': return number(wholeNumber('--top', next(), 1), (n) => (top = n));
      case '--workers': return number(wholeNumber('--workers', next(), 1, 64), (n) => (workers = capWorkers('sim --sensitivity', n)));
      case '--json': json = true; return null;
      default: return undefined;
    }
  });
  if (typeof walked === 'string') return walked;
  const { file } = walked;
  if (!fight) return 'missing --fight ID';
  return { file, fight, metric, fights, seed, top, workers, json };
}

/** A measure as people read it: a share with its interval, or mean rounds with theirs. */
function shownMeasure(metric: TuneMetric, e: SensitivityResult['measure']): string {
  return metric === 'rounds' ? `${e.value.toFixed(2)} (${e.low.toFixed(2)}–${e.high.toFixed(2)})` : rateWithInterval(e);
}

/** A change in the metric with its interval: `+4.3% (1.2% … 7.4%)`, or `-0.41 (-0.52 … -0.30)` rounds. */
function shownChange(metric: TuneMetric, n: Nudge): string {
  const sign = (x: number): string => (x > 0 ? '+' : x < 0 ? '-' : '±');
  if (metric === 'rounds') return `${sign(n.delta)}${Math.abs(n.delta).toFixed(2)} (${n.interval.low.toFixed(2)} … ${n.interval.high.toFixed(2)})`;
  return `${sign(n.delta)}${pct(Math.abs(n.delta))} (${pct(n.interval.low)} … ${pct(n.interval.high)})`;
}

/** When the needle's measure cannot move (needleSaturated), what it says and which measures to read instead. */
export function saturationHint(r: SensitivityResult): string | null {
  const what = needleSaturated(r);
  if (!what) return null;
  const others = TUNE_METRICS.filter((m) => m !== r.metric).map((m) => `--metric ${m} (${TUNE_MEASURES[m].name})`);
  return `${what}, with every nudge too: one number at a time does not move the ${TUNE_MEASURES[r.metric].name} here. Try ${others.join(' or ')}.`;
}

export function formatSensitivity(r: SensitivityResult, top: number): string {
  const measureName = TUNE_MEASURES[r.metric].name;
  const head = `${r.system} · ${r.fight} · ${r.fights} fights per variant, same seeds (seed ${r.seed}) · heroes win ${rateWithInterval(r.winRate)}`
    + (r.metric === 'win' ? '' : ` · ${TUNE_MEASURES[r.metric].column} ${shownMeasure(r.metric, r.measure)}`);
  const out = [head, `what moves the ${measureName} most (one number at a time; * significant at 0.05 after Holm over ${r.nudges.length} variants):`, ''];
  const shown = (e: Nudge['measure']): string => (r.metric === 'rounds' ? e.value.toFixed(2) : pct(e.value));
  out.push(table([['number', 'to', TUNE_MEASURES[r.metric].column, 'change (95%)', ''], ...r.nudges.slice(0, top).map((n) => [
    n.knob.label, String(n.to), shown(n.measure), shownChange(r.metric, n), n.significant ? '*' : '',
  ])]));
  if (r.nudges.length > top) out.push(`… and ${r.nudges.length - top} more (--top K, or --json for all)`);
  for (const s of r.skipped) out.push(`skipped ${s.label} → ${s.to}: ${s.reason}`);
  const hint = saturationHint(r);
  if (hint) out.push('', hint);
  return out.join('\n');
}

export async function run(args: string[]): Promise<number> {
  // With --workers, the worker threads start before the check (their start-up runs while it does).
  const start = await startBalanceCommandWithCrew('sim --sensitivity', USAGE, parseArgs(args), (text, parsed) => (parsed.workers > 1
    ? startCrew('needle-worker', needleSetup(text, { fight: parsed.fight, fights: parsed.fights, seed: parsed.seed, metric: parsed.metric }), parsed.workers - 1)
    : null));
  if (typeof start === 'number') return start;
  const { options: parsed, loaded, crew } = start;
  try {
    const progress = progressOnceTold('sim --sensitivity', 'variants');
    const options = { fight: parsed.fight, fights: parsed.fights, seed: parsed.seed, metric: parsed.metric };
    let result: SensitivityResult | string;
    try {
      result = parsed.workers > 1
        ? await runSensitivityParallel(loaded.doc, loaded.system, loaded.text, options, parsed.workers, crew ?? undefined, (done, total) => progress.update(done, total))
        : sensitivity(loaded.doc, loaded.system, options, (done, total) => progress.update(done, total));
    } finally {
      progress.end();
    }
    if (typeof result === 'string') { writeErr(`sim --sensitivity: ${escapeControls(result)}\n`); return 1; }
    writeOut(parsed.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatSensitivity(result, parsed.top)}\n`);
    return 0;
  } catch (err) {
    writeErr(`sim --sensitivity: the fights stopped: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    return 1;
  } finally {
    await crew?.dismiss(); // what runTasks did not take (a needle that could not be planned)
  }
}
