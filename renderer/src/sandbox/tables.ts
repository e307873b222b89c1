// The Balance tab's answers as tables to paste into a spreadsheet: one row a cell, a nudge or a value tried, shares as
// plain decimals (0.853, not "85.3%") so that a spreadsheet reads them as numbers. Pure.
import type { DiffResult, MetricChange } from '../../../engine/index';
import type { GridResult } from '../../../engine/index';
import type { SensitivityResult } from '../../../engine/index';
import type { TuneResult } from '../../../engine/index';
import { TUNE_MEASURES } from '../../../engine/index';

/** Rows as tab-separated lines (tabs and line breaks inside a field become spaces). */
export function tsv(rows: readonly (readonly (string | number | boolean)[])[]): string {
  return rows.map((row) => row.map((field) => String(field).replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n') + '\n';
}

const share = (x: number): string => String(Math.round(x * 10_000) / 10_000);

export function gridTable(grid: GridResult): (string | number)[][] {
  return [
    ['role', 'tier', 'fights', 'heroes win', 'low', 'high', 'a hero goes down', 'a hero dies', 'mean rounds'],
    ...grid.cells.map((c) => [c.role, c.tier, c.fights, share(c.winRate.value), share(c.winRate.low), share(c.winRate.high),
      share(c.heroDown.value), share(c.heroDied.value), Math.round(c.rounds.value * 100) / 100]),
  ];
}

export function needleTable(needle: SensitivityResult): (string | number | boolean)[][] {
  // By another measure than the win rate, its column comes after the heroes' win rate, and the change is its change.
  const other = needle.metric !== 'win';
  return [
    ['number', 'pointer', 'from', 'to', 'heroes win', ...(other ? [TUNE_MEASURES[needle.metric].column] : []), 'change', 'low', 'high', 'p', 'p (Holm)', 'significant'],
    ...needle.nudges.map((n) => [n.knob.label, n.knob.pointer, n.knob.value, n.to, share(n.winRate.value), ...(other ? [share(n.measure.value)] : []),
      share(n.delta), share(n.interval.low), share(n.interval.high), n.p.toPrecision(3), n.pAdjusted.toPrecision(3), n.significant]),
  ];
}

export function tuneTable(tuned: TuneResult): (string | number)[][] {
  return [
    ['value', TUNE_MEASURES[tuned.metric].column, 'low', 'high', 'note'],
    ...tuned.probes.map((p) => [p.to, share(p.rate.value), share(p.rate.low), share(p.rate.high),
      [p.to === tuned.knob.value ? 'now' : '', p === tuned.best ? 'nearest' : ''].filter(Boolean).join(', ')]),
  ];
}

/** A row a fight and number compared (heroes win, mean rounds, a hero dies): saved, edited, change, interval, tests. */
export function diffTable(diff: DiffResult): (string | number | boolean)[][] {
  const row = (fight: string, what: string, m: MetricChange, round: (x: number) => string | number): (string | number | boolean)[] => [
    fight, what, round(m.a.value), round(m.b.value), round(m.delta), round(m.interval.low), round(m.interval.high),
    m.p.toPrecision(3), m.pAdjusted.toPrecision(3), m.significant,
  ];
  const rounds = (x: number): number => Math.round(x * 100) / 100;
  return [
    ['fight', 'number', diff.a, diff.b, 'change', 'low', 'high', 'p', 'p (Holm)', 'significant'],
    ...diff.compared.flatMap((f) => [
      row(f.fight, 'heroes win', f.winRate, share),
      row(f.fight, 'mean rounds', f.rounds, rounds),
      ...(f.heroDied ? [row(f.fight, 'a hero dies', f.heroDied, share)] : []),
    ]),
  ];
}

/**
 * A grid cell's colour for a heroes' win rate (0..1): red (heroes lose) through yellow to green (heroes win), dark
 * enough that its white text keeps 4.5:1 (test: renderer/src/ui/contrast.test.ts).
 */
export function heatColour(rate: number): string {
  return `hsl(${Math.round(120 * Math.min(1, Math.max(0, rate)))} 55% 27%)`;
}

/** Numbers as a table reads them: one minus sign throughout (U+2212, not a hyphen). */
export function minus(text: string): string {
  return text.replace(/-(?=\d)/g, '\u2212');
}

/**
 * Why a needle variant cannot be played, or null: a dice count nudged to 0 or below (`0d6`: no dice) or a die's size
 * to 0 or below. The knob's label ends with the formula it is in (`… 6 in (@tier)d6 + @tier`), its span the number.
 */
export function unplayable(knob: { readonly label: string; readonly span?: { readonly start: number; readonly end: number } }, to: number): string | null {
  if (!knob.span || to > 0) return null;
  const at = knob.label.lastIndexOf(' in ');
  if (at < 0) return null;
  const formula = knob.label.slice(at + 4);
  if (/^\s*d/i.test(formula.slice(knob.span.end))) return 'no dice';
  if (/d\s*$/i.test(formula.slice(0, knob.span.start))) return 'a die with no faces';
  return null;
}

/** A GM's sentence for one fight of the diff: `Heroes win 45% → 20% with the edit; the drop is real, not chance.` */
export function diffSentence(fight: string, a: number, b: number, significant: boolean): string {
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  const move = b > a ? 'rise' : b < a ? 'drop' : 'change';
  const verdict = a === b ? 'no change' : significant ? `the ${move} is real, not chance` : `the ${move} could be chance (more fights would tell)`;
  return `${fight}: heroes win ${pct(a)} → ${pct(b)} with the edit; ${verdict}.`;
}
