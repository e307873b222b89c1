// What moves the needle: for one fight, nudge each number the fight reads, one at a time, and rank the nudges by
// how much the heroes' win rate moves (or, with `metric`, the chance a hero dies, or the mean rounds). The numbers
// are the constants inside the formulas of the templates the fight uses (`8 + 6 * @tier`: the 8 and the 6; die
// counts and sizes too), its bestiary creatures' numbers (defence, hit points, each attack's bonus and damage
// constants), and the heroes' own numbers (level, attributes).
// Whole numbers move by ±1, others by ±10%. Every variant fights the same seeds as the original (common random
// numbers) and is judged by a paired t-test on the per-fight differences; Holm corrects over every variant.
import { deriveSeed } from '../dice/rng';
import { parseFormula } from '../formula/index';
import { eachNode } from '../formula/nodes';
import type { FormulaNode } from '../formula/types';
import type { SystemDocument } from '../schema/document';
import { loadSystem } from '../sim/index';
import type { System } from '../sim/model';
import { runProblem, shareProblem, type Share } from '../sim/options';
import { anyHeroDead } from '../sim/stats';
import { Fighter } from './batch';
import { finishSensitivity, type SensitivityPart, type SensitivityRow } from './sensitivity-merge';
import { meanInterval, pairedTTest, RunningMean, wilson, type Estimate, type Interval } from './stats';
import { metricProblem, type TuneMetric } from './tune-measures';

export interface SensitivityOptions {
  readonly fight: string;
  readonly fights: number;
  readonly seed: number;
  /**
   * What the nudges are ranked by: `win` (the default), `died` (the chance a hero dies) or `rounds` (mean rounds). A
   * fight the heroes always win moves no win rate: its needle is read by `died` or `rounds`.
   */
  readonly metric?: TuneMetric;
}

/** One number the fight reads, and where it lives. */
export interface Knob {
  /** JSON pointer of the field (a formula string or a number). */
  readonly pointer: string;
  /** For people: `standard · combat.damage: 6 in (@tier)d6 + @tier`, `fighter5 · str`. */
  readonly label: string;
  readonly value: number;
  /** For a constant inside a formula: its character range in the formula. */
  readonly span?: { readonly start: number; readonly end: number };
}

export interface Nudge {
  readonly knob: Knob;
  /** The value tried instead. */
  readonly to: number;
  /** The heroes' win rate at this value, whatever the metric. */
  readonly winRate: Estimate;
  /** What the metric measures at this value (the win rate again for `win`). */
  readonly measure: Estimate;
  /** Change in the metric (variant minus original), paired over the same seeds. */
  readonly delta: number;
  readonly interval: Interval;
  readonly p: number;
  readonly pAdjusted: number;
  readonly significant: boolean;
}

export interface SensitivityResult {
  readonly system: string;
  readonly fight: string;
  readonly fights: number;
  readonly seed: number;
  readonly metric: TuneMetric;
  /** The original's win rate, and what the metric measures (the win rate again for `win`). */
  readonly winRate: Estimate;
  readonly measure: Estimate;
  /** Largest move first. */
  readonly nudges: readonly Nudge[];
  /** Variants that could not fight (a nudge that breaks a formula: a die of size 0). */
  readonly skipped: readonly { readonly label: string; readonly to: number; readonly reason: string }[];
}

/** The number literals of a formula in source order, each with its role (a die's literal count or size, else a constant). */
function numberNodes(node: FormulaNode, out: { value: number; span: { start: number; end: number }; role: string }[]): void {
  const roles = new Map<FormulaNode, string>();
  eachNode(node, (n) => {
    if (n.kind === 'dice') {
      if (n.count) roles.set(n.count, 'dice count');
      if (n.sides.kind === 'number') roles.set(n.sides.value, 'die size');
    } else if (n.kind === 'number') out.push({ value: n.value, span: n.span, role: roles.get(n) ?? 'constant' });
  });
}

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every number the fight reads: its templates' formula constants and its heroes' numbers. */
export function knobsOf(doc: SystemDocument, fightId: string): Knob[] | string {
  const fight = doc.fights?.find((f) => f.id === fightId);
  if (!fight) return `unknown fight '${fightId}' (fights: ${(doc.fights ?? []).map((f) => f.id).join(', ') || 'none'})`;
  const knobs: Knob[] = [];
  const roles = new Set(fight.enemies.flatMap((e) => (e.template ? [e.template.role] : [])));
  (doc.templates ?? []).forEach((t, ti) => {
    if (!roles.has(t.role)) return;
    const fields: [string, string | undefined][] = [
      ['defaults/attribute', t.defaults?.attribute],
      ...Object.entries(t.attributes ?? {}).map(([k, v]): [string, string] => [`attributes/${escape(k)}`, v]),
      ...Object.entries(t.tracks ?? {}).map(([k, v]): [string, string] => [`tracks/${escape(k)}`, v]),
      ...Object.entries(t.combat ?? {}).filter(([k]) => k !== 'type' && k !== 'reach').map(([k, v]): [string, string] => [`combat/${k}`, String(v)]),
      ['harm', t.harm],
    ];
    for (const [field, formula] of fields) {
      if (formula === undefined) continue;
      const { ast } = parseFormula(formula);
      if (!ast) continue;
      const found: { value: number; span: { start: number; end: number }; role: string }[] = [];
      numberNodes(ast, found);
      for (const n of found) {
        // d% is a die of size 100 with no numeral in the text: nothing to nudge there.
        if (!/^[0-9.]+$/.test(formula.slice(n.span.start, n.span.end))) continue;
        knobs.push({
          pointer: `/templates/${ti}/${field}`, value: n.value, span: n.span,
          label: `${t.role} · ${field.replace(/\//g, '.')}: ${n.role === 'constant' ? '' : `${n.role} `}${formula.slice(n.span.start, n.span.end)} in ${formula}`,
        });
      }
    }
  });
  const creatures = new Set(fight.enemies.flatMap((e) => (e.bestiary !== undefined ? [e.bestiary] : [])));
  (doc.bestiary ?? []).forEach((c, ci) => {
    if (!creatures.has(c.id)) return;
    // A defence or bonus written as a formula (over the creature's own sheet) is no single number to nudge.
    if (typeof c.defence === 'number') knobs.push({ pointer: `/bestiary/${ci}/defence`, label: `${c.id} · defence`, value: c.defence });
    knobs.push({ pointer: `/bestiary/${ci}/hp`, label: `${c.id} · hp`, value: c.hp });
    c.attacks.forEach((a, ai) => {
      if (typeof a.bonus === 'number') knobs.push({ pointer: `/bestiary/${ci}/attacks/${ai}/bonus`, label: `${c.id} · ${a.id} bonus`, value: a.bonus });
      const { ast } = parseFormula(a.damage);
      const found: { value: number; span: { start: number; end: number }; role: string }[] = [];
      if (ast) numberNodes(ast, found);
      for (const n of found) {
        if (!/^[0-9.]+$/.test(a.damage.slice(n.span.start, n.span.end))) continue;
        knobs.push({
          pointer: `/bestiary/${ci}/attacks/${ai}/damage`, value: n.value, span: n.span,
          label: `${c.id} · ${a.id} damage: ${n.role === 'constant' ? '' : `${n.role} `}${a.damage.slice(n.span.start, n.span.end)} in ${a.damage}`,
        });
      }
    });
  });
  const heroIds = new Set(fight.heroes.map((h) => (typeof h === 'string' ? h : h.hero)));
  (doc.heroes ?? []).forEach((h, hi) => {
    if (!heroIds.has(h.id)) return;
    knobs.push({ pointer: `/heroes/${hi}/level`, label: `${h.id} · level`, value: h.level });
    for (const [k, v] of Object.entries(h.attributes ?? {})) knobs.push({ pointer: `/heroes/${hi}/attributes/${escape(k)}`, label: `${h.id} · ${k}`, value: v });
  });
  return knobs;
}

function nudged(value: number): number[] {
  if (Number.isInteger(value)) return [value + 1, value - 1];
  return [value * 1.1, value * 0.9].map((v) => Math.round(v * 1e6) / 1e6);
}

/** The document with one knob set to `to` (a fresh copy; the original is untouched). */
export function withKnob(doc: SystemDocument, knob: Knob, to: number): SystemDocument {
  const copy = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  const keys = knob.pointer.slice(1).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  const old = at[last];
  if (knob.span && typeof old === 'string') at[last] = old.slice(0, knob.span.start) + String(to) + old.slice(knob.span.end);
  else at[last] = to;
  return copy as unknown as SystemDocument;
}

/** Fights 0..n-1 measured by a metric: the heroes' wins, each fight's value (1 or 0; rounds), and the estimate. */
export interface Measured {
  readonly wins: number;
  readonly values: Float64Array;
  /** A share of the fights (Wilson interval), or the mean rounds (t interval). */
  readonly estimate: Estimate;
}

/** Fights 0..n-1 of a system's fight, seeded as `sim` seeds them, each measured by `metric`. */
export function measureFights(system: System, fightId: string, options: { readonly fights: number; readonly seed: number },
  metric: TuneMetric): Measured {
  const fighter = new Fighter(system, system.fights.get(fightId)!);
  const values = new Float64Array(options.fights);
  const mean = new RunningMean();
  let wins = 0, sum = 0;
  for (let i = 0; i < options.fights; i++) {
    const result = fighter.fightWith(deriveSeed(options.seed, i));
    const won = result.winner === 'heroes';
    if (won) wins++;
    const value = metric === 'win' ? (won ? 1 : 0) : metric === 'died' ? (anyHeroDead(result) ? 1 : 0) : result.rounds;
    values[i] = value;
    sum += value;
    if (metric === 'rounds') mean.add(value);
  }
  const estimate = metric === 'rounds' ? meanInterval(mean.toState()) : wilson(sum, options.fights);
  return { wins, values, estimate };
}

/** The needle before its variants fight: every variant (knob order, each knob's +1 then -1) and the original's fights. */
export interface SensitivityPlan {
  readonly doc: SystemDocument;
  readonly options: SensitivityOptions;
  readonly metric: TuneMetric;
  readonly variants: readonly { readonly knob: Knob; readonly to: number }[];
  /** The metric's value of each fight of the original. */
  readonly base: Float64Array;
  readonly baseWins: number;
  readonly baseMeasure: Estimate;
}

/** Lists the variants and fights the original once (each worker of a parallel needle plans its own copy). */
export function planSensitivity(doc: SystemDocument, system: System, options: SensitivityOptions): SensitivityPlan | string {
  const problem = runProblem(options);
  if (problem) return problem;
  const metric = options.metric ?? 'win';
  const badMetric = metricProblem(metric);
  if (badMetric) return badMetric;
  const knobs = knobsOf(doc, options.fight);
  if (typeof knobs === 'string') return knobs;
  if (!system.fights.has(options.fight)) return `unknown fight '${options.fight}'`;
  const base = measureFights(system, options.fight, options, metric);
  return {
    doc, options, metric, base: base.values, baseWins: base.wins, baseMeasure: base.estimate,
    variants: knobs.flatMap((knob) => nudged(knob.value).map((to) => ({ knob, to }))),
  };
}

/** What one variant gave: its row, why it could not fight, or nothing (a level below 1 is not a variant). */
export type VariantAnswer =
  | { readonly row: SensitivityRow }
  | { readonly skipped: SensitivityPart['skipped'][number] }
  | null;

/** Fights variant `index` of the plan on the original's seeds, judged against the original fight by fight. */
export function runVariant(plan: SensitivityPlan, index: number): VariantAnswer {
  const variant = plan.variants[index];
  if (!variant) throw new RangeError(`the needle has no variant ${index} (it has ${plan.variants.length})`);
  const { knob, to } = variant;
  if (knob.pointer.endsWith('/level') && to < 1) return null; // levels start at 1
  const loaded = loadSystem(withKnob(plan.doc, knob, to));
  if (!loaded.ok) return { skipped: { index, label: knob.label, to, reason: loaded.diagnostics[0]?.message ?? 'does not load' } };
  let measured: Measured;
  try {
    measured = measureFights(loaded.system, plan.options.fight, plan.options, plan.metric);
  } catch (err) {
    return { skipped: { index, label: knob.label, to, reason: err instanceof Error ? err.message : String(err) } };
  }
  const diff = new RunningMean();
  const values = measured.values;
  for (let i = 0; i < values.length; i++) diff.add(values[i]! - plan.base[i]!);
  const test = pairedTTest(diff.toState());
  return {
    row: {
      index, knob, to, winRate: wilson(measured.wins, plan.options.fights), measure: measured.estimate,
      delta: test.delta, interval: test.interval, p: test.p,
    },
  };
}

/** The part that the answers of some variants make (what finishSensitivity merges). */
export function partFromAnswers(plan: SensitivityPlan, answers: readonly VariantAnswer[]): SensitivityPart {
  const rows: SensitivityRow[] = [];
  const skipped: SensitivityPart['skipped'][number][] = [];
  for (const a of answers) {
    if (a === null) continue;
    if ('row' in a) rows.push(a.row); else skipped.push(a.skipped);
  }
  const { fight, fights, seed } = plan.options;
  return {
    system: plan.doc.id, fight, fights, seed, metric: plan.metric, baseWins: plan.baseWins, baseMeasure: plan.baseMeasure,
    variants: plan.variants.length, rows, skipped,
  };
}

/**
 * Fights the share's variants (variant i when i % of === index; all of them: 0 of 1): the part finishSensitivity merges with the other shares' into what one run gives.
 * `onVariant`: how many of the share's variants are done, before each one and once at the end.
 */
export function sensitivityPart(doc: SystemDocument, system: System, options: SensitivityOptions, share: Share = { index: 0, of: 1 },
  onVariant?: (done: number, total: number) => void): SensitivityPart | string {
  const badShare = shareProblem('a needle', share);
  if (badShare) return badShare;
  const plan = planSensitivity(doc, system, options);
  if (typeof plan === 'string') return plan;
  const mine = plan.variants.map((_, index) => index).filter((index) => index % share.of === share.index);
  const answers: VariantAnswer[] = [];
  for (const index of mine) {
    onVariant?.(answers.length, mine.length);
    answers.push(runVariant(plan, index));
  }
  onVariant?.(answers.length, mine.length);
  return partFromAnswers(plan, answers);
}

/** `onVariant`: told how many of the `total` variants are done, before each one and once at the end. */
export function sensitivity(doc: SystemDocument, system: System, options: SensitivityOptions,
  onVariant?: (done: number, total: number) => void): SensitivityResult | string {
  const part = sensitivityPart(doc, system, options, { index: 0, of: 1 }, onVariant);
  return typeof part === 'string' ? part : finishSensitivity([part]);
}
