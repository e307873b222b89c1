import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainBadFunctionName } from './builtins';
import { createSymbolTable } from './symbols';
import { checkFormula } from './check';
import { parseFormula } from './parse';
import { printFormula } from './print';
import type { BinaryOp, CompareOp, DiceModifier, FormulaNode, Span } from './types';
import { fuzz } from '../../test/fuzz';

/** Drops spans so trees from different texts compare by structure. */
function shape(node: FormulaNode | null): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'span' || key === 'nameSpan' ? undefined : value)));
}

function roundTrip(text: string): string {
  const parsed = parseFormula(text);
  expect(parsed.diagnostics).toEqual([]);
  return printFormula(parsed.ast!);
}

describe('printFormula: minimal parentheses', () => {
  it.each([
    ['1+2*3', '1 + 2 * 3'],
    ['(1+2)*3', '(1 + 2) * 3'],
    ['1-(2-3)', '1 - (2 - 3)'],
    ['(1-2)-3', '1 - 2 - 3'],
    ['-(1+2)', '-(1 + 2)'],
    ['--3', '--3'],
    ['-(3d6)', '-3d6'],
    ['(@a == @b) == true', '(@a == @b) == true'],
    ['not (@a and @b)', 'not (@a and @b)'],
    ['(not @a) and @b', 'not @a and @b'],
    ['!@a && @b || @c', 'not @a and @b or @c'],
    ['@a or (@b or @c)', '@a or (@b or @c)'],
    ['(@a ? 1 : 2) ? 3 : 4', '(@a ? 1 : 2) ? 3 : 4'],
    ['@a ? 1 : (@b ? 2 : 3)', '@a ? 1 : @b ? 2 : 3'],
    ['(@a ? 1 : 2) + 1', '(@a ? 1 : 2) + 1'],
    ['(2d6)[Damage]', '2d6[Damage]'],
    ['(1 + d6)[X]', '(1 + d6)[X]'],
    ['-d12[Hope]', '-d12[Hope]'],
    ['(3)d6', '3d6'],
    ['(@tier)d6', '(@tier)d6'],
    ['(@n)d(@size)', '(@n)d(@size)'],
    ['d%', 'd100'],
    ['4dF', '4dF'],
    ['d20kh', 'd20kh1'],
    ['4d6dl1!>=5r<=2ro1cs>=6', '4d6dl1!>=5r<=2ro1cs>=6'],
    ['d6!!=3', 'd6!!=3'],
    ['d6!==6', 'd6!6'],
    ['d6r=1', 'd6r1'],
    ["max(1, 'it\\'s')", "max(1, 'it\\'s')"],
    ['has(@target.tags, \'undead\')', "has(@target.tags, 'undead')"],
  ])('%s prints as %s', (text, printed) => {
    expect(roundTrip(text)).toBe(printed);
    expect(shape(parseFormula(printed).ast)).toEqual(shape(parseFormula(text).ast));
  });

  it('never prints numbers in exponent form', () => {
    const span: Span = { start: 0, end: 0 };
    expect(printFormula({ kind: 'number', value: 1e21, span })).toBe('1000000000000000000000');
    expect(printFormula({ kind: 'number', value: 1e-7, span })).toBe('0.0000001');
    expect(parseFormula(printFormula({ kind: 'number', value: 1e-7, span })).ast).toMatchObject({ kind: 'number', value: 1e-7 });
  });
});

// ---- Property tests -------------------------------------------------------------------------------------

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
const { node } = fc.letrec<{ node: FormulaNode; leaf: FormulaNode }>((tie) => ({
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
  ),
}));

/** Every span of a tree lies inside the text, and inside its parent's span. */
function checkSpans(ast: FormulaNode, length: number, parent: Span = { start: 0, end: length }): void {
  expect(ast.span.start).toBeGreaterThanOrEqual(parent.start);
  expect(ast.span.end).toBeLessThanOrEqual(parent.end);
  expect(ast.span.start).toBeLessThanOrEqual(ast.span.end);
  const children: FormulaNode[] = [];
  switch (ast.kind) {
    case 'unary':
    case 'tag':
      children.push(ast.operand);
      break;
    case 'binary':
      children.push(ast.left, ast.right);
      break;
    case 'conditional':
      children.push(ast.test, ast.then, ast.otherwise);
      break;
    case 'call':
      children.push(...ast.args);
      break;
    case 'dice':
      if (ast.count !== null) children.push(ast.count);
      if (ast.sides.kind === 'number') children.push(ast.sides.value);
      break;
    default:
      break;
  }
  for (const child of children) checkSpans(child, length, ast.span);
}

const formulaPieces = fc.constantFrom(
  'd', '6', '20', '(', ')', '@a', '@b.c', '.', '!', '>=', '<', '=', 'k', 'h', 'l', 'r', 'o', 'c', 's', 'F', '%', ' ', '?', ':',
  '[', ']', 'X', "'", '\\', '-', '+', '*', '/', 'not ', 'and', '||', '&&', 'max', ',', '0.5', '#', '\n', '@', 'kh1', 'cs>=', 'true',
);

describe('property: parsing never throws', () => {
  it('for any string, returns an AST or diagnostics, with every span inside the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: formulaPieces, maxLength: 30 })), (text) => {
        const result = parseFormula(text);
        expect(result.ast === null).toBe(result.diagnostics.length > 0);
        for (const diagnostic of result.diagnostics) {
          expect(diagnostic.span.start).toBeGreaterThanOrEqual(0);
          expect(diagnostic.span.end).toBeLessThanOrEqual(text.length);
          expect(diagnostic.span.start).toBeLessThanOrEqual(diagnostic.span.end);
          expect(diagnostic.message.length).toBeGreaterThan(0);
          expect(diagnostic.code).not.toBe('internal');
        }
        if (result.ast !== null) checkSpans(result.ast, text.length);
      }),
      fuzz(42, 1500),
    );
  });
});

const checkerSymbols = createSymbolTable(
  { a: { type: 'number', range: [1, 6] }, b: { type: 'boolean' }, 'a.b': { type: 'list' }, c: { type: 'any' } },
  { functions: new Map([['foo', { params: ['x'], body: '@x + foo(1)' }], ['bar', { params: [], body: 'd6' }]]) },
);

describe('property: deep broken nesting', () => {
  it('gives a syntax or limit diagnostic, never an internal error or an exception', () => {
    const deepPiece = fc.constantFrom('(', '(', '(', 'max(', 'd(', '-', 'not ', '1', '+', ')', ',', '?', ':', '@a');
    fc.assert(
      fc.property(fc.string({ unit: deepPiece, minLength: 60, maxLength: 160 }), (text) => {
        for (const diagnostic of parseFormula(text).diagnostics) expect(['syntax', 'limit']).toContain(diagnostic.code);
      }),
      fuzz(42, 100),
    );
  });
});

describe('property: parse(print(ast)) equals ast', () => {
  it('for generated trees of every kind (and the checker takes them all)', () => {
    fc.assert(
      fc.property(node, (ast) => {
        const text = printFormula(ast);
        fc.pre(text.length <= 2000);
        const parsed = parseFormula(text);
        expect(parsed.diagnostics, text).toEqual([]);
        expect(shape(parsed.ast)).toEqual(shape(ast));
        checkSpans(parsed.ast!, text.length);
        // The checker takes any tree without throwing, and locates its findings inside the text.
        for (const diagnostic of checkFormula(parsed.ast!, checkerSymbols).diagnostics) {
          expect(diagnostic.span.start).toBeGreaterThanOrEqual(0);
          expect(diagnostic.span.end).toBeLessThanOrEqual(text.length);
          expect(diagnostic.message.length).toBeGreaterThan(0);
        }
      }),
      fuzz(42, 2000),
    );
  });
});
