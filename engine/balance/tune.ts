// Tuning one number to a target: "what must this template's damage be for the heroes to win 70% of first-blood?"
// (or to a chance that a hero dies: "... for a hero to die in 10% of boss-tier-4?", or to a pace: "... for the fight
// to last four rounds?").
// The number is one the needle finds (a constant in a template's formula, a creature's or a hero's number). Every
// value tried fights the same seeds (common random numbers), so the measure moves with the number alone and the
// search is a plain bracket-and-bisect: step away from the original value, doubling, until the measure crosses the
// target, then halve the bracket. Whole numbers stay whole; others are tried to three decimals.
import type { SystemDocument } from '../schema/document';
import { loadSystem, type System } from '../sim/index';
import { runProblem } from '../sim/options';
import { metricProblem, TUNE_MEASURES, type TuneMetric } from './tune-measures';
import { knobsOf, measureFights, withKnob, type Knob } from './sensitivity';
import type { Estimate } from './stats';

export type { TuneMetric } from './tune-measures';

export interface TuneOptions {
  readonly fight: string;
  readonly fights: number;
  readonly seed: number;
  /** The field holding the number (a knob's pointer, as the needle lists it). */
  readonly pointer: string;
  /** Which of the field's numbers, in the order the needle lists them (default 0: the first). */
  readonly at?: number;
  /** Or which one by where it stands in the field's formula (a knob's `span`, as the needle gives it). */
  readonly span?: { readonly start: number; readonly end: number };
  /** The share wanted, 0..1, of fights the heroes win (or, metric `died`, in which a hero dies); or the mean rounds. */
  readonly target: number;
  /** What the target measures (default `win`). */
  readonly metric?: TuneMetric;
  /** Values fought at most, the original included (default 24). */
  readonly maxProbes?: number;
}


/** A share of the fights (Wilson interval), or the mean rounds (t interval), over the fights `sim` would fight. */
function measure(metric: TuneMetric, system: System, options: TuneOptions): Estimate {
  return measureFights(system, options.fight, options, metric).estimate;
}

export interface TuneProbe {
  readonly to: number;
  /** What the metric measures at this value (a share of the fights, or the mean rounds), with its 95% interval. */
  readonly rate: Estimate;
}

export interface TuneResult {
  readonly system: string;
  readonly fight: string;
  readonly fights: number;
  readonly seed: number;
  readonly target: number;
  readonly metric: TuneMetric;
  readonly knob: Knob;
  /** The value whose measure is nearest the target (ties: nearest the original value). */
  readonly best: TuneProbe;
  /** Every value fought, smallest first; the original is `knob.value`. */
  readonly probes: readonly TuneProbe[];
  /**
   * `hit`: the best value's 95% interval holds the target. `between`: the target falls between two neighbouring whole
   * values. `limit`: no value within reach gets there. `flat`: the measure does not move with this number.
   */
  readonly verdict: 'hit' | 'between' | 'limit' | 'flat';
}

/** The smallest value a number may take: a level from 1, a die from one face, anything else from 0. */
function floorOf(knob: Knob): number {
  if (knob.pointer.endsWith('/level') || knob.label.includes(': die size ')) return 1;
  return 0;
}

/** `onValue`: told how many values have been fought so far, after each (a long tune's progress). */
export function tune(doc: SystemDocument, system: System, options: TuneOptions, onValue?: (tried: number) => void): TuneResult | string {
  const problem = runProblem(options);
  if (problem) return problem;
  const metric = options.metric ?? 'win';
  const badMetric = metricProblem(metric);
  if (badMetric) return badMetric;
  if (metric === 'rounds' ? !(options.target > 0 && Number.isFinite(options.target)) : !(options.target >= 0 && options.target <= 1)) {
    return metric === 'rounds' ? `the target mean rounds must be a number above 0, got ${options.target}`
      : `the target ${TUNE_MEASURES[metric].name} must be from 0 to 1 (0% to 100%), got ${options.target}`;
  }
  const knobs = knobsOf(doc, options.fight);
  if (typeof knobs === 'string') return knobs;
  if (!system.fights.has(options.fight)) return `unknown fight '${options.fight}'`;
  const here = knobs.filter((k) => k.pointer === options.pointer);
  const at = options.span ? here.findIndex((k) => k.span?.start === options.span!.start && k.span.end === options.span!.end) : options.at ?? 0;
  if (here.length === 0) {
    const fields = [...new Set(knobs.map((k) => k.pointer))];
    return `the fight '${options.fight}' reads no number at ${options.pointer} (its numbers are at ${fields.slice(0, 8).join(', ')}${fields.length > 8 ? ', …' : ''})`;
  }
  const knob = here[at];
  if (options.span && !knob) return `${options.pointer} holds no number at characters ${options.span.start}..${options.span.end} of its formula (the document changed?)`;
  if (!Number.isInteger(at) || at < 0 || !knob) return `${options.pointer} holds ${here.length} number(s) (at 0..${here.length - 1}), not ${at}`;

  const whole = Number.isInteger(knob.value);
  const round = (v: number): number => (whole ? Math.round(v) : Math.round(v * 1000) / 1000);
  const low = floorOf(knob);
  const high = Math.max(knob.value * 100, knob.value + 100);
  const maxProbes = options.maxProbes ?? 24;
  const tried = new Map<number, Estimate | null>();
  const fightAt = (to: number): Estimate | null => {
    const v = round(to);
    if (tried.has(v)) return tried.get(v)!;
    let estimate: Estimate | null = null;
    if (v >= low && v <= high && tried.size < maxProbes) {
      const loaded = v === knob.value ? { ok: true as const, system } : loadSystem(withKnob(doc, knob, v));
      if (loaded.ok) {
        try {
          estimate = measure(metric, loaded.system, options);
        } catch {
          estimate = null; // this value breaks a formula (a die of no faces): out of reach, as past a bound
        }
      }
      tried.set(v, estimate);
      onValue?.(tried.size);
    }
    return estimate;
  };
  const result = (verdict: TuneResult['verdict']): TuneResult => {
    const probes = [...tried].flatMap(([to, rate]) => (rate ? [{ to, rate }] : [])).sort((a, b) => a.to - b.to);
    const distance = (p: TuneProbe): number => Math.abs(p.rate.value - options.target);
    const best = probes.reduce((b, p) => (distance(p) < distance(b) || (distance(p) === distance(b) && Math.abs(p.to - knob.value) < Math.abs(b.to - knob.value)) ? p : b));
    const hit = best.rate.low <= options.target && options.target <= best.rate.high;
    return {
      system: doc.id, fight: options.fight, fights: options.fights, seed: options.seed, target: options.target, metric, knob, best, probes,
      verdict: verdict === 'between' && hit ? 'hit' : verdict === 'limit' && hit ? 'hit' : verdict,
    };
  };

  const start = fightAt(knob.value)!;
  if (start.value === options.target) return result('between');
  const up = start.value < options.target; // the measure must rise
  const reached = (e: Estimate): boolean => (up ? e.value >= options.target : e.value <= options.target);

  // Which way the number moves the measure: a step each way, doubled while nothing moves.
  let step = whole ? 1 : Math.max(Math.abs(knob.value) * 0.1, 0.01);
  let direction = 0;
  for (let tries = 0; tries < 4 && direction === 0; tries++, step *= 2) {
    const above = fightAt(knob.value + step);
    if (above && above.value !== start.value) { direction = (above.value > start.value) === up ? 1 : -1; break; }
    const below = fightAt(knob.value - step);
    if (below && below.value !== start.value) { direction = (below.value < start.value) === up ? 1 : -1; break; }
  }
  if (direction === 0) return result('flat');

  // Away from the original, doubling, until the target is crossed (or a bound, or the budget, stops it).
  step = whole ? 1 : Math.max(Math.abs(knob.value) * 0.1, 0.01);
  let behind = knob.value;
  let past: number | null = null;
  for (;;) {
    // A step past a bound tries the bound itself (a floor of 0 is a value worth fighting), then stops there.
    const v = Math.min(high, Math.max(low, round(knob.value + direction * step)));
    if (v === behind) break;
    const e = fightAt(v);
    if (!e) break;
    if (reached(e)) { past = v; break; }
    behind = v;
    step *= 2;
  }
  if (past === null) return result('limit');

  // Halve the bracket: `behind` has not reached the target, `past` has.
  for (;;) {
    const gap = Math.abs(past - behind);
    if (whole ? gap <= 1 : gap <= Math.max(0.001, Math.abs(knob.value) * 0.005)) break;
    const mid = round((past + behind) / 2);
    if (mid === past || mid === behind) break;
    const e = fightAt(mid);
    if (!e) {
      if (tried.size >= maxProbes) break;
      past = mid; // a value that cannot fight is out of reach, as past a bound
      continue;
    }
    if (reached(e)) past = mid; else behind = mid;
    if (tried.size >= maxProbes) break;
  }
  return result('between');
}
