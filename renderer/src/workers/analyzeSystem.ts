// What the editor learns from one version of a system's text: diagnostics, formula tokens and definitions.
// Runs inside the check worker; pure TypeScript so the unit tests run it directly.
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { lineColumnOf } from '../editor/jsonLocations';
import { collectDefinitions } from './definitions';
import type { Definition, EditorDiagnostic, FormulaToken } from './protocol';

export interface AnalyzedSystem {
  readonly diagnostics: EditorDiagnostic[];
  readonly tokens: FormulaToken[];
  readonly definitions: Definition[];
  readonly formulaPointers: string[];
  readonly valid: boolean;
}

const PARSE_MESSAGES: Readonly<Record<string, string>> = {
  InvalidSymbol: 'Invalid symbol',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Expected a property name in double quotes',
  ValueExpected: 'Expected a value',
  ColonExpected: "Expected ':'",
  CommaExpected: "Expected ','",
  CloseBraceExpected: "Expected '}'",
  CloseBracketExpected: "Expected ']'",
  EndOfFileExpected: 'Expected the end of the file',
  InvalidCommentToken: 'Comments are not allowed in a system file',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unterminated number',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character',
  InvalidCharacter: 'Invalid character in a string',
};

export function jsonSyntaxDiagnostics(text: string, errors: readonly ParseError[]): EditorDiagnostic[] {
  return errors.map((error) => {
    const start = lineColumnOf(text, error.offset);
    const end = lineColumnOf(text, error.offset + Math.max(1, error.length));
    const code = printParseErrorCode(error.error);
    return {
      severity: 'error',
      message: PARSE_MESSAGES[code] ?? code,
      source: 'json',
      pointer: '',
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
    };
  });
}

export function analyzeSystem(text: string): AnalyzedSystem {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const diagnostics = jsonSyntaxDiagnostics(text, errors);
  return {
    diagnostics,
    tokens: [],
    definitions: collectDefinitions(root),
    formulaPointers: [],
    valid: !diagnostics.some((d) => d.severity === 'error'),
  };
}
