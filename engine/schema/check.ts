// checkSystem(text): every mistake in a system file, where it is, in the designer's words.
// JSON syntax (jsonc-parser, positions kept) → format version → schema (precompiled ajv) → meaning → every formula in
// its context. Never throws for bad input. Formula results are cached by (symbols, context, text), so re-checking
// after one keystroke only re-checks what changed.
import { checkFunctionBody } from '../formula/check';
import { checkAtEveryValue } from '../formula/every-value';
import { tierSweep } from './meaning';
import { parseFormula } from '../formula/parse';
import type { FormulaDiagnostic, Severity, SymbolTable } from '../formula/types';
import type { FormulaContext } from './contexts';
import { FORMAT_VERSION, type SystemDocument } from './document';
import { validateSystem } from './generated/validators';
import { LineIndex, parseJson, pointerSegments, stringOffsetMapper, type JsonDocument, type TextRange } from './json';
import { checkMeaning } from './meaning';
import { mapSchemaErrors, type Anchor } from './schema-errors';
import { DocumentSymbols } from './symbols';
import { collectFormulaFields, type FormulaField } from './walk';

export interface SystemDiagnostic {
  readonly severity: Severity;
  readonly message: string;
  readonly source: 'json' | 'schema' | 'formula';
  /** JSON pointer of the value (or key) concerned; '' for the whole file. */
  readonly pointer: string;
  /** 1-based, into the text. `endColumn` is just after the last character (as editors count). */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** Machine-readable kind: 'syntax', 'unknown-key', 'type', 'required', 'unknown-id', 'cycle', 'unknown-ref', ... */
  readonly code?: string;
  /** 0-based offsets of the same range. */
  readonly start: number;
  readonly end: number;
}

export interface SystemCheckResult {
  readonly diagnostics: SystemDiagnostic[];
  /** The document, when it has no errors (warnings allowed); else null. */
  readonly document: SystemDocument | null;
  /** Whatever JSON value the text holds (for completions while the file is still wrong), or undefined. */
  readonly value: unknown;
}

type Placed = Omit<SystemDiagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>;

/** Anchors a pointer-based problem to characters of the text. */
function anchorRange(json: JsonDocument, pointer: string, anchor: Anchor): TextRange {
  const { node, key } = json.find(pointer);
  const span = (n: { offset: number; length: number }): TextRange => ({ start: n.offset, end: n.offset + n.length });
  if (anchor === 'key' && key) return span(key);
  if (anchor === 'object' || (node && (node.type === 'object' || node.type === 'array'))) {
    if (key) return span(key);
    if (node) return { start: node.offset, end: node.offset + 1 };
  }
  if (node) return span(node);
  // A place that does not exist (a key removed): its nearest existing parent.
  const segments = pointerSegments(pointer);
  while (segments.length > 0) {
    segments.pop();
    const parent = segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
    if (json.find(parent).node) return anchorRange(json, parent, 'object');
  }
  return { start: 0, end: Math.min(1, json.text.length) };
}

// ---------------------------------------------------------------------------------------------------------------
// Caches: symbol tables by the document's symbol-relevant parts, formula results by (table, expected type, text).

interface SymbolsEntry {
  readonly symbols: DocumentSymbols;
  readonly formulaResults: Map<string, Map<string, readonly FormulaDiagnostic[]>>;
}

const symbolsCache = new Map<string, SymbolsEntry>();
const SYMBOLS_CACHE_SIZE = 8;
const FORMULA_CACHE_SIZE = 20_000;

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Everything the symbol tables are built from, as one string: same string, same tables. */
function symbolSignature(value: unknown): string {
  const d = rec(value);
  const combat = rec(d.combat);
  const listKeys = new Set<string>();
  for (const creature of arr(d.bestiary)) for (const [k, v] of Object.entries(rec(creature))) if (Array.isArray(v)) listKeys.add(k);
  return JSON.stringify([
    d.attributes,
    d.tracks,
    d.derived,
    d.functions,
    // The range of `@tier` in the templates' tables (and so what their formulas are checked at).
    d.tiers,
    Object.keys(rec(d.classes)),
    arr(d.heroes).map((h) => [rec(h).derived, Object.keys(rec(rec(h).classes)), rec(rec(h).weapon).reads]),
    rec(combat.attack).reads,
    rec(combat.attack).check,
    rec(combat.consequences).roll,
    Object.entries(rec(d.checks)).map(([id, c]) => [id, rec(c).roll]),
    arr(d.conditions).map((c) => [Object.keys(rec(rec(c).mods)), arr(rec(c).against).map((a) => Object.keys(rec(rec(a).mods)))]),
    arr(d.abilities).map((a) => [rec(a).id, rec(a).uses, rec(a).react !== undefined, rec(rec(a).attack).check]),
    [...listKeys],
    d.lists,
    d.tiers,
  ]);
}

function symbolsFor(value: unknown): SymbolsEntry {
  const signature = symbolSignature(value);
  let entry = symbolsCache.get(signature);
  if (entry) {
    symbolsCache.delete(signature);
  } else {
    entry = { symbols: new DocumentSymbols(value), formulaResults: new Map() };
    if (symbolsCache.size >= SYMBOLS_CACHE_SIZE) symbolsCache.delete(symbolsCache.keys().next().value!);
  }
  symbolsCache.set(signature, entry);
  return entry;
}

/** The symbol table for the formula field at `pointer` of a document (editor completions and hovers). */
export function symbolsForPointer(document: unknown, pointer: string): SymbolTable | undefined {
  return symbolsFor(document).symbols.symbolsForPointer(pointer, document);
}

/** The document's symbols (sheet names, tables per context), shared with the checker's cache. */
export function documentSymbols(document: unknown): DocumentSymbols {
  return symbolsFor(document).symbols;
}

const BARE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

function checkOneFormula(field: FormulaField, entry: SymbolsEntry): readonly FormulaDiagnostic[] {
  const { symbols, formulaResults } = entry;
  // `reads` may name a plain attribute (`"second": "willpower"`): it reads as that attribute.
  if (field.pointer.includes('/reads/') && symbols.sheet.has(field.text) && BARE_NAME.test(field.text)) return [];
  const isFunctionBody = field.context === 'function';
  const functionName = isFunctionBody ? (pointerSegments(field.pointer)[1] ?? '') : '';
  // Two levels (table, then text): no long concatenated key to build and hash for every field.
  const tableKey = `${isFunctionBody ? `fn:${functionName}` : symbols.tableKeyOf(field.context, field.pointer)}\u0000${field.expected ?? ''}`;
  let byText = formulaResults.get(tableKey);
  if (!byText) {
    byText = new Map();
    formulaResults.set(tableKey, byText);
  }
  const cached = byText.get(field.text);
  if (cached) return cached;
  const table = symbols.tableFor(field.context as FormulaContext, field.pointer);
  let diagnostics: readonly FormulaDiagnostic[];
  try {
    if (isFunctionBody) {
      const fn = symbols.functions.get(functionName);
      diagnostics = fn ? checkFunctionBody(functionName, fn, table).diagnostics : [];
    } else {
      const parsed = parseFormula(field.text);
      // A template is built at every tier of its range: what reads `@tier` is checked at each (tierSweep).
      const options = { ...(field.expected ? { expect: field.expected } : {}), ...tierSweep(table) };
      diagnostics = parsed.ast ? checkAtEveryValue(parsed.ast, table, options).diagnostics : parsed.diagnostics;
    }
  } catch (thrown) {
    // A bug of the formula checker must not take the whole document check down.
    const detail = thrown instanceof Error ? thrown.message : String(thrown);
    diagnostics = [{ severity: 'error', message: `internal error while checking this formula: ${detail}`, span: { start: 0, end: field.text.length }, code: 'internal' }];
  }
  if (byText.size >= FORMULA_CACHE_SIZE) byText.clear();
  byText.set(field.text, diagnostics);
  return diagnostics;
}

// ---------------------------------------------------------------------------------------------------------------

/** Checks a whole system file. Never throws for bad input. */
export function checkSystem(text: string): SystemCheckResult {
  const placed: Placed[] = [];
  let value: unknown;
  let json: JsonDocument;
  try {
    json = parseJson(text);
  } catch (thrown) {
    const detail = thrown instanceof Error ? thrown.message : String(thrown);
    placed.push({ severity: 'error', message: `could not read this file as JSON: ${detail}`, source: 'json', pointer: '', code: 'syntax', start: 0, end: Math.min(1, text.length) });
    return finish(text, placed, undefined);
  }
  for (const problem of json.problems) {
    placed.push({ severity: 'error', message: problem.message, source: 'json', pointer: '', code: 'syntax', start: problem.range.start, end: problem.range.end });
  }
  if (json.problems.length > 0 || json.value === undefined) return finish(text, placed, undefined);
  value = json.value;

  const place = (pointer: string, anchor: Anchor, severity: Severity, message: string, source: SystemDiagnostic['source'], code: string): void => {
    const range = anchorRange(json, pointer, anchor);
    placed.push({ severity, message, source, pointer, code, start: range.start, end: range.end });
  };

  const formatVersion = rec(value).formatVersion;
  if (typeof formatVersion === 'number' && formatVersion > FORMAT_VERSION) {
    place('/formatVersion', 'value', 'error', `this file is written in rules format ${formatVersion}, newer than this app reads (${FORMAT_VERSION}); it is shown read-only: update Rules Studio to edit it`, 'schema', 'newer-format');
    return finish(text, placed, value);
  }

  try {
    if (!validateSystem(value)) {
      for (const problem of mapSchemaErrors(value, validateSystem.errors ?? [])) place(problem.pointer, problem.anchor, 'error', problem.message, 'schema', problem.code);
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const problem of checkMeaning(value)) place(problem.pointer, problem.anchor, problem.severity, problem.message, problem.source, problem.code);
      const entry = symbolsFor(value);
      // With `attributes` missing or not an object, every reference to an attribute would be "unknown": the schema's
      // one error about `attributes` is the mistake, so unknown references are not reported on top of it.
      const attributes = (value as Rec).attributes;
      const sheetBroken = typeof attributes !== 'object' || attributes === null || Array.isArray(attributes);
      for (const field of collectFormulaFields(value)) {
        const all = checkOneFormula(field, entry);
        const diagnostics = sheetBroken ? all.filter((d) => d.code !== 'unknown-ref' && d.code !== 'context') : all;
        if (diagnostics.length === 0) continue;
        const { node } = json.find(field.pointer);
        if (!node || node.type !== 'string') continue;
        const map = stringOffsetMapper(text, node);
        for (const d of diagnostics) {
          const start = map(d.span.start);
          let end = map(d.span.end);
          if (end <= start) end = start + 1;
          placed.push({ severity: d.severity, message: d.message, source: 'formula', pointer: field.pointer, code: d.code, start, end });
        }
      }
    }
  } catch (thrown) {
    const detail = thrown instanceof Error ? thrown.message : String(thrown);
    placed.push({ severity: 'error', message: `internal error while checking this file: ${detail}`, source: 'schema', pointer: '', code: 'internal', start: 0, end: Math.min(1, text.length) });
  }
  return finish(text, placed, value);
}

function finish(text: string, placed: Placed[], value: unknown): SystemCheckResult {
  let lineIndex: LineIndex | undefined;
  const seen = new Set<string>();
  const diagnostics: SystemDiagnostic[] = [];
  placed.sort((a, b) => a.start - b.start || a.end - b.end);
  for (const p of placed) {
    const start = Math.max(0, Math.min(p.start, text.length));
    const end = Math.max(start, Math.min(p.end, text.length));
    const dedupe = `${start}\u0000${end}\u0000${p.message}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    lineIndex ??= new LineIndex(text);
    const a = lineIndex.position(start);
    const b = lineIndex.position(end);
    diagnostics.push({ ...p, start, end, line: a.line, column: a.column, endLine: b.line, endColumn: b.column });
  }
  const hasErrors = diagnostics.some((d) => d.severity === 'error');
  const document = !hasErrors && typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as SystemDocument) : null;
  return { diagnostics, document, value };
}
