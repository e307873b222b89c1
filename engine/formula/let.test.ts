// `let name = value in body` and a dice term's faces (`@name.faces`), issue 22 item 3: parse, check (errors at their
// place), evaluate (one value for every read, the faces rolled), chips and exact distributions.
import { describe, expect, it } from 'vitest';
import { checkFormula, checkFunctionBody } from './check';
import { distributionOf } from './distribution';
import { parseFormula } from './parse';
import { printFormula } from './print';
import { createSymbolTable } from './symbols';
import type { FormulaNode } from './types';
import { evaluate, riggedRng, traced } from '../../test/formula/compile-helpers';

function ast(text: string): FormulaNode {
  const parsed = parseFormula(text);
  if (parsed.ast === null) throw new Error(`${text}: ${parsed.diagnostics.map((d) => d.message).join('; ')}`);
  return parsed.ast;
}

const symbols = createSymbolTable({ str: { type: 'number', range: [0, 5] }, 'target.hp': { type: 'number' } });

function check(text: string) {
  const result = checkFormula(ast(text), symbols);
  return { ...result, at: (code: string) => result.diagnostics.filter((d) => d.code === code).map((d) => text.slice(d.span.start, d.span.end)) };
}

function pmf(text: string, functions?: Map<string, { params: string[]; body: string }>): Array<[number, number]> {
  const result = distributionOf(ast(text), { resolve: (path) => (path.join('.') === 'str' ? 3 : undefined), functions });
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.pmf;
}

const choose = (n: number, k: number): number => {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
};

describe('let: parsing', () => {
  it('reads `let x = 3d6 in @x + 1` as a let whose body reaches to the end, with the name and its spans', () => {
    const node = ast('let x = 3d6 in @x + 1');
    expect(node.kind).toBe('let');
    if (node.kind !== 'let') return;
    expect(node.name).toBe('x');
    expect(node.nameSpan).toEqual({ start: 4, end: 5 });
    expect(node.span).toEqual({ start: 0, end: 21 });
    expect(printFormula(node.value)).toBe('3d6');
    expect(printFormula(node.body)).toBe('@x + 1');
  });

  it('prints back with parentheses only where a let is an operand', () => {
    for (const text of ['let x = 3d6 in @x + @x', '(let x = d6 in @x) + 1', 'let x = d6 in let y = d4 in @x * @y', '@str > 2 ? let p = 4d6 in count(@p.faces, 6) : 0']) {
      expect(printFormula(ast(text))).toBe(text);
    }
  });

  it('says what is missing, at its place: the name, the =, the in; a lone = says to compare with ==', () => {
    const first = (text: string) => parseFormula(text).diagnostics[0]!;
    expect(first('let = 3 in 1').message).toMatch(/expected a name after 'let'/);
    expect(first('let x 3 in 1').message).toMatch(/expected '='/);
    const noIn = first('let x = 3d6 @x');
    expect(noIn.message).toMatch(/expected 'in'/);
    expect(noIn.span).toEqual({ start: 12, end: 14 });
    expect(first('@str = 3').message).toMatch(/use '==' to compare/);
    expect(first('1 + let x = 2 in @x').message).toMatch(/expected a number, a reference or '\('/);
  });

  it('a formula that starts with a stray token says what a value is, as before `let` (not a list of every token)', () => {
    for (const text of ['[', ')', '? 1']) {
      expect(parseFormula(text).diagnostics[0]!.message).toMatch(/^expected a number, a reference or '\(', but found/);
    }
  });

  it('`let` and `in` are words: `in(1)` is no call, but `@in`, `inch(1)` and `letter` names still read', () => {
    expect(parseFormula('in(1)').ast).toBeNull();
    expect(parseFormula('let(1)').ast).toBeNull();
    expect(parseFormula('@in + @let + inch(1) + letter(2)').ast).not.toBeNull();
  });
});

describe('let: checking', () => {
  it('a let is the type and range of its body; its name has the facts of its value', () => {
    const result = check('let x = 2d6 in @x + @x');
    expect(result.diagnostics).toEqual([]);
    expect(result.range).toEqual({ min: 4, max: 24 });
    expect(check('let x = @str in @x > 2').type).toBe('boolean');
  });

  it('@x.faces is a list for a dice term (tagged too), so count() takes it', () => {
    expect(check('let p = 5d6 in count(@p.faces, 6)').diagnostics).toEqual([]);
    expect(check('let p = (5d6)[Pool] in count(@p.faces, 5, 6) + @p').diagnostics).toEqual([]);
  });

  it('refuses @x.faces when x is not bound to dice, and @x.anything else, at the reference', () => {
    expect(check('let x = 2d6 + 1 in count(@x.faces, 6)').at('unknown-ref')).toEqual(['@x.faces']);
    expect(check('let x = 2d6 in @x.total').at('unknown-ref')).toEqual(['@x.total']);
  });

  it('refuses a name that hides what the formula can read, or an enclosing let, at the name', () => {
    expect(check('let str = d6 in @str').at('shadow')).toEqual(['str']);
    expect(check('let target = d6 in @target').at('shadow')).toEqual(['target']);
    expect(check('let x = d6 in let x = d4 in @x').at('shadow')).toEqual(['x']);
    expect(check('let target = d6 in @target').diagnostics.find((d) => d.code === 'shadow')!.message).toMatch(/@target\.hp/);
  });

  it('warns at the name when the body never reads it', () => {
    const result = check('let x = d6 in 3');
    expect(result.at('unused')).toEqual(['x']);
    expect(result.diagnostics[0]!.severity).toBe('warning');
  });

  it('the name is local: after the let, and in a function body, @x is unknown', () => {
    expect(check('(let x = d6 in @x) + @x').at('unknown-ref')).toEqual(['@x']);
    const f = { params: ['n'], body: '@n + @x' };
    const table = createSymbolTable({}, { functions: new Map([['f', f]]) });
    expect(checkFormula(ast('let x = d6 in f(@x)'), table).diagnostics).toEqual([]);
    expect(checkFunctionBody('f', f, table).diagnostics.map((d) => [d.code, f.body.slice(d.span.start, d.span.end)])).toEqual([['unknown-ref', '@x']]);
  });
});

describe('let: evaluation', () => {
  it('every read of @x is the one value rolled (one die for `let x = 1d6 in @x + @x`)', () => {
    const rng = riggedRng([4]);
    expect(evaluate('let x = 1d6 in @x + @x', {}, rng)).toBe(8);
    expect(rng.asked).toEqual([6]);
  });

  it('@x.faces is the kept faces of the term, so count() reads how many sixes and how many ones', () => {
    expect(evaluate('let p = 5d6 in count(@p.faces, 6) * 10 + count(@p.faces, 1)', {}, riggedRng([6, 1, 6, 3, 1]))).toBe(22);
    expect(evaluate('let p = 4d6kh3 in count(@p.faces, 1)', {}, riggedRng([1, 1, 5, 6]))).toBe(1);
    expect(evaluate('let p = 5d10cs>=8 in @p * 100 + count(@p.faces, 1, 1)', {}, riggedRng([9, 1, 8, 10, 1]))).toBe(302);
    expect(evaluate('let p = 3d6 in count(@p.faces, 5, 6)', {}, riggedRng([5, 6, 4]))).toBe(2);
  });

  it('dice before the let and in its body are not its faces', () => {
    expect(evaluate('d6 + (let p = 2d6 in count(@p.faces, 6) + d6)', {}, riggedRng([6, 2, 6, 6]))).toBe(6 + 1 + 6);
  });

  it('a let in a function body and a function in a let body each read their own names', () => {
    const functions = { twice: { params: ['n'], body: 'let m = @n in @m + @m' } };
    expect(evaluate('let x = d6 in twice(@x) + @x', { functions }, riggedRng([3]))).toBe(9);
  });

  it('the chip names the value, then reads it where the body does', () => {
    const { value, chip } = traced('let p = 3d6 in count(@p.faces, 6) + @p', [6, 2, 6]);
    expect(value).toBe(16);
    expect(chip).toBe('p: 3d6 (6, 2, 6); count([6, 2, 6], 6) + 14 = 16');
  });
});

describe('let: exact distributions', () => {
  it('`let x = 1d6 in @x + @x` is 2, 4, …, 12 (one die twice), not 2d6', () => {
    expect(pmf('let x = 1d6 in @x + @x')).toEqual([2, 4, 6, 8, 10, 12].map((v) => [v, expect.closeTo(1 / 6, 12)]));
  });

  it('`let x = 1d6 in @x - @x` is always 0', () => {
    expect(pmf('let x = 1d6 in @x - @x')).toEqual([[0, 1]]);
  });

  it('how many sixes in 5d6 is binomial(5, 1/6)', () => {
    const result = pmf('let p = 5d6 in count(@p.faces, 6)');
    expect(result.map(([v]) => v)).toEqual([0, 1, 2, 3, 4, 5]);
    result.forEach(([k, q]) => expect(q).toBeCloseTo(choose(5, k) * (1 / 6) ** k * (5 / 6) ** (5 - k), 12));
  });

  it('hits on 5-6 of 10d6 and ones together: P(hits = 3 and ones = 2) is the multinomial', () => {
    const result = pmf('let p = 10d6 in count(@p.faces, 5, 6) == 3 and count(@p.faces, 1) == 2');
    const p = (10 * 9 * 8 * 7 * 6 * 5 * 4 * 3 * 2) / (6 * 2 * 120) * (1 / 3) ** 3 * (1 / 6) ** 2 * (1 / 2) ** 5;
    expect(result.find(([v]) => v === 1)![1]).toBeCloseTo(p, 12);
  });

  it('keep, reroll and success counts apply to the faces as the roller does', () => {
    // 2d6kh1: the highest face; count(faces, 6) is 1 with P 11/36.
    expect(pmf('let p = 2d6kh1 in count(@p.faces, 6)')).toEqual([[0, expect.closeTo(25 / 36, 12)], [1, expect.closeTo(11 / 36, 12)]]);
    // d6r1: never a 1.
    expect(pmf('let p = 3d6r1 in count(@p.faces, 1)')).toEqual([[0, 1]]);
    // 3d6cs>=5: the value is the successes, the same as counting 5s and 6s.
    expect(pmf('let p = 3d6cs>=5 in @p - count(@p.faces, 5, 6)')).toEqual([[0, expect.closeTo(1, 12)]]);
  });

  it('refuses the faces of exploding dice and faces read where order could matter, at the place', () => {
    const explode = distributionOf(ast('let p = 3d6! in count(@p.faces, 6)'), { resolve: () => undefined });
    expect(explode.ok).toBe(false);
    if (!explode.ok) expect(explode.error.message).toMatch(/exploding/);
    const text = 'let p = 3d6 in @p.faces == @p.faces';
    const ordered = distributionOf(ast(text), { resolve: () => undefined });
    expect(ordered.ok).toBe(false);
    if (!ordered.ok) expect(text.slice(ordered.error.span.start, ordered.error.span.end)).toBe('@p.faces');
  });

  it('a let inside a function body and a random argument around it stay exact', () => {
    const functions = new Map([['twice', { params: ['n'], body: 'let m = @n in @m + @m' }]]);
    expect(pmf('twice(1d4)', functions)).toEqual([2, 4, 6, 8].map((v) => [v, expect.closeTo(0.25, 12)]));
    expect(pmf('let x = @str in d(@x)')).toEqual([1, 2, 3].map((v) => [v, expect.closeTo(1 / 3, 12)]));
  });
});
