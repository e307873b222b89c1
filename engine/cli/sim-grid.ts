// rules-studio sim FILE --grid --party ID [--fights N] [--seed S] [--workers K] [--enemies N] [--roles a,b] [--json]
// The tier × role grid (engine/balance/grid.ts): thin argument parsing and printing.
import { planGrid, runGrid, type GridOptions, type GridResult } from '../balance/grid';
import { formatBudget } from '../balance/budget';
import { capWorkers, number, walkOneFile } from './args';
import { runGridParallel } from './balance-workers/pool';
import type { GridWorkerSetup } from './balance-workers/worker';
import { rateWithInterval, startBalanceCommandWithCrew, table, wholeNumber } from './balance-load';
import { progressLine } from './progress';
import { startCrew } from './worker-pool';
import { escapeControls, writeErr, writeOut } from './terminal-text.mjs';

const USAGE = 'usage: rules-studio sim FILE --grid --party ID [--fights N] [--seed S] [--workers K] [--enemies N] [--roles a,b] [--json]\n';

interface GridArgs {
  file: string;
  options: GridOptions;
  workers: number;
  json: boolean;
}

function parseArgs(args: readonly string[]): GridArgs | string {
  let party: string | undefined;
  let fights = 1000;
  let seed = 1;
  let workers = 1;
  let enemies: number | undefined;
  let roles: string[] | undefined;
  let json = false;
  const walked = walkOneFile(args, (a, next) => {
    switch (a) {
      case '--grid': return null;
      case '--party': party = next(); return null;
      case '--fights': return number(wholeNumber('--fights', next(), 1, 10_000_000), (n) => (fights = n));
      case '--seed': return number(wholeNumber('--seed', next(), 0), (n) => (seed = n));
      case '--workers': return number(wholeNumber('--workers', next(), 1, 64), (n) => (workers = capWorkers('sim --grid', n)));
      case '--enemies': return number(wholeNumber('--enemies', next(), 1, 100), (n) => (enemies = n));
      case '--roles': roles = (next() ?? '').split(',').filter((r) => r.length > 0); return null;
      case '--json': json = true; return null;
      default: return undefined;
    }
  });
  if (typeof walked === 'string') return walked;
  const { file } = walked;
  if (!party) return 'missing --party ID (a party id, or a fight id whose heroes form the party)';
  return { file, workers, json, options: { party, fights, seed, ...(enemies !== undefined ? { enemies } : {}), ...(roles ? { roles } : {}) } };
}

export function formatGrid(grid: GridResult): string {
  const out: string[] = [];
  out.push(`${grid.system} · party ${grid.party.name} (${grid.party.heroes.join(', ')}) vs ${grid.enemies} enemies · ${grid.fights} fights a cell · seed ${grid.seed}`);
  const cell = (role: string, tier: number) => grid.cells.find((c) => c.role === role && c.tier === tier)!;
  const section = (title: string, show: (c: GridResult['cells'][number]) => string): void => {
    out.push('', title);
    out.push(table([['role', ...grid.tiers.map((t) => `T${t}`)], ...grid.roles.map((r) => [r, ...grid.tiers.map((t) => show(cell(r, t)))])]));
  };
  section('heroes win, 95% interval', (c) => rateWithInterval(c.winRate));
  section('a hero goes down', (c) => rateWithInterval(c.heroDown));
  // The table only when a hero died in some cell (in a system without death, heroes never do).
  if (grid.cells.some((c) => c.heroDied.value > 0)) section('a hero dies', (c) => rateWithInterval(c.heroDied));
  else out.push('', 'a hero dies: in no fight of any cell');
  section('mean rounds', (c) => `${c.rounds.value.toFixed(2)} ±${((c.rounds.high - c.rounds.low) / 2).toFixed(2)}`);
  const budgeted = grid.cells.filter((c) => c.budget);
  if (budgeted.length) {
    section('budget (expected win rate)', (c) => (c.budget ? `${formatBudget(c.budget.budget)} (${(100 * c.budget.expectedWinRate).toFixed(0)}%)${c.budget.verdict === 'agrees' ? '' : c.budget.verdict === 'easier-in-play' ? ' !easier' : ' !harder'}` : '-'));
    const flagged = budgeted.filter((c) => c.budget!.verdict !== 'agrees');
    out.push('', flagged.length ? `${flagged.length} cell(s) where budget and play disagree:` : 'budget and play agree in every cell');
    for (const c of flagged) out.push(`  ${c.role} T${c.tier}: ${c.budget!.note}`);
  }
  return out.join('\n');
}

export async function run(args: string[]): Promise<number> {
  // With --workers, the worker threads start before the check (their start-up runs while it does).
  const start = await startBalanceCommandWithCrew('sim --grid', USAGE, parseArgs(args),
    (text, parsed) => (parsed.workers > 1 ? startCrew('grid-worker', { docText: text, options: parsed.options } satisfies GridWorkerSetup, parsed.workers - 1) : null));
  if (typeof start === 'number') return start;
  const { options: parsed, loaded, crew } = start;
  try {
    const plan = planGrid(loaded.doc, parsed.options);
    const progress = progressLine('sim --grid', typeof plan === 'string' ? 0 : plan.cells.length, 'cells');
    let grid: GridResult | string;
    try {
      grid = parsed.workers > 1
        ? await runGridParallel(loaded.doc, parsed.options, parsed.workers, loaded.system, crew ?? undefined, (done) => progress.update(done))
        : runGrid(loaded.doc, loaded.system, parsed.options, (done) => progress.update(done));
    } finally {
      progress.end();
    }
    if (typeof grid === 'string') {
      writeErr(`sim --grid: ${escapeControls(grid)}\n`);
      return 1;
    }
    writeOut(parsed.json ? `${JSON.stringify(grid, null, 2)}\n` : `${formatGrid(grid)}\n`);
    return 0;
  } catch (err) {
    writeErr(`sim --grid: the fights stopped: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    return 1;
  } finally {
    await crew?.dismiss(); // what runTasks did not take (a grid that could not be planned)
  }
}
