import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSymbolTable } from './symbols';
import { checkFormula } from './check';
import { parseFormula } from './parse';
import { printFormula } from './print';
import type { FormulaNode, Span } from './types';
import { fuzz } from '../../test/fuzz';
import { formulaPieces, node } from '../../test/formula/arbitraries';

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
    case 'let':
      children.push(ast.value, ast.body);
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
