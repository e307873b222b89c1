// What a tune aims at and a needle ranks by, and the words for it: apart from the tuner (it imports the whole engine),
// so the studio's Balance tab can name a measure without loading the engine into its chunk.

/**
 * `win`: the share of fights the heroes win. `died`: the share in which some hero dies (as `sim`'s heroDied counts
 * them). `rounds`: the mean number of rounds a fight lasts (a GM's pacing).
 */
export type TuneMetric = 'win' | 'died' | 'rounds';

/** How people name what a metric measures (`the win rate`), and its column over the values tried (`heroes win`). */
export const TUNE_MEASURES: Readonly<Record<TuneMetric, { readonly name: string; readonly column: string }>> = {
  win: { name: 'win rate', column: 'heroes win' },
  died: { name: 'chance a hero dies', column: 'a hero dies' },
  rounds: { name: 'mean rounds', column: 'mean rounds' },
};

export const TUNE_METRICS: readonly TuneMetric[] = ['win', 'died', 'rounds'];

/** Null for a metric, else what is wrong, in the words of `flag` (`--metric`, `the metric`). */
export function metricProblem(metric: unknown, flag = 'the metric'): string | null {
  return TUNE_METRICS.includes(metric as TuneMetric) ? null
    : `${flag} is win (the heroes win), died (a hero dies) or rounds (mean rounds), got '${String(metric ?? '')}'`;
}

