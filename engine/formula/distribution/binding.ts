// `let name = value in body` in a distribution. The body may read `@name` several times, so the value is not
// independent of itself: the body is walked once per value `@name` may take, and the results mixed (as a user
// function's random argument, calls.ts). When the body reads `@name.faces`, the cases are the multisets of faces
// the dice term may keep (n dice of s faces: C(n + s - 1, n) of them, each with its multinomial probability), so
// "how many sixes" is exact without listing s^n rolls. Part of engine/formula/distribution/.
import type { FormulaNode, Value } from '../types';
import { printFormula } from '../print';
import { boundDice, childrenOf, readsFaces } from '../nodes';
import { compareMatches, planDice } from '../../dice/roll';
import { DistributionFailure, type Pmf, uniformRange, withThousands } from '../../dice/pmf';
import type { Outcome, Walk } from './walk';
import { asPmf, evaluate, fixed, isBooleanOutcome, random } from './operators';
import { FATE, mix, settledRoll } from './dice';

type LetNode = Extract<FormulaNode, { kind: 'let' }>;

interface Case {
  readonly value: Value;
  readonly faces: readonly number[] | null;
  readonly weight: number;
}

/** Lists a body may read the faces through without their order mattering (a multiset is all the walk knows). */
const ORDERLESS = new Set(['count', 'has', 'overlaps']);

export function letBinding(node: LetNode, walk: Walk, depth: number): Outcome {
  const pool = boundDice(node.value);
  const faces = pool !== null && readsFaces(node.name, node.body);
  let cases: Case[];
  if (faces) {
    orderlessFaces(node);
    cases = poolCases(pool, walk, depth);
  } else {
    const outcome = evaluate(node.value, walk, depth + 1);
    if (outcome.kind === 'fixed') return evaluate(node.body, withLocals(walk, node.name, outcome.value, null), depth + 1);
    const { values, probs } = outcome.pmf;
    cases = Array.from(values, (v, i) => ({ value: outcome.boolean ? v !== 0 : v, faces: null, weight: probs[i] as number }));
  }
  walk.budget.spendSparse(cases.length * 64, `the cases of \`let ${node.name}\``, node.span);
  const base = walk.diceUsed;
  let most = base;
  let boolean = true;
  const parts: Array<[number, Pmf]> = [];
  let only: Value | undefined;
  for (const c of cases) {
    const inner = withLocals(walk, node.name, c.value, c.faces);
    inner.diceUsed = base;
    const outcome = evaluate(node.body, inner, depth + 1);
    most = Math.max(most, inner.diceUsed);
    if (cases.length === 1 && outcome.kind === 'fixed') only = outcome.value;
    boolean &&= isBooleanOutcome(outcome);
    parts.push([c.weight, asPmf(outcome, node.body.span, `the body of \`let ${node.name}\``)]);
  }
  walk.diceUsed = most;
  if (only !== undefined) return fixed(only);
  return random(mix(parts, walk, node.span), boolean);
}

function withLocals(walk: Walk, name: string, value: Value, faces: readonly number[] | null): Walk {
  const locals = new Map(walk.locals ?? []);
  locals.set(name, value);
  if (faces !== null) locals.set(`${name}.faces`, faces);
  return { ...walk, locals };
}

/** The walk knows the faces as a multiset: a read of `@name.faces` whose order could matter has no answer here. */
function orderlessFaces(node: LetNode): void {
  const isFaces = (n: FormulaNode): boolean => n.kind === 'ref' && n.path.length === 2 && n.path[0] === node.name && n.path[1] === 'faces';
  const check = (n: FormulaNode, parent: FormulaNode | null): void => {
    if (isFaces(n) && !(parent !== null && parent.kind === 'call' && ORDERLESS.has(parent.name))) {
      throw new DistributionFailure(
        `\`@${node.name}.faces\` has an exact distribution only inside count(), has() or overlaps(), where the order of the faces does not matter`,
        'type',
        n.span,
      );
    }
    for (const child of childrenOf(n)) check(child, n);
  };
  check(node.body, null);
}

/** Every multiset of kept faces of a pool of fixed size, with its probability and the term's value. */
function poolCases(node: Extract<FormulaNode, { kind: 'dice' }>, walk: Walk, depth: number): Case[] {
  const plan = planDice(node.modifiers, null);
  const term = printFormula(node);
  if (plan.explode.length > 0) {
    throw new DistributionFailure(`the faces of exploding dice (\`${term}\`) have no exact distribution here: the pool has no fixed size`, 'limit', node.span);
  }
  const count = node.count === null ? fixed(1) : evaluate(node.count, walk, depth + 1);
  if (count.kind !== 'fixed' || typeof count.value !== 'number' || !Number.isInteger(count.value) || count.value < 0) {
    throw new DistributionFailure(`the faces of \`${term}\` need a fixed whole number of dice`, 'type', node.count?.span ?? node.span);
  }
  let size: number;
  if (node.sides.kind === 'fate') size = FATE;
  else {
    const sides = evaluate(node.sides.value, walk, depth + 1);
    if (sides.kind !== 'fixed' || typeof sides.value !== 'number' || !Number.isInteger(sides.value) || sides.value < 1) {
      throw new DistributionFailure(`the faces of \`${term}\` need a fixed die size`, 'type', node.sides.value.span);
    }
    size = sides.value;
  }
  const n = count.value;
  walk.diceUsed += n;
  const die = settledRoll(size === FATE ? uniformRange(-1, 1) : uniformRange(1, size), plan, node.span, walk);
  const support: number[] = [];
  const probs: number[] = [];
  die.values.forEach((v, i) => {
    if ((die.probs[i] as number) > 0) {
      support.push(v);
      probs.push(die.probs[i] as number);
    }
  });
  const expected = multisets(n, support.length);
  walk.budget.spendSparse(expected * Math.max(1, n), `the faces of \`${term}\` (${withThousands(Math.round(expected))} multisets)`, node.span);
  const cases: Case[] = [];
  const faces: number[] = [];
  // Face by face: k dice show support[f], with C(left, k) p^k of the remaining mass.
  const place = (f: number, left: number, weight: number): void => {
    if (f === support.length - 1) {
      const at = faces.length;
      for (let k = 0; k < left; k++) faces.push(support[f] as number);
      cases.push(settle(faces.slice(), weight * Math.pow(probs[f] as number, left), plan));
      faces.length = at;
      return;
    }
    const p = probs[f] as number;
    let choose = 1;
    for (let k = 0; k <= left; k++) {
      if (k > 0) choose = (choose * (left - k + 1)) / k;
      const at = faces.length;
      for (let j = 0; j < k; j++) faces.push(support[f] as number);
      place(f + 1, left - k, weight * choose * Math.pow(p, k));
      faces.length = at;
    }
  };
  if (support.length === 0) return [];
  place(0, n, 1);
  return cases;
}

/** C(n + k - 1, n): the multisets of n dice over k faces. */
function multisets(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= Math.min(n, k - 1); i++) result = (result * (n + k - 1 - Math.min(n, k - 1) + i)) / i;
  return result;
}

/** The kept faces (ascending) after keep/drop in written order, and the term's value. */
function settle(sorted: number[], weight: number, plan: ReturnType<typeof planDice>): Case {
  let kept = sorted;
  for (const selection of plan.selections) {
    const live = kept.length;
    const toDrop = selection.keep ? Math.max(0, live - selection.count) : Math.min(live, selection.count);
    kept = selection.drop === 'low' ? kept.slice(toDrop) : kept.slice(0, live - toDrop);
  }
  const successes = plan.successes;
  let value = 0;
  for (const face of kept) value += successes === null ? face : compareMatches(successes.op, successes.value, face) ? 1 : 0;
  return { value, faces: kept, weight };
}
