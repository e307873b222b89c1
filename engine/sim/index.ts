// The fight engine's public surface: load a system, run one fight (with or without its event log), simulate many
// with streaming statistics, step through a fight event by event, compose a fight ad hoc.
import { deriveSeed } from '../dice/rng';
import type { SystemDocument } from '../schema/document';
import { ConsequencesRunner } from './consequences';
import type { EventSink, FightEvent } from './events';
import { FightRunner, SimError, type CheckTally, type FightResult } from './fight';

export { GRID_NOTE, SimError } from './fight';
import type { SimDiagnostic } from './formulas';
import { loadSystem as loadRuntime } from './load';
import { runProblem, wholeProblem } from './options';
import type { CombatantDef, FightDef, FightEntryDef, System } from './model';
import { StatsAccumulator, type PartialStats, type SimStats } from './stats';

export type { FightEvent, EventSink, Winner } from './events';
import type { Winner } from './events';
export type { TurnChooser, TurnOffer, TurnStep } from './choice';
import type { TurnChooser } from './choice';
export type { FightResult, CheckTally } from './fight';
export type { SimDiagnostic } from './formulas';
export type { System, FightDef } from './model';
export type { SimStats, PartialStats, CombatantStats, Tally } from './stats';
export { StatsAccumulator } from './stats';
export type { ExactOptions, ExactStats, ExactCombatant, ExactRefusal, ExactOutcome } from './exact';
import { exactFight, type ExactOptions, type ExactRefusal, type ExactStats } from './exact';
export { exactFight } from './exact';

export type LoadOutcome = { readonly ok: true; readonly system: System } | { readonly ok: false; readonly diagnostics: readonly SimDiagnostic[] };

/** document → runtime System with every formula compiled once, or the diagnostics that stop it from fighting. */
export function loadSystem(doc: SystemDocument): LoadOutcome {
  return loadRuntime(doc);
}

function findFight(system: System, fight: string | FightDef): FightDef {
  if (typeof fight !== 'string') return fight;
  const def = system.fights.get(fight);
  if (!def) {
    const known = [...system.fights.keys()];
    throw new SimError(`unknown fight '${fight}'${known.length ? ` (fights: ${known.join(', ')})` : ' (the system has no fights)'}`);
  }
  return def;
}


function runner(system: System, fight: FightDef, seed: number, sink: EventSink | null, tally: CheckTally | null): FightRunner {
  return system.mode === 'consequences'
    ? new ConsequencesRunner(system, fight, seed, sink, tally)
    : new FightRunner(system, fight, seed, sink, tally);
}

/**
 * One fight; events go to `sink` when given (chips are only built then). `chooser` (choice.ts) is asked at every turn
 * of a numbers-mode fight and may play it instead of the rules (the sandbox's "You play").
 */
export function runFight(system: System, fight: string | FightDef, seed: number, sink?: EventSink, tally?: CheckTally, chooser?: TurnChooser): FightResult {
  const r = runner(system, findFight(system, fight), seed, sink ?? null, tally ?? null);
  if (chooser) r.chooser = chooser;
  return r.run();
}

export interface SimulateOptions {
  readonly fights: number;
  readonly seed: number;
  /** First fight index (workers run a slice of the indices); default 0. */
  readonly from?: number;
  /** Called every `progressEvery` fights with the number done. */
  readonly onProgress?: (done: number) => void;
  readonly progressEvery?: number;
}

/** Fights `from .. from + fights - 1`, fight i seeded with deriveSeed(seed, i): any split gives the same results. */
export function simulatePartial(system: System, fight: string | FightDef, options: SimulateOptions): StatsAccumulator {
  const problem = runProblem(options, 0) ?? wholeProblem('the first fight', options.from ?? 0, 0);
  if (problem) throw new SimError(problem);
  const def = findFight(system, fight);
  const stats = new StatsAccumulator(system.tallyKeys);
  const from = options.from ?? 0;
  const every = options.progressEvery ?? 1000;
  let reusable: FightRunner | null = null;
  for (let i = 0; i < options.fights; i++) {
    const seed = deriveSeed(options.seed, from + i);
    if (reusable) reusable.reset(seed); else reusable = runner(system, def, seed, null, stats);
    stats.addFight(reusable.run());
    if (options.onProgress && (i + 1) % every === 0) options.onProgress(i + 1);
  }
  return stats;
}

/** Many fights with streaming statistics (spec §4 `sim --json`). */
export function simulate(system: System, fight: string | FightDef, options: SimulateOptions): SimStats {
  const def = findFight(system, fight);
  return simulatePartial(system, def, options).finish(system.id, def.id, options.seed);
}

export interface SolveOptions extends ExactOptions {
  /** Fights of the Monte Carlo answer given instead when the fight is too big to solve (default 100,000). */
  readonly fallbackFights?: number;
  readonly seed?: number;
}

/** The Monte Carlo answer of a fight too big to solve exactly: why, and the simulated answer with 95% intervals. */
export interface ExactFallback extends ExactRefusal {
  readonly monteCarlo: SimStats;
  /** 95% interval (normal approximation) of each end's share. */
  readonly interval: Record<Winner, readonly [number, number]>;
}

/** The exact answer of a small fight (exact.ts), else the Monte Carlo one with its interval and the reason. */
export function solveFight(system: System, fight: string | FightDef, options: SolveOptions = {}): ExactStats | ExactFallback {
  const def = findFight(system, fight);
  const out = exactFight(system, def, options);
  if (out.exact) return out;
  const fights = options.fallbackFights ?? 100_000;
  const monteCarlo = simulate(system, def, { fights, seed: options.seed ?? 1 });
  const band = (k: number): readonly [number, number] => {
    const p = k / fights, h = 1.96 * Math.sqrt((p * (1 - p)) / fights);
    return [Math.max(0, p - h), Math.min(1, p + h)];
  };
  return { ...out, monteCarlo, interval: { heroes: band(monteCarlo.wins.heroes), enemies: band(monteCarlo.wins.enemies), draw: band(monteCarlo.wins.draw) } };
}

/** Merge partial statistics (from workers) into the final JSON. */
export function mergeStats(system: System, fightId: string, seed: number, parts: readonly PartialStats[]): SimStats {
  const stats = new StatsAccumulator(system.tallyKeys);
  for (const p of parts) stats.merge(p);
  return stats.finish(system.id, fightId, seed);
}

/** The event log of one fight, as an array (tests, the CLI's `--log`). */
export function fightLog(system: System, fight: string | FightDef, seed: number, chooser?: TurnChooser): FightEvent[] {
  const events: FightEvent[] = [];
  runFight(system, fight, seed, (e) => events.push(e), undefined, chooser);
  return events;
}

export interface FightStepper {
  /** The next event, or null when the fight is over. */
  next(): FightEvent | null;
  /** Events up to and including the next `turn` (or the end): one step of the sandbox's "turn by turn". */
  nextTurn(): FightEvent[];
  readonly result: FightResult;
}

/**
 * Step through a fight for the sandbox. The fight is fought at once (a fight takes microseconds) and its events
 * handed out one by one, so stepping never changes what happens: the same seed gives the same fight as `runFight`.
 */
export function createFightStepper(system: System, fight: string | FightDef, seed: number): FightStepper {
  const events: FightEvent[] = [];
  const result = runFight(system, fight, seed, (e) => events.push(e));
  let at = 0;
  return {
    result,
    next: () => (at < events.length ? events[at++]! : null),
    nextTurn: () => {
      const out: FightEvent[] = [];
      while (at < events.length) {
        const e = events[at++]!;
        out.push(e);
        const upcoming = events[at];
        if (upcoming && (upcoming.type === 'turn' || upcoming.type === 'fightEnd')) break;
      }
      return out;
    },
  };
}

export type AdHocEnemy =
  | { readonly template: { readonly role: string; readonly tier: number }; readonly count?: number; readonly id?: string; readonly position?: string; readonly conditions?: readonly string[]; readonly arrives?: number }
  | { readonly bestiary: string; readonly count?: number; readonly id?: string; readonly position?: string; readonly conditions?: readonly string[]; readonly arrives?: number };

export interface AdHocFight {
  readonly id?: string;
  readonly heroes: readonly (string | { readonly hero: string; readonly position?: string; readonly conditions?: readonly string[]; readonly arrives?: number })[];
  readonly enemies: readonly AdHocEnemy[];
  readonly maxRounds?: number;
  readonly position?: string;
  readonly effect?: string;
}

/** Compose a fight that is not in the document (the sandbox's "these heroes against four tier-2 standards"). */
export function composeFight(system: System, spec: AdHocFight): { ok: true; fight: FightDef } | { ok: false; error: string } {
  const heroes: FightEntryDef[] = [];
  const enemies: FightEntryDef[] = [];
  for (const entry of spec.heroes) {
    const id = typeof entry === 'string' ? entry : entry.hero;
    const def = system.compose.hero(id);
    if (typeof def === 'string') return { ok: false, error: def };
    const e = typeof entry === 'string' ? undefined : entry;
    const unknown = (e?.conditions ?? []).find((c) => !system.conditions.has(c));
    if (unknown) return { ok: false, error: `unknown condition '${unknown}'` };
    const arrives = e?.arrives ?? 1;
    if (!Number.isInteger(arrives) || arrives < 1 || arrives > 10_000) return { ok: false, error: 'arrives must be a whole round number 1..10000' };
    heroes.push({ def, count: 1, idBase: id, position: e?.position ?? def.position ?? 'near', conditions: [...def.conditions, ...(e?.conditions ?? [])], arrives });
  }
  for (const entry of spec.enemies) {
    const def: CombatantDef | string = 'template' in entry ? system.compose.template(entry.template.role, entry.template.tier) : system.compose.bestiary(entry.bestiary);
    if (typeof def === 'string') return { ok: false, error: def };
    const count = entry.count ?? 1;
    if (!Number.isInteger(count) || count < 0 || count > 1000) return { ok: false, error: 'count must be a whole number 0..1000' };
    const unknown = (entry.conditions ?? []).find((c) => !system.conditions.has(c));
    if (unknown) return { ok: false, error: `unknown condition '${unknown}'` };
    const arrives = entry.arrives ?? 1;
    if (!Number.isInteger(arrives) || arrives < 1 || arrives > 10_000) return { ok: false, error: 'arrives must be a whole round number 1..10000' };
    enemies.push({
      def, count, idBase: entry.id ?? ('template' in entry ? entry.template.role : entry.bestiary),
      position: entry.position ?? def.position ?? 'near', conditions: entry.conditions ?? [], arrives,
    });
  }
  return {
    ok: true,
    fight: {
      id: spec.id ?? 'ad-hoc', name: spec.id ?? 'Ad-hoc fight', heroes, enemies,
      maxRounds: Math.max(1, Math.min(10_000, spec.maxRounds ?? 100)), position: spec.position ?? system.defaultPosition, effect: spec.effect ?? 'standard',
    },
  };
}
