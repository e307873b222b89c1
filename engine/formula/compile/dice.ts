// Dice terms: a constant count and size are checked when compiled, and the plain closures pick the cheapest roll for
// the plan (one die, a plain pool, a pool dropping one, a counted or computed pool). The traced form is in traced.ts.
import { checkDiceCount, checkDieSize, endlessDie, isPlainPlan, planDice, rollDropOne, rollOne, rollPlain, rollPool, singleSelectionDrops } from '../../dice/roll';
import type { DicePlan, DieSize } from '../../dice/roll';
import { describeType } from '../evaluate';
import { printFormula } from '../print';
import { LIMITS } from '../types';
import type { Span, Value } from '../types';
import { compileNode } from './node';
import { asNumber, FormulaCompileError, numberPiece, spanIn } from './piece';
import type { CompileScope, NodeOf, Piece } from './piece';
import { tracedDice } from './traced';

export function compileDice(node: NodeOf<'dice'>, scope: CompileScope): Piece {
  const span = spanIn(scope, node);
  // A computed size is checked when rolled, and its error names the term (`in \`d(@n)r1!\`: ...`).
  const plan = planDice(node.modifiers, node.sides.kind === 'number' && node.sides.value.kind !== 'number' ? printFormula(node) : null);
  const countPiece = node.count === null ? null : compileNode(node.count, scope);
  const sidesPiece = node.sides.kind === 'fate' ? null : compileNode(node.sides.value, scope);
  const constantCount = countPiece === null ? 1 : countPiece.constant !== null ? countPiece.constant.value : undefined;
  const constantSides: Value | 'fate' | undefined = sidesPiece === null ? 'fate' : sidesPiece.constant !== null ? sidesPiece.constant.value : undefined;
  if (constantCount !== undefined) checkConstantCount(constantCount, span);
  if (constantSides !== undefined && constantSides !== 'fate') checkConstantSides(constantSides, span);
  if (constantSides !== undefined) checkConstantPlan(plan, constantSides as DieSize, span);

  if (!scope.traced) {
    if (typeof constantCount === 'number' && typeof constantSides === 'number' && isPlainPlan(plan)) {
      const count = constantCount;
      const sides = constantSides;
      if (count === 1) return { ...numberPiece((ctx) => rollOne(ctx, sides, span)), die: { sides, span } };
      return numberPiece((ctx) => rollPlain(ctx, count, sides, span));
    }
    if (typeof constantCount === 'number' && typeof constantSides === 'number' && singleSelectionDrops(plan, constantCount) === 1) {
      const count = constantCount;
      const sides = constantSides;
      const dropHigh = plan.selections[0]!.drop === 'high';
      return numberPiece((ctx) => rollDropOne(ctx, count, sides, dropHigh, span));
    }
    const count = countPiece === null ? () => 1 : asNumber(countPiece, span);
    const plain = isPlainPlan(plan);
    if (plain && typeof constantSides === 'number') {
      // `(@tier)d6`: a counted plain roll of a fixed die (checked when compiled), without a call for its size.
      const fixedSides = constantSides;
      return numberPiece((ctx) => {
        const n = count(ctx);
        checkDiceCount(ctx, n, span);
        return rollPlain(ctx, n, fixedSides, span);
      });
    }
    const sides = sidesPiece === null ? null : asNumber(sidesPiece, span);
    return numberPiece((ctx) => {
      const n = count(ctx);
      checkDiceCount(ctx, n, span);
      if (sides === null) return rollPool(ctx, n, 'fate', plan, span, null);
      const s = sides(ctx);
      checkDieSize(s, span);
      return plain ? rollPlain(ctx, n, s, span) : rollPool(ctx, n, s, plan, span, null);
    });
  }
  return tracedDice(node, plan, countPiece, sidesPiece, span);
}

export function checkConstantCount(count: Value, span: Span): void {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new FormulaCompileError(`the number of dice must be a whole number from 0, not ${describeType(count)}`, 'type', span);
  }
  if (count > LIMITS.maxDicePerEvaluation) {
    throw new FormulaCompileError(`${count} dice is over the limit of ${LIMITS.maxDicePerEvaluation} dice per evaluation`, 'limit', span);
  }
}

export function checkConstantSides(sides: Value, span: Span): void {
  if (typeof sides !== 'number' || !Number.isInteger(sides) || sides < 1 || sides > LIMITS.maxDieSize) {
    throw new FormulaCompileError(
      `a die must have a whole number of faces from 1 to ${LIMITS.maxDieSize.toLocaleString('en-US')}, not ${describeType(sides)}`,
      'limit',
      span,
    );
  }
}

export function checkConstantPlan(plan: DicePlan, sides: DieSize, span: Span): void {
  const endless = sides === 'fate' ? endlessDie(plan, -1, 1) : endlessDie(plan, 1, sides);
  if (endless !== null) throw new FormulaCompileError(endless, 'limit', span);
}

