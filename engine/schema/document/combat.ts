// The document's combat and turn rules (rules-format §2.4–2.5), as TypeScript: part of engine/schema/document/.
import type { FormulaText, Track } from './core';
import type { Check, Outcome, TrackAmount } from './checks';

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
  readonly damage: FormulaText;
  /** The number to meet, on the target's sheet (context `defence`); unused by roll-under systems. */
  readonly defence?: FormulaText;
  /** Extra names every attack reads (context `sheet`), as `@name` in the roll and the damage. */
  readonly reads?: Readonly<Record<string, FormulaText>>;
  /** How a crit changes damage: `dice` doubled, `total` x2, `none` (formulas read `@crit`). */
  readonly crit?: 'dice' | 'total' | 'none';
}

export interface CombatDamage {
  /** Steps run in order, each replacing `@damage` where `when` holds. */
  readonly steps?: readonly DamageStep[];
  /** Damage types: the default and the words that name them. */
  readonly types?: DamageTypes;
  /** Damage as data: the tracks a blow lowers (in order, in shares) and the conditions the damage puts on or takes off. */
  readonly apply?: DamageApply;
}

export interface DamageApply {
  /** Tracks lowered in order, each taking its `amount` of what is left (default: all of it). */
  readonly tracks: readonly {
    readonly track: string;
    readonly amount?: FormulaText;
    /** Emptied by a blow, this track puts its holder down as emptied hit points do (a stun track: knocked out). */
    readonly downs?: boolean;
  }[];
  /** Conditions put on (`apply`) or taken off (`remove`) where `when` holds, read after the tracks. */
  readonly conditions?: readonly { readonly when: FormulaText; readonly apply?: string; readonly remove?: string }[];
}

export interface DamageStep {
  /** Id, named on the damage chip. */
  readonly id: string;
  /** Display name. */
  readonly name?: string;
  /** Boolean formula (context `damage.step`). */
  readonly when: FormulaText;
  /** The new damage (context `damage.step`). */
  readonly value: FormulaText;
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
  readonly dc: FormulaText;
}

export interface TargetingRule {
  /** Boolean formula: may the attacker target this one? (context `targeting`). */
  readonly canTarget?: FormulaText;
  /** Whom everyone strikes among the foes it may target, unless its own `picks` says otherwise (default `fewest-hp`). */
  readonly picks?: TargetPick;
}

/**
 * Whom a combatant strikes among the foes it may target: the fewest hit points (`fewest-hp`, today's rule), the most
 * (`most-hp`), the lowest fraction of its maximum (`most-hurt`), the foe who last attacked it (`last-attacker`) or last
 * provoked it (`provoker`: an outcome with `provokes`), falling back to the fewest hit points while there is none, or
 * the nearest (`nearest`: the front row or the near band first, then the fewest hit points).
 */
export type TargetPick = 'fewest-hp' | 'most-hp' | 'most-hurt' | 'last-attacker' | 'provoker' | 'nearest';

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
  readonly roll: FormulaText;
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
  /** Harms each level holds on a hero; harm at a full level is taken one level up (Forged: 2, 2, 1). */
  readonly slots?: readonly number[];
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
  /** Actions of any kind one turn (one act on the clock) allows, all kinds together (context `sheet`). */
  readonly limit?: FormulaText;
}

export interface InitiativeRule {
  /** Id of the initiative check (none with a `deck`). */
  readonly check?: string;
  /** Initiative dealt from a deck of cards every round instead of rolled (format v1.1). */
  readonly deck?: InitiativeDeck;
  /** Turns each combatant takes a round, everyone's first before anyone's second (context `clock`; default 1). */
  readonly passes?: FormulaText;
  /** `once` per fight or every `round`. Default `once`. */
  readonly when?: 'once' | 'round';
  /** Who wins ties. Default `heroes`. */
  readonly ties?: 'heroes' | 'enemies' | 'random';
}

/**
 * A deck dealt one card a combatant at the start of every round, without replacement: `ranks` × `suits` cards and
 * `jokers` above them all; the highest card acts first. A joker puts `joker.applies` on its holder.
 */
export interface InitiativeDeck {
  readonly ranks?: number;
  readonly suits?: number;
  readonly jokers?: number;
  readonly joker?: { readonly applies?: readonly string[] };
  /** Shuffled again after a round in which a joker was dealt (`joker`, the default) or before every round (`round`). */
  readonly reshuffle?: 'joker' | 'round';
}

export interface Action {
  /** Id (`action`, `bonus`), used by abilities' `uses` and `grants`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** How many per turn (context `sheet`). */
  readonly per: FormulaText;
  /** Attacks this action makes (context `sheet`, plus `@class.attacks`). */
  readonly attacks?: FormulaText;
  /** Speed, read by the clock as `@action.speed` (context `clock`: may read `@clock`). */
  readonly speed?: FormulaText;
  /** A held action (Wait): the clock drops by its speed only, and the actor acts again last on that tick. */
  readonly defer?: boolean;
  /** For people. */
  readonly description?: string;
}

export interface Clock {
  /** What each action costs (context `clock`). */
  readonly cost: FormulaText;
  /** Boolean: may the actor act again? (context `clock`). */
  readonly while: FormulaText;
  /** What each act after the actor's first in a round costs, paid from its tracks (amounts: context `clock`). */
  readonly again?: readonly TrackAmount[];
}
