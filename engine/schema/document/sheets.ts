// The document's combatants and fights (templates, classes, bestiary, heroes, fights), as TypeScript: part of
// engine/schema/document/.
import type { Attribute, FormulaText, Position, StringLists, Track } from './core';
import type { Action, Consequences, TargetPick } from './combat';
import type { Ability, AbilitySave, Condition } from './abilities';
import type { Card } from './cards';

// ---------------------------------------------------------------------------------------------------------------
// Templates (§2.6)

export interface Template extends StringLists {
  /** `minion`, `standard`, `elite`, `boss`, or a role the system adds. */
  readonly role: string;
  /** Display name. */
  readonly name?: string;
  /** For people. */
  readonly description?: string;
  /** Defaults for the sheet (context `template`). */
  readonly defaults?: TemplateDefaults;
  /** Attributes by id (context `template`). */
  readonly attributes?: Readonly<Record<string, FormulaText>>;
  /** Track maxima by id (context `template`). */
  readonly tracks?: Readonly<Record<string, FormulaText>>;
  /** Fighting numbers (context `template`). */
  readonly combat?: TemplateCombat;
  /** Harm levels before it falls, consequences mode (context `template`). */
  readonly harm?: FormulaText;
  /**
   * Abilities of its own or ids of the system's abilities, used as a bestiary creature uses them: reactions (Libra's
   * Dodge and Resist) whenever the moment comes, abilities aimed at enemies before its blows.
   */
  readonly abilities?: readonly (string | Ability)[];
  /** Standing orders for its own abilities, tried like a hero's; its reactions not named are used whenever the moment comes. */
  readonly orders?: readonly Order[];
  /** Cards it holds besides the system's: rules that fire on fight events. */
  readonly cards?: readonly Card[];
  /** Whom it strikes among the foes it may target (default: the system's `combat.targeting.picks`). */
  readonly picks?: TargetPick;
}

export interface TemplateDefaults {
  /** Every attribute not given in `attributes` (context `template`). */
  readonly attribute?: FormulaText;
}

export interface TemplateCombat {
  /** Defence (context `template`). */
  readonly defence?: FormulaText;
  /** The number its blows are struck with, `@stat` (context `template`). */
  readonly attack?: FormulaText;
  /** Damage of its blows (context `template.damage`: `@tier` and the attack roll's `@roll.*`). */
  readonly damage?: FormulaText;
  /** Attacks per turn (context `template`). */
  readonly attacks?: FormulaText;
  /** Damage type of its blows. */
  readonly type?: string;
  /** `near` or `far` (or a row). */
  readonly reach?: string;
  /** On a battle map: squares it reaches at normal range, instead of `map.reach` for its reach word (a glaive: `near`, 2). */
  readonly squares?: number;
  /** On a battle map: squares it reaches at long range (the attacker holds `map.longRange`); with `squares` alone, none. */
  readonly long?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Classes

export interface ClassDefinition {
  /** Display name. */
  readonly name?: string;
  /** For people. */
  readonly description?: string;
  /** Attacks an Action makes at this class's level (context `class`: `@level` is the class level). */
  readonly attacks?: FormulaText;
}

// ---------------------------------------------------------------------------------------------------------------
// Bestiary (§2.7). Any further list of strings (`conditionImmune`, ...) is allowed on a creature.

export interface Creature extends StringLists {
  /** Id, used by fights (`goblin`). */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** For people. */
  readonly description?: string;
  /** Size, type and alignment words, for people. */
  readonly size?: string;
  /** Creature type (`undead`), readable through tags too. */
  readonly type?: string;
  /** Challenge rating or level. */
  readonly challenge?: number;
  /** Defence (armour class). */
  readonly defence: number | FormulaText;
  /** Hit points. */
  readonly hp: number;
  /** Attribute values. */
  readonly attributes?: Readonly<Record<string, number>>;
  /** Other track maxima. */
  readonly tracks?: Readonly<Record<string, number>>;
  /** Bonuses by check id, replacing the check's `stat` when this creature rolls it (`{ "save.dex": 6 }`). */
  readonly saves?: Readonly<Record<string, number>>;
  /** Its attacks. */
  readonly attacks: readonly CreatureAttack[];
  /** Attack ids made in one turn, in order (`["bite", "claw", "claw"]`); default: the first attack once. */
  readonly multiattack?: readonly string[];
  /** Damage type of its blows when an attack names none. */
  readonly damageType?: string;
  /** Hit points regained at the start of each turn. */
  readonly regeneration?: Regeneration;
  /** Abilities of its own (a breath weapon) or ids of the system's abilities. */
  readonly abilities?: readonly (string | Ability)[];
  /** Standing orders for its own abilities, tried like a hero's; its reactions not named are used whenever the moment comes. */
  readonly orders?: readonly Order[];
  /** Cards it holds besides the system's: rules that fire on fight events. */
  readonly cards?: readonly Card[];
  /** Whom it strikes among the foes it may target (default: the system's `combat.targeting.picks`). */
  readonly picks?: TargetPick;
  /** Where it stands by default. */
  readonly position?: Position;
}

export interface CreatureAttack {
  /** Id, used by `multiattack`. */
  readonly id: string;
  /** Display name; its words type the damage (`Claw`). */
  readonly name?: string;
  /** For people. */
  readonly description?: string;
  /** Attack bonus, the number the blow is struck with (`@stat`). */
  readonly bonus: number | FormulaText;
  /** Damage (context `attack.damage`). */
  readonly damage: FormulaText;
  /** Damage type. */
  readonly type?: string;
  /** `near` or `far`. */
  readonly reach?: string;
  /** On a battle map: squares it reaches at normal range, instead of `map.reach` for its reach word (a glaive: `near`, 2). */
  readonly squares?: number;
  /** On a battle map: squares it reaches at long range (the attacker holds `map.longRange`); with `squares` alone, none. */
  readonly long?: number;
  /** Conditions a hit puts on the target (after the save, when there is one). */
  readonly applies?: readonly string[];
  /** A save the target rolls against the conditions. */
  readonly save?: AbilitySave;
  /** Further damage of the same blow, each part with its own type (a dragon's bite: piercing plus fire). */
  readonly parts?: readonly DamagePart[];
}

/**
 * A further part of a blow's damage with its own type: rolled with the blow (doubled on a crit like the rest), run
 * through `combat.damage.steps` on its own (`@damageType` is its type), and added to the blow's other parts.
 */
export interface DamagePart {
  /** Damage of this part (context `attack.damage`). */
  readonly damage: FormulaText;
  /** Its damage type (`fire`). */
  readonly type: string;
}

export interface Regeneration {
  /** Hit points regained at the start of its turn. */
  readonly amount: number;
  /** Damage types that stop it for a turn. */
  readonly stoppedBy?: readonly string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Heroes and fights (§3)

export interface Hero extends StringLists {
  /** Id, used by fights. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** Character level, `@level`. */
  readonly level: number;
  /** Class levels, `@class.<id>.level`. */
  readonly classes?: Readonly<Record<string, number>>;
  /** Attribute values (missing ones take the attribute's default). */
  readonly attributes?: Readonly<Record<string, number>>;
  /** Hero's own derived values (`spell.dc`), readable like the system's (context `sheet`). */
  readonly derived?: Readonly<Record<string, FormulaText>>;
  /** Starting values of tracks, when not the maximum. */
  readonly tracks?: Readonly<Record<string, number>>;
  /** Spell slots by level. */
  readonly slots?: Readonly<Record<string, number>>;
  /** The weapon (none: empty hands, the system's reads). */
  readonly weapon?: Weapon;
  /** Ability ids. */
  readonly abilities?: readonly string[];
  /** Standing orders, tried in order. */
  readonly orders?: readonly Order[];
  /** Cards it holds besides the system's: rules that fire on fight events. */
  readonly cards?: readonly Card[];
  /** Who to target first: a combatant id, a role, or `lowest-hp`. */
  readonly focus?: string;
  /** Whom it strikes when no focus names one (default: the system's `combat.targeting.picks`). */
  readonly picks?: TargetPick;
  /** Condition ids on the hero from the start. */
  readonly conditions?: readonly string[];
  /** Default position. */
  readonly position?: Position;
  /** A scripted turn: `attack` or ability ids, tried in order each turn; what the budget cannot pay is NO TIME. */
  readonly plan?: readonly string[];
}

export interface Weapon {
  /** Display name; its words type the damage. */
  readonly name: string;
  /** For people. */
  readonly description?: string;
  /** Damage (context `attack.damage`). */
  readonly damage: FormulaText;
  /** The number the blow is struck with, `@stat` (context `sheet`). */
  readonly stat?: FormulaText;
  /** `near` or `far` (or a row). */
  readonly reach?: string;
  /** On a battle map: squares it reaches at normal range, instead of `map.reach` for its reach word (a glaive: `near`, 2). */
  readonly squares?: number;
  /** On a battle map: squares it reaches at long range (the attacker holds `map.longRange`); with `squares` alone, none. */
  readonly long?: number;
  /** Damage type. */
  readonly type?: string;
  /** The weapon's own reads, winning over the system's (context `sheet`). */
  readonly reads?: Readonly<Record<string, FormulaText>>;
  /** Speed, `@action.speed` (context `sheet`). */
  readonly speed?: FormulaText;
  /** Free tags (`finesse`, `two-handed`). */
  readonly tags?: readonly string[];
  /** Kinds of foe it slays (Libra). */
  readonly killers?: readonly string[];
  /** Values of the system's declared lists by name; a list declared `weapon: true` joins the wielder's. */
  readonly lists?: Readonly<Record<string, readonly string[]>>;
  /** Further damage of the same blow, each part with its own type. */
  readonly parts?: readonly DamagePart[];
}

export interface Order {
  /** Ability id to use. */
  readonly use: string;
  /** Boolean formula: when to use it (context `order`). */
  readonly when?: FormulaText;
}

export interface Fight {
  /** Id, `sim --fight ID`. */
  readonly id: string;
  /** Display name. */
  readonly name?: string;
  /** For people. */
  readonly description?: string;
  /** Heroes taking part: ids or entries. */
  readonly heroes: readonly (string | FightHeroEntry)[];
  /** Enemies taking part. */
  readonly enemies: readonly FightEnemyEntry[];
  /** Positions by combatant id. */
  readonly positions?: Readonly<Record<string, Position>>;
  /** Rounds before a draw (default 100). */
  readonly maxRounds?: number;
  /** Consequences mode: the heroes' position (default `risky`). */
  readonly position?: string;
  /** Consequences mode: the heroes' effect (default `standard`). */
  readonly effect?: string;
  /** A battle map of squares (a `grid: true` system's `map` rules): terrain, start squares, movement. */
  readonly map?: import('./map').FightMap;
}

export interface FightHeroEntry {
  /** Hero id. */
  readonly hero: string;
  /** Where they stand. */
  readonly position?: Position;
  /** Condition ids applied when the fight starts. */
  readonly conditions?: readonly string[];
  /** A scripted turn for this fight (see Hero.plan). */
  readonly plan?: readonly string[];
  /** The round it enters the fight (default 1); it rolls initiative then. */
  readonly arrives?: number;
}

export interface FightEnemyEntry {
  /** From a template. */
  readonly template?: TemplateRef;
  /** From the bestiary, by creature id. */
  readonly bestiary?: string;
  /** Numbers written out. */
  readonly numbers?: EnemyNumbers;
  /** How many (default 1). */
  readonly count?: number;
  /** Name prefix: enemies are `<id>-1`, `<id>-2`, ... */
  readonly id?: string;
  /** Where they stand. */
  readonly position?: Position;
  /** Condition ids applied when the fight starts. */
  readonly conditions?: readonly string[];
  /** The round they enter the fight (default 1); they roll initiative then. */
  readonly arrives?: number;
  /** The sheet they were given when brought in (only with `template`): it wins over the template's formulas. */
  readonly pinned?: PinnedSheet;
}

/** A number of a pinned sheet: as given, or the template's formula as it was. */
export type PinnedValue = number | FormulaText;

/** A template enemy's sheet as it was given (a saved roster): a later change of the template leaves it as it is. */
export interface PinnedSheet {
  /** Attribute values by id. */
  readonly attributes?: Readonly<Record<string, PinnedValue>>;
  /** Track maxima by id. */
  readonly tracks?: Readonly<Record<string, PinnedValue>>;
  /** The fighting numbers. */
  readonly combat?: {
    readonly defence?: PinnedValue;
    readonly attack?: PinnedValue;
    /** Context `template.damage` when a formula. */
    readonly damage?: PinnedValue;
    readonly attacks?: PinnedValue;
  };
  /** Harm levels before it falls (consequences mode). */
  readonly harm?: PinnedValue;
}

export interface TemplateRef {
  /** Template role. */
  readonly role: string;
  /** A tier inside the system's `tiers` (1..6 by default). */
  readonly tier: number;
}

/** An enemy written out in a fight: a creature without an id. */
export interface EnemyNumbers extends StringLists {
  /** Display name. */
  readonly name?: string;
  /** Defence. */
  readonly defence: number | FormulaText;
  /** Hit points. */
  readonly hp: number;
  /** Attribute values. */
  readonly attributes?: Readonly<Record<string, number>>;
  /** Its attacks. */
  readonly attacks: readonly CreatureAttack[];
  /** Attack ids made in one turn. */
  readonly multiattack?: readonly string[];
  /** Damage type of its blows. */
  readonly damageType?: string;
  /** Harm levels before it falls (consequences mode). */
  readonly harm?: number;
}
