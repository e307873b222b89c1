// The hover of a formula string: range, mean, spread, a small distribution chart (an SVG image, so it needs no
// script in the hover), the sample values assumed for unknown references, and on an attack the chance to hit.
import type { Distribution, FormulaInfo } from './types';

export interface MarkdownContent {
  readonly value: string;
  readonly isTrusted?: boolean;
  readonly supportHtml?: boolean;
}

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

/** A bar chart of a probability mass function as an SVG data URI (width × height pixels). */
export function distributionSvg(distribution: Distribution, width = 260, height = 64, highlightFrom?: number): string {
  const pmf = distribution.pmf;
  const maxP = pmf.reduce((m, [, p]) => Math.max(m, p), 0) || 1;
  const n = pmf.length || 1;
  const gap = n > 60 ? 0 : 1;
  const barW = Math.max(0.5, (width - 2) / n - gap);
  const bars = pmf
    .map(([value, p], i) => {
      const h = Math.max(1, (p / maxP) * (height - 14));
      const x = 1 + i * (barW + gap);
      const colour = highlightFrom !== undefined && value >= highlightFrom ? '#7fd18b' : '#5b9bd5';
      return `<rect x="${x.toFixed(2)}" y="${(height - 12 - h).toFixed(2)}" width="${barW.toFixed(2)}" height="${h.toFixed(2)}" fill="${colour}"/>`;
    })
    .join('');
  const first = pmf[0]?.[0] ?? distribution.min;
  const last = pmf[pmf.length - 1]?.[0] ?? distribution.max;
  const labels =
    `<text x="1" y="${height - 2}" font-size="9" fill="#9aa3b5" font-family="sans-serif">${fmt(first)}</text>` +
    `<text x="${width - 1}" y="${height - 2}" font-size="9" fill="#9aa3b5" text-anchor="end" font-family="sans-serif">${fmt(last)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${bars}${labels}</svg>`;
  return 'data:image/svg+xml;base64,' + base64(svg);
}

const TABLE_ROWS = 12;

/**
 * A small table of the distribution in plain markdown (for editors that show no images): at most TABLE_ROWS rows,
 * neighbouring values grouped when there are more, each with its chance, the chance of at least it, and a bar.
 */
export function distributionTable(distribution: Distribution): string {
  const pmf = distribution.pmf;
  const size = Math.max(1, Math.ceil(pmf.length / TABLE_ROWS));
  const rows: { label: string; p: number; atLeast: number }[] = [];
  let above = 1;
  for (let i = 0; i < pmf.length; i += size) {
    const bin = pmf.slice(i, i + size);
    const p = bin.reduce((sum, [, q]) => sum + q, 0);
    const first = bin[0]![0];
    const last = bin[bin.length - 1]![0];
    rows.push({ label: first === last ? fmt(first) : `${fmt(first)}–${fmt(last)}`, p, atLeast: Math.max(0, Math.min(1, above)) });
    above -= p;
  }
  const top = rows.reduce((m, r) => Math.max(m, r.p), 0) || 1;
  const lines = ['| value | chance | at least | |', '| ---: | ---: | ---: | :--- |'];
  for (const r of rows) lines.push(`| ${r.label} | ${pct(r.p)} | ${pct(r.atLeast)} | ${'█'.repeat(Math.max(r.p > 0 ? 1 : 0, Math.round((r.p / top) * 12)))} |`);
  return lines.join('\n');
}

export interface HoverOptions {
  /** 'svg': a bar chart image (the studio); 'table': a markdown table (editors through the language server). */
  readonly chart?: 'svg' | 'table';
}

export function formulaHoverMarkdown(formula: string, info: FormulaInfo, options: HoverOptions = {}): MarkdownContent[] {
  const parts: MarkdownContent[] = [];
  parts.push({ value: '```\n' + formula.replace(/```/g, '`\u200b``') + '\n```' });
  const d = info.distribution;
  if (!d) {
    parts.push({ value: escapeMarkdown(info.problem ?? 'No distribution for this formula.') });
    return parts;
  }
  const isBoolean = d.min >= 0 && d.max <= 1 && d.pmf.every(([v]) => v === 0 || v === 1);
  const summary = isBoolean
    ? `**P(true) ${pct(d.mean)}**`
    : `**range ${fmt(d.min)}–${fmt(d.max)}** · **mean ${fmt(d.mean)}** · sd ${fmt(d.stdev)}`;
  parts.push({ value: summary });
  if (!isBoolean && d.pmf.length > 1) {
    parts.push({ value: options.chart === 'table' ? distributionTable(d) : `![distribution](${distributionSvg(d, 260, 64, info.hit?.defence)})` });
  }
  if (info.hit) {
    parts.push({ value: `Chance to hit defence **${info.hit.defence}**: **${pct(info.hit.chance)}**` });
  }
  const samples = Object.entries(info.samples);
  if (samples.length > 0) {
    parts.push({
      value: '*Assuming* ' + samples.map(([k, v]) => '`@' + k.replace(/`/g, '') + '` = ' + fmt(v)).join(', '),
    });
  }
  return parts;
}
