// rules-studio change FILE "REQUEST" [--write] [--json] [--fights N] [--seed S]
// A change asked in words (engine/editor/change/): the template formulas it rewrites (before, after, their values tier
// by tier), the enemies pinned in the fights it touches (they keep their sheets), and the balance diff of the fights
// it touches and of the grid cells it moves (the first party against each changed role and tier); --write writes the file, rewriting only the changed strings. A request it cannot read is refused with
// what it understood and what it did not (exit 1).
import { readFileSync, writeFileSync } from 'node:fs';
import { changedCells, diffCells, type CellDiffResult } from '../balance/cell-diff';
import { diffSystems, type DiffResult } from '../balance/diff';
import { planChange, type ChangePlan, type ChangeRefusal } from '../editor/change/plan';
import { STAT_NAMES } from '../editor/change/parse';
import { loadSystem } from '../sim/index';
import { number, walkArgs } from './args';
import { loadForBalance, table, wholeNumber } from './balance-load';
import { formatDiff } from './diff';
import { progressOnceTold } from './progress';
import { checkBeforeSimulating } from './sim-check';
import { escapeControls, writeErr, writeOut } from './terminal-text.mjs';

const USAGE = 'usage: rules-studio change FILE "REQUEST" [--write] [--json] [--fights N] [--seed S]\n'
  + '  e.g. change systems/classic-d20.json "make bosses harder from tier 3"\n';

interface ChangeArgs {
  file: string;
  request: string;
  write: boolean;
  json: boolean;
  fights: number;
  seed: number;
}

function parseArgs(args: readonly string[]): ChangeArgs | string {
  let write = false;
  let json = false;
  let fights = 1000;
  let seed = 1;
  const walked = walkArgs(args, (a, next) => {
    switch (a) {
      case '--write': write = true; return null;
      case '--json': json = true; return null;
      case '--fights': return number(wholeNumber('--fights', next(), 2, 1_000_000), (n) => (fights = n));
      case '--seed': return number(wholeNumber('--seed', next(), 0), (n) => (seed = n));
      default: return undefined;
    }
  }, 2);
  if (typeof walked === 'string') return walked;
  const [file, request] = walked.files;
  if (file === undefined) return 'missing FILE';
  if (request === undefined) return 'missing the request (in quotes: "make bosses harder from tier 3")';
  return { file, request, write, json, fights, seed };
}

/** One line's piece of what a file or the command line said: every control escaped, line breaks too. */
const safe = (text: string): string => escapeControls(text);

const shown = (x: number | null): string => (x === null ? '—' : Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0+$/, '').replace(/\.$/, ''));

export function formatRefusal(r: ChangeRefusal): string {
  const out = ['change: cannot make this change'];
  out.push(`  understood: ${r.understood.length ? r.understood.map(safe).join(' · ') : 'nothing'}`);
  if (r.notUnderstood.length) out.push(`  not understood: ${r.notUnderstood.map((w) => `'${safe(w)}'`).join(', ')}`);
  for (const m of r.missing) out.push(`  missing: ${safe(m)}`);
  out.push('  (requests such as "make bosses harder from tier 3", "minions have half the hit points", "this system is gridless"; see the README)');
  return out.join('\n');
}

export function formatPlan(file: string, request: string, plan: ChangePlan): string {
  const out = [`change ${safe(file)}: ${safe(request)}`, `understood: ${plan.understood.map(safe).join(' · ')}`];
  if (plan.grid) out.push('', `grid: ${plan.grid.before === null ? 'not said' : plan.grid.before} → ${plan.grid.after}`);
  for (const f of plan.formulas) {
    out.push('', `${safe(f.role)} · ${STAT_NAMES[f.stat]} · ${safe(f.pointer)}`);
    out.push(`  before  ${safe(f.before)}`, `  after   ${safe(f.after)}`);
    const rows = [['  tier', ...f.values.map((v) => String(v.tier))], ['  before', ...f.values.map((v) => shown(v.before))], ['  after', ...f.values.map((v) => shown(v.after))]];
    out.push(table(rows));
  }
  if (plan.notes.length) out.push('', ...plan.notes.map((n) => `note: ${safe(n)}`));
  if (plan.pinned.length) {
    out.push('', 'pinned: these enemies keep the sheet they were given; the change leaves them untouched');
    for (const p of plan.pinned) out.push(`  ${safe(p.fight)} ${safe(p.pointer)}: ${safe(p.role)} ×${p.count} at tier ${p.tier}`);
  }
  return out.join('\n');
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    writeErr(`change: ${escapeControls(parsed)}\n${USAGE}`);
    return 2;
  }
  const before = loadForBalance(parsed.file);
  if (!before.ok) { writeErr(`${before.message}\n`); return before.code; }
  const plan = planChange(before.text, parsed.request);
  if (!plan.ok) {
    if (parsed.json) writeOut(`${JSON.stringify({ file: parsed.file, request: parsed.request, ...plan }, null, 2)}\n`);
    else writeErr(`${formatRefusal(plan)}\n`);
    return 1;
  }
  let diff: DiffResult | null = null;
  let cellDiff: CellDiffResult | null = null;
  const cells = changedCells(plan.formulas);
  if (plan.fights.length || cells.length) {
    const checked = checkBeforeSimulating(parsed.file, plan.text);
    const after = checked.ok ? loadSystem(checked.doc) : null;
    if (!after?.ok) { writeErr(`change: the edited system does not load; nothing written\n${checked.ok ? '' : checked.report}\n`); return 1; }
    if (plan.fights.length) {
      const progress = progressOnceTold('change', 'fights in both versions');
      try {
        const result = diffSystems(before.system, after.system, { fights: parsed.fights, seed: parsed.seed, among: plan.fights }, { a: 'before', b: 'after' },
          (done, total) => progress.update(done, total));
        if (typeof result === 'string') { writeErr(`change: ${escapeControls(result)}\n`); return 1; }
        diff = result;
      } finally {
        progress.end();
      }
    }
    if (cells.length) {
      const progress = progressOnceTold('change', 'grid-cell fights in both versions');
      try {
        // A system with no party and no fight has no grid: the cells are left out, not an error.
        const result = diffCells(before.doc, before.system, after.system, { cells, fights: parsed.fights, seed: parsed.seed }, (done, total) => progress.update(done, total));
        if (typeof result !== 'string') cellDiff = result;
      } finally {
        progress.end();
      }
    }
  }
  let written = false;
  if (parsed.write && plan.edits.length) {
    const raw = readFileSync(parsed.file, 'utf8');
    writeFileSync(parsed.file, (raw.charCodeAt(0) === 0xfeff ? '\ufeff' : '') + plan.text);
    written = true;
  }
  if (parsed.json) {
    const { text: _text, ok: _ok, request: change, ...rest } = plan;
    writeOut(`${JSON.stringify({ file: parsed.file, request: parsed.request, change, ...rest, diff, cellDiff, written }, null, 2)}\n`);
    return 0;
  }
  const out = [formatPlan(parsed.file, parsed.request, plan), ''];
  if (diff) out.push(`balance diff of the fights it touches (${plan.fights.map(safe).join(', ')}):`, formatDiff(diff));
  else out.push(plan.grid ? 'no fight to compare' : 'no fight has an enemy that follows the changed templates at those tiers: nothing to compare');
  if (cellDiff) out.push('', `balance diff of the grid cells it moves (${safe(cellDiff.party.name)} against as many of the role as it has heroes):`, formatDiff(cellDiff));
  out.push('', !plan.edits.length ? 'nothing to write' : written ? `written to ${safe(parsed.file)}` : `not written: add --write to write ${safe(parsed.file)}`);
  writeOut(`${out.join('\n')}\n`);
  return 0;
}
