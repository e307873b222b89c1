// The hover of a formula string, a small dice tool: range, mean, spread, a distribution chart (an SVG image, so it
// needs no script in the hover) with a legend, the exact chance of each value with "at least" and "at most" (as
// AnyDice), the formula swept over one reference (`@tier` 1–6, a stat) as overlaid curves, the values read from the
// sheet it sits in, the sample values assumed for the rest, and on an attack the chance to hit.
import type { Distribution, FormulaInfo } from './types';

export interface MarkdownContent {
  readonly value: string;
  /** `enabledCommands`: the only command links the part may run (the tier choice's). */
  readonly isTrusted?: boolean | { readonly enabledCommands: readonly string[] };
  readonly supportHtml?: boolean;
}

/**
 * The hover's own words, as templates with `{params}` (English by default; the studio passes its language's). The
 * formula, the names it reads and the values are the document's and stay as written.
 */
export const ENGLISH_HOVER_WORDS = {
  noDistribution: 'No distribution for this formula.',
  pTrue: 'P(true) {p}',
  range: 'range {min}–{max}',
  mean: 'mean {mean}',
  sd: 'sd {sd}',
  readFrom: 'Read from {sheet}:',
  tier: 'Tier:',
  tierTitle: 'Show the distribution at tier {tier}',
  assuming: 'Assuming',
  hitChance: 'Chance to hit defence {defence}: {chance}',
  by: 'By {name}:',
  meanBy: 'Mean by {name}:',
  value: 'value',
  chance: 'chance',
  atLeast: 'at least',
  atMost: 'at most',
  hit: 'hit ({n} or more)',
  miss: 'miss (below {n})',
} as const;
export type HoverWords = Readonly<Record<keyof typeof ENGLISH_HOVER_WORDS, string>>;

const fill = (template: string, params: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

const fmt = (n: number, digits = 2): string =>
  Number.isInteger(n) ? String(n) : n.toFixed(digits).replace(/0+$/, '').replace(/\.$/, '');

const pct = (p: number): string => (p >= 0.995 || p <= 0.005 ? (p * 100).toFixed(1) : (p * 100).toFixed(0)) + '%';

/** Escapes text for markdown so rule-file text never becomes links, HTML or formatting. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (c) => '\\' + c);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of an ASCII text (the engine has no btoa: it runs without DOM or Node globals). */
export function base64(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 3) {
    const a = text.charCodeAt(i) & 0xff;
    const b = i + 1 < text.length ? text.charCodeAt(i + 1) & 0xff : 0;
    const c = i + 2 < text.length ? text.charCodeAt(i + 2) & 0xff : 0;
    const n = (a << 16) | (b << 8) | c;
    out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]!;
    out += i + 1 < text.length ? BASE64[(n >> 6) & 63]! : '=';
    out += i + 2 < text.length ? BASE64[n & 63]! : '=';
  }
  return out;
}

/** The studio's two themes: the charts are images, so their colours are chosen for the hover they sit on. */
export type HoverTheme = 'dark' | 'light';

interface ChartColours {
  readonly hit: string;
  readonly bar: string;
  /** Axis labels and the legend's words: at least 4.5:1 on the hover's background. */
  readonly label: string;
  /** A sweep's curves, first value first. */
  readonly sweep: readonly string[];
}

/** On the dark hover (#22252c) and on the light one (Monaco's #f3f3f3); test/e2e and diceHover.test.ts check them. */
export const CHART_COLOURS: Readonly<Record<HoverTheme, ChartColours>> = {
  dark: { hit: '#7fd18b', bar: '#5b9bd5', label: '#9aa3b5', sweep: ['#5b9bd5', '#7fd18b', '#e5c07b', '#e06c75', '#c678dd', '#56b6c2'] },
  light: { hit: '#2e7d32', bar: '#1f5fa8', label: '#3d4350', sweep: ['#1f5fa8', '#2e7d32', '#8a5a00', '#c62828', '#7b3fa0', '#00727d'] },
};

const svgText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A bar chart of a probability mass function as an SVG data URI (width × height pixels). With `highlightFrom`, bars
 * at or above it are the hits, and a legend above the bars says which colour is which.
 */
export function distributionSvg(distribution: Distribution, width = 260, height = 64, highlightFrom?: number, theme: HoverTheme = 'dark',
  words: HoverWords = ENGLISH_HOVER_WORDS): string {
  const { hit: HIT, bar: BAR, label: LABEL } = CHART_COLOURS[theme];
  const pmf = distribution.pmf;
  const maxP = pmf.reduce((m, [, p]) => Math.max(m, p), 0) || 1;
  const n = pmf.length || 1;
  const gap = n > 60 ? 0 : 1;
  const barW = Math.max(0.5, (width - 2) / n - gap);
  const legend = highlightFrom !== undefined ? 14 : 0;
  const bars = pmf
    .map(([value, p], i) => {
      const h = Math.max(1, (p / maxP) * (height - 14 - legend));
      const x = 1 + i * (barW + gap);
      const colour = highlightFrom !== undefined && value >= highlightFrom ? HIT : BAR;
      return `<rect x="${x.toFixed(2)}" y="${(height - 12 - h).toFixed(2)}" width="${barW.toFixed(2)}" height="${h.toFixed(2)}" fill="${colour}"/>`;
    })
    .join('');
  const first = pmf[0]?.[0] ?? distribution.min;
  const last = pmf[pmf.length - 1]?.[0] ?? distribution.max;
  const labels =
    `<text x="1" y="${height - 2}" font-size="9" fill="${LABEL}" font-family="sans-serif">${fmt(first)}</text>` +
    `<text x="${width - 1}" y="${height - 2}" font-size="9" fill="${LABEL}" text-anchor="end" font-family="sans-serif">${fmt(last)}</text>`;
  const key =
    highlightFrom === undefined
      ? ''
      : `<rect x="1" y="2" width="9" height="9" fill="${HIT}"/><text x="13" y="10" font-size="9" fill="${LABEL}" font-family="sans-serif">${svgText(fill(words.hit, { n: fmt(highlightFrom) }))}</text>` +
        `<rect x="120" y="2" width="9" height="9" fill="${BAR}"/><text x="132" y="10" font-size="9" fill="${LABEL}" font-family="sans-serif">${svgText(fill(words.miss, { n: fmt(highlightFrom) }))}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${key}${bars}${labels}</svg>`;
  return 'data:image/svg+xml;base64,' + base64(svg);
}

/** The distributions of a sweep drawn as overlaid curves (chance by value), with a legend of the swept values. */
export function sweepSvg(sweep: NonNullable<FormulaInfo['sweep']>, width = 260, height = 96, theme: HoverTheme = 'dark'): string {
  const { label: LABEL, sweep: SWEEP_COLOURS } = CHART_COLOURS[theme];
  const points = sweep.points;
  const lo = Math.min(...points.map((p) => p.distribution.min));
  const hi = Math.max(...points.map((p) => p.distribution.max));
  const top = Math.max(...points.flatMap((p) => p.distribution.pmf.map(([, q]) => q))) || 1;
  const legendH = 12;
  const plotH = height - 12 - legendH - 2;
  const x = (v: number): number => 1 + ((v - lo) / (hi - lo || 1)) * (width - 2);
  const y = (q: number): number => legendH + 2 + plotH - (q / top) * plotH;
  const curves = points
    .map((p, i) => {
      const d = p.distribution.pmf.map(([v, q]) => `${x(v).toFixed(1)},${y(q).toFixed(1)}`).join(' ');
      return `<polyline fill="none" stroke="${SWEEP_COLOURS[i % SWEEP_COLOURS.length]}" stroke-width="1.5" points="${d}"/>`;
    })
    .join('');
  const step = (width - 2) / points.length;
  const legend = points
    .map((p, i) => {
      const lx = 1 + i * step;
      return `<rect x="${lx.toFixed(1)}" y="2" width="9" height="9" fill="${SWEEP_COLOURS[i % SWEEP_COLOURS.length]}"/><text x="${(lx + 12).toFixed(1)}" y="10" font-size="9" fill="${LABEL}" font-family="sans-serif">${svgText(fmt(p.value))}</text>`;
    })
    .join('');
  const labels =
    `<text x="1" y="${height - 2}" font-size="9" fill="${LABEL}" font-family="sans-serif">${fmt(lo)}</text>` +
    `<text x="${width - 1}" y="${height - 2}" font-size="9" fill="${LABEL}" text-anchor="end" font-family="sans-serif">${fmt(hi)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${legend}${curves}${labels}</svg>`;
  return 'data:image/svg+xml;base64,' + base64(svg);
}

const TABLE_ROWS = 16;

/**
 * The exact chances as a markdown table (as AnyDice shows them): at most TABLE_ROWS rows, neighbouring values grouped
 * when there are more, each with its chance, the chance of at least it, the chance of at most it, and a bar.
 */
export function distributionTable(distribution: Distribution, words: HoverWords = ENGLISH_HOVER_WORDS): string {
  const pmf = distribution.pmf;
  const size = Math.max(1, Math.ceil(pmf.length / TABLE_ROWS));
  const rows: { label: string; p: number; atLeast: number; atMost: number }[] = [];
  let above = 1;
  let below = 0;
  for (let i = 0; i < pmf.length; i += size) {
    const bin = pmf.slice(i, i + size);
    const p = bin.reduce((sum, [, q]) => sum + q, 0);
    const first = bin[0]![0];
    const last = bin[bin.length - 1]![0];
    below += p;
    rows.push({ label: first === last ? fmt(first) : `${fmt(first)}–${fmt(last)}`, p, atLeast: Math.max(0, Math.min(1, above)), atMost: Math.max(0, Math.min(1, below)) });
    above -= p;
  }
  const top = rows.reduce((m, r) => Math.max(m, r.p), 0) || 1;
  const lines = [`| ${words.value} | ${words.chance} | ${words.atLeast} | ${words.atMost} | |`, '| ---: | ---: | ---: | ---: | :--- |'];
  const exact = (p: number): string => (p * 100).toFixed(p < 0.001 && p > 0 ? 3 : 1) + '%';
  for (const r of rows) lines.push(`| ${r.label} | ${exact(r.p)} | ${exact(r.atLeast)} | ${exact(r.atMost)} | ${'█'.repeat(Math.max(r.p > 0 ? 1 : 0, Math.round((r.p / top) * 12)))} |`);
  return lines.join('\n');
}

export interface HoverOptions {
  /** 'svg': a bar chart image (the studio); 'table': a markdown table (editors through the language server). */
  readonly chart?: 'svg' | 'table';
  /** The charts' colours (the studio's theme; dark by default). */
  readonly theme?: HoverTheme;
  /**
   * The tier choice (the studio): the command link that shows the hover again at another tier, and that command's id.
   * Without it, a formula read at a tier says which, as an assumption.
   */
  readonly tierLink?: { readonly command: string; readonly uri: (tier: number) => string };
  /** The hover's words (English by default). */
  readonly words?: HoverWords;
  /** An engine message shown as it is (the formula's problem), put into the studio's language. */
  readonly message?: (english: string) => string;
}

export function formulaHoverMarkdown(formula: string, info: FormulaInfo, options: HoverOptions = {}): MarkdownContent[] {
  const w = options.words ?? ENGLISH_HOVER_WORDS;
  const message = options.message ?? ((m: string) => m);
  const parts: MarkdownContent[] = [];
  parts.push({ value: '```\n' + formula.replace(/```/g, '`\u200b``') + '\n```' });
  const d = info.distribution;
  if (!d) {
    parts.push({ value: escapeMarkdown(info.problem ? message(info.problem) : w.noDistribution) });
    return parts;
  }
  const isBoolean = d.min >= 0 && d.max <= 1 && d.pmf.every(([v]) => v === 0 || v === 1);
  const summary = isBoolean
    ? `**${fill(w.pTrue, { p: pct(d.mean) })}**`
    : `**${fill(w.range, { min: fmt(d.min), max: fmt(d.max) })}** · **${fill(w.mean, { mean: fmt(d.mean) })}** · ${fill(w.sd, { sd: fmt(d.stdev) })}`;
  parts.push({ value: summary });
  // What the numbers were read as first (a short line), the long table last: the hover scrolls.
  if (info.sheet) {
    const values = Object.entries(info.sheet.values);
    parts.push({ value: `*${escapeMarkdown(fill(w.readFrom, { sheet: message(info.sheet.label) }))}* ` + values.map(([k, v]) => '`@' + k.replace(/`/g, '') + '` = ' + fmt(v)).join(', ') });
  }
  if (info.tier && options.tierLink) {
    const link = options.tierLink;
    const choices = info.tier.choices.map((t) =>
      t === info.tier!.value ? `**${t}**` : `[${t}](${link.uri(t)} "${fill(w.tierTitle, { tier: t }).replace(/"/g, '')}")`,
    );
    parts.push({ value: `${w.tier} ${choices.join(' · ')}`, isTrusted: { enabledCommands: [link.command] } });
  }
  const samples = Object.entries(info.samples);
  if (info.tier && !options.tierLink) samples.push(['tier', info.tier.value]);
  if (samples.length > 0) {
    parts.push({
      value: `*${w.assuming}* ` + samples.map(([k, v]) => '`@' + k.replace(/`/g, '') + '` = ' + fmt(v)).join(', '),
    });
  }
  const chart = !isBoolean && d.pmf.length > 1;
  if (chart && options.chart !== 'table') parts.push({ value: `![distribution](${distributionSvg(d, 260, info.hit ? 78 : 64, info.hit?.defence, options.theme, w)})` });
  if (info.hit) {
    parts.push({ value: fill(w.hitChance, { defence: `**${info.hit.defence}**`, chance: `**${pct(info.hit.chance)}**` }) });
  }
  if (info.sweep) {
    const name = '`@' + info.sweep.name.replace(/`/g, '') + '`';
    if (options.chart !== 'table') parts.push({ value: `${fill(w.by, { name })}\n\n![by ${escapeMarkdown(info.sweep.name)}](${sweepSvg(info.sweep, 260, 96, options.theme)})` });
    parts.push({ value: `${fill(w.meanBy, { name })} ` + info.sweep.points.map((p) => `${fmt(p.value)} → ${fmt(p.distribution.mean)}`).join(' · ') });
  }
  if (chart) parts.push({ value: distributionTable(d, w) });
  return parts;
}
