// The draws of a check frame's rolls, by place in the pool, for a partial reroll (`react.keep`): a frame of a system
// whose decisions keep dice rolls through a DrawRecorder, which notes the draw that settled each die (the last draw
// made while the pool held that many dice: a die rerolled by `r` or `ro` is drawn again in the same place). While a
// reroll keeps some of them, a draw in a kept place gives that place's first draw again, so the die settles on the
// face it showed (a Fate die too: the draw, not the face, is what comes back); every other draw is fresh. Only
// systems with a `keep` pay for it: the others' frames draw from the fight's generator directly.
import type { RollFacts } from '../formula/runtime';
import type { Rng } from '../formula/types';

export class DrawRecorder implements Rng {
  /** The frame's roll facts: the place a draw settles in is how many dice the pool holds when it is drawn. */
  roll: RollFacts | null = null;
  private readonly draws: number[] = [];
  private readonly sizes: number[] = [];
  /** While a reroll keeps dice: for each place, the draw it gives again, or -1 (a fresh draw). */
  private kept: number[] | null = null;
  private keptSizes: number[] = [];

  constructor(private readonly inner: Rng) {}

  die(sides: number): number {
    const at = this.roll!.dice.length;
    const kept = this.kept;
    const draw = kept !== null && at < kept.length && kept[at]! >= 0 && this.keptSizes[at] === sides ? kept[at]! : this.inner.die(sides);
    this.draws[at] = draw;
    this.sizes[at] = sides;
    return draw;
  }

  next(): number {
    return this.inner.next();
  }

  /** The next roll gives again the draws of the places `keep` marks (of the roll just made); the others are fresh. */
  keep(keep: readonly boolean[]): void {
    this.kept = keep.map((k, i) => (k ? this.draws[i]! : -1));
    this.keptSizes = this.sizes.slice(0, keep.length);
  }

  /** Every draw is fresh again. */
  release(): void {
    this.kept = null;
  }
}
