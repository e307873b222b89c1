// The AST toolkit every walker uses: children in source order, searches, references, whether a formula may roll.
import { describe, expect, it } from 'vitest';
import { parseFormula } from './parse';
import { childrenOf, eachNode, hasDice, hasDiceOrCall, mapChildren, mayRoll, refsOf, someNode } from './nodes';
import { printFormula } from './print';
import { compileFormula } from './compile';
import { evaluateFormula, newEvalContext } from './evaluate';
import type { FormulaNode } from './types';

const ast = (text: string): FormulaNode => {
  const parsed = parseFormula(text);
  if (!parsed.ast) throw new Error(text);
  return parsed.ast;
};

describe('the AST toolkit', () => {
  it('reaches every node of every kind, in source order: a die count and size, call arguments, a tag, a branch', () => {
    const kinds: string[] = [];
    eachNode(ast("(@n)d(@size)kh1 + max(@a, -@b) > 3 ? (d6)[Hope] : has(@tags, 'x')"), (n) => kinds.push(n.kind === 'ref' ? `@${n.path.join('.')}` : n.kind));
    expect(kinds).toEqual([
      'conditional', 'binary', 'binary', 'dice', '@n', '@size', 'call', '@a', 'unary', '@b', 'number',
      'tag', 'dice', 'number', 'call', '@tags', 'string',
    ]);
    expect(childrenOf(ast('d20'))).toHaveLength(1);
    expect(childrenOf(ast('dF'))).toHaveLength(0);
    expect(childrenOf(ast('@str'))).toHaveLength(0);
  });

  it('collects references once each, dotted', () => {
    expect([...refsOf(ast('@target.dex.mod + @str.mod * 2 - @str.mod + d(@might)'))]).toEqual(['target.dex.mod', 'str.mod', 'might']);
  });

  it('a formula may roll when it has dice or calls a user function; built-ins are pure unless told otherwise', () => {
    expect(mayRoll(ast('max(1, @a)'))).toBe(false);
    expect(mayRoll(ast('1 + (@n)d6'))).toBe(true);
    expect(mayRoll(ast('boom(1)'))).toBe(true);
    expect(mayRoll(ast('max(boom(1), 2)'))).toBe(true);
    expect(mayRoll(ast('boom(1)'), () => false)).toBe(false);
    expect(hasDice(ast('boom(1)'))).toBe(false);
    expect(hasDice(ast('max(1, 2d6)'))).toBe(true);
    expect(someNode(ast('1 + 2'), (n) => n.kind === 'ref')).toBe(false);
  });

  it('hasDiceOrCall counts every call, built-in or not (what a traced test shows), where mayRoll counts user calls', () => {
    expect(hasDiceOrCall(ast('max(1, @a)'))).toBe(true);
    expect(mayRoll(ast('max(1, @a)'))).toBe(false);
    expect(hasDiceOrCall(ast('@a > 1'))).toBe(false);
    expect(hasDiceOrCall(ast('@a > d4'))).toBe(true);
  });

  it('mapChildren rebuilds every kind with its children mapped, and leaves leaves alone', () => {
    const bump = (n: FormulaNode): FormulaNode => (n.kind === 'number' ? { ...n, value: n.value + 1 } : mapChildren(n, bump));
    expect(printFormula(bump(ast("(2)d(6)kh1 + max(3, -4) > 5 ? (d6)[Hope] : has(@tags, 'x')")))).toBe("3d7kh1 + max(4, -5) > 6 ? d7[Hope] : has(@tags, 'x')");
    const leaf = ast('@str');
    expect(mapChildren(leaf, bump)).toBe(leaf);
  });

  it('a user function given with its parsed tree is compiled from the tree, its text not parsed again', () => {
    const body = parseFormula('@x * 2').ast!;
    const functions = new Map([['twice', { params: ['x'], body: 'this text is never read', ast: body }]]);
    const run = compileFormula(ast('twice(3) + 1'), { resolve: () => undefined, functions });
    expect(evaluateFormula(run, newEvalContext({ die: () => 1, next: () => 0 }))).toBe(7);
  });
});
