// What a tune can aim at, and the words for it: apart from the tuner (it imports the whole engine), so the studio's
// Balance tab can name a tune's measure without loading the engine into its chunk.

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
