// What `roll` and `dist` share: reading their arguments, `--set` values, and a formula checked with its problems
// shown under the exact characters.
import { checkFormula, createSymbolTable, parseFormula, RESERVED_SEGMENTS } from '../formula';
import type { FormulaDiagnostic, FormulaNode, Span, SymbolInfo, Value } from '../formula';
import { escapeControls, excerpt, writeErr, writeOut } from './terminal-text.mjs';

/** Where a command writes; tests pass their own to capture output. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CommandIo = {
  out: writeOut,
  err: writeErr,
};

export const EXIT_OK = 0;
export const EXIT_BAD_FORMULA = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {}

export interface FormulaArgs {
  readonly formula: string;
  readonly json: boolean;
  /** `--set str.mod=2` → 'str.mod' → 2. */
  readonly values: ReadonlyMap<string, Value>;
  /** `--label str.mod=Strength`. */
  readonly labels: ReadonlyMap<string, string>;
  /** Options the command declared (`--seed`), by name. */
  readonly options: ReadonlyMap<string, string>;
}

/**
 * Reads `FORMULA [--set k=v]... [--label k=L]... [--json]` plus the command's own valued options.
 * Throws UsageError with a message for anything else.
 */
export function readFormulaArgs(args: readonly string[], valuedOptions: readonly string[] = []): FormulaArgs {
  let formula: string | undefined;
  let json = false;
  const values = new Map<string, Value>();
  const labels = new Map<string, string>();
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const next = args[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    if (flag === '--json') json = true;
    else if (flag === '--set') {
      const [key, raw] = splitAssignment(takeValue(), '--set');
      values.set(key, parseSetValue(raw));
    } else if (flag === '--label') {
      const [key, label] = splitAssignment(takeValue(), '--label');
      labels.set(key, label);
    } else if (valuedOptions.includes(flag)) options.set(flag, takeValue());
    else if (arg.startsWith('--') || (arg.startsWith('-') && arg.length > 1 && !/^-[\d.(@d]/.test(arg))) {
      throw new UsageError(`unknown option ${arg}`);
    } else if (formula === undefined) formula = arg;
    else throw new UsageError(`one formula only (got '${formula}' and '${arg}'); quote a formula with spaces`);
  }
  if (formula === undefined) throw new UsageError('missing FORMULA');
  return { formula, json, values, labels, options };
}

function splitAssignment(text: string, flag: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`${flag} takes key=value, as in ${flag} str.mod=2 (got '${text}')`);
  const key = text.slice(0, eq).replace(/^@/, '');
  const segments = key.split('.');
  if (!segments.every((s) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s))) {
    throw new UsageError(`${flag}: '${key}' is not a reference name (letters, digits and _, dotted: str.mod)`);
  }
  if (segments.some((s) => RESERVED_SEGMENTS.has(s))) throw new UsageError(`${flag}: '${key}' uses a reserved name`);
  return [key, text.slice(eq + 1)];
}

/** `2` → 2, `true` → true, `fire` → 'fire', `fire,cold` → ['fire', 'cold'], `1,2` → [1, 2]. */
export function parseSetValue(raw: string): Value {
  const number = (text: string): number | undefined => {
    const trimmed = text.trim();
    if (!/^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return undefined;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : undefined;
  };
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  const n = number(raw);
  if (n !== undefined) return n;
  if (raw.includes(',')) {
    const parts = raw.split(',').map((p) => p.trim()).filter((p) => p !== '');
    const numbers = parts.map(number);
    if (numbers.every((x) => x !== undefined)) return numbers as number[];
    return parts;
  }
  return raw;
}

function typeOf(value: Value): SymbolInfo['type'] {
  if (Array.isArray(value)) return 'list';
  return typeof value as 'number' | 'boolean' | 'string';
}

export type CheckedFormula =
  | { readonly ok: true; readonly ast: FormulaNode; readonly warnings: readonly FormulaDiagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly FormulaDiagnostic[] };

/** Parses and checks the formula against the `--set` names. */
export function checkFormulaArgs(input: FormulaArgs): CheckedFormula {
  const parsed = parseFormula(input.formula);
  if (parsed.ast === null) return { ok: false, diagnostics: parsed.diagnostics };
  const entries: Record<string, SymbolInfo> = Object.create(null) as Record<string, SymbolInfo>;
  for (const [key, value] of input.values) {
    const label = input.labels.get(key);
    entries[key] = label === undefined ? { type: typeOf(value) } : { type: typeOf(value), label };
  }
  const checked = checkFormula(parsed.ast, createSymbolTable(entries));
  const diagnostics = [...parsed.diagnostics, ...checked.diagnostics].map((d) => withSetHint(d, input.formula));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { ok: false, diagnostics: errors };
  return { ok: true, ast: parsed.ast, warnings: diagnostics };
}

/** An unknown reference on the command line is one nobody gave a value: say how to give it. */
function withSetHint(diagnostic: FormulaDiagnostic, formula: string): FormulaDiagnostic {
  if (diagnostic.code !== 'unknown-ref') return diagnostic;
  const path = formula.slice(diagnostic.span.start, diagnostic.span.end).replace(/^@/, '');
  if (!/^[A-Za-z_][\w.]*$/.test(path)) return diagnostic;
  const suggestion = /did you mean (.*)$/.exec(diagnostic.message);
  const message = `\`@${path}\` has no value; give one with --set ${path}=…${suggestion ? ` (or did you mean ${suggestion[1]}` + ')' : ''}`;
  return { ...diagnostic, message: message.replace(/\?\)$/, ')') };
}

/**
 * `error: message`, then the formula with a caret line under the exact characters:
 *
 *     error: unknown function `mx`; did you mean `max`?
 *       mx(1, 2)
 *       ^^
 */
export function formatProblem(formula: string, severity: string, message: string, span: Span | undefined): string {
  const oneLine = formula.replace(/[\r\n\t]/g, ' ');
  const shown = excerpt(oneLine, span?.start ?? 0, span?.end ?? 0);
  let text = `${severity}: ${escapeControls(message)}\n  ${shown.text}\n`;
  if (span) text += `  ${' '.repeat(shown.caret)}${'^'.repeat(shown.width)}\n`;
  return text;
}

export function reportDiagnostics(io: CommandIo, formula: string, diagnostics: readonly FormulaDiagnostic[]): void {
  for (const d of diagnostics) io.err(formatProblem(formula, d.severity, d.message, d.span));
}

export function usage(io: CommandIo, command: string, synopsis: string, error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  io.err(`${command}: ${escapeControls(message)}\nusage: rules-studio ${synopsis}\n`);
  return EXIT_USAGE;
}

/** Checks the formula and prints its errors or warnings: the AST, or null when it has errors (exit 1). */
export function checkAndReport(io: CommandIo, input: FormulaArgs): FormulaNode | null {
  const checked = checkFormulaArgs(input);
  reportDiagnostics(io, input.formula, checked.ok ? checked.warnings : checked.diagnostics);
  return checked.ok ? checked.ast : null;
}
