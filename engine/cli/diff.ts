// rules-studio diff A.json B.json [--fight ID] [--fights N] [--seed S] [--json]
// Balance diff (engine/balance/diff.ts): the same fights and seeds under two versions of a system.
import { diffSystems, type DiffResult, type MetricChange } from '../balance/diff';
import { number, walkArgs } from './args';
import { loadForBalance, pct, table, wholeNumber } from './balance-load';
import { progressOnceTold } from './progress';
import { escapeControls, writeErr, writeOut } from './terminal-text.mjs';

const USAGE = 'usage: rules-studio diff A.json B.json [--fight ID] [--fights N] [--seed S] [--json]\n';

interface DiffArgs {
  files: [string, string];
  fight?: string;
  fights: number;
  seed: number;
  json: boolean;
}

function parseArgs(args: readonly string[]): DiffArgs | string {
  let fight: string | undefined;
  let fights = 2000;
  let seed = 1;
  let json = false;
  const walked = walkArgs(args, (a, next) => {
    switch (a) {
      case '--fight': fight = next(); return fight === undefined ? '--fight needs an id' : null;
      case '--fights': return number(wholeNumber('--fights', next(), 2, 10_000_000), (n) => (fights = n));
      case '--seed': return number(wholeNumber('--seed', next(), 0), (n) => (seed = n));
      case '--json': json = true; return null;
      default: return undefined;
    }
  }, Infinity);
  if (typeof walked === 'string') return walked;
  const { files } = walked;
  if (files.length !== 2) return `two files, A and B (got ${files.length})`;
  return { files: [files[0]!, files[1]!], ...(fight !== undefined ? { fight } : {}), fights, seed, json };
}

const signed = (x: number, f: (x: number) => string): string => (x > 0 ? '+' : x < 0 ? '-' : '±') + f(Math.abs(x));

function change(m: MetricChange, asRate: boolean): string[] {
  const f = asRate ? (x: number) => pct(x) : (x: number) => x.toFixed(2);
  const low = asRate ? pct(m.interval.low) : m.interval.low.toFixed(2);
  const high = asRate ? pct(m.interval.high) : m.interval.high.toFixed(2);
  return [f(m.a.value), f(m.b.value), `${signed(m.delta, f)} (${low} … ${high})`, m.pAdjusted < 0.001 ? '<0.001' : m.pAdjusted.toFixed(3), m.significant ? '*' : ''];
}

export function formatDiff(d: DiffResult): string {
  const comparisons = d.compared.reduce((n, c) => n + (c.heroDied ? 3 : 2), 0);
  const out: string[] = [`diff ${d.a} → ${d.b} · ${d.fights} fights each, same seeds (seed ${d.seed}) · * significant at 0.05 after Holm over ${comparisons} comparisons`];
  if (d.compared.length) {
    out.push('', 'heroes win');
    out.push(table([['fight', 'A', 'B', 'change (95%)', 'p (Holm)', ''], ...d.compared.map((c) => [c.fight, ...change(c.winRate, true)])]));
    out.push('', 'mean rounds');
    out.push(table([['fight', 'A', 'B', 'change (95%)', 'p (Holm)', ''], ...d.compared.map((c) => [c.fight, ...change(c.rounds, false)])]));
    const deadly = d.compared.filter((c) => c.heroDied);
    if (deadly.length) {
      out.push('', 'a hero dies (fights where a hero died in either version)');
      out.push(table([['fight', 'A', 'B', 'change (95%)', 'p (Holm)', ''], ...deadly.map((c) => [c.fight, ...change(c.heroDied!, true)])]));
    }
    const moved = d.compared.filter((c) => c.winRate.significant || c.rounds.significant || c.heroDied?.significant);
    out.push('', moved.length ? `significant changes in ${moved.map((c) => c.fight).join(', ')}` : 'no significant change');
  }
  if (d.onlyInA.length) out.push(`only in ${d.a}: ${d.onlyInA.join(', ')}`);
  if (d.onlyInB.length) out.push(`only in ${d.b}: ${d.onlyInB.join(', ')}`);
  for (const f of d.failed) out.push(`${f.fight}: stopped: ${f.message}`);
  return out.join('\n');
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    writeErr(`diff: ${escapeControls(parsed)}\n${USAGE}`);
    return 2;
  }
  const [fileA, fileB] = parsed.files;
  const a = loadForBalance(fileA);
  if (!a.ok) { writeErr(`${a.message}\n`); return a.code; }
  const b = loadForBalance(fileB);
  if (!b.ok) { writeErr(`${b.message}\n`); return b.code; }
  const progress = progressOnceTold('diff', 'fights in both versions');
  let result: ReturnType<typeof diffSystems>;
  try {
    result = diffSystems(a.system, b.system, { fights: parsed.fights, seed: parsed.seed, ...(parsed.fight !== undefined ? { fight: parsed.fight } : {}) }, { a: fileA, b: fileB },
      (done, total) => progress.update(done, total));
  } finally {
    progress.end();
  }
  if (typeof result === 'string') {
    writeErr(`diff: ${escapeControls(result)}\n`);
    return 1;
  }
  writeOut(parsed.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatDiff(result)}\n`);
  return result.failed.length ? 1 : 0;
}
