// What the editor learns from one version of a system's text: diagnostics, formula tokens and definitions.
// Runs inside the check worker; pure TypeScript so the unit tests run it directly.
import { formulaLexer } from '../formula/tokens';
import { checkSystem, documentSymbols } from '../schema/check';
import { LineIndex, parseJson, stringOffsetMapper, type JsonDocument } from '../schema/json';
import { parseFormula } from '../formula/parse';
import { checkFormula } from '../formula/check';
import type { FormulaDiagnostic } from '../formula/types';
import { collectFormulaFields, type FormulaField } from '../schema/walk';
import { collectDefinitions } from './definitions';
import type { Definition, EditorDiagnostic, FormulaToken, FormulaTokenKind } from './types';

export interface AnalyzedSystem {
  readonly diagnostics: EditorDiagnostic[];
  readonly tokens: FormulaToken[];
  readonly definitions: Definition[];
  readonly formulaPointers: string[];
  readonly formulas: readonly FormulaField[];
  readonly json: JsonDocument;
  readonly document: unknown;
  readonly valid: boolean;
}

const TOKEN_KINDS: Readonly<Record<string, FormulaTokenKind>> = {
  NumberLiteral: 'number',
  DiceD: 'dice',
  DiceModifier: 'dice',
  FateSides: 'dice',
  Reference: 'ref',
  StringLiteral: 'string',
  UnterminatedString: 'string',
  True: 'keyword',
  False: 'keyword',
  And: 'keyword',
  Or: 'keyword',
  Not: 'keyword',
  Let: 'keyword',
  In: 'keyword',
  Equals: 'operator',
  Bang: 'operator',
  EqualEqual: 'operator',
  NotEqual: 'operator',
  LessEqual: 'operator',
  GreaterEqual: 'operator',
  Less: 'operator',
  Greater: 'operator',
  Plus: 'operator',
  Minus: 'operator',
  Star: 'operator',
  Slash: 'operator',
  Percent: 'operator',
  Question: 'operator',
  Colon: 'operator',
};

/** Token kinds of one formula, in offsets of its decoded text. */
export function formulaTokens(formula: string): { start: number; end: number; kind: FormulaTokenKind }[] {
  const lexed = formulaLexer.tokenize(formula);
  const out: { start: number; end: number; kind: FormulaTokenKind }[] = [];
  const tokens = lexed.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const name = token.tokenType.name;
    let kind = TOKEN_KINDS[name];
    if (name === 'Identifier') {
      const previous = tokens[i - 1]?.tokenType.name;
      // The name a `let` binds reads as a reference (`@name`) after its `in`.
      kind = previous === 'LBracket' ? 'tag' : previous === 'Let' ? 'ref' : 'function';
    }
    if (!kind) continue;
    out.push({ start: token.startOffset, end: token.startOffset + token.image.length, kind });
  }
  return out;
}

export function analyzeSystem(text: string): AnalyzedSystem {
  // The engine's own checker: JSON, schema, meaning and every formula in its context, with exact ranges.
  const checked = checkSystem(text);
  const diagnostics: EditorDiagnostic[] = checked.diagnostics.map((d) => ({
    severity: d.severity,
    message: d.message,
    source: d.source,
    pointer: d.pointer,
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
  }));
  // Colouring and formula places come from the same JSON tree the checker reads (cheap next to the check).
  const json = parseJson(text);
  const document = checked.value ?? null;
  const formulas = document !== null && typeof document === 'object' ? collectFormulaFields(document) : [];
  const tokens: FormulaToken[] = [];
  for (const field of formulas) {
    const node = json.find(field.pointer).node;
    if (!node || node.type !== 'string') continue;
    const map = stringOffsetMapper(text, node);
    for (const token of formulaTokens(field.text)) tokens.push({ start: map(token.start), end: map(token.end), kind: token.kind });
  }
  return {
    diagnostics,
    tokens,
    definitions: collectDefinitions(document),
    formulaPointers: formulas.map((f) => f.pointer),
    formulas,
    json,
    document,
    valid: checked.document !== null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Typing inside one formula: the fast path. While every edit since the last full check stays inside one formula
// string (the common case: writing a formula), only that formula is checked again, against the symbols of the last
// full check; every other diagnostic and token keeps its place, shifted by the edit. A full check follows when the
// typing pauses (the state layer asks for it), so the fast answer is never the last word.

/** Formula fields whose text changes the document's symbols or meaning checks: always a full check. */
const SYMBOL_FIELDS = [/^\/derived\//, /^\/functions\//, /\/reads\//, /^\/checks\/[^/]+\/roll$/, /^\/combat\/consequences\/roll$/, /^\/heroes\/\d+\/derived\//];

interface Base {
  readonly text: string;
  readonly analysis: AnalyzedSystem;
  /** Full check diagnostics with offsets. */
  readonly placed: readonly { readonly d: EditorDiagnostic; readonly start: number; readonly end: number }[];
  readonly strings: ReadonlyMap<string, { readonly offset: number; readonly length: number }>;
}

export class SystemChecker {
  #base: Base | null = null;
  #lastRange: { start: number; end: number } | null = null;

  /** `full: false` allows the fast path; the answer says which path ran. */
  check(text: string, full: boolean): { analysis: AnalyzedSystem; fast: boolean; tokenRange: { start: number; end: number } | null } {
    if (!full && this.#base) {
      const fast = this.#fast(this.#base, text);
      if (fast) return { analysis: fast.analysis, fast: true, tokenRange: fast.tokenRange };
    }
    const analysis = analyzeSystem(text);
    const lines = new LineIndex(text);
    const placed = analysis.diagnostics.map((d) => ({ d, start: lines.lineStart(d.line) + d.column - 1, end: lines.lineStart(d.endLine) + d.endColumn - 1 }));
    const strings = new Map<string, { offset: number; length: number }>();
    for (const field of analysis.formulas) {
      const node = analysis.json.find(field.pointer).node;
      if (node?.type === 'string') strings.set(field.pointer, { offset: node.offset, length: node.length });
    }
    this.#base = analysis.document != null ? { text, analysis, placed, strings } : null;
    this.#lastRange = null;
    return { analysis, fast: false, tokenRange: null };
  }

  #fast(base: Base, text: string): { analysis: AnalyzedSystem; tokenRange: { start: number; end: number } } | null {
    const old = base.text;
    if (text === old) {
      // Typed and taken back: the base holds; refresh the last edited formula's colours.
      const range = this.#lastRange ?? { start: 0, end: 0 };
      return { analysis: base.analysis, tokenRange: range };
    }
    const max = Math.min(old.length, text.length);
    let prefix = 0;
    while (prefix < max && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
    let suffix = 0;
    while (suffix < max - prefix && old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
    const editStart = prefix;
    const editEndOld = old.length - suffix;
    const delta = text.length - old.length;
    let pointer: string | null = null;
    let literal: { offset: number; length: number } | null = null;
    for (const [p, node] of base.strings) {
      if (node.offset + 1 <= editStart && editEndOld <= node.offset + node.length - 1) {
        pointer = p;
        literal = node;
        break;
      }
    }
    if (!pointer || !literal || SYMBOL_FIELDS.some((re) => re.test(pointer!))) return null;
    const field = base.analysis.formulas.find((f) => f.pointer === pointer);
    if (!field) return null;
    const innerStart = literal.offset + 1;
    const innerEnd = literal.offset + literal.length - 1 + delta;
    const formula = text.slice(innerStart, innerEnd);
    // The literal must stay one plain string: no quote, escape or line break typed into it, none there before.
    if (/["\\\n\r]/.test(formula) || old.slice(literal.offset + 1, literal.offset + literal.length - 1).includes('\\')) return null;
    const literalEndOld = literal.offset + literal.length;
    const shift = (offset: number): number => (offset >= literalEndOld ? offset + delta : offset);
    const lines = new LineIndex(text);
    const diagnostics: EditorDiagnostic[] = [];
    const place = (d: EditorDiagnostic, start: number, end: number): void => {
      const a = lines.position(start);
      const b = lines.position(Math.max(end, start + 1));
      diagnostics.push({ ...d, line: a.line, column: a.column, endLine: b.line, endColumn: b.column });
    };
    for (const { d, start, end } of base.placed) {
      if (d.pointer === pointer && d.source === 'formula') continue;
      place(d, shift(start), shift(end));
    }
    for (const d of checkFieldFormula({ ...field, text: formula }, base.analysis.document)) {
      place({ severity: d.severity, message: d.message, source: 'formula', pointer, line: 0, column: 0, endLine: 0, endColumn: 0 }, innerStart + d.span.start, innerStart + d.span.end);
    }
    diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    const tokens: FormulaToken[] = [];
    for (const t of base.analysis.tokens) {
      if (t.start >= literal.offset && t.end <= literalEndOld) continue;
      tokens.push(t.start >= literalEndOld ? { start: t.start + delta, end: t.end + delta, kind: t.kind } : t);
    }
    const edited: FormulaToken[] = formulaTokens(formula).map((t) => ({ start: innerStart + t.start, end: innerStart + t.end, kind: t.kind }));
    tokens.push(...edited);
    // In base coordinates when the text returns to the base (the literal's own length then is the base's).
    this.#lastRange = { start: literal.offset, end: literal.offset + literal.length };
    return {
      analysis: { ...base.analysis, diagnostics, tokens, valid: !diagnostics.some((d) => d.severity === 'error') },
      tokenRange: { start: literal.offset, end: innerEnd + 1 },
    };
  }
}

/** One formula field checked in its context, with the symbols of `document` (what checkSystem does per field). */
function checkFieldFormula(field: FormulaField, document: unknown): readonly FormulaDiagnostic[] {
  const table = documentSymbols(document).tableFor(field.context, field.pointer);
  const parsed = parseFormula(field.text);
  if (!parsed.ast) return parsed.diagnostics;
  return checkFormula(parsed.ast, table, field.expected ? { expect: field.expected } : {}).diagnostics;
}
