// The formula grammar: a chevrotain CstParser with no embedded actions (meaning lives in ast.ts).
// Precedence, low to high: `let … in` (its body reaches as far right as it can) < `?:` (right-assoc) < or < and < not < comparison (one, never chained) < + - < * / %
// < unary minus < dice, modifiers and tags < primary.
import { CstParser, EOF, type IOrAlt, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';
import {
  AdditiveOperator,
  allTokens,
  And,
  Colon,
  Comma,
  CompareOperator,
  DiceD,
  DiceModifier,
  False,
  FateSides,
  Equals,
  Identifier,
  In,
  LBracket,
  Let,
  LParen,
  Minus,
  MultiplicativeOperator,
  Not,
  NumberLiteral,
  Or,
  Percent,
  Question,
  RBracket,
  Reference,
  RParen,
  StringLiteral,
  True,
} from './tokens';

/** How a token reads in a message: `')'`, `'foo'`, "the end of the formula". */
export function describeToken(token: IToken | undefined): string {
  if (token === undefined || token.tokenType === EOF) return 'the end of the formula';
  const image = token.image.length > 30 ? `${token.image.slice(0, 30)}…` : token.image;
  return `'${image}'`;
}

function describeExpected(type: TokenType): string {
  if (type === EOF) return 'the end of the formula';
  return type.LABEL ?? type.name;
}

/** "a, b or c" without repeats. */
function listAlternatives(items: readonly string[]): string {
  const unique = [...new Set(items)];
  if (unique.length <= 1) return unique[0] ?? 'something else';
  return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

const VALUE_START = 'a number, a reference or \'(\'';
const DICE_SIDES_HINT = "expected the number of sides after 'd' (like 'd20', 'd%', 'dF' or 'd(@size)')";

function afterPrevious(previous: IToken | undefined): string {
  return previous === undefined || previous.tokenType === EOF || previous.image === '' ? '' : ` after ${describeToken(previous)}`;
}

/** Designer-language messages: what was expected, after what, and what was found instead. */
const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous }) {
    if (expected === LParen && previous?.tokenType === Identifier && previous.image === 'd') {
      return `${DICE_SIDES_HINT}, but found ${describeToken(actual)}`;
    }
    if (expected === LParen && previous?.tokenType === Identifier) {
      const name = previous.image.length > 30 ? `${previous.image.slice(0, 30)}…` : previous.image;
      return `'${name}' is not a value: write '@${name}' for a reference or '${name}(…)' to call a function`;
    }
    if (expected === RParen) return `expected ')' to close '('${afterPrevious(previous)}, but found ${describeToken(actual)}`;
    if (expected === RBracket) return `expected ']' to end the tag${afterPrevious(previous)}, but found ${describeToken(actual)}`;
    if (expected === Identifier && previous?.tokenType === Let) {
      return `expected a name after 'let', like 'let pool = 5d6 in count(@pool.faces, 6)', but found ${describeToken(actual)}`;
    }
    if (expected === Equals) return `expected '=' and the value of the name${afterPrevious(previous)}, like 'let pool = 5d6 in …', but found ${describeToken(actual)}`;
    if (expected === In) return `expected 'in' and the formula that reads the name${afterPrevious(previous)}, like 'let pool = 5d6 in @pool + 1', but found ${describeToken(actual)}`;
    if (expected === Colon) return `expected ':' and the other choice of 'c ? a : b'${afterPrevious(previous)}, but found ${describeToken(actual)}`;
    if (expected === Identifier && previous?.tokenType === LBracket) {
      return `expected a tag name after '[', like 'd12[Hope]', but found ${describeToken(actual)}`;
    }
    return `expected ${describeExpected(expected)}${afterPrevious(previous)}, but found ${describeToken(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    if (firstRedundant.tokenType === CompareOperator || firstRedundant.tokenType.CATEGORIES?.includes(CompareOperator)) {
      return `comparisons cannot be chained: write 'a < b and b < c' instead of ${describeToken(firstRedundant)} after a comparison`;
    }
    if (firstRedundant.tokenType === RParen) return `found ')' without a matching '('`;
    if (firstRedundant.tokenType === Equals) return `found '=' alone: use '==' to compare ('=' only follows the name of a 'let')`;
    if (firstRedundant.tokenType === Identifier && firstRedundant.image === 'd') return DICE_SIDES_HINT;
    if (firstRedundant.tokenType === Identifier && /^(?:[kd][hl]\d*|ro?|cs)$/.test(firstRedundant.image.replace(/\d+$/, ''))) {
      return (
        `expected an operator, but found ${describeToken(firstRedundant)}; a dice modifier goes right after the dice with no space, ` +
        "and a reroll or success count needs its number: 'd20kh1', 'd6r1', 'd6ro<3', '5d10cs>=8'"
      );
    }
    return `expected an operator or the end of the formula, but found ${describeToken(firstRedundant)}`;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, previous, ruleName }) {
    const found = describeToken(actual[0]);
    if (ruleName === 'atom' || ruleName === 'unary' || ruleName === 'notExpression' || ruleName === 'expression') {
      return `expected ${VALUE_START}${afterPrevious(previous)}, but found ${found}`;
    }
    if (ruleName === 'diceSides') {
      return `expected the number of sides after 'd' (like 'd20', 'd%', 'dF' or 'd(@size)'), but found ${found}`;
    }
    const expected = expectedPathsPerAlt.flatMap((paths) => paths.map((path) => (path[0] ? describeExpected(path[0]) : '')));
    return `expected ${listAlternatives(expected.filter((e) => e !== ''))}${afterPrevious(previous)}, but found ${found}`;
  },
  buildEarlyExitMessage({ actual, previous }) {
    return `expected ${VALUE_START}${afterPrevious(previous)}, but found ${describeToken(actual[0])}`;
  },
};

export class FormulaParser extends CstParser {
  // Alternatives are built once, not on every rule call (chevrotain's advice; it also keeps tsx's name helpers
  // off the hot path).
  private expressionAlternatives?: IOrAlt<unknown>[];
  private notAlternatives?: IOrAlt<unknown>[];
  private unaryAlternatives?: IOrAlt<unknown>[];
  private atomAlternatives?: IOrAlt<unknown>[];
  private sidesAlternatives?: IOrAlt<unknown>[];

  /** `recovery` off: stops at the first error, with a much shallower stack (the fallback for deep broken input). */
  constructor(recovery = true) {
    super(allTokens, { recoveryEnabled: recovery, nodeLocationTracking: 'onlyOffset', errorMessageProvider: messages });
    this.performSelfAnalysis();
  }

  public formula = this.RULE('formula', () => {
    this.SUBRULE(this.expression);
  });

  /** `let name = value in body` (the body reaches as far right as it can), or `test ? then : otherwise`, right-associative. */
  public expression = this.RULE('expression', () => {
    this.OR((this.expressionAlternatives ??= [
      { ALT: () => this.SUBRULE(this.letExpression) },
      {
        ALT: () => {
          this.SUBRULE(this.orExpression, { LABEL: 'test' });
          this.OPTION(() => {
            this.CONSUME(Question);
            this.SUBRULE(this.expression, { LABEL: 'then' });
            this.CONSUME(Colon);
            this.SUBRULE2(this.expression, { LABEL: 'otherwise' });
          });
        },
      },
    ]));
  });

  public letExpression = this.RULE('letExpression', () => {
    this.CONSUME(Let);
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Equals);
    this.SUBRULE(this.expression, { LABEL: 'value' });
    this.CONSUME(In);
    this.SUBRULE2(this.expression, { LABEL: 'body' });
  });

  public orExpression = this.RULE('orExpression', () => {
    this.SUBRULE(this.andExpression, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(Or, { LABEL: 'operators' });
      this.SUBRULE2(this.andExpression, { LABEL: 'operands' });
    });
  });

  public andExpression = this.RULE('andExpression', () => {
    this.SUBRULE(this.notExpression, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(And, { LABEL: 'operators' });
      this.SUBRULE2(this.notExpression, { LABEL: 'operands' });
    });
  });

  public notExpression = this.RULE('notExpression', () => {
    this.OR((this.notAlternatives ??= [
      {
        ALT: () => {
          this.CONSUME(Not);
          this.SUBRULE(this.notExpression);
        },
      },
      { ALT: () => this.SUBRULE(this.comparison) },
    ]));
  });

  /** At most one comparison: `a < b < c` is an error, not `(a < b) < c`. */
  public comparison = this.RULE('comparison', () => {
    this.SUBRULE(this.additive, { LABEL: 'operands' });
    this.OPTION(() => {
      this.CONSUME(CompareOperator, { LABEL: 'operators' });
      this.SUBRULE2(this.additive, { LABEL: 'operands' });
    });
  });

  public additive = this.RULE('additive', () => {
    this.SUBRULE(this.multiplicative, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(AdditiveOperator, { LABEL: 'operators' });
      this.SUBRULE2(this.multiplicative, { LABEL: 'operands' });
    });
  });

  public multiplicative = this.RULE('multiplicative', () => {
    this.SUBRULE(this.unary, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(MultiplicativeOperator, { LABEL: 'operators' });
      this.SUBRULE2(this.unary, { LABEL: 'operands' });
    });
  });

  public unary = this.RULE('unary', () => {
    this.OR((this.unaryAlternatives ??= [
      {
        ALT: () => {
          this.CONSUME(Minus);
          this.SUBRULE(this.unary);
        },
      },
      { ALT: () => this.SUBRULE(this.postfix) },
    ]));
  });

  /** A dice term or a primary, then any tags: `d12[Hope]`, `(2d6)[Damage]`. */
  public postfix = this.RULE('postfix', () => {
    this.SUBRULE(this.atom);
    this.MANY(() => {
      this.CONSUME(LBracket);
      this.CONSUME(Identifier, { LABEL: 'tags' });
      this.CONSUME(RBracket);
    });
  });

  /** A number or `( … )` may be the count of dice glued after it: `3d6`, `(@tier)d6`. */
  public atom = this.RULE('atom', () => {
    this.OR((this.atomAlternatives ??= [
      {
        ALT: () => {
          this.CONSUME(NumberLiteral);
          this.OPTION(() => this.SUBRULE(this.diceSuffix));
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.parenthesized);
          this.OPTION2(() => this.SUBRULE2(this.diceSuffix));
        },
      },
      { ALT: () => this.SUBRULE3(this.diceSuffix) },
      { ALT: () => this.CONSUME(Reference) },
      { ALT: () => this.CONSUME(StringLiteral) },
      { ALT: () => this.CONSUME(True) },
      { ALT: () => this.CONSUME(False) },
      { ALT: () => this.SUBRULE(this.call) },
    ]));
  });

  public parenthesized = this.RULE('parenthesized', () => {
    this.CONSUME(LParen);
    this.SUBRULE(this.expression);
    this.CONSUME(RParen);
  });

  /** `d20kh1`, `dF`, `d%`, `d(@size)!` — the part from `d` on. */
  public diceSuffix = this.RULE('diceSuffix', () => {
    this.CONSUME(DiceD);
    this.SUBRULE(this.diceSides);
    this.MANY(() => this.CONSUME(DiceModifier, { LABEL: 'modifiers' }));
  });

  public diceSides = this.RULE('diceSides', () => {
    this.OR((this.sidesAlternatives ??= [
      { ALT: () => this.CONSUME(NumberLiteral) },
      { ALT: () => this.CONSUME(Percent) },
      { ALT: () => this.CONSUME(FateSides) },
      { ALT: () => this.SUBRULE(this.parenthesized) },
    ]));
  });

  public call = this.RULE('call', () => {
    this.CONSUME(Identifier);
    this.CONSUME(LParen);
    this.OPTION(() => {
      this.SUBRULE(this.expression, { LABEL: 'args' });
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.expression, { LABEL: 'args' });
      });
    });
    this.CONSUME(RParen);
  });
}

/** One parser instance, reset per input (chevrotain's recommended use). */
export const formulaParser = new FormulaParser();
/**
 * Recovery re-syncs on top of the deepest rule frames, so a formula broken deep inside its nesting (64 unclosed
 * parentheses) can overflow the stack there; parseFormula then re-reads it with this one and reports the first error.
 */
let firstErrorParserInstance: FormulaParser | undefined;
/** Built on first use: it is rarely needed, and building a parser (chevrotain's self-analysis) costs start-up time. */
export function firstErrorParser(): FormulaParser {
  return (firstErrorParserInstance ??= new FormulaParser(false));
}
