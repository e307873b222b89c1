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

/** Pools forked by their multiset of faces when it has at most this many (else face by face). */
const MAX_MULTISETS = 50_000;
const EXACT_INTEGER = 2 ** 53;
/** A pool's choice is noted as a negative "sides": -(count * POOL_CODE + sides). */
const POOL_CODE = 2 ** 21;

/** The multisets of faces of `count` dice of `sides`: faces ascending, `count` a multiset, and the ways each comes up. */
interface Multisets {
  readonly count: number;
  readonly sides: number;
  readonly faces: Int32Array;
  readonly ways: Float64Array;
  /** sides^count, the ways in all. */
  readonly total: number;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

function countMultisets(count: number, sides: number): number {
  return binomial(count + sides - 1, count);
}

export function multisets(count: number, sides: number): Multisets {
  const m = countMultisets(count, sides);
  const faces = new Int32Array(m * count), ways = new Float64Array(m);
  const current = new Int32Array(count);
  let at = 0;
  // Non-decreasing sequences in lexicographic order; the ways are the multinomial count! / (k1! k2! ...).
  const walk = (i: number, from: number): void => {
    if (i === count) {
      faces.set(current, at * count);
      let w = 1, left = count, run = 1;
      for (let j = 1; j <= count; j++) {
        if (j < count && current[j] === current[j - 1]) { run++; continue; }
        w *= binomial(left, run); left -= run; run = 1;
      }
      ways[at++] = w;
      return;
    }
    for (let f = from; f <= sides; f++) { current[i] = f; walk(i + 1, f); }
  };
  walk(0, 1);
  return { count, sides, faces, ways, total: sides ** count };
}

/**
 * The random source: replays the choices of a path, and draws the first outcome of each draw past them (the odometer
 * moves on). A die is a choice among its faces, each 1/faces; a pool it is told of (`pool`, a plain `NdX`, a keep or
 * drop, a count of successes) is one choice among its multisets of faces, each with its ways / faces^count, whose
 * faces it then gives ascending, one per draw: 2d6 forks into 21 outcomes, not 36, and 4d10 into 715, not 10,000.
 */
export class ChoiceOracle implements SeededRng {
  choices: number[] = [];
  sides: number[] = [];
  at = 0;
  /** Draws before this index are the state's own path (replayed); later ones are this turn's. */
  fixed = 0;
  /** The path's probability since `fixed` is numerator / denominator, both whole numbers below 2^53. */
  numerator = 1;
  denominator = 1;
  /** The state's mass, and the path probability below which a turn's path is given up. */
  mass = 1;
  prune = 0;
  /** The faces of the pool being drawn, from `queueAt`, `queueLeft` of them still to give. */
  private queue: Int32Array = new Int32Array(0);
  private queueAt = 0;
  private queueLeft = 0;
  private queueSides = 0;
  private readonly tables = new Map<number, Multisets | null>();

  /** Start a run (or an act's path) at draw `at`. */
  restart(at: number): void {
    this.at = at;
    this.numerator = 1;
    this.denominator = 1;
    this.queueLeft = 0;
  }

  /** The number of outcomes of a noted draw. */
  arity(sides: number): number {
    return sides > 0 ? sides : this.tables.get(-sides)!.ways.length;
  }

  /** A noted draw in words (`d20`, `3d6`). */
  static describe(sides: number): string {
    return sides > 0 ? `d${sides}` : `${Math.floor(-sides / POOL_CODE)}d${-sides % POOL_CODE} (by multiset)`;
  }

  /** Pools by their multisets (false: every die face by face). */
  pools = true;

  pool(count: number, sides: number): void {
    if (this.queueLeft > 0 || !this.pools) return;
    const code = count * POOL_CODE + sides;
    let table = this.tables.get(code);
    if (table === undefined) {
      table = sides < POOL_CODE && sides ** count <= EXACT_INTEGER && countMultisets(count, sides) <= MAX_MULTISETS ? multisets(count, sides) : null;
      this.tables.set(code, table);
    }
    // Face by face when the multisets are too many, or the path's denominator would not stay a whole double.
    if (table === null || this.denominator * table.total > EXACT_INTEGER) return;
    const at = this.at;
    let choice: number;
    if (at < this.fixed) {
      choice = this.choices[at]!;
    } else {
      if (at >= this.choices.length) {
        if (this.mass * this.numerator / this.denominator < this.prune) throw PRUNED;
        this.choices.push(0);
        this.sides.push(-code);
      } else if (this.sides[at] !== -code) {
        throw new SimError(`exact: the replay drew ${ChoiceOracle.describe(-code)} where its path drew ${ChoiceOracle.describe(this.sides[at]!)} (the fight is not deterministic)`);
      }
      choice = this.choices[at]!;
      this.numerator *= table.ways[choice]!;
      this.denominator *= table.total;
    }
    this.at = at + 1;
    this.queue = table.faces;
    this.queueAt = choice * count;
    this.queueLeft = count;
    this.queueSides = sides;
  }

  die(sides: number): number {
    if (this.queueLeft > 0) {
      if (sides !== this.queueSides) throw new SimError(`exact: a d${sides} drawn inside a pool of d${this.queueSides}`);
      this.queueLeft--;
      return this.queue[this.queueAt++]!;
    }
    const at = this.at;
    if (at >= this.fixed) {
      if (at >= this.choices.length) {
        if (this.mass * this.numerator / this.denominator < this.prune) throw PRUNED;
        this.choices.push(0);
        this.sides.push(sides);
      } else if (this.sides[at] !== sides) {
        throw new SimError(`exact: the replay drew a d${sides} where its path drew ${ChoiceOracle.describe(this.sides[at]!)} (the fight is not deterministic)`);
      }
      this.denominator *= sides;
    } else if (this.sides[at] !== sides) {
      throw new SimError(`exact: the replay drew a d${sides} where its path drew ${ChoiceOracle.describe(this.sides[at]!)} (the fight is not deterministic)`);
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
