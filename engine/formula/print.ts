// Prints an AST back to formula text with the fewest parentheses that keep its meaning:
// parseFormula(printFormula(ast)) equals ast, spans aside. Numbers never print in exponent form.
import type { DiceCompare, DiceModifier, FormulaNode } from './types';

/** Binding strength, loosest first; mirrors the grammar in parser.ts. */
const Level = {
  Conditional: 0,
  Or: 1,
  And: 2,
  Not: 3,
  Comparison: 4,
  Additive: 5,
  Multiplicative: 6,
  Unary: 7,
  Postfix: 8,
  Atom: 9,
} as const;
type Level = (typeof Level)[keyof typeof Level];

function levelOf(node: FormulaNode): Level {
  switch (node.kind) {
    case 'let':
    case 'conditional':
      return Level.Conditional;
    case 'binary':
      switch (node.op) {
        case 'or':
          return Level.Or;
        case 'and':
          return Level.And;
        case '+':
        case '-':
          return Level.Additive;
        case '*':
        case '/':
        case '%':
          return Level.Multiplicative;
        default:
          return Level.Comparison;
      }
    case 'unary':
      return node.op === 'not' ? Level.Not : Level.Unary;
    case 'tag':
      return Level.Postfix;
    default:
      return Level.Atom;
  }
}

/** Plain decimal digits (the lexer reads no exponents); exact enough that reading it back gives the same double. */
export function printNumber(value: number): string {
  const plain = String(value);
  if (!/e/i.test(plain)) return plain;
  if (Number.isInteger(value)) return BigInt(value).toString();
  // Shift the point of the shortest form by hand: 1.5e-7 → 0.00000015.
  const match = /^(-?)(\d)(?:\.(\d+))?e-(\d+)$/.exec(plain);
  if (match === null) return value.toFixed(20);
  const [, sign, lead, rest = '', exponent] = match;
  return `${sign}0.${'0'.repeat(Number(exponent) - 1)}${lead}${rest}`;
}

function printCompare(compare: DiceCompare): string {
  return compare.op === '==' ? printNumber(compare.value) : `${compare.op}${printNumber(compare.value)}`;
}

function printModifier(modifier: DiceModifier): string {
  switch (modifier.kind) {
    case 'keep':
      return `k${modifier.which === 'high' ? 'h' : 'l'}${modifier.count}`;
    case 'drop':
      return `d${modifier.which === 'high' ? 'h' : 'l'}${modifier.count}`;
    case 'explode':
      return modifier.compare === null ? '!' : `!${printCompare(modifier.compare)}`;
    case 'reroll':
      return `${modifier.once ? 'ro' : 'r'}${printCompare(modifier.compare)}`;
    case 'successes':
      return `cs${printCompare(modifier.compare)}`;
  }
}

/** A dice count or size prints bare when it is a plain number, else in parentheses: `3d6`, `(@n)d(@size)`. */
function printDicePart(node: FormulaNode): string {
  return node.kind === 'number' && node.value >= 0 ? printNumber(node.value) : `(${print(node, Level.Conditional)})`;
}

function print(node: FormulaNode, minimum: Level): string {
  const text = printBare(node);
  return levelOf(node) < minimum ? `(${text})` : text;
}

function printBare(node: FormulaNode): string {
  switch (node.kind) {
    case 'number':
      return printNumber(node.value);
    case 'boolean':
      return node.value ? 'true' : 'false';
    case 'string':
      return `'${node.value.replace(/[\\']/g, '\\$&')}'`;
    case 'ref':
      return `@${node.path.join('.')}`;
    case 'unary':
      return node.op === 'not' ? `not ${print(node.operand, Level.Not)}` : `-${print(node.operand, Level.Unary)}`;
    case 'binary': {
      const level = levelOf(node);
      // Left-associative chains: the right operand must bind tighter. Comparisons do not chain at all.
      const leftLevel = level === Level.Comparison ? Level.Additive : level;
      const rightLevel = level === Level.Comparison ? Level.Additive : (level + 1) as Level;
      return `${print(node.left, leftLevel)} ${node.op} ${print(node.right, rightLevel)}`;
    }
    case 'let':
      return `let ${node.name} = ${print(node.value, Level.Conditional)} in ${print(node.body, Level.Conditional)}`;
    case 'conditional':
      return `${print(node.test, Level.Or)} ? ${print(node.then, Level.Conditional)} : ${print(node.otherwise, Level.Conditional)}`;
    case 'call':
      return `${node.name}(${node.args.map((arg) => print(arg, Level.Conditional)).join(', ')})`;
    case 'dice': {
      const count = node.count === null ? '' : printDicePart(node.count);
      const sides = node.sides.kind === 'fate' ? 'F' : node.sides.value.kind === 'number' && node.sides.value.value >= 0 ? printNumber(node.sides.value.value) : `(${print(node.sides.value, Level.Conditional)})`;
      return `${count}d${sides}${node.modifiers.map(printModifier).join('')}`;
    }
    case 'tag':
      return `${print(node.operand, Level.Postfix)}[${node.tag}]`;
  }
}

/** Formula text for an AST, with minimal parentheses. */
export function printFormula(node: FormulaNode): string {
  return print(node, Level.Conditional);
}
