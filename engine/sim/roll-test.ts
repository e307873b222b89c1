// A roll test: an outcome's `when` that compares the roll's own facts (`@natural == 20`, `@total >= @vs`, `@total == 1`): worked out
// once at load, then judged straight off the check's frame while fighting, with no formula call. Every check of the
// d20 systems picks its outcome this way several times a fight. Anything else (`@total - @vs < 5`, `has(...)`) keeps
// its compiled formula.
import type { CompareOp, FormulaNode } from '../formula/types';
import type { CheckFrame } from './model';

/** Which fact of the roll an operand reads: the frame's natural, total or vs; or none (a number). */
const NUMBER = -1, NATURAL = 0, TOTAL = 1, VS = 2;
const OPS: readonly CompareOp[] = ['==', '!=', '<', '<=', '>', '>='];

/** One comparison of roll facts and numbers, as small integers (no property looked up by name while fighting). */
export interface RollTest {
  /** NATURAL, TOTAL, VS, or NUMBER (then `leftValue`). */
  readonly left: number;
  readonly leftValue: number;
  /** Index in OPS. */
  readonly op: number;
  readonly right: number;
  readonly rightValue: number;
  /** The d20 shapes judged without the general reads: NATURAL_IS (`@natural == k`), TOTAL_MEETS_VS (`@total >= @vs`), else GENERAL. */
  readonly shape: number;
}

const GENERAL = 0, NATURAL_IS = 1, TOTAL_MEETS_VS = 2;

function operand(node: FormulaNode): [number, number] | null {
  if (node.kind === 'number') return [NUMBER, node.value];
  if (node.kind !== 'ref' || node.path.length !== 1) return null;
  const fact = ['natural', 'total', 'vs'].indexOf(node.path[0]!);
  return fact < 0 ? null : [fact, 0];
}

/** The frame test a `when` formula is, or null when it is anything but one comparison of roll facts and numbers. */
export function rollTestOf(ast: FormulaNode | null): RollTest | null {
  if (!ast || ast.kind !== 'binary') return null;
  const op = OPS.indexOf(ast.op as CompareOp);
  const left = operand(ast.left);
  const right = operand(ast.right);
  if (op < 0 || !left || !right) return null;
  const shape = left[0] === NATURAL && right[0] === NUMBER && op === 0 ? NATURAL_IS
    : left[0] === TOTAL && right[0] === VS && op === 5 ? TOTAL_MEETS_VS : GENERAL;
  return { left: left[0], leftValue: left[1], op, right: right[0], rightValue: right[1], shape };
}

function read(frame: CheckFrame, fact: number, value: number): number {
  return fact === NATURAL ? frame.natural : fact === TOTAL ? frame.total : fact === VS ? frame.vs : value;
}

/** Whether the frame's facts pass the test: what the `when` formula gives, without evaluating it. */
export function rollTestHolds(test: RollTest, frame: CheckFrame): boolean {
  const shape = test.shape;
  if (shape === NATURAL_IS) return frame.natural === test.rightValue;
  if (shape === TOTAL_MEETS_VS) return frame.total >= frame.vs;
  const a = read(frame, test.left, test.leftValue);
  const b = read(frame, test.right, test.rightValue);
  switch (test.op) {
    case 0: return a === b;
    case 1: return a !== b;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    default: return a >= b;
  }
}
