// The traced axis: the same evaluation as the plain closures, pushing the chip's items as it goes (a reference's
// label and value, operators, parentheses where the chip text needs them, each die's faces, a call's dice and
// value). Built on first use, for the chips of a fight's log and the CLI's `roll`; never on a hot path.
import { checkDiceCount, checkDieSize, rollPool } from '../../dice/roll';
import type { DicePlan, DieSize, DiceTraceSink } from '../../dice/roll';
import type { BuiltinCall } from '../builtin-adapter';
import { writeTag } from '../evaluate';
import { hasDiceOrCall } from '../nodes';
import { printFormula } from '../print';
import type { EvalContext, RefGetter } from '../runtime';
import { formatChipValue, renderTrace } from '../trace';
import type { FormulaNode, Span, Value } from '../types';
import { plainBinary } from './operators';
import { asBoolean, asNumber, Level, numberPiece, textItem } from './piece';
import type { CompileScope, NodeOf, Piece, Run, StaticType } from './piece';

/** Wraps a traced run in parentheses when its chip text binds looser than its place needs. */
export function tracedOperand(piece: Piece, minimum: number): Run {
  if (piece.level >= minimum) return piece.run;
  const run = piece.run;
  const open = textItem('(');
  const close = textItem(')');
  return (ctx) => {
    const trace = ctx.trace!;
    trace.push(open);
    const value = run(ctx);
    trace.push(close);
    return value;
  };
}

export function tracedRef(node: NodeOf<'ref'>, getter: RefGetter, type: StaticType, scope: CompileScope): Piece {
  const read = getter;
  const path = node.path;
  const label = scope.options.label?.(node.path);
  const span = node.span;
  return {
    run: (ctx) => {
      const value = read(ctx);
      ctx.trace!.push(label === undefined ? { kind: 'ref', path, value, span } : { kind: 'ref', path, label, value, span });
      return value;
    },
    type,
    constant: null,
    level: Level.Atom,
  };
}

export function tracedNegate(operand: Piece, span: Span): Piece {
  const inner = asNumber({ ...operand, run: tracedOperand(operand, Level.Unary) }, span);
  const minus = textItem('-');
  return {
    run: (ctx) => {
      ctx.trace!.push(minus);
      return -inner(ctx);
    },
    type: 'number',
    constant: null,
    level: Level.Unary,
  };
}

export function tracedNot(operand: Piece, span: Span): Piece {
  const inner = asBoolean({ ...operand, run: tracedOperand(operand, Level.Not) }, span);
  const not = textItem('not ');
  return {
    run: (ctx) => {
      ctx.trace!.push(not);
      return !inner(ctx);
    },
    type: 'boolean',
    constant: null,
    level: Level.Not,
  };
}

/** The same operation over operands that push their chip items, with the operator between them. */
export function tracedBinary(node: NodeOf<'binary'>, left: Piece, right: Piece, span: Span, level: number): Piece {
  const leftMinimum = level === Level.Comparison ? Level.Additive : level;
  const rightMinimum = level === Level.Comparison ? Level.Additive : level + 1;
  const tracedLeft: Piece = { ...left, constant: null, run: tracedOperand(left, leftMinimum) };
  const tracedRight: Piece = { ...right, run: tracedOperand(right, rightMinimum) };
  const operator = textItem(` ${node.op} `);
  const skipped = textItem('…');
  const pushOperator = (ctx: EvalContext): void => {
    ctx.trace!.push(operator);
  };
  const withOperator: Piece = {
    ...tracedRight,
    constant: null, // the plain closure must call it, so the operator and operand reach the chip
    run: (ctx) => {
      pushOperator(ctx);
      return tracedRight.run(ctx);
    },
  };
  if (node.op === 'and' || node.op === 'or') {
    // Short-circuit: the chip shows `… ` for the operand that was never evaluated.
    const test = asBoolean(tracedLeft, span);
    const other = asBoolean(tracedRight, span);
    const stopsOn = node.op === 'or';
    return {
      run: (ctx) => {
        const first = test(ctx);
        ctx.trace!.push(operator);
        if (first === stopsOn) {
          ctx.trace!.push(skipped);
          return first;
        }
        return other(ctx);
      },
      type: 'boolean',
      constant: null,
      level,
    };
  }
  return { ...plainBinary(node.op, tracedLeft, withOperator, span), constant: null, level };
}

/**
 * The chip shows the branch taken; the test too when it may roll (`d20 (14) >= 10 ? 2d6 (3, 4)`): when it has dice
 * or any call (a call's items show as a roll's do).
 */
export function tracedConditional(node: NodeOf<'conditional'>, test: Piece, then: Piece, otherwise: Piece, type: StaticType, span: Span): Piece {
  const a = then.run;
  const b = otherwise.run;
  const showTest = hasDiceOrCall(node.test);
  const holds = asBoolean({ ...test, run: showTest ? tracedOperand(test, Level.Or) : test.run }, span);
  const question = textItem(' ? ');
  const level = showTest ? Level.Conditional : Math.min(then.level, otherwise.level);
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      const mark = trace.length;
      const taken = holds(ctx);
      if (showTest) trace.push(question);
      else trace.length = mark;
      return taken ? a(ctx) : b(ctx);
    },
    type,
    constant: null,
    level,
  };
}

export function tracedTag(operand: Piece, tag: string, span: Span): Piece {
  const value = asNumber(operand, span);
  const suffix = `[${tag}]`;
  const open = textItem('(');
  const close = textItem(`)${suffix}`);
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      const mark = trace.length;
      const from = ctx.roll.dice.length;
      const result = value(ctx);
      writeTag(ctx.roll, tag, result, from);
      // A tag on one dice term joins its text (`d12[Hope] (7)`); on anything else it follows parentheses.
      const only = trace.length === mark + 1 ? trace[mark]! : null;
      if (only !== null && only.kind === 'dice') trace[mark] = { ...only, text: only.text + suffix };
      else {
        trace.splice(mark, 0, open);
        trace.push(close);
      }
      return result;
    },
    type: 'number',
    constant: null,
    level: Level.Postfix,
  };
}

/**
 * Count and size print as the numbers they came to (`(@tier)d6` shows as `3d6`); any dice rolled to compute them
 * stay in the chip before the term.
 */
export function tracedDice(node: NodeOf<'dice'>, plan: DicePlan, countPiece: Piece | null, sidesPiece: Piece | null, span: Span): Piece {
  const count = countPiece === null ? null : asNumber(countPiece, span);
  const sides = sidesPiece === null ? null : asNumber(sidesPiece, span);
  const arrow = textItem(' → ');
  const itemSpan = node.span;
  return numberPiece((ctx) => {
    const trace = ctx.trace!;
    const mark = trace.length;
    const n = count === null ? 1 : count(ctx);
    const s: DieSize = sides === null ? 'fate' : sides(ctx);
    if (trace.length > mark && trace.slice(mark).some((item) => item.kind === 'dice' || item.kind === 'call')) trace.push(arrow);
    else trace.length = mark;
    checkDiceCount(ctx, n, span);
    if (s !== 'fate') checkDieSize(s, span);
    const sink: DiceTraceSink = { faces: [], kept: [] };
    const value = rollPool(ctx, n, s, plan, span, sink);
    trace.push({ kind: 'dice', text: diceText(node, n, s), faces: sink.faces, kept: sink.kept, value, span: itemSpan });
    return value;
  });
}

function diceText(node: NodeOf<'dice'>, count: number, sides: DieSize): string {
  const at = node.span;
  const literal = (value: number): FormulaNode => ({ kind: 'number', value, span: at });
  return printFormula({
    kind: 'dice',
    count: node.count === null ? null : literal(count),
    sides: sides === 'fate' ? { kind: 'fate' } : { kind: 'number', value: literal(sides) },
    modifiers: node.modifiers,
    span: at,
  });
}

export function tracedBuiltinCall(node: NodeOf<'call'>, builtin: BuiltinCall, runs: readonly Run[], type: StaticType, span: Span): Piece {
  const open = textItem(`${node.name}(`);
  const comma = textItem(', ');
  const close = textItem(')');
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      const values: Value[] = [];
      trace.push(open);
      for (let i = 0; i < runs.length; i++) {
        if (i > 0) trace.push(comma);
        values.push(runs[i]!(ctx));
      }
      trace.push(close);
      return builtin.apply(values, span);
    },
    type,
    constant: null,
    level: Level.Atom,
  };
}

/** A parameter's read in a traced body: its argument's value, shown as a number. */
export function pushedArgument(ctx: EvalContext, cells: readonly Value[], index: number): Value {
  const value = cells[index]!;
  ctx.trace!.push(textItem(formatChipValue(value)));
  return value;
}

/** A user function call as one chip item, `throw(10) (3, 5 → 8)`: its arguments' texts, the dice rolled inside. */
export function tracedUserCall(node: NodeOf<'call'>, args: readonly Piece[], cells: Value[], runBody: Run, type: StaticType): Piece {
  const name = node.name;
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      const mark = trace.length;
      const argTexts: string[] = [];
      for (let i = 0; i < args.length; i++) {
        const arg = args[i]!;
        if (arg.constant !== null) {
          argTexts.push(formatChipValue(arg.constant.value));
          continue;
        }
        const argMark = trace.length;
        cells[i] = arg.run(ctx);
        argTexts.push(renderTrace(trace.slice(argMark)));
        trace.length = argMark;
      }
      const value = runBody(ctx);
      const faces: number[] = [];
      const kept: boolean[] = [];
      for (let k = mark; k < trace.length; k++) {
        const item = trace[k]!;
        if (item.kind === 'dice' || item.kind === 'call') {
          faces.push(...item.faces);
          kept.push(...item.kept);
        }
      }
      trace.length = mark;
      trace.push({ kind: 'call', name, text: `${name}(${argTexts.join(', ')})`, faces, kept, value, span: node.span });
      return value;
    },
    type,
    constant: null,
    level: Level.Atom,
  };
}
