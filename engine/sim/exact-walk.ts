// The exact solver's walk (exact.ts): the random source that forks draws into their outcomes (ChoiceOracle), the
// runner whose acts the solver takes over, a state's path as a chain of draws, the heap of states in the fight's order.
import type { SeededRng } from '../dice/rng';
import { ConsequencesRunner } from './consequences';
import { FightRunner, SimError } from './fight';
import type { Combatant } from './model';
import type { Tally } from './stats';

/** A draw the oracle cannot fork into finitely many equal faces (a continuous number: a deck's card, a random tie). */
export class Unsupported extends Error {}

export const BOUNDARY = { signal: 'boundary' };
export const PRUNED = { signal: 'pruned' };
export const UNIT = 2 ** -53;

/** The random source: replays the choices of a path, and draws face 1 for each die past them (the odometer moves on). */
export class ChoiceOracle implements SeededRng {
  choices: number[] = [];
  sides: number[] = [];
  at = 0;
  /** Draws before this index are the state's own path (replayed); later ones are this turn's. */
  fixed = 0;
  /** Product of the faces of this turn's draws so far. */
  denominator = 1;
  /** The state's mass, and the path probability below which a turn's path is given up. */
  mass = 1;
  prune = 0;

  die(sides: number): number {
    const at = this.at;
    if (at >= this.fixed) {
      if (at >= this.choices.length) {
        if (this.mass / this.denominator < this.prune) throw PRUNED;
        this.choices.push(0);
        this.sides.push(sides);
      } else if (this.sides[at] !== sides) {
        throw new SimError(`exact: the replay drew a d${sides} where its path drew a d${this.sides[at]} (the fight is not deterministic)`);
      }
      this.denominator *= sides;
    }
    this.at = at + 1;
    return this.choices[at]! + 1;
  }

  next(): number {
    throw new Unsupported('the rules draw a number between 0 and 1 (a card from an initiative deck, or initiative ties broken at random), which has no finite list of outcomes');
  }

  uint32(): number {
    throw new Unsupported('the rules draw raw random bits');
  }

  reseed(): void {}
}

export type Runner = FightRunner & { hook: ((actor: Combatant) => void) | null; innerAct(actor: Combatant): void };

function withHook(Base: typeof FightRunner): new (...args: ConstructorParameters<typeof FightRunner>) => Runner {
  return class extends Base {
    hook: ((actor: Combatant) => void) | null = null;
    override act(actor: Combatant): void {
      if (this.hook !== null) this.hook(actor); else super.act(actor);
    }

    /** The act of the runner's rules (the hook decides when it runs). */
    innerAct(actor: Combatant): void {
      super.act(actor);
    }
  };
}

export const NumbersRunner = withHook(FightRunner);
export const ConsequencesHookRunner = withHook(ConsequencesRunner as typeof FightRunner);

/** A path's draws as a chain of pieces (a state's path is its parent's and its own act's), put together only for a replay. */
export interface PathPiece {
  readonly prev: PathPiece | null;
  readonly choices: readonly number[];
  readonly sides: readonly number[];
  /** Draws in the whole chain. */
  readonly length: number;
}

export const NO_PATH: PathPiece = { prev: null, choices: [], sides: [], length: 0 };

export function pathAfter(prev: PathPiece, choices: readonly number[], sides: readonly number[]): PathPiece {
  return choices.length === 0 ? prev : { prev, choices, sides, length: prev.length + choices.length };
}

/** The chain's draws in order, into the oracle's arrays. */
export function spell(path: PathPiece, choices: number[], sides: number[]): void {
  choices.length = path.length;
  sides.length = path.length;
  let end = path.length;
  for (let p: PathPiece | null = path; p !== null; p = p.prev) {
    end -= p.choices.length;
    for (let i = 0; i < p.choices.length; i++) { choices[end + i] = p.choices[i]!; sides[end + i] = p.sides[i]!; }
  }
}

export interface StateNode {
  readonly key: number;
  /** The key without the round (stateKey's id), and the round. */
  readonly rest: number;
  readonly round: number;
  readonly level: number;
  /** A state just after an act (expanded by replays to the next act), else at an act's start (expanded in place). */
  readonly post: boolean;
  /** A representative path: its draws and the act (counted from the fight's start) at which it reaches the state. */
  readonly path: PathPiece;
  readonly startAct: number;
  /** Whose act it is (for the reason a fight is too big). */
  readonly actor: string;
  mass: number;
  err: number;
}

/** A binary min-heap of states by level (the fight's order). */
export class Heap {
  private readonly items: StateNode[] = [];
  get size(): number { return this.items.length; }
  push(n: StateNode): void {
    const a = this.items;
    a.push(n);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]!.level <= n.level) break;
      a[i] = a[p]!; i = p;
    }
    a[i] = n;
  }
  pop(): StateNode {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length !== 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        let best = last.level;
        if (l < a.length && a[l]!.level < best) { m = l; best = a[l]!.level; }
        if (r < a.length && a[r]!.level < best) m = r;
        if (m === i) break;
        a[i] = a[m]!; i = m;
      }
      a[i] = last;
    }
    return top;
  }
}


export function tallyOf(keys: readonly (readonly [string, string])[], counts: ArrayLike<number>, from: number): Tally {
  const out: Tally = {};
  const entries: [string, string, number][] = [];
  for (let i = 0; i < keys.length; i++) { const n = counts[from + i]!; if (n > 0) entries.push([keys[i]![0], keys[i]![1], n]); }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  for (const [check, outcome, n] of entries) (out[check] ??= {})[outcome] = n;
  return out;
}
