// Streaming statistics over many fights: nothing per fight is kept, only counts and sums, so a million fights
// take the memory of one. Checks are counted by tally index (System.tallyKeys), with no string work per check.
// Partial statistics (one per worker) merge exactly.
import type { Winner } from './events';
import type { CheckTally, FightResult } from './fight';
import type { Combatant, Side } from './model';

export type Tally = Record<string, Record<string, number>>;

export interface CombatantStats {
  readonly id: string;
  readonly side: Side;
  /** Fraction of fights it ended standing. */
  readonly survived: number;
  /**
   * Fraction of fights it ended dead (an enemy brought down; a hero whose death saves failed, or whom a condition's
   * `atZero` kills). The rest, 1 - survived - died, ended down but alive: dying or stable.
   */
  readonly died: number;
  /** Fraction of fights it ran away from (a `flees` condition): neither standing nor down at the end. */
  readonly fled: number;
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
  /** Share of fights in which some hero went down (even if revived), and in which some hero died (as the grid's). */
  readonly heroDown: number;
  readonly heroDied: number;
  readonly checks: Tally;
  readonly combatants: readonly CombatantStats[];
}

interface CombatantAccumulator {
  readonly id: string;
  readonly side: Side;
  readonly order: number;
  survived: number;
  died: number;
  fled: number;
  damage: number;
  readonly counts: number[];
}

/** Plain-data form of an accumulator: what a worker sends back. */
export interface PartialStats {
  fights: number;
  wins: Record<Winner, number>;
  roundsHistogram: number[];
  roundsSum: number;
  heroDown: number;
  heroDied: number;
  counts: number[];
  combatants: { id: string; side: Side; order: number; survived: number; died: number; fled: number; damage: number; counts: number[] }[];
}

/** A hero went down at some point of the fight, even if a death save's revival has it standing at the end. */
export function anyHeroFell(result: FightResult): boolean {
  for (const c of result.combatants) if (c.side === 'heroes' && c.fell) return true;
  return false;
}

/** A hero ended the fight dead (a hero down but dying or stable is not). */
export function anyHeroDead(result: FightResult): boolean {
  for (const c of result.combatants) if (c.side === 'heroes' && c.dead) return true;
  return false;
}

export class StatsAccumulator implements CheckTally {
  fights = 0;
  readonly wins: Record<Winner, number> = { heroes: 0, enemies: 0, draw: 0 };
  readonly roundsHistogram: number[] = [];
  roundsSum = 0;
  /** Fights in which some hero went down; in which some hero died. */
  heroDown = 0;
  heroDied = 0;
  private readonly combatants = new Map<string, CombatantAccumulator>();
  /** Combatant order in the fight → its accumulator: a check costs no lookup by id. */
  private readonly byOrder: CombatantAccumulator[] = [];

  constructor(readonly tallyKeys: readonly (readonly [string, string])[]) {}

  /**
   * Every check is some combatant's, so the fight's totals are the sum of the combatants' rows (worked out when read,
   * not counted twice per check).
   */
  get counts(): number[] {
    const totals = this.tallyKeys.map(() => 0);
    for (const c of this.combatants.values()) for (let i = 0; i < totals.length; i++) totals[i]! += c.counts[i] ?? 0;
    return totals;
  }

  /** The runner counts checks straight into these rows (one per combatant, by order). */
  rowsFor(combatants: readonly Combatant[]): number[][] {
    const rows: number[][] = [];
    for (const c of combatants) rows[c.order] = this.combatant(c.id, c.side, c.order).counts;
    return rows;
  }

  onCheck(actor: Combatant, tally: number): void {
    let acc = this.byOrder[actor.order];
    if (acc === undefined || acc.id !== actor.id) acc = this.combatant(actor.id, actor.side, actor.order);
    acc.counts[tally]!++;
  }

  private combatant(id: string, side: Side, order: number): CombatantAccumulator {
    let acc = this.combatants.get(id);
    if (!acc) {
      acc = { id, side, order, survived: 0, died: 0, fled: 0, damage: 0, counts: this.tallyKeys.map(() => 0) };
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
      let acc = this.byOrder[c.order];
      if (acc === undefined || acc.id !== c.id) acc = this.combatant(c.id, c.side, c.order);
      if (!c.down) acc.survived++;
      else if (c.dead) acc.died++;
      else if (c.fled) acc.fled++;
      acc.damage += c.damageDealt;
    }
    if (anyHeroFell(result)) this.heroDown++;
    if (anyHeroDead(result)) this.heroDied++;
  }

  toPartial(): PartialStats {
    return {
      fights: this.fights, wins: { ...this.wins }, roundsHistogram: Array.from(this.roundsHistogram, (v) => v ?? 0),
      roundsSum: this.roundsSum, heroDown: this.heroDown, heroDied: this.heroDied, counts: this.counts.slice(),
      combatants: [...this.combatants.values()].map((c) => ({ id: c.id, side: c.side, order: c.order, survived: c.survived, died: c.died, fled: c.fled, damage: c.damage, counts: c.counts.slice() })),
    };
  }

  merge(p: PartialStats): void {
    this.fights += p.fights;
    for (const k of ['heroes', 'enemies', 'draw'] as const) this.wins[k] += p.wins[k];
    p.roundsHistogram.forEach((v, i) => { if (v) this.roundsHistogram[i] = (this.roundsHistogram[i] ?? 0) + v; });
    this.roundsSum += p.roundsSum;
    this.heroDown += p.heroDown;
    this.heroDied += p.heroDied;
    for (const c of p.combatants) {
      const acc = this.combatant(c.id, c.side, c.order);
      acc.survived += c.survived;
      acc.died += c.died;
      acc.fled += c.fled ?? 0;
      acc.damage += c.damage;
      c.counts.forEach((v, i) => { acc.counts[i] = (acc.counts[i] ?? 0) + v; });
    }
  }

  private tally(counts: readonly number[]): Tally {
    const out: Tally = {};
    const entries: [string, string, number][] = [];
    counts.forEach((n, i) => { if (n > 0) entries.push([this.tallyKeys[i]![0], this.tallyKeys[i]![1], n]); });
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    for (const [check, outcome, n] of entries) {
      const inner = out[check] ?? (out[check] = {});
      inner[outcome] = (inner[outcome] ?? 0) + n;
    }
    return out;
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
    const combatants = [...this.combatants.values()].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1)).map((c) => ({
      id: c.id, side: c.side, survived: n ? c.survived / n : 0, died: n ? c.died / n : 0, fled: n ? c.fled / n : 0, damageDealt: { mean: n ? c.damage / n : 0 }, checks: this.tally(c.counts),
    }));
    return {
      system, fight, fights: n, seed, wins: { ...this.wins },
      rounds: { mean: n ? this.roundsSum / n : 0, p50: percentile(0.5), p90: percentile(0.9), max },
      heroDown: n ? this.heroDown / n : 0, heroDied: n ? this.heroDied / n : 0,
      checks: this.tally(this.counts), combatants,
    };
  }
}
