// The system document of rules-format §2–3, as TypeScript. `schemas/system.schema.json` says the same in JSON Schema;
// keep them in step. Fields may be ADDED, never renamed (the simulator and the seed systems code against them).

/** A formula in the language of spec §1: always a JSON string, parsed, checked and compiled by engine/formula. */
export type Formula = string;

/** The format version this build of the app reads and writes. A file with a newer one is refused read-only. */
export const FORMAT_VERSION = 1;

/** Outcome of a check as the rules read it. */
export type CheckResult = 'success' | 'partial' | 'fail';

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
  /** Base numbers of a sheet, read as `@str`. */
  readonly attributes: Readonly<Record<string, Attribute>>;
  /** Values computed from the sheet, read as `@str.mod`; names may be dotted. Context `sheet`. */
  readonly derived?: Readonly<Record<string, Formula>>;
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
  readonly budget: Formula;
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
  readonly max: Formula;
  /** Value at the start of a fight (context `sheet`); default: the maximum. */
  readonly start?: Formula;
  /** What it measures, for people. */
  readonly description?: string;
}

export interface UserFunctionDefinition {
  /** Parameter names, read in the body as `@name`. */
  readonly params: readonly string[];
  /** The body formula (context `function`: its parameters only). */
  readonly body: Formula;
  /** What it computes, for people. */
  readonly description?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Checks (§2.1)

export interface Check {
  /** Display name. */
  readonly name?: string;
  /** What the check is for, for people. */
  readonly description?: string;
  /** The roll, evaluated once (context `check.roll`). */
  readonly roll: Formula;
  /** How advantage-like edges combine before the dice. */
  readonly edge?: EdgeRule;
  /** Tried in order; the first whose `when` holds is the outcome. None: the check only yields its total. */
  readonly outcomes?: readonly Outcome[];
  /**
   * The number the check is rolled with when no blow gives one (saves, reactions, initiative), `@stat` in `roll`
   * (context `sheet`, on the roller). A creature's `saves[<check id>]` replaces it.
   */
  readonly stat?: Formula;
}

export interface EdgeRule {
  /** `cancel`: any positive and any negative cancel, else ±1; `sum`: added up and clamped to `max`. */
  readonly combine: 'cancel' | 'sum';
  /** Largest edge either way under `sum`. */
  readonly max?: number;
}

export interface Outcome {
  /** Id of the outcome (`hit`, `crit`), tallied by `sim`. */
  readonly id: string;
  /** Display name. */
  readonly name?: string;
  /** Boolean formula (context `check.outcome`). */
  readonly when: Formula;
  /** What the rules read: success, partial or fail. */
  readonly result: CheckResult;
  /** A critical success. */
  readonly crit?: boolean;
  /** A botch (critical failure). */
  readonly botch?: boolean;
  /** Degree of success, a number formula (context `check.outcome`). */
  readonly degree?: Formula;
  /** Conditions put on the actor. */
  readonly applies?: readonly string[];
  /** Conditions put on the target. */
  readonly inflicts?: readonly string[];
  /** Tracks of the actor filled (`hope` + 1). */
  readonly gain?: readonly TrackAmount[];
  /** For people. */
  readonly description?: string;
}

export interface TrackAmount {
  /** Track id. */
  readonly track: string;
  /** How much, a formula (context `sheet`). */
  readonly amount: Formula;
}

// ---------------------------------------------------------------------------------------------------------------
// Combat (§2.2, §2.8)

export type CombatMode = 'numbers' | 'consequences';

export interface Combat {
  /** `numbers` (attack, damage, defence) or `consequences` (§2.8). */
  readonly mode: CombatMode;
  /** The attack: which check, what it does, what it must beat. */
  readonly attack?: CombatAttack;
  /** Damage steps and damage types. */
  readonly damage?: CombatDamage;
  /** How often a combatant may react. */
  readonly reaction?: ReactionRule;
  /** Keeping a sustained ability when hurt. */
  readonly sustain?: SustainRule;
  /** Who may be targeted. */
  readonly targeting?: TargetingRule;
  /** Whether heroes can die. */
  readonly death?: DeathRule;
  /** Consequences mode (§2.8). */
  readonly consequences?: Consequences;
  /** Words of the system that disengage (never provoke an opportunity attack): an ability whose id or name holds one
   * disengages unless it says `disengage` itself. */
  readonly disengage?: readonly string[];
  /** How a log words an edge of +1 and -1 (default `advantage`, `disadvantage`). */
  readonly edgeWords?: EdgeWords;
}

export interface EdgeWords {
  /** The word for an edge of +1 (default `advantage`). */
  readonly advantage?: string;
  /** The word for an edge of -1 (default `disadvantage`). */
  readonly disadvantage?: string;
}

export interface CombatAttack {
  /** Id of the check rolled to attack. */
  readonly check: string;
  /** Damage of a blow (context `attack.damage`). */
  readonly damage: Formula;
  /** The number to meet, on the target's sheet (context `defence`); unused by roll-under systems. */
  readonly defence?: Formula;
  /** Extra names every attack reads (context `sheet`), as `@name` in the roll and the damage. */
  readonly reads?: Readonly<Record<string, Formula>>;
  /** How a crit changes damage: `dice` doubled, `total` x2, `none` (formulas read `@crit`). */
  readonly crit?: 'dice' | 'total' | 'none';
}

export interface CombatDamage {
  /** Steps run in order, each replacing `@damage` where `when` holds. */
  readonly steps?: readonly DamageStep[];
  /** Damage types: the default and the words that name them. */
  readonly types?: DamageTypes;
}

export interface DamageStep {
  /** Id, named on the damage chip. */
  readonly id: string;
  /** Display name. */
  readonly name?: string;
  /** Boolean formula (context `damage.step`). */
  readonly when: Formula;
  /** The new damage (context `damage.step`). */
  readonly value: Formula;
  /** From this step on, the damage is of this type (firearms: lethal to a mortal, bashing to a vampire). */
  readonly type?: string;
}

export interface DamageTypes {
  /** Type of a blow that nothing else types. */
  readonly default: string;
  /** Words of an attack's name and the type they mean (`claw` → `slashing`). */
  readonly words?: Readonly<Record<string, string>>;
}

export interface ReactionRule {
  /** One reaction per `round` or per `turn`, or `unlimited`. */
  readonly per: 'round' | 'turn' | 'unlimited';
  /** true: leaving a place where a foe stands takes that foe's first attack as its reaction (opportunity attack). */
  readonly opportunity?: boolean;
}

export interface SustainRule {
  /** Check rolled by a hurt sustainer. */
  readonly check: string;
  /** DC to meet (context `sustain.dc`). */
  readonly dc: Formula;
}

export interface TargetingRule {
  /** Boolean formula: may the attacker target this one? (context `targeting`). */
  readonly canTarget?: Formula;
}

export interface DeathRule {
  /** true: heroes can die; false: a world without death. */
  readonly enabled: boolean;
  /** Death saves rolled by a dying hero (down, neither stable nor dead) at the start of every round. */
  readonly save?: DeathSave;
}

/**
 * Death saves: a success counts toward stable, a `crit` outcome brings the hero back up with 1 hit point, a fail
 * counts toward dead, a `botch` outcome twice.
 */
export interface DeathSave {
  /** Check id rolled; its outcomes decide (no DC). */
  readonly check: string;
  /** Successes that make the hero stable. Default 3. */
  readonly successes?: number;
  /** Failures that kill the hero. Default 3. */
  readonly failures?: number;
}

export interface Consequences {
  /** The hero's roll (context `check.roll`). */
  readonly roll: Formula;
  /** Tried in order, as a check's outcomes (context `check.outcome`). */
  readonly outcomes: readonly Outcome[];
  /** Positions and the harm a failure costs the hero in each. */
  readonly position: Readonly<Record<string, { readonly harm: number }>>;
  /** Effects and the harm levels a success deals. */
  readonly effect: Readonly<Record<string, number>>;
  /** Harm on heroes. */
  readonly harm: HarmRule;
  /** The heroes' position in a fight that names none (default `risky`); one of `position`. */
  readonly defaultPosition?: string;
}

export interface HarmRule {
  /** Fraction of maximum hit points each harm level costs, cumulatively (Forged: 0.25, 0.5, 0.8, 1.0). */
  readonly levels: readonly number[];
  /** Track harm is taken from (default `hp`). */
  readonly track?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Turn (§2.3)

export interface Turn {
  /** Who acts first. */
  readonly initiative: InitiativeRule;
  /** The budget of one turn. */
  readonly actions: readonly Action[];
  /** Optional clock for speed systems. */
  readonly clock?: Clock;
}

export interface InitiativeRule {
  /** Id of the initiative check. */
  readonly check: string;
  /** `once` per fight or every `round`. Default `once`. */
  readonly when?: 'once' | 'round';
  /** Who wins ties. Default `heroes`. */
  readonly ties?: 'heroes' | 'enemies' | 'random';
}

export interface Action {
  /** Id (`action`, `bonus`), used by abilities' `uses` and `grants`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** How many per turn (context `sheet`). */
  readonly per: Formula;
  /** Attacks this action makes (context `sheet`, plus `@class.attacks`). */
  readonly attacks?: Formula;
  /** Speed, read by the clock as `@action.speed` (context `clock`: may read `@clock`). */
  readonly speed?: Formula;
  /** A held action (Wait): the clock drops by its speed only, and the actor acts again last on that tick. */
  readonly defer?: boolean;
  /** For people. */
  readonly description?: string;
}

export interface Clock {
  /** What each action costs (context `clock`). */
  readonly cost: Formula;
  /** Boolean: may the actor act again? (context `clock`). */
  readonly while: Formula;
}

// ---------------------------------------------------------------------------------------------------------------
// Conditions (§2.4)

export interface Condition {
  /** Id, used by `applies`, `inflicts` and fights. */
  readonly id: string;
  /** Display name, on chips. */
  readonly name?: string;
  /** For people. */
  readonly description?: string;
  /** Edge on the holder's own checks (context `sheet`). */
  readonly edge?: Formula;
  /** Mods on the holder's own checks, read as `@mods.<name>` (context `sheet`). */
  readonly mods?: Readonly<Record<string, Formula>>;
  /** Check ids the holder's edge and mods apply to (all when omitted). */
  readonly checks?: readonly string[];
  /** Effects on checks made against the holder. */
  readonly against?: readonly AgainstEffect[];
  /** No blows, no abilities on its turn; and no reactions, unless `noReactions` says `false`. */
  readonly noActions?: boolean;
  /** No reactions (default: what `noActions` says): `true` alone takes only the reactions away. */
  readonly noReactions?: boolean;
  /**
   * A save at the end of each of the holder's turns ends it. Applied by a save (a spell's, a creature attack's), the
   * repeat is that save's check against its DC; `check` and `dc` serve otherwise.
   */
  readonly save?: ConditionSave;
  /** What 0 hit points means while this is on a hero. */
  readonly atZero?: 'dead' | 'stable';
  /** Rounds it lasts (none: until removed). */
  readonly rounds?: number;
}

export interface AgainstEffect {
  /** Edge for the attacker (context `sheet`, on the holder). */
  readonly edge?: Formula;
  /** Added to the attacker's `@mods.<name>` (context `sheet`). */
  readonly mods?: Readonly<Record<string, Formula>>;
  /** A hit becomes a crit: the check reads as its first success outcome marked `crit`, when it has one. */
  readonly crit?: boolean;
  /** Only for attacks from this band or row. */
  readonly reach?: string;
}

export interface ConditionSave {
  /** Check the holder rolls. */
  readonly check: string;
  /** DC computed when applied (context `condition.dc`). */
  readonly dc: Formula;
  /** When the save is rolled. Default `turnEnd`. */
  readonly at?: 'turnEnd' | 'turnStart';
}

// ---------------------------------------------------------------------------------------------------------------
// Abilities (§2.5)

export interface Ability {
  /** Id, used by heroes, orders and costs. */
  readonly id: string;
  /** Display name. */
  readonly name?: string;
  /** Kind for people (`Spell`, `Feature`, `Potion`). */
  readonly kind?: string;
  /** Spell level or tier. */
  readonly level?: number;
  /** For people. */
  readonly description?: string;
  /** What it takes: an action id of the turn, or `reaction`, or `free`. */
  readonly uses: string;
  /** Resources paid. */
  readonly cost?: readonly Cost[];
  /** Tracks filled when used (a builder). */
  readonly gain?: readonly TrackAmount[];
  /** When it fires, for a reaction. */
  readonly react?: ReactTrigger;
  /** Its effects last while its user sustains it. */
  readonly sustained?: boolean;
  /** Who it is aimed at. */
  readonly target?: 'enemy' | 'enemies' | 'ally' | 'allies' | 'self';
  /** A saving throw each target rolls. */
  readonly save?: AbilitySave;
  /** Conditions put on the targets (on a failed save, when there is one). */
  readonly applies?: readonly string[];
  /** An attack of its own (attack spells). */
  readonly attack?: AbilityAttack;
  /** Damage of a saving-throw ability, rolled once (context `ability.damage`). */
  readonly damage?: Formula;
  /** Damage type. */
  readonly type?: string;
  /** Healing. */
  readonly heal?: Heal;
  /** Extra actions this turn (Action Surge). */
  readonly grants?: readonly Grant[];
  /** Speed, read by the clock as `@action.speed` (context `sheet`). */
  readonly speed?: Formula;
  /** Recharge (a breath weapon): usable again when its die (a d6 unless it says) shows at least `min`. */
  readonly recharge?: Recharge;
  /** Where using it moves its user (a band or row); leaving foes lets them react unless a teleport or disengage. */
  readonly move?: Position;
  /** A teleport (Misty Step): its `move` never provokes a reaction. */
  readonly teleport?: boolean;
  /** Its `move` disengages (never provokes); when absent, `combat.disengage`'s words in its id or name decide. */
  readonly disengage?: boolean;
  /** A check the user rolls on its own against a number (an unopposed challenge); its outcome's gains and applies count. */
  readonly challenge?: AbilityChallenge;
  /** Condition ids taken off its targets (breaking a ward, a cure). */
  readonly removes?: readonly string[];
}

export interface AbilityChallenge {
  /** Check id rolled. */
  readonly check: string;
  /** The user's number, `@stat` (context `sheet`); default the check's own `stat`, else 0. */
  readonly stat?: Formula;
  /** The number to meet, `@vs` (context `sheet`): a difficulty. */
  readonly vs: Formula;
}

export type Cost = SlotCost | TrackCost;

export interface SlotCost {
  /** Spell slot level spent. */
  readonly slot: number;
}

export interface TrackCost {
  /** Track paid from. */
  readonly track: string;
  /** How much (context `sheet`). */
  readonly amount: Formula;
}

export interface ReactTrigger {
  /** The moment: being hit, a spell, an enemy leaving reach. */
  readonly on: 'hit' | 'spell' | 'leave';
  /** Added to the defence against the triggering attack (context `sheet`). */
  readonly defence?: Formula;
  /** A check rolled to react; its success is `@reaction.<id>`. */
  readonly check?: string;
  /** Boolean: whether it answers this trigger at all (context `reaction`: `@damageType == 'physical'`). */
  readonly when?: Formula;
}

export interface AbilitySave {
  /** Check each target rolls. */
  readonly check: string;
  /** DC, on the user's sheet (context `ability.dc`). */
  readonly dc: Formula;
  /** Half damage on a successful save. */
  readonly half?: boolean;
}

export interface AbilityAttack {
  /** Check rolled. */
  readonly check: string;
  /** The number the blow is struck with, `@stat` (context `sheet`). */
  readonly stat?: Formula;
  /** Damage (context `ability.damage`). */
  readonly damage: Formula;
  /** Damage type. */
  readonly type?: string;
  /** `near` or `far` (or a row). */
  readonly reach?: string;
}

export interface Heal {
  /** Amount healed (context `heal`). */
  readonly amount: Formula;
  /** Track healed. */
  readonly track: string;
}

export interface Grant {
  /** Action id granted. */
  readonly action: string;
  /** How many more this turn. */
  readonly count: number;
}

export interface Recharge {
  /** Lowest face of the die that recharges it (5 on a d6: 5-6). */
  readonly min: number;
  /** Faces of the recharge die (default 6). */
  readonly die?: number;
}

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
  readonly attributes?: Readonly<Record<string, Formula>>;
  /** Track maxima by id (context `template`). */
  readonly tracks?: Readonly<Record<string, Formula>>;
  /** Fighting numbers (context `template`). */
  readonly combat?: TemplateCombat;
  /** Harm levels before it falls, consequences mode (context `template`). */
  readonly harm?: Formula;
  /**
   * Abilities of its own or ids of the system's abilities, used as a bestiary creature uses them: reactions (Libra's
   * Dodge and Resist) whenever the moment comes, abilities aimed at enemies before its blows.
   */
  readonly abilities?: readonly (string | Ability)[];
}

export interface TemplateDefaults {
  /** Every attribute not given in `attributes` (context `template`). */
  readonly attribute?: Formula;
}

export interface TemplateCombat {
  /** Defence (context `template`). */
  readonly defence?: Formula;
  /** The number its blows are struck with, `@stat` (context `template`). */
  readonly attack?: Formula;
  /** Damage of its blows (context `template.damage`: `@tier` and the attack roll's `@roll.*`). */
  readonly damage?: Formula;
  /** Attacks per turn (context `template`). */
  readonly attacks?: Formula;
  /** Damage type of its blows. */
  readonly type?: string;
  /** `near` or `far` (or a row). */
  readonly reach?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Classes

export interface ClassDefinition {
  /** Display name. */
  readonly name?: string;
  /** For people. */
  readonly description?: string;
  /** Attacks an Action makes at this class's level (context `class`: `@level` is the class level). */
  readonly attacks?: Formula;
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
  readonly defence: number | Formula;
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
  readonly bonus: number | Formula;
  /** Damage (context `attack.damage`). */
  readonly damage: Formula;
  /** Damage type. */
  readonly type?: string;
  /** `near` or `far`. */
  readonly reach?: string;
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
  readonly damage: Formula;
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
  readonly derived?: Readonly<Record<string, Formula>>;
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
  /** Who to target first: a combatant id, a role, or `lowest-hp`. */
  readonly focus?: string;
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
  readonly damage: Formula;
  /** The number the blow is struck with, `@stat` (context `sheet`). */
  readonly stat?: Formula;
  /** `near` or `far` (or a row). */
  readonly reach?: string;
  /** Damage type. */
  readonly type?: string;
  /** The weapon's own reads, winning over the system's (context `sheet`). */
  readonly reads?: Readonly<Record<string, Formula>>;
  /** Speed, `@action.speed` (context `sheet`). */
  readonly speed?: Formula;
  /** Free tags (`finesse`, `two-handed`). */
  readonly tags?: readonly string[];
  /** Kinds of foe it slays (Libra). */
  readonly killers?: readonly string[];
  /** Further damage of the same blow, each part with its own type. */
  readonly parts?: readonly DamagePart[];
}

export interface Order {
  /** Ability id to use. */
  readonly use: string;
  /** Boolean formula: when to use it (context `order`). */
  readonly when?: Formula;
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
}

export interface TemplateRef {
  /** Template role. */
  readonly role: string;
  /** Tier 1..6. */
  readonly tier: number;
}

/** An enemy written out in a fight: a creature without an id. */
export interface EnemyNumbers extends StringLists {
  /** Display name. */
  readonly name?: string;
  /** Defence. */
  readonly defence: number | Formula;
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
