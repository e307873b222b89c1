// rules-studio sim FILE --budget [--fights N] [--seed S] [--json]: every fight's difficulty budget against its
// simulated win rate (engine/balance/budget.ts), the disagreements flagged.
import { budgetReport, formatBudget } from '../balance/budget';
import { loadForBalance, pct, rateWithInterval, table, wholeNumber } from './balance-load';
import { escapeControls, writeErr, writeOut } from './terminal-text.mjs';

const USAGE = 'usage: rules-studio sim FILE --budget [--fights N] [--seed S] [--json]\n';

export async function run(args: string[]): Promise<number> {
  let file: string | undefined;
  let fights = 1000;
  let seed = 1;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    let n: number | string = 0;
    if (a === '--budget') continue;
    if (a === '--json') { json = true; continue; }
    if (a === '--fights' || a === '--seed') {
      n = wholeNumber(a, args[++i], a === '--fights' ? 1 : 0);
      if (typeof n === 'string') { writeErr(`sim --budget: ${escapeControls(n)}\n${USAGE}`); return 2; }
      if (a === '--fights') fights = n; else seed = n;
      continue;
    }
    if (a.startsWith('--') || file !== undefined) { writeErr(`sim --budget: unexpected '${escapeControls(a)}'\n${USAGE}`); return 2; }
    file = a;
  }
  if (!file) { writeErr(`sim --budget: missing FILE\n${USAGE}`); return 2; }
  const loaded = loadForBalance(file);
  if (!loaded.ok) { writeErr(`${loaded.message}\n`); return loaded.code; }
  try {
    const report = budgetReport(loaded.doc, loaded.system, { fights, seed });
    if (typeof report === 'string') { writeErr(`sim --budget: ${escapeControls(report)}\n`); return 1; }
    if (json) { writeOut(`${JSON.stringify({ system: loaded.doc.id, fights, seed, report }, null, 2)}\n`); return 0; }
    // A column for the chance a hero dies only where heroes die in some fight (a system without death would show zeros).
    const deaths = report.some((r) => r.heroDied !== undefined && r.heroDied.value > 0);
    const died = (r: (typeof report)[number]): string[] => (deaths ? [r.heroDied ? rateWithInterval(r.heroDied) : '-'] : []);
    const rows = report.map((r) => ('error' in r.judgement
      ? [r.fight, '-', '-', '-', ...died(r), r.judgement.error]
      : [r.fight, formatBudget(r.judgement.budget), pct(r.judgement.expectedWinRate, 0), rateWithInterval(r.judgement.winRate), ...died(r), r.judgement.verdict === 'agrees' ? '' : r.judgement.note]));
    const head = ['fight', 'budget', 'expected', 'heroes win (95%)', ...(deaths ? ['a hero dies (95%)'] : []), ''];
    writeOut(`${loaded.doc.id} · ${fights} fights a fight · seed ${seed}\n${table([head, ...rows])}\n`);
    return 0;
  } catch (err) {
    writeErr(`sim --budget: the fights stopped: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    return 1;
  }
}
