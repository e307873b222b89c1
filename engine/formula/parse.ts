// The public entry of the front end: text → tokens → CST → AST, in three visible phases.
// Never throws. Limits (length, nesting depth) are checked before the recursive parser can overflow the stack.
import type { ILexingError, IRecognitionException, IToken, TokenType } from 'chevrotain';
import { buildAst } from './ast';
import { describeToken, firstErrorParser, formulaParser, type FormulaParser } from './parser';
import {
  Bang,
  Comma,
  DiceD,
  DiceModifier,
  False,
  FateSides,
  formulaLexer,
  Identifier,
  Let,
  LParen,
  Minus,
  Not,
  NumberLiteral,
  Percent,
  Question,
  RBracket,
  Reference,
  RParen,
  StringLiteral,
  True,
  UnterminatedString,
} from './tokens';
import { LIMITS, type FormulaDiagnostic, type FormulaNode, type Span } from './types';

export interface ParseResult {
  /** The tree, or null when there is any error (diagnostics say why). */
  readonly ast: FormulaNode | null;
  readonly diagnostics: readonly FormulaDiagnostic[];
}

function error(message: string, span: Span, code = 'syntax'): FormulaDiagnostic {
  return Object.freeze({ severity: 'error', message, span: Object.freeze(span), code });
}

const CHARACTER_HINTS: Record<string, string> = {
  '=': "use '==' to compare",
  '&': "use 'and' (or '&&')",
  '|': "use 'or' (or '||')",
  '"': "strings use single quotes: 'fire'",
  '.': "numbers need a digit before the point: '0.5'",
};

function lexingDiagnostic(text: string, lexError: ILexingError): FormulaDiagnostic {
  const span = { start: lexError.offset, end: lexError.offset + Math.max(1, lexError.length) };
  const first = text[lexError.offset] ?? '';
  const hint = Object.hasOwn(CHARACTER_HINTS, first) ? `; ${CHARACTER_HINTS[first]}` : '';
  const shown = text.slice(span.start, Math.min(span.end, span.start + 20));
  return error(`unexpected character${span.end - span.start > 1 ? 's' : ''} '${shown}'${hint}`, span);
}

function tokenEnd(token: IToken): number {
  return token.startOffset + token.image.length;
}

function endsOperand(token: IToken, previous: IToken | undefined): boolean {
  const type = token.tokenType;
  return (
    type === NumberLiteral ||
    type === Reference ||
    type === StringLiteral ||
    type === UnterminatedString ||
    type === True ||
    type === False ||
    type === RParen ||
    type === RBracket ||
    type === FateSides ||
    type === DiceModifier ||
    (type === Percent && previous?.tokenType === DiceD)
  );
}

/**
 * Iterative nesting scan: parentheses, conditionals (`?` nests its branches) and runs of prefix operators
 * (`- - x`, `not not x`) each cost one level, since each is one more turn of the recursive parser.
 * Returns the first token past the limit, if any.
 */
export function findTooDeep(tokens: readonly IToken[], limit: number = LIMITS.maxDepth): IToken | undefined {
  const frames: { conditionals: number; prefixes: number }[] = [{ conditionals: 0, prefixes: 0 }];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const type = token.tokenType;
    const frame = frames[frames.length - 1]!;
    const previous = tokens[i - 1];
    if (type === LParen) {
      frames.push({ conditionals: 0, prefixes: 0 });
      depth += 1;
    } else if (type === RParen) {
      if (frames.length > 1) {
        frames.pop();
        depth -= 1 + frame.conditionals + frame.prefixes;
      }
      const outer = frames[frames.length - 1]!;
      depth -= outer.prefixes;
      outer.prefixes = 0;
    } else if (type === Question || type === Let) {
      frame.conditionals += 1;
      depth += 1;
    } else if (type === Comma) {
      depth -= frame.conditionals + frame.prefixes;
      frame.conditionals = 0;
      frame.prefixes = 0;
    } else if (type === Not || type === Bang || (type === Minus && (previous === undefined || !endsOperand(previous, tokens[i - 2])))) {
      frame.prefixes += 1;
      depth += 1;
    } else if (endsOperand(token, previous)) {
      depth -= frame.prefixes;
      frame.prefixes = 0;
    }
    if (depth > limit) return token;
  }
  return undefined;
}

function exceptionSpan(text: string, exception: IRecognitionException): Span {
  // A name can only be followed by '(': a mismatch right after one is about the name itself ("'x' is not a value").
  const previous = (exception as IRecognitionException & { previousToken?: IToken }).previousToken;
  if (exception.name === 'MismatchedTokenException' && previous?.tokenType === Identifier && exception.token.tokenType !== LParen && !Number.isNaN(previous.startOffset)) {
    return { start: previous.startOffset, end: tokenEnd(previous) };
  }
  const token = exception.token;
  if (token === undefined || Number.isNaN(token.startOffset) || token.image === '') return { start: text.length, end: text.length };
  return { start: token.startOffset, end: tokenEnd(token) };
}

/**
 * A name glued to the end of a dice term (`d100e(3)`, `d6x`): the name was meant whole but reads as dice and a name.
 * Said beside the syntax error, so a function or reference named like dice is not a puzzle.
 */
const DICE_TAIL: ReadonlySet<TokenType> = new Set([NumberLiteral, Percent, FateSides, DiceModifier]);

function gluedToDice(text: string, tokens: readonly IToken[], token: IToken | undefined): string {
  if (token?.tokenType !== Identifier) return '';
  const at = tokens.indexOf(token);
  const glued = (i: number): boolean => i > 0 && tokenEnd(tokens[i - 1]!) === tokens[i]!.startOffset;
  let start = at;
  while (glued(start) && DICE_TAIL.has(tokens[start - 1]!.tokenType)) start--;
  if (start === at || !glued(start) || tokens[start - 1]!.tokenType !== DiceD) return '';
  start--;
  const die = text.slice(tokens[start]!.startOffset, token.startOffset);
  return `; \`${die}${token.image}\` reads as the die \`${die}\` and then the name \`${token.image}\`: a name cannot start with \`d\` and a digit, \`%\`, \`(\` or \`F\``;
}

function parseUncached(text: string): ParseResult {
  if (text.length > LIMITS.maxLength) {
    return {
      ast: null,
      diagnostics: [
        error(
          `this formula is ${text.length.toLocaleString('en-US')} characters long; the limit is ${LIMITS.maxLength.toLocaleString('en-US')}`,
          { start: LIMITS.maxLength, end: text.length },
          'limit',
        ),
      ],
    };
  }
  // Phase 1: tokens.
  const lexed = formulaLexer.tokenize(text);
  const diagnostics: FormulaDiagnostic[] = lexed.errors.map((e) => lexingDiagnostic(text, e));
  if (lexed.tokens.length === 0) {
    if (diagnostics.length > 0) return { ast: null, diagnostics };
    return { ast: null, diagnostics: [error('the formula is empty; expected a number, a reference or dice', { start: 0, end: text.length })] };
  }
  const tooDeep = findTooDeep(lexed.tokens);
  if (tooDeep !== undefined) {
    diagnostics.push(
      error(
        `this formula nests deeper than ${LIMITS.maxDepth} levels here (parentheses, '? :' choices and prefix '-' or 'not' each count); split it into simpler parts`,
        { start: tooDeep.startOffset, end: tokenEnd(tooDeep) },
        'limit',
      ),
    );
    return { ast: null, diagnostics };
  }
  // Phase 2: concrete syntax tree (with recovery, so several errors are reported at once).
  let parser = formulaParser;
  parser.input = lexed.tokens;
  let cst: ReturnType<FormulaParser['formula']>;
  try {
    cst = parser.formula();
  } catch (thrown) {
    if (!(thrown instanceof RangeError)) throw thrown;
    parser = firstErrorParser();
    parser.input = lexed.tokens;
    cst = parser.formula();
  }
  const seen = new Set<string>();
  for (const exception of parser.errors) {
    const span = exceptionSpan(text, exception);
    const key = `${span.start}:${exception.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(error(exception.message + gluedToDice(text, lexed.tokens, exception.token), span));
  }
  if (diagnostics.length > 0) return { ast: null, diagnostics };
  // Phase 3: abstract syntax tree.
  const built = buildAst(cst);
  if (built.diagnostics.length > 0) return { ast: null, diagnostics: built.diagnostics };
  return { ast: built.ast, diagnostics: [] };
}

const CACHE_SIZE = 2_000;
/** Same text, same (immutable) result: documents are re-checked on every keystroke. Map order is the LRU order. */
const cache = new Map<string, ParseResult>();

/** Parses one formula. Never throws; the result is shared between callers, so it is frozen. */
export function parseFormula(text: string): ParseResult {
  const cached = cache.get(text);
  if (cached !== undefined) {
    cache.delete(text);
    cache.set(text, cached);
    return cached;
  }
  let result: ParseResult;
  try {
    result = parseUncached(text);
  } catch (thrown) {
    if (thrown instanceof RangeError) {
      // Even the first-error parser ran out of stack (a cold JIT has bigger frames): still the designer's limit.
      result = { ast: null, diagnostics: [error(`this formula nests too deeply to read; keep it under ${LIMITS.maxDepth} levels`, { start: 0, end: text.length }, 'limit')] };
    } else {
      // A bug of ours, never the designer's: still a diagnostic, never an exception out of the editor's hot path.
      const detail = thrown instanceof Error ? thrown.message : String(thrown);
      result = { ast: null, diagnostics: [error(`internal error while reading this formula: ${detail}`, { start: 0, end: text.length }, 'internal')] };
    }
  }
  const frozen: ParseResult = Object.freeze({ ast: result.ast, diagnostics: Object.freeze(result.diagnostics.slice()) });
  cache.set(text, frozen);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return frozen;
}

/** For tests and benchmarks that must measure the uncached path. */
export function clearParseCache(): void {
  cache.clear();
}

export { describeToken };
