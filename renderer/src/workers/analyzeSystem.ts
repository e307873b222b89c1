// What the editor learns from one version of a system's text: diagnostics, formula tokens and definitions.
// Runs inside the check worker; pure TypeScript so the unit tests run it directly.
import { formulaLexer } from '../../../engine/formula/tokens';
import { checkSystem } from '../../../engine/schema/check';
import { parseJson, stringOffsetMapper, type JsonDocument } from '../../../engine/schema/json';
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
    const node = json.nodes.get(field.pointer);
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
