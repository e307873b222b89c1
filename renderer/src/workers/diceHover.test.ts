// The editor's dice hover asks the check worker for a formula's distribution (engine/editor's FormulaTools.info,
// through this worker's handler; the language server's hover reads the same). Where explosion
// and reroll meet, the engine now answers with an error instead of an empty or NaN distribution (issue 17): the hover's
// data path must carry that error as the hover's text, never throw, and never hand the chart an empty or NaN result.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormulaTools } from '../../../engine/index';
import { formulaHoverMarkdown } from '../../../engine/index';
import type { FormulaInfo } from '../../../engine/index';
import { handleCheckRequest } from './checkHandler';
import type { CheckResponse } from './protocol';

const text = readFileSync('test/fixtures/systems/mini-d20.json', 'utf8');
const document = JSON.parse(text) as { derived: Record<string, string> };
// `@str` is 10 by its default, so `d(@str - 8)` is a d2 in the hover: `d(@str - 8)r1!` never settles.
const POINTER = '/derived/str.mod';

function finiteDistribution(info: FormulaInfo): void {
  const d = info.distribution!;
  expect(d.pmf.length).toBeGreaterThan(0);
  for (const n of [d.min, d.max, d.mean, d.stdev]) expect(Number.isFinite(n)).toBe(true);
}

describe('the dice hover’s distribution (FormulaTools.info)', () => {
  const tools = new FormulaTools(document);

  it('a computed die that never settles is the hover’s problem text, naming the die', () => {
    const info = tools.info(POINTER, 'd(@str - 8)r1!');
    expect(info.distribution).toBeNull();
    expect(info.problem).toBe('in `d(@str - 8)r1!`: exploding on the highest face (2) matches every face a d2 can settle on after rerolling on 1: it would never stop');
    expect(info.samples).toEqual({ str: 10 });
    const markdown = formulaHoverMarkdown('d(@str - 8)r1!', info).map((part) => part.value).join('\n');
    expect(markdown).toContain('would never stop');
    // With a d3 (str 11 in a fight) it settles; the hover of `d(@str - 7)r1!` shows a distribution.
    finiteDistribution(tools.info(POINTER, 'd(@str - 7)r1!'));
  });

  it('the formulas dist once answered with an empty pmf give a distribution or a problem, and the hover renders each', () => {
    for (const formula of ['2d2!r2', '3d2!r1', '2d3!>=2r1', 'd(@str - 9)!', 'd1000r<1000', '4d4!<=1kh1', '(@str - 8)d2r2!cs>=2']) {
      let info: FormulaInfo | undefined;
      expect(() => (info = tools.info(POINTER, formula)), formula).not.toThrow();
      if (info!.distribution === null) expect(info!.problem, formula).toMatch(/\S/);
      else finiteDistribution(info!);
      expect(() => formulaHoverMarkdown(formula, info!), formula).not.toThrow();
      expect(formulaHoverMarkdown(formula, info!).map((part) => part.value).join('\n'), formula).not.toMatch(/NaN|undefined/);
    }
    expect(tools.info(POINTER, '2d2!r2').distribution).toMatchObject({ min: 2, max: 2, mean: 2, pmf: [[2, 1]] });
  });

  it('a derived value that never settles is sampled as 0 for the formulas that read it, without throwing', () => {
    const broken = structuredClone(document);
    broken.derived['str.mod'] = 'd(@str - 8)r1!';
    const brokenTools = new FormulaTools(broken);
    const info = brokenTools.info('/checks/attack/roll', 'd20 + @str.mod');
    finiteDistribution(info);
    expect(info.samples['str.mod']).toBe(0);
  });

  it('through the check worker’s handler: a formulaInfo answer, never "failed"', () => {
    const posted: CheckResponse[] = [];
    const post = (message: CheckResponse): void => void posted.push(message);
    handleCheckRequest({ type: 'check', id: 1, docId: 'mini', version: 1, text, full: true }, post);
    handleCheckRequest({ type: 'formulaInfo', id: 2, docId: 'mini', pointer: POINTER, formula: 'd(@str - 8)r1!' }, post);
    const answer = posted.find((message) => message.id === 2);
    expect(answer?.type).toBe('formulaInfo');
    expect(answer?.type === 'formulaInfo' && answer.info.problem).toMatch(/would never stop/);
  });
});
