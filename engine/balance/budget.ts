// Difficulty budget (`encounters`): what a fight costs by the book, against how it plays. A fight's budget is the
// sum of `encounters.budget` over its enemies; `expect` maps a budget to the win rate the designer wants. A fight is
// flagged only when the whole 95% interval of its simulated win rate lies outside expectation ± tolerance, so noise
// from a small batch never flags anything.
import { createRng } from '../dice/rng';
import { compileText, newEvalContext, evaluateFormula } from '../formula/index';
import type { RefGetter } from '../formula/runtime';
import type { Value } from '../formula/types';
import type { Encounters, SystemDocument } from '../schema/document';
import type { System } from '../sim/model';
import { runBatch, type BatchState } from './batch';
import { wilson, type Estimate } from './stats';

export const DEFAULT_TOLERANCE = 0.15;

/** The parts of a fight a budget reads (a document fight and an ad-hoc fight both fit). */
export interface BudgetFight {
  readonly heroes: readonly (string | { readonly hero: string })[];
  readonly enemies: readonly {
    readonly template?: { readonly role: string; readonly tier: number };
    readonly bestiary?: string;
    readonly count?: number;
  }[];
}

interface EnemyFacts {
  tier: number;
  role: string;
  challenge: number;
  partySize: number;
  partyLevel: number;
}

const READERS: Readonly<Record<string, (facts: EnemyFacts) => Value>> = {
  tier: (f) => f.tier,
  role: (f) => f.role,
  challenge: (f) => f.challenge,
  'party.size': (f) => f.partySize,
  'party.level': (f) => f.partyLevel,
};

/** A fight's budget, or a message saying why it cannot be computed. */
export function fightBudget(doc: SystemDocument, fight: BudgetFight): number | string {
  const encounters = doc.encounters;
  if (!encounters) return 'the system has no `encounters` budget';
  const compiled = compileText(encounters.budget, {
    resolve(path): RefGetter | undefined {
      const read = READERS[path.join('.')];
      return read ? (ctx) => read(ctx.scope as EnemyFacts) : undefined;
    },
    functions: new Map(Object.entries(doc.functions ?? {}).map(([name, f]) => [name, { params: f.params, body: f.body }])),
  });
  if (!('formula' in compiled)) return `encounters.budget: ${compiled.diagnostics.map((d) => d.message).join('; ')}`;
  const formula = compiled.formula;
  const heroIds = fight.heroes.map((h) => (typeof h === 'string' ? h : h.hero));
  const levels = heroIds.map((id) => doc.heroes?.find((h) => h.id === id)?.level ?? 1);
  const partySize = Math.max(1, heroIds.length);
  const partyLevel = levels.length ? levels.reduce((a, b) => a + b, 0) / levels.length : 1;
  // A budget should not roll; if it does, it rolls the same dice every time.
  const ctx = newEvalContext(createRng(0));
  let total = 0;
  for (const enemy of fight.enemies) {
    const count = enemy.count ?? 1;
    let facts: EnemyFacts;
    if (enemy.template) facts = { tier: enemy.template.tier, role: enemy.template.role, challenge: enemy.template.tier, partySize, partyLevel };
    else if (enemy.bestiary !== undefined) {
      const challenge = doc.bestiary?.find((c) => c.id === enemy.bestiary)?.challenge ?? 0;
      facts = { tier: challenge, role: 'bestiary', challenge, partySize, partyLevel };
    } else facts = { tier: 0, role: 'numbers', challenge: 0, partySize, partyLevel };
    ctx.scope = facts;
    let value: Value;
    try {
      value = evaluateFormula(formula, ctx);
    } catch (err) {
      return `encounters.budget: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (typeof value !== 'number') return `encounters.budget must be a number, got ${JSON.stringify(value)}`;
    total += value * count;
  }
  return total;
}

/** The expected win rate at `budget`: straight lines between the designer's points, flat beyond the ends. */
export function expectedWinRate(expect: Encounters['expect'], budget: number): number {
  const points = [...expect].sort((a, b) => a.budget - b.budget);
  if (points.length === 0) return NaN;
  if (budget <= points[0]!.budget) return points[0]!.winRate;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (budget <= b.budget) return b.budget === a.budget ? b.winRate : a.winRate + ((budget - a.budget) / (b.budget - a.budget)) * (b.winRate - a.winRate);
  }
  return points[points.length - 1]!.winRate;
}

export type BudgetVerdict = 'agrees' | 'easier-in-play' | 'harder-in-play';

export interface BudgetJudgement {
  readonly budget: number;
  readonly expectedWinRate: number;
  readonly tolerance: number;
  readonly winRate: Estimate;
  readonly verdict: BudgetVerdict;
  /** For people: "harder by budget, easier in play". */
  readonly note: string;
}

/** A budget for people: whole numbers as they are, others to two decimals (`9.33`, not `9.333333333333332`). */
export function formatBudget(budget: number): string {
  return String(Math.round(budget * 100) / 100);
}

export function judgeBudget(encounters: Encounters, budget: number, state: BatchState): BudgetJudgement {
  const expected = expectedWinRate(encounters.expect, budget);
  const tolerance = encounters.tolerance ?? DEFAULT_TOLERANCE;
  const winRate = wilson(state.heroWins, state.fights);
  const verdict: BudgetVerdict = winRate.low > expected + tolerance ? 'easier-in-play' : winRate.high < expected - tolerance ? 'harder-in-play' : 'agrees';
  const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;
  const shown = formatBudget(budget);
  const note = verdict === 'agrees'
    ? `budget ${shown} expects ${pct(expected)}; plays ${pct(winRate.value)}`
    : verdict === 'easier-in-play'
      ? `harder by budget, easier in play: budget ${shown} expects ${pct(expected)}, heroes win ${pct(winRate.value)} (${pct(winRate.low)}–${pct(winRate.high)})`
      : `easier by budget, harder in play: budget ${shown} expects ${pct(expected)}, heroes win ${pct(winRate.value)} (${pct(winRate.low)}–${pct(winRate.high)})`;
  return { budget, expectedWinRate: expected, tolerance, winRate, verdict, note };
}

export interface FightBudget {
  readonly fight: string;
  readonly name: string;
  /** The judgement, or why the fight has no budget (an enemy the formula cannot price). */
  readonly judgement: BudgetJudgement | { readonly error: string };
  /** The chance a hero dies in the fight (absent when it has no budget, so was not fought). */
  readonly heroDied?: Estimate;
}

/** Every fight of the document, budget against play (`sim FILE --budget`). Fights are seeded as `sim` seeds them. */
export function budgetReport(doc: SystemDocument, system: System, options: { readonly fights: number; readonly seed: number }): FightBudget[] | string {
  const encounters = doc.encounters;
  if (!encounters) return 'the system has no `encounters` budget (add `encounters.budget` and `encounters.expect`)';
  return (doc.fights ?? []).map((f): FightBudget => {
    const budget = fightBudget(doc, f);
    const def = system.fights.get(f.id);
    if (typeof budget === 'string' || !def) return { fight: f.id, name: f.name ?? f.id, judgement: { error: typeof budget === 'string' ? budget : 'not loaded' } };
    const state = runBatch(system, def, options);
    return { fight: f.id, name: f.name ?? f.id, judgement: judgeBudget(encounters, budget, state), heroDied: wilson(state.heroDied, state.fights) };
  });
}
