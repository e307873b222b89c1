// rules-studio sim FILE --fight ID [--fights N] [--seed S] [--workers K] [--json] [--log] [--exact [--max-states N]]
// Thin: reads the file, refuses a system with errors, runs the engine, prints (spec §4).
import { capWorkers, number, walkOneFile } from './args';
import { fightLog, GRID_NOTE, loadSystem, simulate, SimError, solveFight, type ExactFallback, type ExactStats, type SimStats } from '../sim/index';
import type { RecordRequest } from './sim-record';
import { simulateParallel, startSimCrew, workersNeeded, type ParallelOptions } from './sim-workers/pool';
import type { Crew } from './worker-pool';
import { checkBeforeSimulating, readSystemText, sameDocument } from './sim-check';
import { progressLine } from './progress';
import { escapeControls, writeErr, writeOut } from './terminal-text.mjs';

/** A billion fights take hours on one core; more is a typo (and past 2^53 fight indices stop being exact). */
const MAX_FIGHTS = 1_000_000_000;

const USAGE = 'usage: rules-studio sim FILE --fight ID [--fights N] [--seed S] [--workers K] [--json] [--log] [--record [--workspace DIR]]\n'
  + '       rules-studio sim FILE --fight ID --exact [--max-states N] [--fights N] [--seed S] [--json]\n';

/** The fights of the Monte Carlo answer `--exact` gives for a fight too big to solve, unless --fights says. */
const EXACT_FALLBACK_FIGHTS = 100_000;

interface SimArgs {
  file: string;
  fight: string;
  fights: number;
  seed: number;
  workers: number;
  json: boolean;
  log: boolean;
  /** `--exact`: the exact answer (engine/sim/exact.ts), with its budget of states. */
  exact: boolean;
  maxStates: number | undefined;
}

function parseArgs(args: string[]): SimArgs | string {
  let fight: string | undefined;
  let fights: number | undefined;
  let seed = 1;
  let workers = 1;
  let json = false;
  let log = false;
  let exact = false;
  let maxStates: number | undefined;
  const whole = (name: string, text: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | string => {
    const n = Number(text);
    if (text !== undefined && Number.isInteger(n) && n >= min && n <= max) return n;
    return `${name} needs a whole number >= ${min}${max < Number.MAX_SAFE_INTEGER ? ` and <= ${max.toLocaleString('en-US')}` : ''}, got '${text ?? ''}'`;
  };
  const walked = walkOneFile(args, (a, next) => {
    switch (a) {
      case '--fight': fight = next(); return null;
      case '--fights': return number(whole('--fights', next(), 1, MAX_FIGHTS), (n) => (fights = n));
      case '--seed': return number(whole('--seed', next(), 0), (n) => (seed = n));
      case '--workers': return number(whole('--workers', next(), 1), (n) => (workers = capWorkers('sim', Math.min(n, 64))));
      case '--json': json = true; return null;
      case '--log': log = true; return null;
      case '--exact': exact = true; return null;
      case '--max-states': return number(whole('--max-states', next(), 1, 100_000_000), (n) => (maxStates = n));
      default: return undefined;
    }
  });
  if (typeof walked === 'string') return walked;
  const { file } = walked;
  if (!fight) return 'missing --fight ID';
  if (exact && log) return '--exact gives the chances of the whole fight: it takes no --log';
  if (exact && workers > 1) return '--exact runs on one thread: it takes no --workers';
  if (maxStates !== undefined && !exact) return '--max-states goes with --exact';
  return { file, fight, fights: fights ?? (log ? 1 : exact ? EXACT_FALLBACK_FIGHTS : 1000), seed, workers, json, log, exact, maxStates };
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function pct2(x: number): string {
  return `${(100 * x).toFixed(2)}%`;
}

function printExact(stats: ExactStats, grid: boolean): void {
  const out: string[] = [];
  out.push(`${stats.system} · ${stats.fight} · exact: ${stats.states.toLocaleString('en-US')} states, ${stats.runs.toLocaleString('en-US')} runs, ${stats.ms} ms · error below ${stats.errorBound.toExponential(1)}`);
  if (grid) out.push(`note: ${GRID_NOTE}`);
  out.push(`wins: heroes ${pct2(stats.winChance.heroes)} · enemies ${pct2(stats.winChance.enemies)} · draw ${pct2(stats.winChance.draw)}`);
  out.push(`rounds: mean ${stats.rounds.mean.toFixed(2)} · p50 ${stats.rounds.p50} · p90 ${stats.rounds.p90} · max ${stats.rounds.max}`);
  out.push(`  ${Object.entries(stats.rounds.distribution).filter(([, p]) => p >= 0.0005).map(([r, p]) => `${r}: ${pct(p)}`).join(' · ')}`);
  out.push(`a hero goes down in ${pct2(stats.heroDown)} of fights · a hero dies in ${pct2(stats.heroDied)}`);
  for (const c of stats.combatants) {
    out.push(`  ${c.side === 'heroes' ? 'H' : 'E'} ${c.id.padEnd(16)} standing ${pct2(c.survived).padStart(7)} · down ${pct2(c.down).padStart(7)} · dead ${pct2(c.died).padStart(7)}`
      + `${c.fled > 0 ? ` · fled ${pct2(c.fled).padStart(7)}` : ''} · hit points left ${c.hp.mean.toFixed(2)} · damage dealt ${c.damageDealt.mean.toFixed(2)}`);
  }
  writeOut(`${out.join('\n')}\n`);
}

function printFallback(answer: ExactFallback, grid: boolean): void {
  writeOut(`not exact: ${answer.reason}; here is the Monte Carlo answer with its interval instead\n`);
  const [lo, hi] = answer.interval.heroes;
  writeOut(`heroes win ${pct(answer.monteCarlo.wins.heroes / answer.monteCarlo.fights)} (95%: ${pct(lo)} to ${pct(hi)})\n`);
  printHuman(answer.monteCarlo, grid);
}

function printHuman(stats: SimStats, grid: boolean): void {
  const n = stats.fights;
  const out: string[] = [];
  out.push(`${stats.system} · ${stats.fight} · ${n} fights · seed ${stats.seed}`);
  if (grid) out.push(`note: ${GRID_NOTE}`);
  out.push(`wins: heroes ${pct(stats.wins.heroes / n)} · enemies ${pct(stats.wins.enemies / n)} · draw ${pct(stats.wins.draw / n)}`);
  out.push(`rounds: mean ${stats.rounds.mean.toFixed(2)} · p50 ${stats.rounds.p50} · p90 ${stats.rounds.p90} · max ${stats.rounds.max}`);
  out.push(`a hero goes down in ${pct(stats.heroDown)} of fights · a hero dies in ${pct(stats.heroDied)}`);
  for (const [check, outcomes] of Object.entries(stats.checks)) {
    const total = Object.values(outcomes).reduce((a, b) => a + b, 0);
    out.push(`  ${check}: ${Object.entries(outcomes).map(([o, c]) => `${o} ${pct(c / total)}`).join(' · ')}`);
  }
  for (const c of stats.combatants) {
    out.push(`  ${c.side === 'heroes' ? 'H' : 'E'} ${c.id.padEnd(16)} survived ${pct(c.survived).padStart(6)} · died ${pct(c.died).padStart(6)}${c.fled > 0 ? ` · fled ${pct(c.fled).padStart(6)}` : ''} · damage dealt ${c.damageDealt.mean.toFixed(2)}`);
  }
  writeOut(`${out.join('\n')}\n`);
}

export async function run(args: string[]): Promise<number> {
  // The balance tools (engine/balance) have their own modules and options.
  if (args.includes('--grid')) return (await import('./sim-grid')).run(args);
  if (args.includes('--sensitivity')) return (await import('./sim-sensitivity')).run(args);
  if (args.includes('--tune')) return (await import('./sim-tune')).run(args);
  if (args.includes('--budget')) return (await import('./sim-budget')).run(args);
  const recording = (await import('./sim-record')).takeRecordOptions(args);
  if (typeof recording === 'string') {
    writeErr(`sim: ${escapeControls(recording)}\n${USAGE}`);
    return 2;
  }
  const parsed = parseArgs(recording.args);
  if (typeof parsed === 'string') {
    writeErr(`sim: ${escapeControls(parsed)}\n${USAGE}`);
    return 2;
  }
  let text: string;
  try {
    text = readSystemText(parsed.file);
  } catch (err) {
    writeErr(`sim: cannot read ${escapeControls(parsed.file)}: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    return 2;
  }
  const parallel: ParallelOptions = { fights: parsed.fights, seed: parsed.seed, workers: parsed.workers };
  // The worker threads start now, so their start-up runs while this thread checks and loads the document.
  const crew = !parsed.log && !parsed.exact && workersNeeded(parallel) > 0 ? startSimCrew(text, parsed.fight, parallel) : null;
  try {
    return await checkAndFight(parsed, parallel, recording.record, text, crew);
  } finally {
    await crew?.dismiss(); // whatever runTasks did not take (a document with errors, a fight that failed)
  }
}

async function checkAndFight(parsed: SimArgs, parallel: ParallelOptions, record: RecordRequest | null, text: string,
  crew: Crew | null): Promise<number> {
  const checked = checkBeforeSimulating(parsed.file, text);
  if (!checked.ok) {
    writeErr(`${checked.report}\nsim: ${escapeControls(parsed.file)} has errors; a system with errors is never simulated\n`);
    return 1;
  }
  const doc = checked.doc;
  // The crew loaded the file's text: used only when it is exactly the document checked here.
  if (crew && !sameDocument(text, doc)) { await crew.dismiss(); crew = null; }
  const loaded = loadSystem(doc);
  if (!loaded.ok) {
    for (const d of loaded.diagnostics) writeErr(`${escapeControls(parsed.file)}: ${escapeControls(d.pointer || '/')}: ${escapeControls(d.message)}\n`);
    writeErr(`sim: ${escapeControls(parsed.file)} has errors; a system with errors is never simulated\n`);
    return 1;
  }
  const system = loaded.system;
  if (!system.fights.has(parsed.fight)) {
    const known = [...system.fights.keys()];
    writeErr(`sim: unknown fight '${escapeControls(parsed.fight)}'${known.length ? ` (fights: ${escapeControls(known.join(', '))})` : ''}\n`);
    return 1;
  }
  try {
    if (parsed.log) {
      const { deriveSeed } = await import('../dice/rng');
      for (let i = 0; i < parsed.fights; i++) {
        const seed = deriveSeed(parsed.seed, i);
        const lines = fightLog(system, parsed.fight, seed).map((e) => JSON.stringify(parsed.fights === 1 ? e : { fight: i, ...e }));
        writeOut(`${lines.join('\n')}\n`);
      }
      return 0;
    }
    if (parsed.exact) {
      if (record) { writeErr('sim: --exact takes no --record (a run record holds simulated fights)\n'); return 2; }
      const answer = solveFight(system, parsed.fight, { maxStates: parsed.maxStates, fallbackFights: parsed.fights, seed: parsed.seed });
      if (parsed.json) writeOut(`${JSON.stringify(answer, null, 2)}\n`);
      else if (answer.exact) printExact(answer, system.grid);
      else printFallback(answer, system.grid);
      return 0;
    }
    const progress = progressLine('sim', parsed.fights, 'fights');
    let stats: SimStats;
    try {
      stats = parsed.workers > 1
        ? await simulateParallel(system, doc, parsed.fight, parallel, crew ?? undefined, (done) => progress.update(done))
        : simulate(system, parsed.fight, { fights: parsed.fights, seed: parsed.seed, onProgress: (done) => progress.update(done), progressEvery: 1000 });
    } finally {
      progress.end();
    }
    if (parsed.json) writeOut(`${JSON.stringify(stats, null, 2)}\n`);
    else printHuman(stats, system.grid && !system.fights.get(parsed.fight)?.map);
    if (record) {
      const note = await (await import('./sim-record')).recordRun(record, stats, doc.version, text);
      (parsed.json ? writeErr : writeOut)(note);
    }
    return 0;
  } catch (err) {
    if (err instanceof SimError) {
      writeErr(`sim: ${escapeControls(err.message)}\n`);
      return 1;
    }
    writeErr(`sim: the fight stopped: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    return 1;
  }
}
