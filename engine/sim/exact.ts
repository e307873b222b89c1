// Exact fights (issue 25): the fight code itself (FightRunner and the rules in rules/), not a second model of it, run
// with a random source that is a choice oracle. Every die the rules draw is a fork into its faces, each 1/faces; the
// paths of one turn are walked one by one (an odometer over the draws: each run replays the path from the fight's
// start, deterministically, then draws its own faces), and at the next act the fight's state is read as a canonical
// key: every combatant's sheet, flags, conditions with their durations, resources, the turn order, whose act, the
// round. Equal keys are one state whose probability is the sum of its paths', so the work grows with the number of
// distinct states, not with the number of paths. States are expanded in the order of the fight (round, then the place
// in the round), so a state's mass is complete before it is expanded.
//
// Probabilities are doubles: a path's share of its state is 1/(product of its dice's faces), so each step is one or
// two roundings, and `errorBound` adds up a first-order bound of them (two units of 2^-53 of each path's share, one of the
// sum it is added to) with the
// mass given up on paths less likely than `prune` (an exploding die's endless chain of sixes). A fight over the budget
// of states or of runs (a counter, never a clock) stops with the reason and what made it large.
import type { Winner } from './events';
import { SimError, type CheckTally, type FightResult } from './fight';
import type { Combatant, FightDef, Side, System } from './model';
import type { Tally } from './stats';
import { restoreSnapshot, stateKey, StateKeys, takeSnapshot } from './exact-state';
import { BOUNDARY, ChoiceOracle, ConsequencesHookRunner, Heap, NO_PATH, NumbersRunner, PRUNED, UNIT, Unsupported, pathAfter, spell, tallyOf, type PathPiece, type StateNode } from './exact-walk';

export interface ExactOptions {
  /** Distinct states explored before giving up (default 200,000). */
  readonly maxStates?: number;
  /** Runs of the fight code (one per path of a turn) before giving up (default 3,000,000). */
  readonly maxRuns?: number;
  /** A path whose probability falls below this is given up, its mass added to `unexplored` (default 1e-13). */
  readonly prune?: number;
  /** Merge equal states (default true); false walks the plain tree of paths (tests compare the two). */
  readonly merge?: boolean;
  /**
   * Walk an act's paths, and those from an act's end to the next act, once for all rounds (default true: no rule reads
   * the round inside an act, nor between acts but for late arrivals and maxRounds); false for tests.
   */
  readonly reuseActs?: boolean;
  /** Fork a pool whose dice's order nothing reads by its multiset of faces (default true); false face by face, for tests. */
  readonly pools?: boolean;
}

export interface ExactCombatant {
  readonly id: string;
  readonly side: Side;
  /** Chance it ends the fight standing, dead, down but alive (dying or stable), and fled (as `sim --json`'s fractions). */
  readonly survived: number;
  readonly died: number;
  readonly down: number;
  readonly fled: number;
  /** Expected hit points left at the end (0 for one down). */
  readonly hp: { readonly mean: number };
  readonly damageDealt: { readonly mean: number };
  /** Expected checks of each outcome per fight. */
  readonly checksPerFight: Tally;
}

export interface ExactStats {
  readonly exact: true;
  readonly system: string;
  readonly fight: string;
  /** The chance of each end (heroes win, enemies win, draw). */
  readonly winChance: Record<Winner, number>;
  /** The rounds' distribution (`distribution[r]`: the chance the fight lasts r rounds) and its mean, median, p90, max. */
  readonly rounds: { readonly mean: number; readonly p50: number; readonly p90: number; readonly max: number; readonly distribution: Record<string, number> };
  readonly heroDown: number;
  readonly heroDied: number;
  readonly checksPerFight: Tally;
  readonly combatants: readonly ExactCombatant[];
  /** Distinct states explored, runs of the fight code, milliseconds taken. */
  readonly states: number;
  readonly runs: number;
  readonly ms: number;
  /** A bound on the absolute error of every chance above: rounding (first order) plus `unexplored`. */
  readonly errorBound: number;
  /** Probability mass of the paths given up as too unlikely (below `prune`). */
  readonly unexplored: number;
}

/** Why a fight was not solved exactly: over a budget (with what made it large), or a rule the solver cannot fork. */
export interface ExactRefusal {
  readonly exact: false;
  readonly reason: string;
  readonly states: number;
  readonly runs: number;
  readonly ms: number;
}

export type ExactOutcome = ExactStats | ExactRefusal;


/**
 * Solve one fight exactly, or say why not (over a budget, with what made it large; a draw that is not a die). The
 * caller falls back to Monte Carlo (index.ts solveFight).
 */
export function exactFight(system: System, fight: FightDef, options: ExactOptions = {}): ExactOutcome {
  // Each path that stops at an act's edge throws through the fight loop, which wraps what it catches in a SimError:
  // no stack is taken for those (V8's stackTraceLimit; a no-op elsewhere), a fifth of the time of a small act's run.
  const errors = Error as { stackTraceLimit?: number };
  const limit = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    return solve(system, fight, options);
  } finally {
    errors.stackTraceLimit = limit;
  }
}

function solve(system: System, fight: FightDef, options: ExactOptions): ExactOutcome {
  const started = Date.now();
  const maxStates = options.maxStates ?? 200_000;
  const maxRuns = options.maxRuns ?? 3_000_000;
  const prune = options.prune ?? 1e-13;
  // Initiative passes keep the pass and each one's count in the round's loop, out of the state: the plain tree then.
  const merge = (options.merge ?? true) && !system.initiative?.passes;
  const clockMode = system.clock !== null && system.clock !== undefined;
  // Initiative values matter past the turn order only to a clock, passes, a deck, late arrivals and held actions.
  const initiativeRead = clockMode || !!system.initiative?.passes || !!system.initiative?.deck || fight.heroes.concat(fight.enemies).some((e) => e.arrives > 1)
    || system.actions.some((a) => a.defer);
  const keys = system.tallyKeys;
  const oracle = new ChoiceOracle();
  const stride = 1 + keys.length;
  oracle.prune = prune;
  oracle.pools = options.pools ?? true;
  // The checks of the path being walked (actor order * stride + 1 + tally), counted only past its state's start.
  const pathChecks: number[] = [];
  let recording = false;
  const tally: CheckTally = {
    onCheck: (actor, t) => { if (recording) pathChecks.push(actor.order * stride + 1 + t); },
  };
  let n = 0;
  const Runner = system.mode === 'consequences' ? ConsequencesHookRunner : NumbersRunner;
  const r = new Runner(system, fight, 0, null, tally, oracle);
  n = r.combatants.length;
  const width = n * stride;
  const startDamage = new Float64Array(n);
  const startPath = (): void => {
    for (const c of r.combatants) startDamage[c.order] = c.damageDealt;
    pathChecks.length = 0;
    recording = true;
  };
  const ids = new Map<object, number>();
  const idOf = (o: object | null): number => {
    if (o === null) return -1;
    let id = ids.get(o);
    if (id === undefined) { id = ids.size; ids.set(o, id); }
    return id;
  };

  // What grows the state: states per round, distinct hit points and condition sets per combatant, the widest turn.
  const perRound = new Map<number, number>();
  const hpSeen = r.combatants.map(() => new Set<number>());
  const conditionsSeen = r.combatants.map(() => new Set<string>());
  let widest = { paths: 0, actor: '', round: 0, dice: '' };

  // The answer, gathered at the ends of paths.
  const wins: Record<Winner, number> = { heroes: 0, enemies: 0, draw: 0 };
  const rounds = new Map<number, number>();
  const survived = new Float64Array(n), died = new Float64Array(n), down = new Float64Array(n), fled = new Float64Array(n), hpLeft = new Float64Array(n);
  const rewardsEnd = new Float64Array(width);
  let heroDown = 0, heroDied = 0, err = 0, unexplored = 0;

  let states = 1, runs = 0;
  const heap = new Heap();
  const open = new Map<number, StateNode>();
  const stateKeys = new StateKeys();
  heap.push({ key: -1, rest: -1, round: 0, level: -1, post: true, path: NO_PATH, startAct: 0, actor: '', mass: 1, err: 0 });

  let node: StateNode;
  let actCount = 0, actRound = -1, actsThisRound = 0;
  let boundaryActor: Combatant | null = null;
  let refusal: string | null = null;
  const refuse = (reason: string): ExactRefusal => ({ exact: false, reason, states, runs, ms: Date.now() - started });

  const bigStateReason = (): string => {
    const grows: string[] = [];
    r.combatants.forEach((c, i) => {
      if (hpSeen[i]!.size > 1) grows.push(`${c.id}'s hit points (${hpSeen[i]!.size} values)`);
      if (conditionsSeen[i]!.size > 1) grows.push(`${c.id}'s conditions (${conditionsSeen[i]!.size} sets with their durations)`);
    });
    const busiest = [...perRound.entries()].sort((a, b) => b[1] - a[1])[0];
    return `this fight has more than ${maxStates.toLocaleString('en-US')} distinct states`
      + `${busiest ? ` (${busiest[1].toLocaleString('en-US')} in round ${busiest[0]}, ${perRound.size} rounds reached)` : ''}; `
      + `what multiplies them: ${grows.length ? grows.join(', ') : 'the rounds'}`;
  };
  const tooManyRuns = (paths: number): string => `the exploration needs more than ${maxRuns.toLocaleString('en-US')} runs of the fight code`
    + (widest.paths > 1 ? ` (${widest.actor === '' ? 'the fight\'s start (initiative and all before the first act)' : `one act of ${widest.actor} in round ${widest.round}`} forks into ${widest.paths.toLocaleString('en-US')} paths: ${widest.dice})` : '')
    + (paths > 1 ? ` (the act being explored has ${paths.toLocaleString('en-US')} paths so far)` : '');

  /** A state reached with absolute probability `w` (its share `q` of `node`, `qErr` that share's own rounding bound). */
  const addState = (rest: number, round: number, level: number, post: boolean, actor: string, prev: PathPiece, choices: readonly number[], sides: readonly number[], startAct: number,
    w: number, q: number, qErr: number, fresh: boolean): boolean => {
    // The round below 2^21 (the schema's maxRounds is far below), the rest's id below 2^31.
    const key = (rest * 2097152 + round) * 2 + (post ? 1 : 0);
    let child = open.get(key);
    if (child === undefined) {
      if (++states > maxStates) { refusal = bigStateReason(); return false; }
      child = { key, rest, round, level, post, path: pathAfter(prev, choices, sides), startAct, actor, mass: 0, err: 0 };
      open.set(key, child);
      heap.push(child);
      perRound.set(round, (perRound.get(round) ?? 0) + 1);
      if (fresh) {
        for (const c of r.combatants) {
          hpSeen[c.order]!.add(r.hp(c));
          conditionsSeen[c.order]!.add(c.conditions.map((x) => `${idOf(x.def)}:${x.turnsLeft}:${x.chargesLeft}`).join(','));
        }
      }
    }
    child.mass += w;
    child.err += node.err * q + node.mass * qErr + 2 * UNIT * w + UNIT * child.mass;
    return true;
  };

  /** The paths of one act from a state, grouped by the state after it (round left out): kept for every round. */
  interface ActPaths {
    readonly after: Map<number, { q: number; qErr: number; readonly choices: number[]; readonly sides: number[]; readonly actor: string; readonly rewards: Map<number, number> }>;
    pruned: number;
  }
  const actCache = new Map<number, ActPaths>();

  const applyAct = (paths: ActPaths): boolean => {
    unexplored += node.mass * paths.pruned;
    for (const [rest, t] of paths.after) {
      const w = node.mass * t.q;
      if (!addState(rest, node.round, node.level + 0.5, true, t.actor, node.path, t.choices, t.sides, node.startAct, w, t.q, t.qErr, false)) return false;
      for (const [i, v] of t.rewards) rewardsEnd[i]! += node.mass * v;
    }
    return true;
  };

  /** The odometer: the last of this turn's draws with a face left moves to it, the draws after it dropped; false when none is left. */
  const advance = (): boolean => {
    let i = oracle.choices.length - 1;
    while (i >= oracle.fixed && oracle.choices[i] === oracle.arity(oracle.sides[i]!) - 1) i--;
    if (i < oracle.fixed) return false;
    oracle.choices[i]!++;
    oracle.choices.length = i + 1;
    oracle.sides.length = i + 1;
    return true;
  };

  const noteWidest = (paths: number): void => {
    if (paths <= widest.paths) return;
    const dice = new Map<number, number>();
    for (let i = oracle.fixed; i < oracle.sides.length; i++) dice.set(oracle.sides[i]!, (dice.get(oracle.sides[i]!) ?? 0) + 1);
    widest = {
      paths, actor: node.actor, round: Math.max(1, Math.floor(node.level / 4096)),
      dice: [...dice.entries()].map(([s, k]) => `${ChoiceOracle.describe(s)} x${k}`).join(', ') || 'dice',
    };
  };

  /** A state at an act's start: every path of the act, each from a copy of the state (no replay), to the states after it. */
  const exploreAct = (actor: Combatant): void => {
    const snap = takeSnapshot(r);
    const base = oracle.at;
    oracle.fixed = base;
    oracle.choices.length = base;
    oracle.sides.length = base;
    // Within an act a path is given up by its share of the act (the act's paths serve every round's state).
    oracle.mass = 1;
    const acts = clockMode ? actsThisRound : 0;
    const found: ActPaths = { after: new Map(), pruned: 0 };
    let paths = 0;
    for (;;) {
      if (++runs > maxRuns) { refusal = tooManyRuns(paths); return; }
      paths++;
      restoreSnapshot(r, snap);
      startPath();
      oracle.restart(base);
      let pruned = false;
      try {
        r.innerAct(actor);
      } catch (e) {
        if (e !== PRUNED) throw e;
        pruned = true;
      }
      oracle.choices.length = oracle.at;
      oracle.sides.length = oracle.at;
      const q = oracle.numerator / oracle.denominator;
      if (pruned) found.pruned += q;
      else {
        const rest = stateKey(r, actor, acts, initiativeRead, idOf, stateKeys);
        let t = found.after.get(rest);
        if (t === undefined) {
          t = { q: 0, qErr: 0, choices: oracle.choices.slice(base), sides: oracle.sides.slice(base), actor: actor.id, rewards: new Map() };
          found.after.set(rest, t);
          for (const c of r.combatants) {
            hpSeen[c.order]!.add(r.hp(c));
            conditionsSeen[c.order]!.add(c.conditions.map((x) => `${idOf(x.def)}:${x.turnsLeft}:${x.chargesLeft}`).join(','));
          }
        }
        t.q += q;
        t.qErr += 2 * UNIT * q + UNIT * t.q;
        const rewards = t.rewards;
        for (const c of r.combatants) {
          const d = c.damageDealt - startDamage[c.order]!;
          if (d !== 0) rewards.set(c.order * stride, (rewards.get(c.order * stride) ?? 0) + q * d);
        }
        for (let i = 0; i < pathChecks.length; i++) rewards.set(pathChecks[i]!, (rewards.get(pathChecks[i]!) ?? 0) + q);
      }
      if (!advance()) break;
    }
    noteWidest(paths);
    actCache.set(node.rest, found);
    applyAct(found);
  };

  r.hook = (actor) => {
    if (r.round !== actRound) { actRound = r.round; actsThisRound = 0; }
    actsThisRound++; actCount++;
    if (clockMode && actsThisRound > 1000) throw new Unsupported('a round of more than 1,000 acts');
    if (actCount < node.startAct || !merge) { r.innerAct(actor); return; }
    if (actCount === node.startAct) {
      if (!node.post) { exploreAct(actor); throw BOUNDARY; }
      r.innerAct(actor);
      startPath();
      return;
    }
    boundaryActor = actor;
    throw BOUNDARY;
  };

  /**
   * The paths from a state after an act to the next act's start or the fight's end, relative to the state: kept by the
   * state's key without its round when no rule between read the round (no late arrival due, no path stopped by
   * maxRounds), and used again for a state `crossed` rounds or more before maxRounds.
   */
  interface TailPaths {
    readonly next: Map<string, { readonly rest: number; readonly roundDelta: number; readonly place: number; q: number; qErr: number; readonly choices: number[]; readonly sides: number[]; readonly actor: string; readonly rewards: Map<number, number> }>;
    readonly ends: { readonly q: number; readonly winner: Winner; readonly roundDelta: number; readonly end: Uint8Array; readonly hp: Float64Array; readonly fell: boolean; readonly dead: boolean; readonly rewards: [number, number][] }[];
    pruned: number;
    crossed: number;
    reusable: boolean;
  }
  const tailCache = new Map<number, TailPaths>();

  const applyTail = (t: TailPaths): boolean => {
    unexplored += node.mass * t.pruned;
    for (const e of t.ends) {
      const w = node.mass * e.q;
      wins[e.winner] += w;
      const rs = node.round + e.roundDelta;
      rounds.set(rs, (rounds.get(rs) ?? 0) + w);
      for (let i = 0; i < n; i++) {
        const code = e.end[i]!;
        if (code === 0) { survived[i]! += w; hpLeft[i]! += w * e.hp[i]!; } else if (code === 1) died[i]! += w; else if (code === 2) fled[i]! += w; else down[i]! += w;
      }
      if (e.fell) heroDown += w;
      if (e.dead) heroDied += w;
      for (const [i, v] of e.rewards) rewardsEnd[i]! += w * v;
      // The path's share (two roundings) and the addition into a total (one rounding of the total).
      err += node.err * e.q + 2 * UNIT * w + UNIT * wins[e.winner];
    }
    for (const x of t.next.values()) {
      const w = node.mass * x.q;
      const round = node.round + x.roundDelta;
      if (!addState(x.rest, round, round * 4096 + x.place, false, x.actor, node.path, x.choices, x.sides, node.startAct + 1, w, x.q, x.qErr, false)) return false;
      for (const [i, v] of x.rewards) rewardsEnd[i]! += node.mass * v;
    }
    return true;
  };

  while (heap.size !== 0) {
    node = heap.pop();
    open.delete(node.key);
    if (node.mass < prune) { unexplored += node.mass; continue; }
    if (!node.post) {
      const known = options.reuseActs === false ? undefined : actCache.get(node.rest);
      if (known !== undefined) {
        if (!applyAct(known)) return refuse(refusal!);
        continue;
      }
    } else if (node.startAct > 0 && options.reuseActs !== false) {
      const known = tailCache.get(node.rest);
      if (known !== undefined && node.round + known.crossed <= fight.maxRounds) {
        if (!applyTail(known)) return refuse(refusal!);
        continue;
      }
    }
    spell(node.path, oracle.choices, oracle.sides);
    oracle.fixed = node.path.length;
    // Paths are given up by their share of the state (the state itself by its mass, above).
    oracle.mass = 1;
    const tail: TailPaths = { next: new Map(), ends: [], pruned: 0, crossed: 0, reusable: node.startAct > 0 };
    let paths = 0;
    for (;;) {
      if (++runs > maxRuns) return refuse(tooManyRuns(paths));
      paths++;
      r.reset(0);
      oracle.restart(0);
      actCount = 0; actRound = -1; actsThisRound = 0; boundaryActor = null;
      recording = false;
      if (node.startAct === 0) startPath();
      let result: FightResult | null = null;
      let signal: unknown = null;
      try {
        result = r.run();
      } catch (e) {
        signal = e instanceof SimError && e.cause !== undefined ? e.cause : e;
        if (signal instanceof Unsupported) return refuse(`the exact solver cannot fork this fight: ${signal.message}`);
        if (signal !== BOUNDARY && signal !== PRUNED) throw e;
      }
      if (refusal !== null) return refuse(refusal);
      // A state at an act's start was expanded in place, by its act's paths.
      if (!node.post) break;
      oracle.choices.length = oracle.at;
      oracle.sides.length = oracle.at;
      const q = oracle.numerator / oracle.denominator;
      // A late arrival is due by round number: the paths then depend on the round.
      if (r.arrivingHeroes + r.arrivingEnemies > 0) tail.reusable = false;
      const rewardsOf = (): [number, number][] => {
        const out: [number, number][] = [];
        for (const c of r.combatants) { const d = c.damageDealt - startDamage[c.order]!; if (d !== 0) out.push([c.order * stride, d]); }
        for (let i = 0; i < pathChecks.length; i++) out.push([pathChecks[i]!, 1]);
        return out;
      };
      if (signal === PRUNED) {
        tail.pruned += q;
      } else if (result !== null) {
        // The loop stopped at maxRounds (no winner decided): a path that depends on the round.
        if (r.winner === null) tail.reusable = false;
        const end = new Uint8Array(n), hp = new Float64Array(n);
        let fell = false, dead = false;
        for (const c of result.combatants) {
          end[c.order] = !c.down ? 0 : c.dead ? 1 : c.fled ? 2 : 3;
          hp[c.order] = !c.down ? r.hp(c) : 0;
          if (c.side === 'heroes') { fell ||= c.fell; dead ||= c.dead; }
        }
        tail.ends.push({ q, winner: result.winner, roundDelta: result.rounds - node.round, end, hp, fell, dead, rewards: rewardsOf() });
        tail.crossed = Math.max(tail.crossed, result.rounds - node.round);
      } else {
        const actor = boundaryActor!;
        const rest = stateKey(r, actor, clockMode ? actsThisRound : 0, initiativeRead, idOf, stateKeys);
        const place = clockMode ? actsThisRound : r.turnOrder.indexOf(actor);
        const roundDelta = r.round - node.round;
        const group = `${roundDelta}|${place}|${rest}`;
        let x = tail.next.get(group);
        if (x === undefined) {
          x = { rest, roundDelta, place, q: 0, qErr: 0, choices: oracle.choices.slice(node.path.length), sides: oracle.sides.slice(node.path.length), actor: actor.id, rewards: new Map() };
          tail.next.set(group, x);
          for (const c of r.combatants) {
            hpSeen[c.order]!.add(r.hp(c));
            conditionsSeen[c.order]!.add(c.conditions.map((k) => `${idOf(k.def)}:${k.turnsLeft}:${k.chargesLeft}`).join(','));
          }
        }
        x.q += q;
        x.qErr += 2 * UNIT * q + UNIT * x.q;
        for (const [i, v] of rewardsOf()) x.rewards.set(i, (x.rewards.get(i) ?? 0) + q * v);
        tail.crossed = Math.max(tail.crossed, roundDelta);
      }
      if (!advance()) break;
    }
    noteWidest(paths);
    if (!node.post) continue;
    if (tail.reusable) tailCache.set(node.rest, tail);
    if (!applyTail(tail)) return refuse(refusal!);
  }

  const total = wins.heroes + wins.enemies + wins.draw;
  let mean = 0, max = 0;
  const sorted = [...rounds.entries()].sort((a, b) => a[0] - b[0]);
  const distribution: Record<string, number> = {};
  for (const [k, p] of sorted) { mean += k * p; if (p > 0) max = k; distribution[String(k)] = p; }
  const quantile = (q: number): number => {
    let seen = 0;
    for (const [k, p] of sorted) { seen += p; if (seen >= q * total - 1e-12) return k; }
    return max;
  };
  const totals = new Float64Array(keys.length);
  for (let c = 0; c < n; c++) for (let i = 0; i < keys.length; i++) totals[i]! += rewardsEnd[c * stride + 1 + i]!;
  return {
    exact: true, system: system.id, fight: fight.id, winChance: wins,
    rounds: { mean, p50: quantile(0.5), p90: quantile(0.9), max, distribution },
    heroDown, heroDied, checksPerFight: tallyOf(keys, totals, 0),
    combatants: r.combatants.map((c) => ({
      id: c.id, side: c.side, survived: survived[c.order]!, died: died[c.order]!, down: down[c.order]!, fled: fled[c.order]!,
      hp: { mean: hpLeft[c.order]! }, damageDealt: { mean: rewardsEnd[c.order * stride]! },
      checksPerFight: tallyOf(keys, rewardsEnd, c.order * stride + 1),
    })),
    states, runs, ms: Date.now() - started, errorBound: err + unexplored, unexplored,
  };
}
