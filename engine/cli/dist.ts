// rules-studio dist FORMULA [--set k=v]... [--json]: the exact distribution, as a table with a bar chart.
import { type Distribution, distributionOf } from '../formula/distribution';
import { escapeControls } from './terminal-text.mjs';
import {
  type CommandIo,
  EXIT_BAD_FORMULA,
  EXIT_OK,
  checkAndReport,
  formatProblem,
  processIo,
  readFormulaArgs,
  usage,
} from './formula-input';

const SYNOPSIS = 'dist FORMULA [--set key=value]... [--json]';
/** Tables longer than this are grouped into ranges of values. */
const MAX_ROWS = 40;
const BAR_WIDTH = 40;

export async function run(args: string[], io: CommandIo = processIo): Promise<number> {
  let input;
  try {
    input = readFormulaArgs(args);
  } catch (err) {
    return usage(io, 'dist', SYNOPSIS, err);
  }
  const ast = checkAndReport(io, input);
  if (ast === null) return EXIT_BAD_FORMULA;

  const values = input.values;
  const result = distributionOf(ast, { resolve: (path) => values.get(path.join('.')) });
  if (!result.ok) {
    io.err(formatProblem(input.formula, 'error', result.error.message, result.error.span));
    return EXIT_BAD_FORMULA;
  }
  if (input.json) {
    const { min, max, mean, stdev, pmf, type, notes } = result;
    io.out(`${JSON.stringify({ min, max, mean, stdev, pmf, type, notes })}\n`);
  } else {
    io.out(renderTable(input.formula, result));
  }
  return EXIT_OK;
}

interface Row {
  readonly label: string;
  readonly probability: number;
  /** P(value ≥ the row's lowest value). */
  readonly atLeast: number;
}

/** The text report: a row per value (or per range of values), a bar each, then the moments and any notes. */
export function renderTable(formula: string, result: Distribution): string {
  // distributionOf never answers ok without values; a table must not throw if it ever did.
  if (result.pmf.length === 0 || !Number.isFinite(result.mean)) return `${formula}\n\nno values: this distribution is empty\n`;
  const rows = result.type === 'boolean' ? booleanRows(result) : numberRows(result);
  const labelWidth = Math.max(5, ...rows.map((r) => r.label.length));
  const top = Math.max(...rows.map((r) => r.probability));
  let text = `${escapeControls(formula)}\n\n${'value'.padStart(labelWidth)}  ${'chance'.padStart(8)}  ${'at least'.padStart(8)}\n`;
  for (const row of rows) {
    text += `${row.label.padStart(labelWidth)}  ${percent(row.probability).padStart(8)}  ${percent(row.atLeast).padStart(8)}  ${bar(row.probability / top)}\n`;
  }
  text += '\n';
  if (result.type === 'boolean') text += `P(true) ${percent(result.mean)}\n`;
  else text += `min ${number(result.min)}   max ${number(result.max)}   mean ${number(result.mean)}   stdev ${number(result.stdev)}\n`;
  for (const note of result.notes) text += `note: ${note}\n`;
  return text;
}

function booleanRows(result: Distribution): Row[] {
  const pTrue = result.pmf.find(([v]) => v === 1)?.[1] ?? 0;
  return [
    { label: 'false', probability: 1 - pTrue, atLeast: 1 },
    { label: 'true', probability: pTrue, atLeast: pTrue },
  ];
}

function numberRows(result: Distribution): Row[] {
  const pmf = result.pmf;
  const suffix = new Array<number>(pmf.length + 1).fill(0);
  for (let i = pmf.length - 1; i >= 0; i--) suffix[i] = (suffix[i + 1] as number) + (pmf[i] as [number, number])[1];
  // Safe integers only: past 2^53 a step of the ranges below may not move (1e20 + 1 is 1e20) and never end.
  const wholeNumbers = pmf.every(([v]) => Number.isSafeInteger(v));
  if (pmf.length <= MAX_ROWS || !wholeNumbers) {
    // Fractional values are listed one by one (up to MAX_ROWS, then grouped by position).
    if (pmf.length <= MAX_ROWS) return pmf.map(([v, p], i) => ({ label: number(v), probability: p, atLeast: Math.min(1, suffix[i] as number) }));
  }
  // Group into ranges of equal width over [min, max] (whole numbers), or of equal count (fractions).
  const rows: Row[] = [];
  if (wholeNumbers) {
    const width = Math.ceil((result.max - result.min + 1) / MAX_ROWS);
    let i = 0;
    for (let lo = result.min; lo <= result.max; lo += width) {
      const hi = Math.min(result.max, lo + width - 1);
      const first = i;
      let probability = 0;
      while (i < pmf.length && (pmf[i] as [number, number])[0] <= hi) probability += (pmf[i++] as [number, number])[1];
      if (i === first) continue;
      rows.push({ label: lo === hi ? number(lo) : `${number(lo)}–${number(hi)}`, probability, atLeast: Math.min(1, suffix[first] as number) });
    }
    return rows;
  }
  const per = Math.ceil(pmf.length / MAX_ROWS);
  for (let first = 0; first < pmf.length; first += per) {
    const slice = pmf.slice(first, first + per);
    const probability = slice.reduce((a, [, p]) => a + p, 0);
    const lo = (slice[0] as [number, number])[0];
    const hi = (slice[slice.length - 1] as [number, number])[0];
    rows.push({ label: `${number(lo)}–${number(hi)}`, probability, atLeast: Math.min(1, suffix[first] as number) });
  }
  return rows;
}

function number(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toFixed(4)));
}

function percent(p: number): string {
  if (p === 0) return '0%';
  if (p < 0.0001) return `${p.toExponential(1)}`;
  return `${(p * 100).toFixed(2)}%`;
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

function bar(fraction: number): string {
  const eighths = Math.round(Math.max(0, Math.min(1, fraction)) * BAR_WIDTH * 8);
  const full = Math.floor(eighths / 8);
  const part = EIGHTHS[eighths % 8] ?? '';
  const text = '█'.repeat(full) + part;
  return text === '' && fraction > 0 ? '▏' : text;
}
