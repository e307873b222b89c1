// Builds the typed FormulaNode tree from the parser's CST, with exact spans (0-based, half-open).
// Parentheses make no node: `(1 + 2)` is the `+` node spanning `1 + 2`; a parent's span covers them.
import type { CstNode, IToken } from 'chevrotain';
import { RESERVED_SEGMENTS } from './builtins';
import { formulaParser } from './parser';
import { Plus, Slash, Star, UnterminatedString } from './tokens';
import type { BinaryOp, CompareOp, DiceCompare, DiceModifier, DiceSides, FormulaDiagnostic, FormulaNode, Span } from './types';


type Children = Record<string, (CstNode | IToken)[] | undefined>;

const NONE: readonly never[] = Object.freeze([]);

function tokens(ctx: Children, key: string): readonly IToken[] {
  return (ctx[key] ?? NONE) as readonly IToken[];
}
function nodes(ctx: Children, key: string): readonly CstNode[] {
  return (ctx[key] ?? NONE) as readonly CstNode[];
}
function firstToken(ctx: Children, key: string): IToken | undefined {
  return tokens(ctx, key)[0];
}
function firstNode(ctx: Children, key: string): CstNode | undefined {
  return nodes(ctx, key)[0];
}

function tokenSpan(token: IToken): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

/** Outer extent of a CST node, parentheses included. */
function nodeSpan(node: CstNode): Span {
  const location = node.location;
  if (location === undefined || Number.isNaN(location.startOffset)) return { start: 0, end: 0 };
  return { start: location.startOffset, end: (location.endOffset ?? location.startOffset) + 1 };
}

function spanOf(start: number, end: number): Span {
  return Object.freeze({ start, end });
}

const COMPARE_OPS: ReadonlySet<string> = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** Reads a modifier's image (`kh2`, `!>=5`, `r1`, `ro<3`, `cs>=6`); the lexer guarantees its shape. */
export function parseModifierImage(image: string): DiceModifier {
  const keep = /^([kd])([hl])(\d+)?$/.exec(image);
  if (keep !== null) {
    const which = keep[2] === 'h' ? 'high' : 'low';
    const count = keep[3] === undefined ? 1 : Number(keep[3]);
    return Object.freeze(keep[1] === 'k' ? { kind: 'keep', which, count } : { kind: 'drop', which, count });
  }
  const compare = /^(!|ro|r|cs)(==|!=|>=|<=|=|>|<)?(\d+(?:\.\d+)?)?$/.exec(image);
  if (compare === null) throw new Error(`internal: the lexer let through an unknown modifier '${image}'`);
  const prefix = compare[1]!;
  const op = compare[2] === undefined || compare[2] === '=' ? '==' : compare[2];
  const diceCompare: DiceCompare | null =
    compare[3] === undefined ? null : Object.freeze({ op: COMPARE_OPS.has(op) ? (op as CompareOp) : '==', value: Number(compare[3]) });
  if (prefix === '!') return Object.freeze({ kind: 'explode', compare: diceCompare });
  if (diceCompare === null) throw new Error(`internal: modifier '${image}' lacks its compare`);
  if (prefix === 'cs') return Object.freeze({ kind: 'successes', compare: diceCompare });
  return Object.freeze({ kind: 'reroll', once: prefix === 'ro', compare: diceCompare });
}

function unescapeString(body: string): string {
  return body.replace(/\\([^])/g, '$1');
}

const BaseVisitor = formulaParser.getBaseCstVisitorConstructor<void, FormulaNode>();

/** One instance, reset per input; collects problems only a built node can see (bad references, huge numbers). */
class AstBuilder extends BaseVisitor {
  diagnostics: FormulaDiagnostic[] = [];

  constructor() {
    super();
    this.validateVisitor();
  }

  private error(message: string, span: Span, code = 'syntax'): void {
    this.diagnostics.push({ severity: 'error', message, span, code });
  }

  formula(ctx: Children): FormulaNode {
    return this.visit(firstNode(ctx, 'expression')!);
  }

  expression(ctx: Children): FormulaNode {
    const binding = firstNode(ctx, 'letExpression');
    if (binding !== undefined) return this.visit(binding);
    const test = this.visit(firstNode(ctx, 'test')!);
    const then = firstNode(ctx, 'then');
    const otherwise = firstNode(ctx, 'otherwise');
    if (then === undefined || otherwise === undefined) return test;
    const testNode = firstNode(ctx, 'test')!;
    const span = spanOf(nodeSpan(testNode).start, nodeSpan(otherwise).end);
    return Object.freeze({ kind: 'conditional', test, then: this.visit(then), otherwise: this.visit(otherwise), span });
  }

  letExpression(ctx: Children): FormulaNode {
    const keyword = firstToken(ctx, 'Let')!;
    const name = firstToken(ctx, 'name')!;
    const bodyNode = firstNode(ctx, 'body')!;
    if (RESERVED_SEGMENTS.has(name.image)) this.error(`'${name.image}' cannot be a name`, tokenSpan(name), 'reserved');
    return Object.freeze({
      kind: 'let',
      name: name.image,
      nameSpan: tokenSpan(name),
      value: this.visit(firstNode(ctx, 'value')!),
      body: this.visit(bodyNode),
      span: spanOf(keyword.startOffset, nodeSpan(bodyNode).end),
    });
  }

  /** Left-associative chain: `a - b - c` is `(a - b) - c`. */
  private chain(ctx: Children, opOf: (token: IToken) => BinaryOp): FormulaNode {
    const operands = nodes(ctx, 'operands');
    const operators = tokens(ctx, 'operators');
    let result = this.visit(operands[0]!);
    const start = nodeSpan(operands[0]!).start;
    for (let i = 0; i < operators.length; i++) {
      const right = this.visit(operands[i + 1]!);
      const span = spanOf(start, nodeSpan(operands[i + 1]!).end);
      result = Object.freeze({ kind: 'binary', op: opOf(operators[i]!), left: result, right, span });
    }
    return result;
  }

  orExpression(ctx: Children): FormulaNode {
    return this.chain(ctx, () => 'or');
  }

  andExpression(ctx: Children): FormulaNode {
    return this.chain(ctx, () => 'and');
  }

  notExpression(ctx: Children): FormulaNode {
    const not = firstToken(ctx, 'Not');
    if (not === undefined) return this.visit(firstNode(ctx, 'comparison')!);
    const inner = firstNode(ctx, 'notExpression')!;
    const operand = this.visit(inner);
    return Object.freeze({ kind: 'unary', op: 'not', operand, span: spanOf(not.startOffset, nodeSpan(inner).end) });
  }

  comparison(ctx: Children): FormulaNode {
    return this.chain(ctx, (token) => token.image as CompareOp);
  }

  additive(ctx: Children): FormulaNode {
    return this.chain(ctx, (token) => (token.tokenType === Plus ? '+' : '-'));
  }

  multiplicative(ctx: Children): FormulaNode {
    return this.chain(ctx, (token) => (token.tokenType === Star ? '*' : token.tokenType === Slash ? '/' : '%'));
  }

  unary(ctx: Children): FormulaNode {
    const minus = firstToken(ctx, 'Minus');
    if (minus === undefined) return this.visit(firstNode(ctx, 'postfix')!);
    const inner = firstNode(ctx, 'unary')!;
    const operand = this.visit(inner);
    return Object.freeze({ kind: 'unary', op: '-', operand, span: spanOf(minus.startOffset, nodeSpan(inner).end) });
  }

  postfix(ctx: Children): FormulaNode {
    const atomNode = firstNode(ctx, 'atom')!;
    let result = this.visit(atomNode);
    const start = nodeSpan(atomNode).start;
    const closers = tokens(ctx, 'RBracket');
    tokens(ctx, 'tags').forEach((tagToken, i) => {
      const closer = closers[i];
      const end = closer === undefined ? tagToken.startOffset + tagToken.image.length : closer.startOffset + 1;
      if (RESERVED_SEGMENTS.has(tagToken.image)) this.error(`'${tagToken.image}' cannot be a tag name`, tokenSpan(tagToken), 'reserved');
      result = Object.freeze({ kind: 'tag', tag: tagToken.image, operand: result, span: spanOf(start, end) });
    });
    return result;
  }

  atom(ctx: Children): FormulaNode {
    const number = firstToken(ctx, 'NumberLiteral');
    const paren = firstNode(ctx, 'parenthesized');
    const suffix = firstNode(ctx, 'diceSuffix');
    if (suffix !== undefined) {
      const count = number !== undefined ? this.numberNode(number) : paren !== undefined ? this.visit(paren) : null;
      const start = number?.startOffset ?? (paren !== undefined ? nodeSpan(paren).start : nodeSpan(suffix).start);
      return this.dice(count, suffix, start);
    }
    if (number !== undefined) return this.numberNode(number);
    if (paren !== undefined) return this.visit(paren);
    const reference = firstToken(ctx, 'Reference');
    if (reference !== undefined) return this.reference(reference);
    const string = firstToken(ctx, 'StringLiteral');
    if (string !== undefined) return this.stringNode(string);
    const truth = firstToken(ctx, 'True') ?? firstToken(ctx, 'False');
    if (truth !== undefined) return Object.freeze({ kind: 'boolean', value: truth.image === 'true', span: spanOf(truth.startOffset, truth.startOffset + truth.image.length) });
    const call = firstNode(ctx, 'call');
    if (call !== undefined) return this.visit(call);
    throw new Error('internal: empty atom');
  }

  parenthesized(ctx: Children): FormulaNode {
    return this.visit(firstNode(ctx, 'expression')!);
  }

  diceSuffix(): FormulaNode {
    throw new Error('internal: diceSuffix is built by atom');
  }

  diceSides(): FormulaNode {
    throw new Error('internal: diceSides is built by atom');
  }

  private dice(count: FormulaNode | null, suffixNode: CstNode, start: number): FormulaNode {
    const suffix = suffixNode.children as Children;
    const sidesCtx = firstNode(suffix, 'diceSides')!.children as Children;
    let sides: DiceSides;
    const sidesNumber = firstToken(sidesCtx, 'NumberLiteral');
    const percent = firstToken(sidesCtx, 'Percent');
    const sidesParen = firstNode(sidesCtx, 'parenthesized');
    if (sidesNumber !== undefined) sides = Object.freeze({ kind: 'number', value: this.numberNode(sidesNumber) });
    else if (percent !== undefined) {
      sides = Object.freeze({ kind: 'number', value: Object.freeze({ kind: 'number', value: 100, span: tokenSpan(percent) }) });
    } else if (sidesParen !== undefined) sides = Object.freeze({ kind: 'number', value: this.visit(sidesParen) });
    else sides = Object.freeze({ kind: 'fate' });
    const modifiers = tokens(suffix, 'modifiers').map((token) => parseModifierImage(token.image));
    return Object.freeze({ kind: 'dice', count, sides, modifiers: Object.freeze(modifiers), span: spanOf(start, nodeSpan(suffixNode).end) });
  }

  call(ctx: Children): FormulaNode {
    const name = firstToken(ctx, 'Identifier')!;
    const args = nodes(ctx, 'args').map((arg) => this.visit(arg));
    const closer = firstToken(ctx, 'RParen')!;
    const span = spanOf(name.startOffset, closer.startOffset + 1);
    return Object.freeze({ kind: 'call', name: name.image, nameSpan: tokenSpan(name), args: Object.freeze(args), span });
  }

  private numberNode(token: IToken): FormulaNode {
    const value = Number(token.image);
    if (!Number.isFinite(value)) this.error(`the number ${token.image.slice(0, 20)}… is too large`, tokenSpan(token), 'limit');
    return Object.freeze({ kind: 'number', value, span: tokenSpan(token) });
  }

  private stringNode(token: IToken): FormulaNode {
    const span = tokenSpan(token);
    if (token.tokenType === UnterminatedString) {
      this.error("this string has no closing quote (')", span);
      const body = token.image.slice(1).replace(/\\$/, '');
      return Object.freeze({ kind: 'string', value: unescapeString(body), span });
    }
    return Object.freeze({ kind: 'string', value: unescapeString(token.image.slice(1, -1)), span });
  }

  private reference(token: IToken): FormulaNode {
    const span = tokenSpan(token);
    const path = token.image.slice(1).split('.');
    let offset = token.startOffset + 1;
    for (const segment of path) {
      if (segment === '') {
        const at: Span = { start: Math.max(token.startOffset, offset - 1), end: offset };
        if (offset === token.startOffset + 1) this.error("expected a name after '@', like '@str'", span);
        else this.error(`expected a name after '.' in '${token.image}'`, at);
      } else if (RESERVED_SEGMENTS.has(segment)) {
        this.error(`'${segment}' cannot be used in a reference`, { start: offset, end: offset + segment.length }, 'reserved');
      }
      offset += segment.length + 1;
    }
    return Object.freeze({ kind: 'ref', path: Object.freeze(path), span });
  }
}

const builder = new AstBuilder();

/** Builds the AST of an error-free CST. Diagnostics are problems the grammar cannot see (e.g. `@str.`). */
export function buildAst(cst: CstNode): { ast: FormulaNode; diagnostics: FormulaDiagnostic[] } {
  builder.diagnostics = [];
  const ast = builder.visit(cst);
  return { ast, diagnostics: builder.diagnostics };
}
