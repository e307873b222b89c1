// Streaming statistics over many fights: nothing per fight is kept, only counts and sums, so a million fights
// take the memory of one. Partial statistics (one per worker) merge exactly.
import type { Winner } from './events';
import type { CheckTally, FightResult } from './fight';
import type { Combatant, Side } from './model';

export type Tally = Record<string, Record<string, number>>;

export interface CombatantStats {
  readonly id: string;
  readonly side: Side;
  /** Fraction of fights it ended standing. */
  readonly survived: number;
  readonly damageDealt: { readonly mean: number };
  readonly checks: Tally;
}

/** The JSON of `sim --json` (spec §4). */
export interface SimStats {
  readonly system: string;
  readonly fight: string;
  readonly fights: number;
  readonly seed: number;
  readonly wins: Record<Winner, number>;
  readonly rounds: { readonly mean: number; readonly p50: number; readonly p90: number; readonly max: number };
  readonly checks: Tally;
  readonly combatants: readonly CombatantStats[];
}

interface CombatantAccumulator {
  id: string;
  side: Side;
  order: number;
  survived: number;
  damage: number;
  checks: Map<string, Map<string, number>>;
}

/** Plain-data form of an accumulator, what a worker sends back. */
export interface PartialStats {
  fights: number;
  wins: Record<Winner, number>;
  roundsHistogram: number[];
  roundsSum: number;
  checks: [string, [string, number][]][];
  combatants: { id: string; side: Side; order: number; survived: number; damage: number; checks: [string, [string, number][]][] }[];
}

function bump(map: Map<string, Map<string, number>>, check: string, outcome: string, by = 1): void {
  let inner = map.get(check);
  if (!inner) { inner = new Map(); map.set(check, inner); }
  inner.set(outcome, (inner.get(outcome) ?? 0) + by);
}

function toRecord(map: Map<string, Map<string, number>>): Tally {
  const out: Tally = {};
  for (const check of [...map.keys()].sort()) {
    const inner: Record<string, number> = {};
    const m = map.get(check)!;
    for (const outcome of [...m.keys()].sort()) inner[outcome] = m.get(outcome)!;
    out[check] = inner;
  }
  return out;
}

const toPairs = (map: Map<string, Map<string, number>>): [string, [string, number][]][] =>
  [...map].map(([k, m]) => [k, [...m]]);

export class StatsAccumulator implements CheckTally {
  fights = 0;
  readonly wins: Record<Winner, number> = { heroes: 0, enemies: 0, draw: 0 };
  readonly roundsHistogram: number[] = [];
  roundsSum = 0;
  readonly checks = new Map<string, Map<string, number>>();
  private readonly combatants = new Map<string, CombatantAccumulator>();
  /** Per-fight cache: combatant order → its accumulator, so a check costs no string lookup of the id. */
  private byOrder: CombatantAccumulator[] = [];

  onCheck(actor: Combatant, check: string, outcome: string): void {
    bump(this.checks, check, outcome);
    let acc = this.byOrder[actor.order];
    if (!acc || acc.id !== actor.id) acc = this.combatant(actor.id, actor.side, actor.order);
    bump(acc.checks, check, outcome);
  }

  private combatant(id: string, side: Side, order: number): CombatantAccumulator {
    let acc = this.combatants.get(id);
    if (!acc) {
      acc = { id, side, order, survived: 0, damage: 0, checks: new Map() };
      this.combatants.set(id, acc);
    }
    this.byOrder[order] = acc;
    return acc;
  }

  addFight(result: FightResult): void {
    this.fights++;
    this.wins[result.winner]++;
    this.roundsHistogram[result.rounds] = (this.roundsHistogram[result.rounds] ?? 0) + 1;
    this.roundsSum += result.rounds;
    for (const c of result.combatants) {
      const acc = this.combatant(c.id, c.side, c.order);
      if (!c.down) acc.survived++;
      acc.damage += c.damageDealt;
    }
  }

  toPartial(): PartialStats {
    return {
      fights: this.fights, wins: { ...this.wins }, roundsHistogram: Array.from(this.roundsHistogram, (v) => v ?? 0),
      roundsSum: this.roundsSum, checks: toPairs(this.checks),
      combatants: [...this.combatants.values()].map((c) => ({ id: c.id, side: c.side, order: c.order, survived: c.survived, damage: c.damage, checks: toPairs(c.checks) })),
    };
  }

  merge(p: PartialStats): void {
    this.fights += p.fights;
    for (const k of ['heroes', 'enemies', 'draw'] as const) this.wins[k] += p.wins[k];
    p.roundsHistogram.forEach((v, i) => { if (v) this.roundsHistogram[i] = (this.roundsHistogram[i] ?? 0) + v; });
    this.roundsSum += p.roundsSum;
    for (const [check, pairs] of p.checks) for (const [outcome, n] of pairs) bump(this.checks, check, outcome, n);
    for (const c of p.combatants) {
      const acc = this.combatant(c.id, c.side, c.order);
      acc.survived += c.survived;
      acc.damage += c.damage;
      for (const [check, pairs] of c.checks) for (const [outcome, n] of pairs) bump(acc.checks, check, outcome, n);
    }
  }

  finish(system: string, fight: string, seed: number): SimStats {
    const n = this.fights;
    const percentile = (q: number): number => {
      if (n === 0) return 0;
      const want = q * n;
      let seen = 0;
      for (let r = 0; r < this.roundsHistogram.length; r++) {
        seen += this.roundsHistogram[r] ?? 0;
        if (seen >= want) return r;
      }
      return this.roundsHistogram.length - 1;
    };
    let max = 0;
    for (let r = 0; r < this.roundsHistogram.length; r++) if (this.roundsHistogram[r]) max = r;
    const combatants = [...this.combatants.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id)).map((c) => ({
      id: c.id, side: c.side, survived: n ? c.survived / n : 0, damageDealt: { mean: n ? c.damage / n : 0 }, checks: toRecord(c.checks),
    }));
    return {
      system, fight, fights: n, seed, wins: { ...this.wins },
      rounds: { mean: n ? this.roundsSum / n : 0, p50: percentile(0.5), p90: percentile(0.9), max },
      checks: toRecord(this.checks), combatants,
    };
  }
}
