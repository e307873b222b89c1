// The formula hover as a dice tool: the sheet's own values, the exact table, a sweep over one reference, a legend.
import { describe, expect, it } from 'vitest';
import { blankSystemText } from '../../renderer/src/files/newSystem';
import { FormulaTools } from './formulaTools';
import { contrast } from '../../renderer/src/ui/contrast';
import { CHART_COLOURS, distributionSvg, distributionTable, formulaHoverMarkdown, sweepSvg } from './hover';

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

  describe('the tier choice', () => {
    const tierLink = { command: 'tier-cmd', uri: (t: number) => `command:tier-cmd?${encodeURIComponent(JSON.stringify([t]))}` };

    it('reads `@tier` at the tier asked for, and says which tier it was read at', () => {
      const at4 = tools.info('/templates/0/combat/damage', '(@tier)d6 + @tier', undefined, 4);
      expect(at4.distribution).toMatchObject({ min: 8, max: 28 });
      expect(at4.distribution?.mean).toBeCloseTo(18, 9);
      expect(at4.tier).toEqual({ value: 4, choices: [1, 2, 3, 4, 5, 6] });
      expect(at4.samples).toEqual({});
      // The sweep still runs over every tier.
      [4.5, 9, 13.5, 18, 22.5, 27].forEach((mean, i) => expect(at4.sweep?.points[i]?.distribution.mean).toBeCloseTo(mean, 9));
      expect(tools.info('/templates/0/combat/damage', '(@tier)d6 + @tier').distribution).toMatchObject({ min: 2, max: 7 });
    });

    it("offers a tier in a template even when the formula reads `@tier` only through the template's sheet", () => {
      const info = tools.info('/templates/0/combat/damage', '1d6 + @might', undefined, 5);
      expect(info.tier?.value).toBe(5);
      expect(info.sheet?.label).toBe('the standard template at tier 5');
    });

    it("offers the system's own tiers (`tiers`), and reads a tier outside them at the nearest", () => {
      const own = new FormulaTools({ ...blank, tiers: { min: 2, max: 4 } });
      const info = own.info('/templates/0/combat/damage', '(@tier)d6 + @tier', undefined, 9);
      expect(info.tier).toEqual({ value: 4, choices: [2, 3, 4] });
      expect(info.distribution).toMatchObject({ min: 8, max: 28 });
      expect(own.info('/templates/0/combat/damage', '(@tier)d6 + @tier').tier?.value).toBe(2);
      // A wide range: at most 12 choices, both ends and the current one among them.
      const wide = new FormulaTools({ ...blank, tiers: { min: 1, max: 30 } }).info('/templates/0/combat/damage', '1d6 + @tier', undefined, 17).tier!;
      expect(wide.choices.length).toBeLessThanOrEqual(12);
      expect(wide.choices).toEqual(expect.arrayContaining([1, 17, 30]));
      expect(wide.choices).toEqual([...wide.choices].sort((x, y) => x - y));
    });

    it('offers no tier where none is read (a hero)', () => {
      expect(tools.info('/heroes/0/weapon/damage', '1d8 + @might', undefined, 4).tier).toBeUndefined();
    });

    it('the hover lists the tiers as command links, the current one bold, trusted for that command only', () => {
      const info = tools.info('/templates/0/combat/damage', '(@tier)d6 + @tier', undefined, 4);
      const parts = formulaHoverMarkdown('(@tier)d6 + @tier', info, { tierLink });
      const line = parts.find((p) => p.value.startsWith('Tier: '));
      expect(line?.value).toBe(
        'Tier: ' + [1, 2, 3, 5, 6].reduce<string[]>((out, t) => out.concat(`[${t}](${tierLink.uri(t)} "Show the distribution at tier ${t}")`), []).toSpliced(3, 0, '**4**').join(' · '),
      );
      expect(line?.isTrusted).toEqual({ enabledCommands: ['tier-cmd'] });
      // Nothing else in the hover may run a command.
      expect(parts.filter((p) => p !== line).every((p) => !p.isTrusted)).toBe(true);
      expect(parts.map((p) => p.value).join('\n')).not.toContain('Assuming');
    });

    it('without tier links (the language server) the tier read is stated as an assumption', () => {
      const info = tools.info('/templates/0/combat/damage', '(@tier)d6 + @tier', undefined, 1);
      const text = formulaHoverMarkdown('(@tier)d6 + @tier', info, { chart: 'table' }).map((p) => p.value).join('\n');
      expect(text).toContain('*Assuming* `@tier` = 1');
      expect(text).not.toContain('Tier: ');
    });
  });

  describe('chart colours follow the theme', () => {
    // The hover's background: the studio's dark theme, Monaco's light one.
    const backgrounds = { dark: '#22252c', light: '#f3f3f3' } as const;
    for (const theme of ['dark', 'light'] as const) {
      it(`${theme}: labels and legend at least 4.5:1, bars and curves at least 3:1 on the hover`, () => {
        const c = CHART_COLOURS[theme];
        expect(contrast(c.label, backgrounds[theme])).toBeGreaterThanOrEqual(4.5);
        for (const colour of [c.hit, c.bar, ...c.sweep]) expect(contrast(colour, backgrounds[theme])).toBeGreaterThanOrEqual(3);
        const info = tools.info('/templates/0/combat/damage', '(@tier)d6 + @tier');
        const bars = svgText(distributionSvg(info.distribution!, 260, 78, 13, theme));
        const curves = svgText(sweepSvg(info.sweep!, 260, 96, theme));
        const fills = (svg: string) => [...svg.matchAll(/<text [^>]*fill="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set([...fills(bars), ...fills(curves)])).toEqual(new Set([c.label]));
        expect(bars).toContain(`fill="${c.hit}"`);
        expect(curves).toContain(`stroke="${c.sweep[0]}"`);
      });
    }
    it('the hover draws its charts in the theme it is given', () => {
      const info = tools.info('/templates/0/combat/damage', '(@tier)d6 + @tier');
      const images = (theme: 'dark' | 'light') => formulaHoverMarkdown('x', info, { theme }).map((p) => p.value).filter((v) => v.includes('data:image/svg+xml'))
        .map((v) => svgText(v.match(/data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+/)![0]));
      expect(images('light').every((svg) => svg.includes(CHART_COLOURS.light.label) && !svg.includes(CHART_COLOURS.dark.label))).toBe(true);
      expect(images('dark').every((svg) => svg.includes(CHART_COLOURS.dark.label))).toBe(true);
    });
  });
});
