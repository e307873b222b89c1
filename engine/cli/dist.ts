// rules-studio dist FORMULA [--system FILE [--at WHERE]] [--set k=v]... [--json]: the exact distribution, as a table
// with a bar chart. With --system, the formula may call the system's functions and read its sheets: at a hero, a
// bestiary creature or a template (`--at`, by name, id or JSON pointer) that sheet's own numbers, elsewhere the
// samples the editor's hover assumes (an attribute's default, level 1, ...); --set values win over both.
import { readFile } from 'node:fs/promises';
import { type Distribution, distributionOf } from '../formula/distribution';
import { checkFormula, parseFormula } from '../formula';
import type { FormulaNode, SymbolInfo, SymbolTable, UserFunction, Value } from '../formula';
import { FormulaTools } from '../editor/formulaTools';
import { escapeControls } from './terminal-text.mjs';
import {
  type CommandIo,
  EXIT_BAD_FORMULA,
  EXIT_OK,
  checkAndReport,
  type FormulaArgs,
  formatProblem,
  processIo,
  readFormulaArgs,
  reportDiagnostics,
  UsageError,
  usage,
} from './formula-input';

const SYNOPSIS = 'dist FORMULA [--system FILE [--at WHERE]] [--set key=value]... [--json]';
/** Tables longer than this are grouped into ranges of values. */
const MAX_ROWS = 40;
const BAR_WIDTH = 40;

export async function run(args: string[], io: CommandIo = processIo, readText: (path: string) => Promise<string> = (path) => readFile(path, 'utf8')): Promise<number> {
  let input;
  let system: SystemReads | null = null;
  try {
    input = readFormulaArgs(args, ['--system', '--at']);
    const file = input.options.get('--system');
    if (file === undefined && input.options.has('--at')) throw new UsageError('--at needs --system FILE: it names a sheet of the system');
    if (file !== undefined) system = await readSystem(file, input.options.get('--at'), readText);
  } catch (err) {
    return usage(io, 'dist', SYNOPSIS, err);
  }
  const values = input.values;
  let resolve = (path: readonly string[]): Value | undefined => values.get(path.join('.'));
  let functions: ReadonlyMap<string, UserFunction> | undefined;
  let ast: FormulaNode | null;
  if (system === null) ast = checkAndReport(io, input);
  else {
    const reads = system;
    resolve = (path) => values.get(path.join('.')) ?? reads.value(path);
    functions = reads.functions;
    ast = checkWithSystem(io, input, resolve, reads.functions);
  }
  if (ast === null) return EXIT_BAD_FORMULA;

  const result = distributionOf(ast, { resolve, functions });
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

interface SystemReads {
  value(path: readonly string[]): Value | undefined;
  readonly functions: ReadonlyMap<string, UserFunction>;
}

/** The system's functions and what its sheet `at` (a name, an id or a JSON pointer) reads; throws UsageError. */
async function readSystem(file: string, at: string | undefined, readText: (path: string) => Promise<string>): Promise<SystemReads> {
  let document: unknown;
  try {
    document = JSON.parse(await readText(file));
  } catch (err) {
    throw new UsageError(`--system ${file}: ${err instanceof SyntaxError ? 'not JSON: ' : ''}${err instanceof Error ? err.message : String(err)} (run \`rules-studio check ${file}\` for the details)`);
  }
  const tools = new FormulaTools(document);
  const pointer = at === undefined ? '' : sheetPointer(document, at);
  if (at !== undefined && tools.sheetLabel(pointer) === null) throw new UsageError(`--at ${at}: the system has no hero, bestiary creature or template there`);
  return { value: (path) => tools.valueAt(pointer, path), functions: tools.functions };
}

/** `/heroes/0/...` as it is; else the first hero, creature or template whose name or id is `at`. */
function sheetPointer(document: unknown, at: string): string {
  if (at.startsWith('/')) return at;
  const doc = (document ?? {}) as Record<string, unknown>;
  for (const list of ['heroes', 'bestiary', 'templates']) {
    const items = doc[list];
    if (!Array.isArray(items)) continue;
    const index = items.findIndex((item: unknown) => {
      const record = (item ?? {}) as Record<string, unknown>;
      return record.name === at || record.id === at;
    });
    if (index >= 0) return `/${list}/${index}`;
  }
  return `/${at}`;
}

/** Checks the formula over what it can read: the --set names and every name the system gives a value here. */
function checkWithSystem(io: CommandIo, input: FormulaArgs, resolve: (path: readonly string[]) => Value | undefined, functions: ReadonlyMap<string, UserFunction>): FormulaNode | null {
  const parsed = parseFormula(input.formula);
  if (parsed.ast === null) {
    reportDiagnostics(io, input.formula, parsed.diagnostics);
    return null;
  }
  const typeOf = (value: Value): SymbolInfo['type'] => (Array.isArray(value) ? 'list' : (typeof value as 'number' | 'boolean' | 'string'));
  const table: SymbolTable = {
    lookup: (path) => {
      const value = resolve(path.split('.'));
      return value === undefined ? undefined : { type: typeOf(value) };
    },
    names: () => input.values.keys(),
    functions,
  };
  const checked = checkFormula(parsed.ast, table);
  const problems = checked.diagnostics.map((d) =>
    d.code === 'unknown-ref' && d.message.startsWith('unknown reference') ? { ...d, message: `\`${input.formula.slice(d.span.start, d.span.end)}\` has no value here: neither the system nor --set gives it one` } : d,
  );
  reportDiagnostics(io, input.formula, problems);
  return problems.some((d) => d.severity === 'error') ? null : parsed.ast;
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
