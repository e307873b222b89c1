// Where explosion and reroll meet: one meaning for the roller (roll.ts), the exact distribution (distribution.ts)
// and the compiled formula. Each roll of a die is rerolled with `r` while it matches, then once with `ro`; the face
// it settles on explodes when it matches (plain `!`: the die's highest face, even where a reroll never lets it stay).
// Issue 17 found `dist '2d2!r2'` ok with an empty pmf and a NaN mean while `roll` gave 2; 46 such small formulas.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../test/fuzz';
import { checkFormula } from '../formula/check';
import { compileFormula, evaluateFormula, FormulaCompileError, newEvalContext } from '../formula/compile';
import { parseFormula } from '../formula/parse';
import { FormulaRuntimeError } from '../formula/runtime';
import { createSymbolTable } from '../formula/symbols';
import type { Value } from '../formula/types';
import { run as distCommand } from '../cli/dist';
import { type DistributionResult, distributionOf } from '../formula/distribution';
import { keyOf } from './pmf';
import { createRng } from './rng';
import { endlessDie, planDice } from './roll';

function dist(text: string, refs: Record<string, Value> = {}): DistributionResult {
  const parsed = parseFormula(text);
  if (parsed.ast === null) throw new Error(`${text} does not parse: ${parsed.diagnostics[0]?.message}`);
  return distributionOf(parsed.ast, { resolve: (path) => refs[path.join('.')] });
}

/** Rolls `text` `times` times with a seeded RNG: the values, or the first error thrown (compile or run). */
function rolls(text: string, times: number, seed: number, refs: Record<string, Value> = {}): { values: number[]; error: Error | null } {
  const values: number[] = [];
  try {
    const formula = compileFormula(parseFormula(text).ast!, {
      resolve: (path) => {
        const value = refs[path.join('.')];
        return value === undefined ? undefined : () => value;
      },
    });
    const ctx = newEvalContext(createRng(seed), null);
    for (let i = 0; i < times; i++) values.push(Number(evaluateFormula(formula, ctx)));
    return { values, error: null };
  } catch (error) {
    if (error instanceof FormulaCompileError || error instanceof FormulaRuntimeError) return { values, error };
    throw error;
  }
}

function valid(result: DistributionResult): string | null {
  if (!result.ok) return result.error.message.length > 0 ? null : 'an error without a message';
  if (result.pmf.length === 0) return 'an empty pmf';
  if (![result.min, result.max, result.mean, result.stdev].every(Number.isFinite)) return `min/max/mean/stdev ${result.min}/${result.max}/${result.mean}/${result.stdev}`;
  const total = result.pmf.reduce((sum, [, p]) => sum + p, 0);
  if (Math.abs(total - 1) > 1e-9) return `probabilities summing to ${total}`;
  if (result.pmf.some(([v, p]) => !Number.isFinite(v) || !(p > 0))) return 'a value or probability that is not a number';
  return null;
}

describe('one meaning for explode and reroll', () => {
  it('2d2!r2 is always 2: every die settles on 1, which is not the d2’s highest face, so nothing explodes', () => {
    const result = dist('2d2!r2');
    expect(result.ok && result.pmf).toEqual([[2, 1]]);
    const rolled = rolls('2d2!r2', 200, 1);
    expect(rolled.error).toBeNull();
    expect(new Set(rolled.values)).toEqual(new Set([2]));
    expect(dist('d2!r2').ok && (dist('d2!r2') as { mean: number }).mean).toBe(1);
  });

  it('d3r3! never explodes (3 is the highest face and never stays), so it is a d2 in all but name', () => {
    const result = dist('d3r3!');
    expect(result.ok && result.pmf).toEqual([[1, 0.5], [2, 0.5]]);
    expect(new Set(rolls('d3r3!', 400, 2).values)).toEqual(new Set([1, 2]));
    // A reroll that lets the highest face stay still explodes on it: d4!r1 is 2..4, and a 4 adds another roll.
    const d4 = dist('d4!r1');
    expect(d4.ok && d4.mean).toBeCloseTo(3 * 1.5, 12); // each roll 3 on average, 1/(1 - 1/3) rolls a chain
  });

  it('an explosion is a roll of its own and is rerolled too: d6!r1 never shows a 1', () => {
    const result = dist('d6!r1');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.min).toBe(2);
    // Every value is a sum of faces 2..6, each 6 followed by another: 7 (6 then 1) is impossible.
    expect(result.pmf.some(([v]) => v === 7)).toBe(false);
    expect(result.mean).toBeCloseTo(4 * 1.25, 12); // a roll averages 4; a chain is 1/(1 - 1/5) rolls
    const rolled = rolls('d6!r1', 2000, 3);
    expect(rolled.values.includes(7)).toBe(false);
  });

  it('a computed size gets the "matches every face" check when it is rolled: d(@n)r1! with n = 2', () => {
    const formula = 'd(@n)r1!';
    const result = dist(formula, { n: 2 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('limit');
    expect(result.error.message).toBe('in `d(@n)r1!`: exploding on the highest face (2) matches every face a d2 can settle on after rerolling on 1: it would never stop');
    expect(result.error.span).toEqual({ start: 0, end: formula.length });
    const rolled = rolls(formula, 5, 4, { n: 2 });
    expect(rolled.error).toBeInstanceOf(FormulaRuntimeError);
    expect(rolled.error!.message).toBe(result.error.message);
    expect((rolled.error as FormulaRuntimeError).span).toEqual({ start: 0, end: formula.length });
    // With n = 3 a roll can settle on 2, which stops: both agree on a distribution.
    expect(dist(formula, { n: 3 }).ok).toBe(true);
    expect(rolls(formula, 100, 5, { n: 3 }).error).toBeNull();
  });

  it('a literal size gets the same check when the formula is compiled, with the same words', () => {
    for (const text of ['d2r1!', 'd1!', 'd6r<7', 'd2r1r2', 'dF!<=1', '3d4r<=2!>=3']) {
      const result = dist(text);
      expect(result.ok, text).toBe(false);
      const rolled = rolls(text, 1, 6);
      expect(rolled.error, text).toBeInstanceOf(FormulaCompileError);
      expect(rolled.error!.message, text).toBe(!result.ok && result.error.message);
      expect(rolled.error!.message, text).toMatch(/matches every face .*: it would never stop$/);
    }
  });

  it('a reroll-once that can happen is a fresh roll, so it can end a chain: d4!>=2ro1 stops (rarely)', () => {
    expect(endlessDie(planDice(parseModifiers('d4!>=2ro1')), 1, 4)).toBeNull();
    expect(endlessDie(planDice(parseModifiers('d4!>=2r1')), 1, 4)).toMatch(/never stop/);
    // ...but a 1 in 16 chance of stopping per roll reaches the limit of 100 explosions in 1.5e-3 of rolls: a note.
    const result = dist('d4!>=2ro1');
    expect(result.ok && result.notes.join(' ')).toMatch(/a die fails \(over 100 explosions\) with probability 1\.5e-3/);
  });

  it('a die that fails (over 100 rerolls) in 1 roll of 100 or more is an error, not a conditional distribution', () => {
    const result = dist('d1000r<1000'); // keeps 1000 only: rerolled 101 times in a row with chance 0.999^101
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toBe(
      'a die here needs more than 100 rerolls (which stops the roll with an error) in 90.4% of its rolls',
    );
    // The roller agrees: most rolls of it fail.
    const rolled = rolls('d1000r<1000', 20, 7);
    expect(rolled.error?.message).toMatch(/more than 100 rerolls of one die/);
  });

  it('keep/drop act on the whole pool, explosions included; cs counts each; !! is ! twice, not compounding', () => {
    // d6!kh1 keeps the highest single die of the chain: never above 6, but more often 6 than a plain d6.
    const kept = dist('d6!kh1');
    expect(kept.ok && [kept.min, kept.max]).toEqual([1, 6]);
    expect(kept.ok && kept.pmf.find(([v]) => v === 6)![1]).toBeCloseTo(1 / 6, 12); // the first die is the highest
    const pool = dist('2d6!dl1');
    expect(pool.ok && pool.max).toBeGreaterThan(6);
    expect(new Set(rolls('d6!kh1', 3000, 8).values)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const counted = dist('d10!cs>=8'); // 8 or 9 is one success, a 10 is one and rolls again
    expect(counted.ok && counted.mean).toBeCloseTo(0.3 / 0.9, 12);
    expect(dist('3d6!!')).toEqual(dist('3d6!'));
    expect(rolls('3d6!!', 500, 9).values).toEqual(rolls('3d6!', 500, 9).values);
  });

  it('the editor reports a die that could never settle when its size is written out', () => {
    for (const text of ['d1!', 'd6r<7', 'd2r1!']) {
      const parsed = parseFormula(text);
      const checked = checkFormula(parsed.ast!, createSymbolTable({}));
      expect(checked.diagnostics.map((d) => [d.severity, d.message]), text).toEqual([['error', expect.stringMatching(/would never stop/)]]);
    }
    // The checker asks the roller's question: it refused d6r<6ro6! (a 6 is rerolled once, and may become a 1..5 that
    // stops) and passed d6r2r3r4r5!<=1! (only 1 and 6 stay, and both explode), as its own range test saw it.
    const errorsOf = (text: string) => checkFormula(parseFormula(text).ast!, createSymbolTable({})).diagnostics.filter((d) => d.severity === 'error');
    expect(errorsOf('d6r<6ro6!')).toEqual([]);
    expect(errorsOf('d6!>=2r1ro<3')).toEqual([]); // found by the property below against the old checker
    expect(dist('d6r<6ro6!').ok).toBe(true);
    expect(errorsOf('d6r2r3r4r5!<=1!').map((d) => d.message)).toEqual(['`d6r2r3r4r5!<=1!` explodes on every face it can settle on, so it would never stop']);
    expect(errorsOf('d2r1!').map((d) => d.message)).toEqual(['`d2r1!` explodes on every face it can settle on, so it would never stop']);
    // A computed size is checked when it is rolled (above), not here: d(@n)r1! checks clean.
    const computed = checkFormula(parseFormula('d(@n)r1!').ast!, createSymbolTable({ n: { type: 'number' } }));
    expect(computed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('a ro after r is a fresh roll the r does not touch: d4r1ro2!>=2 can end on a 1, d4r1ro5!>=2 cannot', () => {
    // r1 leaves 2..4, all exploding; ro2 rerolls a 2 once, and that roll may be the 1 that stops the chain.
    expect(endlessDie(planDice(parseModifiers('d4r1ro2!>=2')), 1, 4)).toBeNull();
    expect(endlessDie(planDice(parseModifiers('d4r1ro5!>=2')), 1, 4)).toBe(
      'exploding on >=2 matches every face a d4 can settle on after rerolling on 1: it would never stop',
    );
    const result = dist('d4r1ro2!>=2');
    expect(result.ok && result.min).toBe(1);
  });

  it('endlessDie, and the editor with it, agree with asking every face, for random plans on dice of 1..12 faces and fate', () => {
    const compares = ['1', '2', '3', '5', '<3', '<=2', '>4', '>=6', '>=1', '<=12', '>9'];
    const modifier = fc.oneof(
      fc.constantFrom('!', ...compares.map((c) => `!${c === '1' || c === '2' || c === '3' || c === '5' ? `>=${c}` : c}`)),
      fc.constantFrom(...compares.map((c) => `r${c}`), ...compares.map((c) => `ro${c}`)),
    );
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3, 4, 6, 12, 'F' as const), fc.array(modifier, { minLength: 1, maxLength: 4 }), (size, mods) => {
        const plan = planDice(parseModifiers(`d${size}${mods.join('')}`));
        const [min, max] = size === 'F' ? [-1, 1] : [1, size];
        const text = `d${size}${mods.join('')}`;
        const endless = neverSettlesByEveryFace(plan, min, max);
        expect(endlessDie(plan, min, max) !== null, text).toBe(endless);
        // The editor refuses the same dice (another error of the term may come first: "the reroll is pointless").
        const errors = checkFormula(parseFormula(text).ast!, createSymbolTable({})).diagnostics.filter((d) => d.severity === 'error');
        if (errors.some((d) => /would never stop/.test(d.message))) expect(endless, text).toBe(true);
        if (endless) expect(errors.length, text).toBeGreaterThan(0);
      }),
      fuzz(1717, 3000),
    );
  });

  it('the settle check finds a single face that stops among a million', () => {
    // Only 500,000 survives the rerolls and does not explode.
    const plan = planDice(parseModifiers('d1000000r<500000r>500001!>=500001'));
    expect(endlessDie(plan, 1, 1_000_000)).toBeNull();
    const closed = planDice(parseModifiers('d1000000r<500000r>500001!>=500000'));
    expect(endlessDie(closed, 1, 1_000_000)).toMatch(/never stop/);
  });
});

/** The same question as endlessDie, asked of every face in turn: does some roll settle on a face that stops? */
function neverSettlesByEveryFace(plan: ReturnType<typeof planDice>, min: number, max: number): boolean {
  const matches = (c: { op: string; value: number }, f: number): boolean =>
    ({ '==': f === c.value, '!=': f !== c.value, '<': f < c.value, '<=': f <= c.value, '>': f > c.value, '>=': f >= c.value })[c.op]!;
  const faces = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const kept = faces.filter((f) => !plan.rerollUntil.some((c) => matches(c, f)));
  if (kept.length === 0) return plan.rerollUntil.length > 0;
  // A roll settles on a kept face that ro leaves alone, or (ro happening) on whatever the fresh roll shows.
  const once = kept.some((f) => plan.rerollOnce.some((c) => matches(c, f)));
  const settled = once ? faces : kept;
  if (plan.explode.length === 0) return false;
  return settled.every((f) => plan.explode.some((c) => (c === null ? f === max : matches(c, f))));
}

/** The modifiers of a one-term formula. */
function parseModifiers(text: string) {
  const ast = parseFormula(text).ast;
  if (ast?.kind !== 'dice') throw new Error(`${text} is not one dice term`);
  return ast.modifiers;
}

// Die sizes 1..4 and fate, 1..3 dice, every ordered pair of two different modifiers from this list.
const MODIFIERS = (faces: string): string[] => {
  // Compares take whole numbers from 0, so a fate die's lowest face (-1) is named `<0`.
  const top = faces === 'F' ? '1' : faces;
  const low = faces === 'F' ? '<0' : '1';
  return [
    ...new Set([
      '!', `!>=${top}`, '!>=2', `!<=${faces === 'F' ? '0' : '1'}`, '!>1',
      `r${low}`, `r${top}`, 'r<=2', 'r>1', `ro${low}`, `ro${top}`, 'ro<3',
      'kh1', 'kl1', 'dh1', 'dl1', 'kh2',
      'cs>=2', 'cs<2',
    ]),
  ];
};

function smallCombinations(): string[] {
  const out: string[] = [];
  for (const faces of ['1', '2', '3', '4', 'F']) {
    const mods = MODIFIERS(faces);
    for (const count of [1, 2, 3]) {
      for (const a of mods) for (const b of mods) if (a !== b) out.push(`${count}d${faces}${a}${b}`);
    }
  }
  return out;
}

describe('every small combination of explode, reroll, keep and count (the 46 of issue 17, made a class)', () => {
  const combinations = smallCombinations();

  it('enumerates die sizes 1..4 and F, counts 1..3 and each ordered modifier pair', () => {
    const pairs = ['1', '2', '3', '4', 'F'].reduce((sum, faces) => sum + MODIFIERS(faces).length * (MODIFIERS(faces).length - 1), 0);
    expect(combinations).toHaveLength(3 * pairs);
    expect(combinations.length).toBeGreaterThan(4500);
    for (const text of combinations) expect(parseFormula(text).ast, text).not.toBeNull();
  });

  it('the editor refuses exactly the dice that dist and roll find never settle', () => {
    const disagree: string[] = [];
    for (const text of combinations) {
      const checked = checkFormula(parseFormula(text).ast!, createSymbolTable({}));
      const errors = checked.diagnostics.filter((d) => d.severity === 'error');
      const editor = errors.some((d) => /would never stop/.test(d.message));
      const result = dist(text);
      const engine = !result.ok && /would never stop/.test(result.error.message);
      // The editor may meet another error of the term first (`d1ro1`: "the reroll is pointless"); it is still refused.
      if (editor ? !engine : engine && errors.length === 0) disagree.push(`${text}: editor ${errors.map((d) => d.message).join('; ') || 'clean'}, dist ${engine}`);
    }
    expect(disagree).toEqual([]);
  });

  it('none has an empty or NaN distribution: each is a distribution or a clear error, the same error the roller gives', () => {
    const broken: string[] = [];
    const disagree: string[] = [];
    let errors = 0;
    combinations.forEach((text, index) => {
      const result = dist(text);
      const problem = valid(result);
      if (problem !== null) {
        broken.push(`${text}: ${problem}`);
        return;
      }
      const rolled = rolls(text, 600, 10_000 + index);
      if (!result.ok) {
        errors++;
        // An endless die is refused by both, with the same words; other refusals are the distribution's own limits.
        if (/would never stop/.test(result.error.message) && rolled.error?.message !== result.error.message) {
          disagree.push(`${text}: dist says "${result.error.message}", roll says "${rolled.error?.message ?? 'nothing'}"`);
        }
        return;
      }
      if (rolled.error !== null) {
        // Only a die the distribution says may fail (over 100 explosions or rerolls) may stop a roll.
        if (!/a die fails/.test(result.notes.join(' '))) disagree.push(`${text}: dist ok, roll says "${rolled.error.message}"`);
        return;
      }
      const support = new Set(result.pmf.map(([v]) => keyOf(v)));
      const impossible = rolled.values.find((v) => !support.has(keyOf(v)));
      if (impossible !== undefined) disagree.push(`${text}: rolled ${impossible}, which the distribution says is impossible`);
      const mean = rolled.values.reduce((a, b) => a + b, 0) / rolled.values.length;
      const se = result.stdev / Math.sqrt(rolled.values.length);
      if (Math.abs(mean - result.mean) > 4.5 * se + 1e-9) disagree.push(`${text}: sampled mean ${mean}, exact ${result.mean} (se ${se})`);
    });
    expect(broken).toEqual([]);
    expect(disagree).toEqual([]);
    // The class has real refusals in it (d1!, d2r1!, ...), and most of it computes.
    expect(errors).toBeGreaterThan(100);
    expect(errors).toBeLessThan(combinations.length / 4);
  });

  it('the dist command answers each in JSON and in its table without throwing: exit 0 with numbers, or 1 with a message', async () => {
    const crashed: string[] = [];
    // The table for every one; the JSON (the same numbers, printed plainly) for every fifth.
    for (const [index, text] of combinations.entries()) {
      for (const json of index % 5 === 0 ? [true, false] : [false]) {
        let out = '';
        let err = '';
        let code: number;
        try {
          code = await distCommand(json ? [text, '--json'] : [text], { out: (t) => void (out += t), err: (t) => void (err += t) });
        } catch (error) {
          crashed.push(`${text}${json ? ' --json' : ''}: threw ${(error as Error).message}`);
          continue;
        }
        if (code === 1 && /^error: .+\n {2}\S/.test(err) && out === '') continue;
        if (code !== 0) crashed.push(`${text}: exit ${code}, ${err}`);
        else if (json) {
          const parsed = JSON.parse(out) as { mean: unknown; pmf: unknown[] };
          if (typeof parsed.mean !== 'number' || parsed.pmf.length === 0) crashed.push(`${text} --json: ${out}`);
        } else if (/NaN|undefined|Infinity/.test(out) || !/mean -?\d|P\(true\)/.test(out)) crashed.push(`${text}: ${out}`);
      }
    }
    expect(crashed).toEqual([]);
  });
});
