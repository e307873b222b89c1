// Tokens and lexer of the formula language (spec §1).
//
// Dice are the only context-sensitive part, so three tokens use small custom matchers instead of regexes:
//  - `DiceD` is a `d` that starts a die: followed by a digit (`d20`), `%` (`d%`), `(` (`d(@might)`), or `F`
//    (`dF`) when what follows the `F` is not a longer name. `d` followed by any other letter is a name
//    (`double(3)`), and names like `d2x` are therefore impossible (they read as dice).
//  - `FateSides` is the `F` right after `DiceD`.
//  - `DiceModifier` (`kh2`, `dl`, `!`, `!>=5`, `r1`, `r<=2`, `ro<3`, `cs>=6`) only matches GLUED to the end of a
//    dice term: right after its sides (`20`, `%`, `F`, or the `)` closing `d(...)`) or after another modifier, with
//    no space between. So `>=` alone is always a comparison (`2d6 >= 7`, even `2d6>=7`), `2d6cs>=4` counts
//    successes, `d6!` explodes while `!x` elsewhere is `not`, and `d6!=3` is the comparison `d6 != 3`
//    (an explosion that only matches 3 is written `d6!3` or `d6!==3`).
//
// The modifier's details (kind, count, compare) are read from its image by the AST builder (`parseModifierImage`).
import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';

const IDENT_CHAR = /[A-Za-z0-9_]/;

function isIdentChar(ch: string | undefined): boolean {
  return ch !== undefined && IDENT_CHAR.test(ch);
}

/** One modifier at `offset`, sticky. Compare ops: `==`, `!=`, `>=`, `<=`, `>`, `<`, `=`, or a bare number (`==`). */
const MODIFIER_PATTERN = /(?:[kd][hl](\d+)?|!(?:(?:==|!=|>=|<=|>|<)?\d+(?:\.\d+)?)?|ro?(?:==|!=|>=|<=|=|>|<)?\d+(?:\.\d+)?|cs(?:==|!=|>=|<=|=|>|<)?\d+(?:\.\d+)?)/y;

/** Length of the modifier at `offset`, or 0. `!` followed by a lone `=` is `!=`, never an explosion. */
export function matchModifierAt(text: string, offset: number): number {
  const ch = text[offset];
  if (ch !== 'k' && ch !== 'd' && ch !== '!' && ch !== 'r' && ch !== 'c') return 0;
  if (ch === '!' && text[offset + 1] === '=' && text[offset + 2] !== '=') return 0;
  MODIFIER_PATTERN.lastIndex = offset;
  const match = MODIFIER_PATTERN.exec(text);
  if (match === null) return 0;
  const end = offset + match[0].length;
  // `kh1x` or `r1abc` are not modifiers: the letters after them would otherwise turn into a stray name.
  if (ch !== '!' && isIdentChar(text[end]) && !isModifierChainAt(text, end)) return 0;
  return match[0].length;
}

/** Whether `text` from `offset` holds one or more modifiers and then no further name characters. */
function isModifierChainAt(text: string, offset: number): boolean {
  let position = offset;
  for (;;) {
    const ch = text[position];
    if (ch !== 'k' && ch !== 'd' && ch !== '!' && ch !== 'r' && ch !== 'c') return !isIdentChar(ch);
    if (ch === '!' && text[position + 1] === '=' && text[position + 2] !== '=') return true;
    MODIFIER_PATTERN.lastIndex = position;
    const match = MODIFIER_PATTERN.exec(text);
    if (match === null) return !isIdentChar(ch);
    position += match[0].length;
  }
}

function endsAt(token: IToken | undefined, offset: number): token is IToken {
  return token !== undefined && token.startOffset + token.image.length === offset;
}

/** Whether the tokens so far end with a complete dice term that a modifier could be glued to. */
function diceTermEndsAt(tokens: IToken[], offset: number): boolean {
  const last = tokens[tokens.length - 1];
  if (!endsAt(last, offset)) return false;
  const type = last.tokenType;
  if (type === DiceModifier || type === FateSides) return true;
  if (type === NumberLiteral || type === Percent) return tokens[tokens.length - 2]?.tokenType === DiceD;
  if (type === RParen) {
    // Find the matching '(' and see whether a `d` opens it.
    let depth = 0;
    for (let i = tokens.length - 1; i >= 0; i--) {
      const t = tokens[i]!.tokenType;
      if (t === RParen) depth++;
      else if (t === LParen && --depth === 0) return tokens[i - 1]?.tokenType === DiceD;
    }
  }
  return false;
}

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED });

export const DiceModifier = createToken({
  name: 'DiceModifier',
  label: 'a dice modifier',
  pattern: (text: string, offset: number, tokens: IToken[]) => {
    if (!diceTermEndsAt(tokens, offset)) return null;
    const length = matchModifierAt(text, offset);
    return length === 0 ? null : [text.slice(offset, offset + length)];
  },
  start_chars_hint: ['k', 'd', '!', 'r', 'c'],
  line_breaks: false,
});

export const DiceD = createToken({
  name: 'DiceD',
  label: "'d'",
  pattern: (text: string, offset: number) => {
    if (text[offset] !== 'd') return null;
    const next = text[offset + 1];
    if (next === undefined) return null;
    if ((next >= '0' && next <= '9') || next === '%' || next === '(') return ['d'];
    if (next === 'F' && (!isIdentChar(text[offset + 2]) || isModifierChainAt(text, offset + 2))) return ['d'];
    return null;
  },
  start_chars_hint: ['d'],
  line_breaks: false,
});

export const FateSides = createToken({
  name: 'FateSides',
  label: "'F'",
  pattern: (text: string, offset: number, tokens: IToken[]) => {
    if (text[offset] !== 'F') return null;
    const last = tokens[tokens.length - 1];
    return endsAt(last, offset) && last.tokenType === DiceD ? ['F'] : null;
  },
  start_chars_hint: ['F'],
  line_breaks: false,
});

export const NumberLiteral = createToken({ name: 'NumberLiteral', label: 'a number', pattern: /\d+(?:\.\d+)?/ });

/** `@str.mod`: lexed loosely (empty segments allowed) so the AST builder can say exactly what is wrong. */
export const Reference = createToken({
  name: 'Reference',
  label: 'a reference',
  pattern: /@[A-Za-z0-9_]*(?:\.[A-Za-z0-9_]*)*/,
});

export const StringLiteral = createToken({
  name: 'StringLiteral',
  label: 'a string',
  pattern: /'(?:[^'\\]|\\[^])*'/,
  line_breaks: true,
});
/** A string missing its closing quote: reported by parseFormula, parsed as a string so the rest still checks. */
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  label: 'a string',
  pattern: /'(?:[^'\\]|\\[^])*\\?/,
  categories: [StringLiteral],
  line_breaks: true,
});

export const Identifier = createToken({ name: 'Identifier', label: 'a name', pattern: /[A-Za-z_][A-Za-z0-9_]*/ });
export const True = createToken({ name: 'True', label: "'true'", pattern: /true/, longer_alt: Identifier });
export const False = createToken({ name: 'False', label: "'false'", pattern: /false/, longer_alt: Identifier });
export const And = createToken({ name: 'And', label: "'and'", pattern: /and|&&/, longer_alt: Identifier });
export const Or = createToken({ name: 'Or', label: "'or'", pattern: /or|\|\|/, longer_alt: Identifier });
export const Not = createToken({ name: 'Not', label: "'not'", pattern: /not/, longer_alt: Identifier });
/** `let x = 3d6 in @x + @x`: a local name, read as `@x` (and `@x.faces`) in the part after `in`. */
export const Let = createToken({ name: 'Let', label: "'let'", pattern: /let/, longer_alt: Identifier });
export const In = createToken({ name: 'In', label: "'in'", pattern: /in/, longer_alt: Identifier });
/** `!` as logical not: a separate token type in the Not category so the printer can keep designers' words. */
export const Bang = createToken({ name: 'Bang', label: "'!'", pattern: /!/, categories: [Not] });

export const CompareOperator = createToken({ name: 'CompareOperator', label: 'a comparison', pattern: Lexer.NA });
export const EqualEqual = createToken({ name: 'EqualEqual', label: "'=='", pattern: /==/, categories: [CompareOperator] });
export const NotEqual = createToken({ name: 'NotEqual', label: "'!='", pattern: /!=/, categories: [CompareOperator] });
export const LessEqual = createToken({ name: 'LessEqual', label: "'<='", pattern: /<=/, categories: [CompareOperator] });
export const GreaterEqual = createToken({ name: 'GreaterEqual', label: "'>='", pattern: />=/, categories: [CompareOperator] });
export const Less = createToken({ name: 'Less', label: "'<'", pattern: /</, categories: [CompareOperator] });
export const Greater = createToken({ name: 'Greater', label: "'>'", pattern: />/, categories: [CompareOperator] });
/** The `=` of `let x = …` (after every operator that starts with `=`). */
export const Equals = createToken({ name: 'Equals', label: "'='", pattern: /=/ });

export const AdditiveOperator = createToken({ name: 'AdditiveOperator', label: "'+' or '-'", pattern: Lexer.NA });
export const Plus = createToken({ name: 'Plus', label: "'+'", pattern: /\+/, categories: [AdditiveOperator] });
export const Minus = createToken({ name: 'Minus', label: "'-'", pattern: /-/, categories: [AdditiveOperator] });

export const MultiplicativeOperator = createToken({ name: 'MultiplicativeOperator', label: "'*', '/' or '%'", pattern: Lexer.NA });
export const Star = createToken({ name: 'Star', label: "'*'", pattern: /\*/, categories: [MultiplicativeOperator] });
export const Slash = createToken({ name: 'Slash', label: "'/'", pattern: /\//, categories: [MultiplicativeOperator] });
export const Percent = createToken({ name: 'Percent', label: "'%'", pattern: /%/, categories: [MultiplicativeOperator] });

export const LParen = createToken({ name: 'LParen', label: "'('", pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', label: "')'", pattern: /\)/ });
export const LBracket = createToken({ name: 'LBracket', label: "'['", pattern: /\[/ });
export const RBracket = createToken({ name: 'RBracket', label: "']'", pattern: /]/ });
export const Comma = createToken({ name: 'Comma', label: "','", pattern: /,/ });
export const Question = createToken({ name: 'Question', label: "'?'", pattern: /\?/ });
export const Colon = createToken({ name: 'Colon', label: "':'", pattern: /:/ });

/** Order matters: context-sensitive dice tokens first, then longer operators before their prefixes. */
export const allTokens: TokenType[] = [
  WhiteSpace,
  DiceModifier,
  DiceD,
  FateSides,
  NumberLiteral,
  Reference,
  StringLiteral,
  UnterminatedString,
  True,
  False,
  And,
  Or,
  Not,
  Let,
  In,
  Identifier,
  CompareOperator,
  EqualEqual,
  NotEqual,
  LessEqual,
  GreaterEqual,
  Less,
  Greater,
  Equals,
  Bang,
  AdditiveOperator,
  Plus,
  Minus,
  MultiplicativeOperator,
  Star,
  Slash,
  Percent,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Question,
  Colon,
];

export const formulaLexer = new Lexer(allTokens, {
  // 'full' because only it gives tokens an endOffset, which the parser's node locations need.
  positionTracking: 'full',
  ensureOptimizations: false,
  skipValidations: false,
});
