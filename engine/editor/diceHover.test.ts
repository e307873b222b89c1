// The formula hover as a dice tool: the sheet's own values, the exact table, a sweep over one reference, a legend.
import { describe, expect, it } from 'vitest';
import { blankSystemText } from '../../renderer/src/files/newSystem';
import { FormulaTools } from './formulaTools';
import { distributionSvg, distributionTable, formulaHoverMarkdown } from './hover';

const blank = JSON.parse(blankSystemText('x', 'X'));
const tools = new FormulaTools(blank);
const svgText = (uri: string): string => Buffer.from(uri.replace('data:image/svg+xml;base64,', ''), 'base64').toString('latin1');

describe('the formula hover', () => {
  it("reads a hero's own numbers inside its weapon (the hero's might is 3, not a sample)", () => {
    const info = tools.info('/heroes/0/weapon/damage', '1d8 + @might');
    expect(info.sheet).toEqual({ label: "Hero's sheet", values: { might: 3 } });
    expect(info.samples).toEqual({});
    expect(info.distribution).toMatchObject({ min: 4, max: 11, mean: 7.5 });
    const text = formulaHoverMarkdown('1d8 + @might', info).map((p) => p.value).join('\n');
    expect(text).toContain("*Read from Hero's sheet:* `@might` = 3");
    expect(text).not.toContain('Assuming');
  });

  it("reads a template's numbers at the tier asked for, and sweeps @tier 1 to 6", () => {
    const at3 = tools.info('/templates/0/combat/damage', '1d6 + @might', undefined, 3);
    // The template's might is `@tier`: 3 at tier 3.
    expect(at3.sheet).toEqual({ label: 'the standard template at tier 3', values: { might: 3 } });
    expect(at3.distribution?.mean).toBeCloseTo(6.5, 9);
    const tiered = tools.info('/templates/0/combat/damage', '1d6 + @tier');
    expect(tiered.sweep?.name).toBe('tier');
    expect(tiered.sweep?.points.map((p) => p.value)).toEqual([1, 2, 3, 4, 5, 6]);
    tiered.sweep?.points.forEach((p, i) => expect(p.distribution.mean).toBeCloseTo(4.5 + i, 9));
  });

  it("sweeps a stat across its attribute's range", () => {
    const info = tools.info('/checks/attack/roll', 'd20 + @might');
    expect(info.sweep?.name).toBe('might');
    expect(info.sweep?.points.map((p) => p.value)).toEqual([0, 2, 4, 6, 8, 10]);
    info.sweep?.points.forEach((p, i) => expect(p.distribution.mean).toBeCloseTo(10.5 + 2 * i, 9));
    const parts = formulaHoverMarkdown('d20 + @might', info).map((p) => p.value);
    expect(parts.some((p) => p.startsWith('By `@might`:') && p.includes('data:image/svg+xml;base64,'))).toBe(true);
    expect(parts).toContain('Mean by `@might`: 0 → 10.5 · 2 → 12.5 · 4 → 14.5 · 6 → 16.5 · 8 → 18.5 · 10 → 20.5');
  });

  it('gives the exact chance of each value with "at least" and "at most" columns', () => {
    const info = tools.info('/checks/attack/roll', '2d6');
    const table = distributionTable(info.distribution!);
    const rows = table.split('\n');
    expect(rows[0]).toBe('| value | chance | at least | at most | |');
    expect(rows).toHaveLength(2 + 11);
    expect(rows[2]).toMatch(/^\| 2 \| 2\.8% \| 100\.0% \| 2\.8% \|/);
    expect(rows[7]).toMatch(/^\| 7 \| 16\.7% \| 58\.3% \| 58\.3% \|/);
    expect(rows[12]).toMatch(/^\| 12 \| 2\.8% \| 2\.8% \| 100\.0% \|/);
  });

  it('draws hit and miss in two colours with a legend that says which is which', () => {
    const info = tools.info('/checks/attack/roll', 'd20 + @might', 13);
    expect(info.hit).toBeDefined();
    const svg = svgText(distributionSvg(info.distribution!, 260, 78, 13));
    expect(svg).toContain('hit (13 or more)');
    expect(svg).toContain('miss (below 13)');
    expect(svg).toContain('#7fd18b');
    expect(svgText(distributionSvg(info.distribution!))).not.toContain('hit (');
  });
});
