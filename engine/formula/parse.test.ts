import { describe, expect, it } from 'vitest';
import { parseFormula } from './parse';
import type { FormulaNode } from './types';

/** The AST without spans, for structural comparison. */
function shape(node: FormulaNode | null): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'span' || key === 'nameSpan' ? undefined : value)));
}

function ok(text: string): FormulaNode {
  const result = parseFormula(text);
  expect(result.diagnostics).toEqual([]);
  expect(result.ast).not.toBeNull();
  return result.ast!;
}

const num = (value: number) => ({ kind: 'number', value });
const ref = (...path: string[]) => ({ kind: 'ref', path });
const dice = (count: unknown, sides: unknown, modifiers: unknown[] = []) => ({
  kind: 'dice',
  count,
  sides: sides === 'F' ? { kind: 'fate' } : { kind: 'number', value: sides },
  modifiers,
});

describe('parseFormula: every form of spec §1', () => {
  it.each([
    ['12', num(12)],
    ['0.5', num(0.5)],
    ['true', { kind: 'boolean', value: true }],
    ["'fire'", { kind: 'string', value: 'fire' }],
    ["'it\\'s'", { kind: 'string', value: "it's" }],
    ['@str', ref('str')],
    ['@target.dex.mod', ref('target', 'dex', 'mod')],
    ['@roll.Hope', ref('roll', 'Hope')],
    ['d20', dice(null, num(20))],
    ['3d6', dice(num(3), num(6))],
    ['d%', dice(null, num(100))],
    ['4dF', dice(num(4), 'F')],
    ['dF', dice(null, 'F')],
    ['(@tier)d6', dice(ref('tier'), num(6))],
    ['d(@might)', dice(null, ref('might'))],
    ['(@n)d(@size)', dice(ref('n'), ref('size'))],
    ['2d20kh1', dice(num(2), num(20), [{ kind: 'keep', which: 'high', count: 1 }])],
    ['2d20kl', dice(num(2), num(20), [{ kind: 'keep', which: 'low', count: 1 }])],
    ['4d6dl1', dice(num(4), num(6), [{ kind: 'drop', which: 'low', count: 1 }])],
    ['4d6dh2', dice(num(4), num(6), [{ kind: 'drop', which: 'high', count: 2 }])],
    ['d6!', dice(null, num(6), [{ kind: 'explode', compare: null }])],
    ['d6!>=5', dice(null, num(6), [{ kind: 'explode', compare: { op: '>=', value: 5 } }])],
    ['d6!6', dice(null, num(6), [{ kind: 'explode', compare: { op: '==', value: 6 } }])],
    ['d6r1', dice(null, num(6), [{ kind: 'reroll', once: false, compare: { op: '==', value: 1 } }])],
    ['d6r<=2', dice(null, num(6), [{ kind: 'reroll', once: false, compare: { op: '<=', value: 2 } }])],
    ['d6ro<3', dice(null, num(6), [{ kind: 'reroll', once: true, compare: { op: '<', value: 3 } }])],
    ['5d10cs>=8', dice(num(5), num(10), [{ kind: 'successes', compare: { op: '>=', value: 8 } }])],
    ['4dFkh1', dice(num(4), 'F', [{ kind: 'keep', which: 'high', count: 1 }])],
    ['3d6kh2!r1', dice(num(3), num(6), [
      { kind: 'keep', which: 'high', count: 2 },
      { kind: 'explode', compare: null },
      { kind: 'reroll', once: false, compare: { op: '==', value: 1 } },
    ])],
    ['d(@n)!', dice(null, ref('n'), [{ kind: 'explode', compare: null }])],
    ['d12[Hope]', { kind: 'tag', tag: 'Hope', operand: dice(null, num(12)) }],
    ['(2d6)[Damage]', { kind: 'tag', tag: 'Damage', operand: dice(num(2), num(6)) }],
    ['max(1, @a)', { kind: 'call', name: 'max', args: [num(1), ref('a')] }],
    ['double(3)', { kind: 'call', name: 'double', args: [num(3)] }],
    ['dex()', { kind: 'call', name: 'dex', args: [] }],
  ])('%s', (text, expected) => {
    expect(shape(ok(text))).toEqual(expected);
  });
});

describe('parseFormula: operators and precedence', () => {
  it('`>=` alone is a comparison, `cs>=` is a success count', () => {
    expect(shape(ok('2d6 >= 7'))).toEqual({ kind: 'binary', op: '>=', left: dice(num(2), num(6)), right: num(7) });
    expect(shape(ok('2d6>=7'))).toEqual({ kind: 'binary', op: '>=', left: dice(num(2), num(6)), right: num(7) });
    expect(shape(ok('2d6cs>=4'))).toEqual(dice(num(2), num(6), [{ kind: 'successes', compare: { op: '>=', value: 4 } }]));
  });

  it('`!` after dice explodes, `!x` is not, `d6!=3` is a comparison', () => {
    expect(shape(ok('!@x'))).toEqual({ kind: 'unary', op: 'not', operand: ref('x') });
    expect(shape(ok('d6!=3'))).toEqual({ kind: 'binary', op: '!=', left: dice(null, num(6)), right: num(3) });
    expect(shape(ok('d6!!=3'))).toEqual(dice(null, num(6), [{ kind: 'explode', compare: { op: '!=', value: 3 } }]));
  });

  it('multiplication binds tighter than addition; chains are left-associative', () => {
    expect(shape(ok('1 + 2 * 3'))).toEqual({ kind: 'binary', op: '+', left: num(1), right: { kind: 'binary', op: '*', left: num(2), right: num(3) } });
    expect(shape(ok('8 - 2 - 1'))).toEqual({ kind: 'binary', op: '-', left: { kind: 'binary', op: '-', left: num(8), right: num(2) }, right: num(1) });
  });

  it('unary minus is looser than dice: -3d6 negates the roll', () => {
    expect(shape(ok('-3d6'))).toEqual({ kind: 'unary', op: '-', operand: dice(num(3), num(6)) });
  });

  it('not is looser than comparison, and/or aliases read the same', () => {
    expect(shape(ok('not @a == @b'))).toEqual({ kind: 'unary', op: 'not', operand: { kind: 'binary', op: '==', left: ref('a'), right: ref('b') } });
    expect(shape(ok('@a && @b || !@c'))).toEqual(shape(ok('@a and @b or not @c')));
  });

  it('the conditional is right-associative', () => {
    const ast = ok('@level >= 20 ? 4 : @level >= 11 ? 3 : 1');
    expect(ast.kind).toBe('conditional');
    if (ast.kind === 'conditional') expect(ast.otherwise.kind).toBe('conditional');
  });
});

describe('parseFormula: spans', () => {
  it('gives exact half-open spans, parentheses included in the parent only', () => {
    const ast = ok('(1 + 2) * d20kh1');
    expect(ast.span).toEqual({ start: 0, end: 16 });
    if (ast.kind !== 'binary') throw new Error('expected binary');
    expect(ast.left.span).toEqual({ start: 1, end: 6 });
    expect(ast.right.span).toEqual({ start: 10, end: 16 });
  });

  it('covers calls, tags, references and dice counts', () => {
    const ast = ok('  max(@str.mod, (@n)d6[X]) ');
    expect(ast.span).toEqual({ start: 2, end: 26 });
    if (ast.kind !== 'call') throw new Error('expected call');
    expect(ast.nameSpan).toEqual({ start: 2, end: 5 });
    expect(ast.args[0]!.span).toEqual({ start: 6, end: 14 });
    const tag = ast.args[1]!;
    expect(tag.span).toEqual({ start: 16, end: 25 });
    if (tag.kind !== 'tag' || tag.operand.kind !== 'dice') throw new Error('expected tag of dice');
    expect(tag.operand.span).toEqual({ start: 16, end: 22 });
    expect(tag.operand.count!.span).toEqual({ start: 17, end: 19 });
  });
});

describe('parseFormula: errors in designer language, with exact ranges', () => {
  it('says what was expected after what', () => {
    const { ast, diagnostics } = parseFormula('1 + )');
    expect(ast).toBeNull();
    expect(diagnostics).toEqual([
      { severity: 'error', code: 'syntax', message: "expected a number, a reference or '(' after '+', but found ')'", span: { start: 4, end: 5 } },
    ]);
  });

  it('points at the end for a missing closing parenthesis', () => {
    const { diagnostics } = parseFormula('max(1, 2');
    expect(diagnostics[0]!.message).toContain("expected ')'");
    expect(diagnostics[0]!.span).toEqual({ start: 8, end: 8 });
  });

  it('reports several errors at once', () => {
    const { diagnostics } = parseFormula('d6 + + 3 )');
    expect(diagnostics.length).toBe(2);
    expect(diagnostics.map((d) => d.span.start)).toEqual([5, 9]);
  });

  it('refuses chained comparisons', () => {
    expect(parseFormula('1 < 2 < 3').diagnostics[0]!.message).toContain('cannot be chained');
  });

  it('explains a bare name and a lone =', () => {
    const bare = parseFormula('str + 1').diagnostics[0]!;
    expect(bare.message).toContain("'@str'");
    expect(bare.span).toEqual({ start: 0, end: 3 });
    expect(parseFormula('@a = 3').diagnostics[0]).toMatchObject({ message: expect.stringContaining("use '=='"), span: { start: 3, end: 4 } });
  });

  it('explains a modifier separated from its dice, or missing its number', () => {
    expect(parseFormula('d20 kh1').diagnostics[0]!.message).toContain('no space');
    expect(parseFormula('d6r').diagnostics[0]).toMatchObject({ message: expect.stringContaining("'d6r1'"), span: { start: 2, end: 3 } });
  });

  it('explains a d without sides', () => {
    expect(parseFormula('2d').diagnostics).toEqual([
      { severity: 'error', code: 'syntax', message: "expected the number of sides after 'd' (like 'd20', 'd%', 'dF' or 'd(@size)')", span: { start: 1, end: 2 } },
    ]);
    expect(parseFormula('d + 1').diagnostics[0]!.span).toEqual({ start: 0, end: 1 });
  });

  it('reports only the bad character when nothing else is there', () => {
    expect(parseFormula('#').diagnostics).toEqual([{ severity: 'error', code: 'syntax', message: "unexpected character '#'", span: { start: 0, end: 1 } }]);
  });

  it('reports broken references, unterminated strings and empty formulas', () => {
    expect(parseFormula('@str.').diagnostics[0]).toMatchObject({ span: { start: 4, end: 5 } });
    expect(parseFormula('@').diagnostics[0]!.message).toContain("after '@'");
    expect(parseFormula("'abc").diagnostics[0]!.message).toContain('closing quote');
    expect(parseFormula('   ').diagnostics[0]!.message).toContain('empty');
    expect(parseFormula('@a.__proto__').diagnostics[0]).toMatchObject({ code: 'reserved', span: { start: 3, end: 12 } });
  });
});

describe('parseFormula: limits (spec §1.3)', () => {
  it('refuses 300 nested parentheses with a clear error instead of overflowing the stack', () => {
    const text = `${'('.repeat(300)}1${')'.repeat(300)}`;
    const { ast, diagnostics } = parseFormula(text);
    expect(ast).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'limit', span: { start: 64, end: 65 } });
    expect(diagnostics[0]!.message).toContain('64');
  });

  it('reports a formula broken deep inside 64 levels as a syntax error (regression: recovery overflowed the stack)', () => {
    // Found by trying worst cases: recovery re-syncs on top of the deepest frames and overflowed near 50 levels.
    const unclosed = parseFormula(`${'(1+'.repeat(64)}1`);
    expect(unclosed.diagnostics).toHaveLength(1);
    expect(unclosed.diagnostics[0]).toMatchObject({ code: 'syntax', message: expect.stringContaining("expected ')'") });
    const calls = parseFormula(`${'max(1, '.repeat(64)}1`);
    expect(calls.diagnostics[0]!.code).toBe('syntax');
    const deepError = parseFormula(`${'('.repeat(64)}1 +${')'.repeat(64)}`);
    expect(deepError.diagnostics[0]).toMatchObject({ code: 'syntax', span: { start: 67, end: 68 } });
  });

  it('accepts 64 levels and refuses 65', () => {
    expect(parseFormula(`${'('.repeat(64)}1${')'.repeat(64)}`).ast).not.toBeNull();
    expect(parseFormula(`${'('.repeat(65)}1${')'.repeat(65)}`).diagnostics[0]!.code).toBe('limit');
  });

  it('counts long runs of prefix operators and nested choices as nesting', () => {
    expect(parseFormula(`${'-'.repeat(500)}1`).diagnostics[0]!.code).toBe('limit');
    expect(parseFormula(`${'not '.repeat(300)}true`).diagnostics[0]!.code).toBe('limit');
    expect(parseFormula(`${'@a ? 1 : '.repeat(200)}2`).diagnostics[0]!.code).toBe('limit');
    // Sequential prefixes do not add up.
    expect(parseFormula(Array.from({ length: 100 }, () => '-1').join(' + ')).ast).not.toBeNull();
  });

  it('refuses 2,001 characters before lexing, and accepts 2,000', () => {
    const long = parseFormula(`1${' + 1'.repeat(500)}`); // 2,001 characters
    expect(long.ast).toBeNull();
    expect(long.diagnostics[0]).toMatchObject({ code: 'limit', span: { start: 2000, end: 2001 } });
    expect(long.diagnostics[0]!.message).toContain('2,001');
    expect(parseFormula(`1${' + 1'.repeat(499)}   `).ast).not.toBeNull();
  });
});

describe('parseFormula: cache', () => {
  it('returns the same frozen result for the same text', () => {
    const first = parseFormula('d20 + @str.mod');
    expect(parseFormula('d20 + @str.mod')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.ast)).toBe(true);
  });
});
