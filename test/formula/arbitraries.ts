// Generators of formulas for the property tests (engine/formula/print.test.ts) and the fuzz campaign
// (scripts/fuzz-campaign.mjs): trees of every node kind, and strings of formula pieces.
import fc from 'fast-check';
import { explainBadFunctionName } from '../../engine/formula/builtins';
import type { BinaryOp, CompareOp, DiceModifier, FormulaNode, Span } from '../../engine/formula/types';

const SPAN: Span = { start: 0, end: 0 };
const identifier = fc
  .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/)
  .filter((name) => explainBadFunctionName(name) === undefined || ['max', 'min', 'floor'].includes(name));
const tagName = identifier.filter((name) => !['max', 'min', 'floor'].includes(name));
const segment = fc.stringMatching(/^[A-Za-z0-9_]{1,6}$/).filter((s) => !['__proto__', 'prototype', 'constructor'].includes(s));
const plainNumber = fc.oneof(
  fc.nat(1000),
  fc.nat(100_000).map((n) => n / 100),
  fc.constantFrom(1e21, 2 ** 60, 0.1 + 0.2),
);
const compareOp = fc.constantFrom<CompareOp>('==', '!=', '<', '<=', '>', '>=');
const diceCompare = fc.record({ op: compareOp, value: fc.oneof(fc.nat(30), fc.nat(300).map((n) => n / 10)) });
const modifier: fc.Arbitrary<DiceModifier> = fc.oneof(
  fc.record({ kind: fc.constant('keep' as const), which: fc.constantFrom('high' as const, 'low' as const), count: fc.nat(9) }),
  fc.record({ kind: fc.constant('drop' as const), which: fc.constantFrom('high' as const, 'low' as const), count: fc.nat(9) }),
  fc.record({ kind: fc.constant('explode' as const), compare: fc.option(diceCompare, { nil: null }) }),
  fc.record({ kind: fc.constant('reroll' as const), once: fc.boolean(), compare: diceCompare }),
  fc.record({ kind: fc.constant('successes' as const), compare: diceCompare }),
);
const binaryOp = fc.constantFrom<BinaryOp>('+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', 'and', 'or');

/** Generators mirroring the grammar: every FormulaNode kind, with spans zeroed (they are ignored). */
export const { node } = fc.letrec<{ node: FormulaNode; leaf: FormulaNode }>((tie) => ({
  leaf: fc.oneof(
    plainNumber.map((value): FormulaNode => ({ kind: 'number', value, span: SPAN })),
    fc.boolean().map((value): FormulaNode => ({ kind: 'boolean', value, span: SPAN })),
    fc.string({ unit: fc.constantFrom('a', 'b', ' ', "'", '\\', 'é', '"'), maxLength: 6 }).map((value): FormulaNode => ({ kind: 'string', value, span: SPAN })),
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((path): FormulaNode => ({ kind: 'ref', path, span: SPAN })),
  ),
  node: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'formula' },
    tie('leaf'),
    fc.record({ kind: fc.constant('unary' as const), op: fc.constantFrom('-' as const, 'not' as const), operand: tie('node'), span: fc.constant(SPAN) }),
    fc.record({ kind: fc.constant('binary' as const), op: binaryOp, left: tie('node'), right: tie('node'), span: fc.constant(SPAN) }),
    fc.record({ kind: fc.constant('conditional' as const), test: tie('node'), then: tie('node'), otherwise: tie('node'), span: fc.constant(SPAN) }),
    fc.record({
      kind: fc.constant('call' as const),
      name: identifier,
      nameSpan: fc.constant(SPAN),
      args: fc.array(tie('node'), { maxLength: 3, depthIdentifier: 'formula' }),
      span: fc.constant(SPAN),
    }),
    fc.record({
      kind: fc.constant('dice' as const),
      count: fc.option(tie('node'), { nil: null, depthIdentifier: 'formula' }),
      sides: fc.oneof(
        fc.constant({ kind: 'fate' as const }),
        tie('node').map((value) => ({ kind: 'number' as const, value })),
      ),
      modifiers: fc.array(modifier, { maxLength: 3 }),
      span: fc.constant(SPAN),
    }),
    fc.record({ kind: fc.constant('tag' as const), tag: tagName, operand: tie('node'), span: fc.constant(SPAN) }),
    fc.record({ kind: fc.constant('let' as const), name: identifier, nameSpan: fc.constant(SPAN), value: tie('node'), body: tie('node'), span: fc.constant(SPAN) }),
  ),
}));

/** Pieces a formula is typed from, and some it should not be (`=`, `#`, a newline). */
export const formulaPieces = fc.constantFrom(
  'd', '6', '20', '(', ')', '@a', '@b.c', '.', '!', '>=', '<', '=', 'k', 'h', 'l', 'r', 'o', 'c', 's', 'F', '%', ' ', '?', ':',
  '[', ']', 'X', "'", '\\', '-', '+', '*', '/', 'not ', 'and', '||', '&&', 'max', ',', '0.5', '#', '\n', '@', 'kh1', 'cs>=', 'true',
  'let ', ' in ', 'x', ' = ',
);

