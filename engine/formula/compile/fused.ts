// The fused shapes: one closure where the generic handlers would nest several, on the hot paths of attack and damage
// rolls. Each gives the same result, the same rolls in the same order, the same facts, budget and errors.
import { checkConstantCount, checkConstantSides } from './dice';
import { rollOne, rollPlain } from '../../dice/roll';
import { finite } from '../evaluate';
import type { FormulaNode, Span } from '../types';
import { compileNode } from './node';
import { asNumber, Level, spanIn } from './piece';
import type { CompileScope, NodeOf, NumberRun, NumberTest, OneDie, Piece, Run } from './piece';

/**
 * A left-nested chain of `+` and `-` with three or more terms (`d20 + @stat + @prof`): one closure adds the terms
 * in the same order as the nested operations would (so the same result to the last bit), checking each term's type
 * and each partial sum's size where its own operation would.
 * Null for chains a nested closure handles as fast (two terms).
 */
export function compileChain(node: NodeOf<'binary'>, scope: CompileScope): Piece | null {
  const links: NodeOf<'binary'>[] = [];
  let at: FormulaNode = node;
  while (at.kind === 'binary' && (at.op === '+' || at.op === '-')) {
    links.unshift(at);
    at = at.left;
  }
  if (links.length < 2) return null;
  const first = compileNode(at, scope);
  const rest = links.map((link) => compileNode(link.right, scope));
  if (first.constant !== null && rest.every((piece) => piece.constant !== null)) return null; // folded as before
  // Each term's type and each partial sum are checked where their own operation was, as the nested closures would
  // (same error, same dice).
  const spans = links.map((link) => spanIn(scope, link));
  const terms: NumberRun[] = [asNumber(first, spans[0]!), ...rest.map((piece, i) => asNumber(piece, spans[i]!))];
  const signs = links.map((link) => (link.op === '+' ? 1 : -1));
  const piece = (run: NumberRun): Piece => ({ run, type: 'number', constant: null, level: Level.Additive });
  if (terms.length === 3) {
    const [a, b, c] = terms as [NumberRun, NumberRun, NumberRun];
    const [sb, sc] = signs as [number, number];
    const [s1, s2] = spans as [Span, Span];
    return piece((ctx) => {
      const ab = finite(a(ctx) + sb * b(ctx), s1);
      return finite(ab + sc * c(ctx), s2);
    });
  }
  if (terms.length === 4) {
    const [a, b, c, d] = terms as [NumberRun, NumberRun, NumberRun, NumberRun];
    const [sb, sc, sd] = signs as [number, number, number];
    const [s1, s2, s3] = spans as [Span, Span, Span];
    return piece((ctx) => {
      const ab = finite(a(ctx) + sb * b(ctx), s1);
      const abc = finite(ab + sc * c(ctx), s2);
      return finite(abc + sd * d(ctx), s3);
    });
  }
  const head = terms[0]!;
  const tail = terms.slice(1);
  return piece((ctx) => {
    let total = head(ctx);
    for (let i = 0; i < tail.length; i++) total = finite(total + signs[i]! * tail[i]!(ctx), spans[i]!);
    return total;
  });
}

/** `@edge > 0 ? x : y` as one closure: the comparison runs inline (one call fewer on every attack roll). */
export function fusedConditional(test: NumberTest, a: Run, b: Run): Run {
  const { read, k } = test;
  switch (test.op) {
    case '<': return (ctx) => (read(ctx) < k ? a(ctx) : b(ctx));
    case '<=': return (ctx) => (read(ctx) <= k ? a(ctx) : b(ctx));
    case '>': return (ctx) => (read(ctx) > k ? a(ctx) : b(ctx));
    case '>=': return (ctx) => (read(ctx) >= k ? a(ctx) : b(ctx));
    case '==': return (ctx) => (read(ctx) === k ? a(ctx) : b(ctx));
    case '!=': return (ctx) => (read(ctx) !== k ? a(ctx) : b(ctx));
  }
}

/** Whether `x op k` holds. */
function holdsOp(op: NumberTest['op'], x: number, k: number): boolean {
  switch (op) {
    case '<': return x < k;
    case '<=': return x <= k;
    case '>': return x > k;
    case '>=': return x >= k;
    case '==': return x === k;
    case '!=': return x !== k;
  }
}

/**
 * `@x op1 k1 ? a : @x op2 k2 ? b : c` with @x read once (a reference reads the same twice in one evaluation): the
 * advantage pattern of d20 checks, `@edge > 0 ? 2d20kh1 : @edge < 0 ? 2d20kl1 : d20`, is one closure and one read,
 * and its last branch, when it is one die (`die`: the `d20` of every roll without an edge), is rolled inline.
 */
export function sharedRead(first: NumberTest, a: Run, second: NumberTest, b: Run, c: Run, die: OneDie | null): Run {
  const read = first.read;
  const k1 = first.k, k2 = second.k;
  if (die !== null && first.op === '>' && second.op === '<') {
    const { sides, span } = die;
    return (ctx) => { const x = read(ctx); return x > k1 ? a(ctx) : x < k2 ? b(ctx) : rollOne(ctx, sides, span); };
  }
  if (first.op === '>' && second.op === '<') return (ctx) => { const x = read(ctx); return x > k1 ? a(ctx) : x < k2 ? b(ctx) : c(ctx); };
  const op1 = first.op, op2 = second.op;
  return (ctx) => { const x = read(ctx); return holdsOp(op1, x, k1) ? a(ctx) : holdsOp(op2, x, k2) ? b(ctx) : c(ctx); };
}


interface SumTerm {
  readonly count: number;
  readonly sides: number;
  readonly sign: 1 | -1;
  readonly span: Span;
}

/**
 * `2d6 + 1d8 + 3`, `1d20 + 5`: a +/- chain of plain dice with literal counts and sizes, and number literals, runs as
 * one closure (the hot shape of attack and damage rolls) instead of one per node. Same rolls, same order, same
 * facts and budget; null for any other shape.
 */
export function diceSumOf(node: NodeOf<'binary'>): Piece | null {
  const terms: SumTerm[] = [];
  let constant = 0;
  const visit = (part: FormulaNode, sign: 1 | -1): boolean => {
    if (part.kind === 'number') {
      constant += sign * part.value;
      return true;
    }
    if (part.kind === 'binary' && (part.op === '+' || part.op === '-')) {
      return visit(part.left, sign) && visit(part.right, part.op === '+' ? sign : sign === 1 ? -1 : 1);
    }
    if (part.kind !== 'dice' || part.modifiers.length > 0 || part.sides.kind === 'fate' || part.sides.value.kind !== 'number') return false;
    if (part.count !== null && part.count.kind !== 'number') return false;
    const count = part.count === null ? 1 : part.count.value;
    const sides = part.sides.value.value;
    checkConstantCount(count, part.span);
    checkConstantSides(sides, part.span);
    terms.push({ count, sides, sign, span: part.span });
    return true;
  };
  if (!visit(node, 1) || terms.length === 0 || !Number.isFinite(constant)) return null;
  const piece = (run: NumberRun): Piece => ({ run, type: 'number', constant: null, level: Level.Additive });
  const [first, second] = terms;
  if (terms.length === 1 && first!.count === 1) {
    const { sides, sign, span } = first!;
    return piece(sign === 1 ? (ctx) => rollOne(ctx, sides, span) + constant : (ctx) => constant - rollOne(ctx, sides, span));
  }
  if (terms.length === 2 && first!.sign === 1 && second!.sign === 1) {
    const a = first!;
    const b = second!;
    return piece((ctx) => rollPlain(ctx, a.count, a.sides, a.span) + rollPlain(ctx, b.count, b.sides, b.span) + constant);
  }
  return piece((ctx) => {
    let total = constant;
    for (const term of terms) total += term.sign * rollPlain(ctx, term.count, term.sides, term.span);
    return total;
  });
}

