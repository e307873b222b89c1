// The needle's parts merged: rows and skipped variants from every share (sensitivity.ts), back in variant order, then
// Holm's correction over every variant and the ranking. Apart from the fights, so the studio's page can merge what
// its workers send without loading the engine.
import type { Nudge, SensitivityResult } from './sensitivity';
import { holm, wilson, type Estimate } from './stats';
import type { TuneMetric } from './tune-measures';

/** A variant that fought: its nudge before Holm's correction, and its index among every variant. */
export type SensitivityRow = Omit<Nudge, 'pAdjusted' | 'significant'> & { readonly index: number };

/** What one share of the needle fought (sensitivityPart). */
export interface SensitivityPart {
  readonly system: string;
  readonly fight: string;
  readonly fights: number;
  readonly seed: number;
  /** What the nudges are ranked by. */
  readonly metric: TuneMetric;
  /** Fights the original won, and its measure (the same in every part: the same seeds). */
  readonly baseWins: number;
  readonly baseMeasure: Estimate;
  /** Variants in all (every share's). */
  readonly variants: number;
  readonly rows: readonly SensitivityRow[];
  readonly skipped: readonly { readonly index: number; readonly label: string; readonly to: number; readonly reason: string }[];
}

/** The needle from the parts of every share (any order): the answer one run of every variant gives. */
export function finishSensitivity(parts: readonly SensitivityPart[]): SensitivityResult {
  const first = parts[0];
  if (!first) throw new Error('a needle needs at least one part');
  for (const p of parts) {
    if (p.system !== first.system || p.fight !== first.fight || p.fights !== first.fights || p.seed !== first.seed || p.baseWins !== first.baseWins
      || p.metric !== first.metric) {
      throw new Error(`the needle's parts are of different runs: ${first.fight} (${first.fights} fights, seed ${first.seed}) and ${p.fight} (${p.fights} fights, seed ${p.seed})`);
    }
  }
  const byIndex = <T extends { readonly index: number }>(a: T, b: T): number => a.index - b.index;
  const rows = parts.flatMap((p) => p.rows).sort(byIndex);
  const corrected = holm(rows.map((r) => r.p));
  const nudges: Nudge[] = rows.map(({ index: _index, ...r }, i) => ({ ...r, pAdjusted: corrected.adjusted[i]!, significant: corrected.significant[i]! }));
  nudges.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.p - b.p);
  const skipped = parts.flatMap((p) => p.skipped).sort(byIndex).map(({ index: _index, ...s }) => s);
  return {
    system: first.system, fight: first.fight, fights: first.fights, seed: first.seed, metric: first.metric,
    winRate: wilson(first.baseWins, first.fights), measure: first.baseMeasure, nudges, skipped,
  };
}

/**
 * When every fight ends one way by the needle's measure (the heroes win all or none; a hero dies in all or none) and
 * no nudge moves it, the ranking says nothing: that, in words (`the heroes win every fight`), else null.
 */
export function needleSaturated(r: SensitivityResult): string | null {
  if (r.metric === 'rounds' || r.nudges.some((n) => n.delta !== 0)) return null;
  const all = r.measure.value === 1, none = r.measure.value === 0;
  if (!all && !none) return null;
  if (r.metric === 'win') return all ? 'the heroes win every fight' : 'the heroes win no fight';
  return all ? 'a hero dies in every fight' : 'no hero dies in any fight';
}

