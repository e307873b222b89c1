// rules-studio sim FILE --fight ID --sensitivity [--fights N] [--seed S] [--top K] [--workers K] [--json]
// What moves the needle (engine/balance/sensitivity.ts): thin argument parsing and printing.
import { sensitivity, type SensitivityResult } from '../balance/sensitivity';
import { pct, rateWithInterval, startBalanceCommandWithCrew, table, wholeNumber } from './balance-load';
import { number, walkOneFile } from './args';
import { needleSetup, runSensitivityParallel } from './balance-workers/needle-pool';
import { startCrew } from './worker-pool';
import { progressOnceTold } from './progress';

const USAGE = 'usage: rules-studio sim FILE --fight ID --sensitivity [--fights N] [--seed S] [--top K] [--workers K] [--json]\n';

interface SensitivityArgs { file: string; fight: string; fights: number; seed: number; top: number; workers: number; json: boolean }

function parseArgs(args: readonly string[]): SensitivityArgs | string {
  let fight: string | undefined;
  let fights = 1000;
  let seed = 1;
  let top = 20;
  let workers = 1;
  let json = false;
  const walked = walkOneFile(args, (a, next) => {
    switch (a) {
      case '--sensitivity': return null;
      case '--fight': fight = next(); return null;
      case '--fights': return number(wholeNumber('--fights', next(), 2, 1_000_000), (n) => (fights = n));
      case '--seed': return number(wholeNumber('--seed', next(), 0), (n) => (seed = n));
      case '--top': return number(wholeNumber('--top', next(), 1), (n) => (top = n));
      case '--workers': return number(wholeNumber('--workers', next(), 1, 64), (n) => (workers = n));
      case '--json': json = true; return null;
      default: return undefined;
    }
  });
  if (typeof walked === 'string') return walked;
  const { file } = walked;
  if (!fight) return 'missing --fight ID';
  return { file, fight, fights, seed, top, workers, json };
}

export function formatSensitivity(r: SensitivityResult, top: number): string {
  const out = [`${r.system} · ${r.fight} · ${r.fights} fights per variant, same seeds (seed ${r.seed}) · heroes win ${rateWithInterval(r.winRate)}`,
    `what moves the win rate most (one number at a time; * significant at 0.05 after Holm over ${r.nudges.length} variants):`, ''];
  const signed = (x: number): string => `${x > 0 ? '+' : x < 0 ? '-' : '±'}${pct(Math.abs(x))}`;
  out.push(table([['number', 'to', 'win rate', 'change (95%)', ''], ...r.nudges.slice(0, top).map((n) => [
    n.knob.label, String(n.to), pct(n.winRate.value), `${signed(n.delta)} (${pct(n.interval.low)} … ${pct(n.interval.high)})`, n.significant ? '*' : '',
  ])]));
  if (r.nudges.length > top) out.push(`… and ${r.nudges.length - top} more (--top K, or --json for all)`);
  for (const s of r.skipped) out.push(`skipped ${s.label} → ${s.to}: ${s.reason}`);
  return out.join('\n');
}

export async function run(args: string[]): Promise<number> {
  // With --workers, the worker threads start before the check (their start-up runs while it does).
  const start = await startBalanceCommandWithCrew('sim --sensitivity', USAGE, parseArgs(args), (text, parsed) => (parsed.workers > 1
    ? startCrew('needle-worker', needleSetup(text, { fight: parsed.fight, fights: parsed.fights, seed: parsed.seed }), parsed.workers - 1)
    : null));
  if (typeof start === 'number') return start;
  const { options: parsed, loaded, crew } = start;
  try {
    const progress = progressOnceTold('sim --sensitivity', 'variants');
    const options = { fight: parsed.fight, fights: parsed.fights, seed: parsed.seed };
    let result: SensitivityResult | string;
    try {
      result = parsed.workers > 1
        ? await runSensitivityParallel(loaded.doc, loaded.system, loaded.text, options, parsed.workers, crew ?? undefined, (done, total) => progress.update(done, total))
        : sensitivity(loaded.doc, loaded.system, options, (done, total) => progress.update(done, total));
    } finally {
      progress.end();
    }
    if (typeof result === 'string') { process.stderr.write(`sim --sensitivity: ${result}\n`); return 1; }
    process.stdout.write(parsed.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatSensitivity(result, parsed.top)}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`sim --sensitivity: the fights stopped: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await crew?.dismiss(); // what runTasks did not take (a needle that could not be planned)
  }
}
