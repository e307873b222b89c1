// The tier × role grid: one party against each template role at each tier, every cell a batch of fights.
// Cells are independent: cell c's fight i is seeded deriveSeed(deriveSeed(seed, c), i), so a cell's numbers do not
// depend on which worker ran it, or on how many workers there were.
import { deriveSeed } from '../dice/rng';
import type { SystemDocument } from '../schema/document';
import { tierRangeOf, tiersOf } from '../schema/tiers';
import { composeFight, type AdHocFight } from '../sim/index';
import type { System } from '../sim/model';
import { runProblem } from '../sim/options';
import { runBatch, summarize, type BatchState, type BatchSummary } from './batch';
import { fightBudget, judgeBudget, type BudgetJudgement } from './budget';


export type PartyHero = string | { readonly hero: string; readonly position?: string; readonly conditions?: readonly string[] };

export interface Party {
  readonly id: string;
  readonly name: string;
  /** Where it came from: the document's `parties`, or the heroes of a fight. */
  readonly from: 'party' | 'fight';
  readonly heroes: readonly PartyHero[];
}

/** A party by id: one of `parties`, else the heroes of the fight with that id (positions and conditions kept). */
export function resolveParty(doc: SystemDocument, id: string): Party | string {
  const party = doc.parties?.find((p) => p.id === id);
  if (party) return { id, name: party.name ?? id, from: 'party', heroes: party.heroes };
  const fight = doc.fights?.find((f) => f.id === id);
  if (fight) {
    const heroes = fight.heroes.map((h): PartyHero => {
      const hero = typeof h === 'string' ? h : h.hero;
      const position = (typeof h === 'string' ? undefined : h.position) ?? fight.positions?.[hero];
      const conditions = typeof h === 'string' ? undefined : h.conditions;
      return { hero, ...(position !== undefined ? { position } : {}), ...(conditions ? { conditions } : {}) };
    });
    return { id, name: fight.name ?? id, from: 'fight', heroes };
  }
  const known = [...(doc.parties ?? []).map((p) => p.id), ...(doc.fights ?? []).map((f) => `${f.id} (fight)`)];
  return `unknown party '${id}'${known.length ? ` (parties: ${known.join(', ')})` : ' (add `parties` to the system, or name a fight)'}`;
}

export interface GridOptions {
  readonly party: string;
  readonly fights: number;
  readonly seed: number;
  /** Enemies per cell; default the party's size. */
  readonly enemies?: number;
  /** Roles to fight; default every template role, in document order. */
  readonly roles?: readonly string[];
  readonly tiers?: readonly number[];
  readonly maxRounds?: number;
}

export interface GridCellSpec {
  readonly index: number;
  readonly role: string;
  readonly tier: number;
  /** The cell's fight, ready for the sandbox (`composeFight`). */
  readonly fight: AdHocFight;
}

export interface GridPlan {
  readonly system: string;
  readonly party: Party;
  readonly roles: readonly string[];
  readonly tiers: readonly number[];
  readonly enemies: number;
  readonly fights: number;
  readonly seed: number;
  readonly cells: readonly GridCellSpec[];
}

export function planGrid(doc: SystemDocument, options: GridOptions): GridPlan | string {
  const problem = runProblem(options);
  if (problem) return problem;
  const party = resolveParty(doc, options.party);
  if (typeof party === 'string') return party;
  const allRoles = [...new Set((doc.templates ?? []).map((t) => t.role))];
  if (allRoles.length === 0) return 'the system has no enemy templates to build a grid from';
  const roles = options.roles ?? allRoles;
  const unknownRole = roles.find((r) => !allRoles.includes(r));
  if (unknownRole !== undefined) return `unknown template role '${unknownRole}' (roles: ${allRoles.join(', ')})`;
  const range = tierRangeOf(doc);
  const tiers = options.tiers ?? tiersOf(range);
  const badTier = tiers.find((t) => !Number.isInteger(t) || t < range.min || t > range.max);
  if (badTier !== undefined) return `tiers are ${range.min}..${range.max}, got ${badTier}`;
  const enemies = options.enemies ?? party.heroes.length;
  if (!Number.isInteger(enemies) || enemies < 1 || enemies > 100) return `the enemy count must be a whole number 1..100, got ${enemies}`;
  const cells: GridCellSpec[] = [];
  for (const role of roles) {
    for (const tier of tiers) {
      cells.push({
        index: cells.length, role, tier,
        fight: {
          id: `${party.id} vs ${enemies} ${role} T${tier}`, heroes: party.heroes,
          enemies: [{ template: { role, tier }, count: enemies }], maxRounds: options.maxRounds ?? 100,
        },
      });
    }
  }
  return { system: doc.id, party, roles, tiers, enemies, fights: options.fights, seed: options.seed, cells };
}

/** Fights one cell: its batch state (what a worker sends back). Throws SimError when the fight cannot be composed. */
export function runCell(system: System, plan: GridPlan, index: number): BatchState {
  const cell = plan.cells[index]!;
  const composed = composeFight(system, cell.fight);
  if (!composed.ok) throw new CellError(`${cell.fight.id ?? 'cell'}: ${composed.error}`);
  return runBatch(system, composed.fight, { fights: plan.fights, seed: deriveSeed(plan.seed, index) });
}

export class CellError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CellError';
  }
}

export interface GridCell extends BatchSummary {
  readonly role: string;
  readonly tier: number;
  readonly fight: AdHocFight;
  /** Present when the system defines `encounters`. */
  readonly budget?: BudgetJudgement;
}

export interface GridResult {
  readonly system: string;
  readonly party: { readonly id: string; readonly name: string; readonly heroes: readonly string[] };
  readonly roles: readonly string[];
  readonly tiers: readonly number[];
  readonly enemies: number;
  readonly fights: number;
  readonly seed: number;
  /** Row-major: role by role, tier by tier. */
  readonly cells: readonly GridCell[];
}

/** Cell states (in cell order) → the grid's JSON, with budgets judged when the system has them. */
export function finishGrid(doc: SystemDocument, plan: GridPlan, states: readonly BatchState[]): GridResult {
  return {
    system: plan.system,
    party: { id: plan.party.id, name: plan.party.name, heroes: plan.party.heroes.map((h) => (typeof h === 'string' ? h : h.hero)) },
    roles: plan.roles, tiers: plan.tiers, enemies: plan.enemies, fights: plan.fights, seed: plan.seed,
    cells: plan.cells.map((cell, i) => {
      const summary = summarize(states[i]!);
      const budget = doc.encounters ? fightBudget(doc, cell.fight) : null;
      return {
        role: cell.role, tier: cell.tier, fight: cell.fight, ...summary,
        ...(budget !== null && typeof budget === 'number' && doc.encounters ? { budget: judgeBudget(doc.encounters, budget, states[i]!) } : {}),
      };
    }),
  };
}

/** The whole grid on this thread (the CLI's `--workers 1`, tests, the studio's worker); `onCell`: cells done so far. */
export function runGrid(doc: SystemDocument, system: System, options: GridOptions, onCell?: (done: number) => void): GridResult | string {
  const plan = planGrid(doc, options);
  if (typeof plan === 'string') return plan;
  return finishGrid(doc, plan, plan.cells.map((_, i) => { const state = runCell(system, plan, i); onCell?.(i + 1); return state; }));
}
