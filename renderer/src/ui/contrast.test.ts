// Every text colour of both themes against every background it is drawn on: at least 4.5:1 (WCAG AA), read from the
// custom properties in app.css (README "Themes"). The focus outline is at least 3:1 (WCAG 1.4.11, non-text).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { contrast, over, parseColour } from './contrast';
import { heatColour } from '../sandbox/tables';

const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');

/** The custom properties of the rule whose selector starts with `selector`. */
function themeVars(selector: string): Map<string, string> {
  const start = css.indexOf(selector);
  if (start < 0) throw new Error(`no ${selector} in app.css`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const THEMES = { dark: themeVars(":root[data-theme='dark']"), light: themeVars(":root[data-theme='light']") };
const PANELS = ['--bg', '--bg-panel', '--bg-raised', '--bg-hover', '--bg-bar', '--bg-toolbar', '--bg-selected', '--bg-now'];
const TEXT = ['--text', '--text-dim', '--text-faint', '--text-name', '--accent', '--accent-strong', '--good', '--bad', '--warn', '--note-strong', '--note-text', '--hero', '--enemy'];

/** [text, backgrounds] pairs as the components use them. */
const PAIRS: [string, string[]][] = [
  ...TEXT.map((t): [string, string[]] => [t, PANELS]),
  ...['--chip-ok', '--chip-ko', '--chip-damage', '--chip-influence'].map((t): [string, string[]] => [t, ['--bg-panel', '--bg-hover', '--chip-selected']]),
  ...['--fx-number', '--fx-dice', '--fx-ref', '--fx-function', '--fx-operator', '--fx-string', '--fx-tag'].map((t): [string, string[]] => [t, ['--bg-panel']]),
  ['--status-text', ['--status-bg']],
  ['--status-bad', ['--status-bg']],
  ['--text', ['--status-input', '--primary-bg', '--primary-hover', '--tip-bg', '--chip-selected', '--good-row', '--note-bg']],
  ['--note-text', ['--note-bg']],
  ['--note-strong', ['--note-bg']],
  ['--bad-text', ['--bad-bg']],
  ['--dead-text', ['--dead-bg']],
  ['--text-dim', ['--chip-selected']],
];

describe.each(Object.entries(THEMES))('%s theme', (name, vars) => {
  const colour = (v: string) => {
    const value = vars.get(v);
    if (value === undefined) throw new Error(`${name} theme has no ${v}`);
    return value;
  };
  /** A background as painted: a translucent one over the panel colour. */
  const paint = (v: string) => {
    const c = parseColour(colour(v));
    return c.a < 1 ? over(c, parseColour(colour('--bg-panel'))) : c;
  };

  test('defines the same custom properties as the other theme', () => {
    expect([...vars.keys()].sort()).toEqual([...THEMES.dark.keys()].sort());
  });

  test.each(PAIRS)('%s is at least 4.5:1 on each of its backgrounds', (text, backgrounds) => {
    const low = backgrounds.map((bg) => ({ bg, ratio: Number(contrast(colour(text), paint(bg)).toFixed(2)) })).filter((r) => r.ratio < 4.5);
    expect(low).toEqual([]);
  });

  test('the focus outline is at least 3:1 on every panel', () => {
    const low = PANELS.map((bg) => ({ bg, ratio: contrast(colour('--focus'), paint(bg)) })).filter((r) => r.ratio < 3);
    expect(low).toEqual([]);
  });
});

test('white text on the balance grid keeps 4.5:1 at every win rate', () => {
  const low = Array.from({ length: 101 }, (_, i) => i / 100).map((rate) => ({ rate, ratio: contrast('#ffffff', heatColour(rate)) })).filter((r) => r.ratio < 4.5);
  expect(low).toEqual([]);
});

test('contrast matches WCAG reference values', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  expect(contrast('rgba(0, 0, 0, 0.5)', '#ffffff')).toBeCloseTo(contrast('#808080', '#ffffff'), 1);
  expect(contrast('hsl(0 0% 100%)', 'hsl(0, 0%, 0%)')).toBeCloseTo(21, 5);
});
