// What the editor learns from one version of a system's text: diagnostics, formula tokens and definitions.
// Runs inside the check worker; pure TypeScript so the unit tests run it directly.
import { formulaLexer } from '../../../engine/formula/tokens';
import { parseFormula } from '../../../engine/formula/parse';
import { LineIndex, parseJson, stringOffsetMapper, type JsonDocument } from '../../../engine/schema/json';
import { collectFormulaFields, type FormulaField } from '../../../engine/schema/walk';
import { collectDefinitions } from './definitions';
import type { Definition, EditorDiagnostic, FormulaToken, FormulaTokenKind } from './protocol';

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
      kind = previous === 'LBracket' ? 'tag' : 'function';
    }
    if (!kind) continue;
    out.push({ start: token.startOffset, end: token.startOffset + token.image.length, kind });
  }
  return out;
}

export function analyzeSystem(text: string): AnalyzedSystem {
  const json = parseJson(text);
  const lines = new LineIndex(text);
  const diagnostics: EditorDiagnostic[] = [];
  const at = (start: number, end: number) => {
    const a = lines.position(start);
    const b = lines.position(Math.max(end, start + 1));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  };
  for (const problem of json.problems) {
    diagnostics.push({ severity: 'error', message: problem.message, source: 'json', pointer: '', ...at(problem.range.start, problem.range.end) });
  }
  let document: unknown = null;
  try {
    document = json.problems.length === 0 ? JSON.parse(text) : null;
  } catch {
    document = null;
  }
  const formulas = document !== null ? collectFormulaFields(document) : [];
  const tokens: FormulaToken[] = [];
  for (const field of formulas) {
    const node = json.nodes.get(field.pointer);
    if (!node || node.type !== 'string') continue;
    const map = stringOffsetMapper(text, node);
    for (const token of formulaTokens(field.text)) tokens.push({ start: map(token.start), end: map(token.end), kind: token.kind });
    const parsed = parseFormula(field.text);
    for (const d of parsed.diagnostics) {
      diagnostics.push({ severity: d.severity, message: d.message, source: 'formula', pointer: field.pointer, ...at(map(d.span.start), map(d.span.end)) });
    }
  }
  return {
    diagnostics,
    tokens,
    definitions: collectDefinitions(json.root ?? undefined),
    formulaPointers: formulas.map((f) => f.pointer),
    formulas,
    json,
    document,
    valid: !diagnostics.some((d) => d.severity === 'error'),
  };
}
