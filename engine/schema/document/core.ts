// The system document of rules-format §2–3, as TypeScript. `schemas/system.schema.json` says the same in JSON Schema;
// keep them in step. Fields may be ADDED, never renamed (the simulator and the seed systems code against them).
import type { Check, Outcome } from './checks';
import type { Combat, Turn } from './combat';
import type { Ability, Condition } from './abilities';
import type { ClassDefinition, Creature, Fight, Hero, Template } from './sheets';
import type { Card } from './cards';

/** A formula in the language of spec §1: always a JSON string, parsed, checked and compiled by engine/formula. */
export type FormulaText = string;

/** The format version this build of the app reads and writes. A file with a newer one is refused read-only. */
export const FORMAT_VERSION = 1;

/** Outcome of a check as the rules read it. */
export type OutcomeResult = 'success' | 'partial' | 'fail';

/** Where a combatant stands without a grid: a band (`near`, `far`) or a row the system names (`front`, `back`). */
export type Position = string;

/** Lists of strings any combatant may carry (`resist`, `vulnerable`, `immune`, `weak`, `killers`, `tags`, ...). */
export interface StringLists {
  /** Damage types that halve (or as the system's damage steps say). */
  readonly resist?: readonly string[];
  /** Damage types that double (or as the system's damage steps say). */
  readonly vulnerable?: readonly string[];
  /** Damage types that do nothing. */
  readonly immune?: readonly string[];
  /** Weaknesses (Libra): damage types or elements that hurt more. */
  readonly weak?: readonly string[];
  /** Kinds of foe this one slays more easily (Libra's killers). */
  readonly killers?: readonly string[];
  /** Free tags read by formulas: `has(@target.tags, 'undead')`. */
  readonly tags?: readonly string[];
  /** Condition ids that never land on it (`poisoned`): applying one does nothing. */
  readonly conditionImmune?: readonly string[];
  /** Values of the system's declared lists (`lists`) by name: `{ "wields": ["sword"] }` (a creature may also write them as keys). */
  readonly lists?: Readonly<Record<string, readonly string[]>>;
}

// ---------------------------------------------------------------------------------------------------------------
// The whole document (§2)

export interface SystemDocument {
  /** Path of the JSON Schema, for editors that read `$schema`. */
  readonly $schema?: string;
  /** Stable id of the system (`classic-d20`), also its file name. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** The system's own version (free text, e.g. semver). */
  readonly version: string;
  /** Version of this file format; the app knows FORMAT_VERSION. */
  readonly formatVersion: number;
  /** What the system is, for people. */
  readonly description?: string;
  /** false: fights played without a grid (§2.9); true: a square-based system. */
  readonly grid?: boolean;
  /** Bands and rows where combatants stand (§2.9). */
  readonly positions?: PositionsDefinition;
  /** Rules for fights on a battle map of squares (a fight's `map`). */
  readonly map?: import('./map').MapRulesDocument;
  /** Base numbers of a sheet, read as `@str`. */
  readonly attributes: Readonly<Record<string, Attribute>>;
  /** Values computed from the sheet, read as `@str.mod`; names may be dotted. Context `sheet`. */
  readonly derived?: Readonly<Record<string, FormulaText>>;
  /** Numbers that go up and down in a fight (`hp`), read as `@hp` and `@hp.max`. */
  readonly tracks?: Readonly<Record<string, Track>>;
  /** User functions callable from every formula: `throw(10)`. */
  readonly functions?: Readonly<Record<string, UserFunctionDefinition>>;
  /** Named checks (`attack`, `initiative`, `save.con`, ...). */
  readonly checks?: Readonly<Record<string, Check>>;
  /** How fights are resolved (§2.2, §2.8). */
  readonly combat?: Combat;
  /** Who acts when, and how much one turn allows (§2.3). */
  readonly turn?: Turn;
  /** Conditions that can be put on a combatant (§2.4). */
  readonly conditions?: readonly Condition[];
  /** Abilities, spells, reactions, potions (§2.5). */
  readonly abilities?: readonly Ability[];
  /** Cards every combatant holds: rules that fire on fight events (issue 23). */
  readonly cards?: readonly Card[];
  /** String lists combatants may carry besides the engine's own, by name (Libra: `weak`, `killers`). */
  readonly lists?: Readonly<Record<string, { readonly description?: string; readonly weapon?: boolean }>>;
  /** The tiers templates are built at (default 1..6): a fight's `template.tier`, what `@tier` may be, the grid's columns. */
  readonly tiers?: { readonly min?: number; readonly max?: number };
  /** Enemy sheets built from role and tier (§2.6). */
  readonly templates?: readonly Template[];
  /** Classes: what each grants (`attacks`), keyed by class id. */
  readonly classes?: Readonly<Record<string, ClassDefinition>>;
  /** Creatures that fight with their own numbers (§2.7). */
  readonly bestiary?: readonly Creature[];
  /** Heroes for the sandbox (§3). */
  readonly heroes?: readonly Hero[];
  /** Fights for the sandbox and `sim` (§3). */
  readonly fights?: readonly Fight[];
  /** Named groups of heroes for the balance grid (`sim FILE --grid --party ID`). */
  readonly parties?: readonly Party[];
  /** Difficulty budget, compared with simulated win rates by the balance tools. */
  readonly encounters?: Encounters;
}

/** A party for the balance tools. */
export interface Party {
  /** Id, `sim --grid --party ID`. */
  readonly id: string;
  /** Display name. */
  readonly name?: string;
  /** For people. */
  readonly description?: string;
  /** Hero ids. */
  readonly heroes: readonly string[];
}

/** Difficulty budget: a fight's budget is the sum of `budget` over its enemies. */
export interface Encounters {
  /** Budget of one enemy (context `encounter`: `@tier`, `@role`, `@challenge`, `@party.size`, `@party.level`). */
  readonly budget: FormulaText;
  /** Expected heroes' win rate at given budgets, read on straight lines between points, flat beyond the ends. */
  readonly expect: readonly { readonly budget: number; readonly winRate: number }[];
  /** Allowed distance between simulated and expected win rate before a fight is flagged (default 0.15). */
  readonly tolerance?: number;
}

export interface PositionsDefinition {
  /** Range bands the system speaks of (default `near`, `far`). */
  readonly bands?: readonly string[];
  /** Rows the system names, front first (Libra: `front`, `back`). */
  readonly rows?: readonly string[];
  /** Rows close up: when a side's row has nobody standing, that side's later rows each move up one (row formation). */
  readonly advance?: boolean;
}

export interface Attribute {
  /** Display name (`Strength`), used on chips. */
  readonly name: string;
  /** Short label (`STR`). */
  readonly abbr?: string;
  /** Value when a sheet does not set it. */
  readonly default?: number;
  /** Lowest allowed value. */
  readonly min?: number;
  /** Highest allowed value. */
  readonly max?: number;
  /** Only whole numbers are allowed (a number of dice, a die's size, a rating). */
  readonly whole?: boolean;
  /** What it measures, for people. */
  readonly description?: string;
}

export interface Track {
  /** Display name (`Hit points`). */
  readonly name: string;
  /** Maximum, a formula over the sheet (context `sheet`). */
  readonly max: FormulaText;
  /** Value at the start of a fight (context `sheet`); default: the maximum. */
  readonly start?: FormulaText;
  /** Damage types whose hit points taken it adds up (aggravated wounds), after the damage steps; healing leaves it. */
  readonly counts?: readonly string[];
  /** What it measures, for people. */
  readonly description?: string;
}

export interface UserFunctionDefinition {
  /** Parameter names, read in the body as `@name`. */
  readonly params: readonly string[];
  /** The body formula (context `function`: its parameters only). */
  readonly body: FormulaText;
  /** What it computes, for people. */
  readonly description?: string;
}
