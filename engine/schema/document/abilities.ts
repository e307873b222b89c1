// The document's conditions and abilities (rules-format §2.6–2.7), as TypeScript: part of engine/schema/document/.
import type { FormulaText, Position, Track } from './core';
import type { Check, TrackAmount } from './checks';
import type { Action } from './combat';

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
  readonly edge?: FormulaText;
  /** Mods on the holder's own checks, read as `@mods.<name>` (context `sheet`). */
  readonly mods?: Readonly<Record<string, FormulaText>>;
  /** Check ids the holder's edge and mods apply to (all when omitted). */
  readonly checks?: readonly string[];
  /** Effects on checks made against the holder. */
  readonly against?: readonly AgainstEffect[];
  /** No blows, no abilities on its turn; and no reactions, unless `noReactions` says `false`. */
  readonly noActions?: boolean;
  /** Any damage the holder takes ends it (Asleep). */
  readonly endsOnDamage?: boolean;
  /** Running away: a holder still standing at the start of its next turn leaves the fight (a `flee` event). */
  readonly flees?: boolean;
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
  /** Checks it lasts: each check it changes uses one; at none left it ends (a botch's penalty until used). */
  readonly charges?: number;
  /** When its `rounds` run out: at the end (default) or the start of its holder's turn, or at the end of its source's. */
  readonly ends?: 'turnEnd' | 'turnStart' | 'sourceTurnEnd';
  /** Put on again while held, it starts over (a `refreshed` event). Default false. */
  readonly refresh?: boolean;
}

export interface AgainstEffect {
  /** Edge for the attacker (context `sheet`, on the holder). */
  readonly edge?: FormulaText;
  /** Added to the attacker's `@mods.<name>` (context `sheet`). */
  readonly mods?: Readonly<Record<string, FormulaText>>;
  /** Added to the number the attacker's check must meet (`@vs`: a defence, a DC), on the holder (context `sheet`): cover's +2. */
  readonly vs?: FormulaText;
  /** A hit becomes a crit: the check reads as its first success outcome marked `crit`, when it has one. */
  readonly crit?: boolean;
  /** Only for attacks from this band or row. */
  readonly reach?: string;
  /** Only for these checks against the holder (format v1.1); default every check whose target it is. */
  readonly checks?: readonly string[];
}

export interface ConditionSave {
  /** Check the holder rolls. */
  readonly check: string;
  /** DC computed when applied (context `condition.dc`). */
  readonly dc: FormulaText;
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
  readonly damage?: FormulaText;
  /** Damage type. */
  readonly type?: string;
  /** Healing. */
  readonly heal?: Heal;
  /** Extra actions this turn (Action Surge). */
  readonly grants?: readonly Grant[];
  /** Speed, read by the clock as `@action.speed` (context `sheet`). */
  readonly speed?: FormulaText;
  /** Recharge (a breath weapon): usable again when its die (a d6 unless it says) shows at least `min`. */
  readonly recharge?: Recharge;
  /** Where using it moves its user (a band or row); leaving foes lets them react unless a teleport or disengage. */
  readonly move?: Position;
  /** A teleport (Misty Step): its `move` never provokes a reaction. */
  readonly teleport?: boolean;
  /** Its `move` to a row switches places with an ally standing there, who takes the mover's row (row formation). */
  readonly swap?: boolean;
  /** Its `move` disengages (never provokes); when absent, `combat.disengage`'s words in its id or name decide. */
  readonly disengage?: boolean;
  /** A check the user rolls on its own against a number (an unopposed challenge); its outcome's gains and applies count. */
  readonly challenge?: AbilityChallenge;
  /** Condition ids taken off its targets (breaking a ward, a cure). */
  readonly removes?: readonly string[];
  /** Aimed only at a foe holding one of these condition ids that its user put on (a bite at the one it grapples). */
  readonly holding?: readonly string[];
}

export interface AbilityChallenge {
  /** Check id rolled. */
  readonly check: string;
  /** The user's number, `@stat` (context `sheet`); default the check's own `stat`, else 0. */
  readonly stat?: FormulaText;
  /** The number to meet, `@vs` (context `sheet`): a difficulty. */
  readonly vs: FormulaText;
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
  readonly amount: FormulaText;
}

export interface ReactTrigger {
  /** The moment: being hit, a spell, an enemy leaving reach, or one of its holder's own checks just rolled (`roll`). */
  readonly on: 'hit' | 'spell' | 'leave' | 'roll';
  /** `roll`: the check ids it answers (default every one). */
  readonly checks?: readonly string[];
  /** `roll`: the whole check rolled again, the new roll standing. */
  readonly reroll?: boolean;
  /** `roll`: a partial reroll: dice of the first roll showing one of `faces` (of the term tagged `tag`) stay. */
  readonly keep?: readonly { readonly faces: readonly number[]; readonly tag?: string }[];
  /** `roll`: added to the check's total (context `order`). */
  readonly bonus?: FormulaText;
  /** Added to the defence against the triggering attack (context `sheet`). */
  readonly defence?: FormulaText;
  /** A check rolled to react; its success is `@reaction.<id>`. */
  readonly check?: string;
  /** Boolean: whether it answers this trigger at all (context `reaction`: `@damageType == 'physical'`). */
  readonly when?: FormulaText;
  /** A `spell` reaction that, successful, undoes the ability on the reactor: no roll, damage or condition (Counterspell). */
  readonly cancels?: boolean;
  /** A `spell` reaction answers only abilities whose `kind` is one of these (Counterspell: `["Spell"]`); default every one. */
  readonly kinds?: readonly string[];
}

export interface AbilitySave {
  /** Check each target rolls. */
  readonly check: string;
  /** DC, on the user's sheet (context `ability.dc`). */
  readonly dc: FormulaText;
  /** Half damage on a successful save. */
  readonly half?: boolean;
}

export interface AbilityAttack {
  /** Check rolled. */
  readonly check: string;
  /** The number the blow is struck with, `@stat` (context `sheet`). */
  readonly stat?: FormulaText;
  /** Damage (context `ability.damage`). */
  readonly damage: FormulaText;
  /** Damage type. */
  readonly type?: string;
  /** `near` or `far` (or a row). */
  readonly reach?: string;
  /** On a battle map: squares it reaches at normal range, instead of `map.reach` for its reach word (a glaive: `near`, 2). */
  readonly squares?: number;
  /** On a battle map: squares it reaches at long range (the attacker holds `map.longRange`); with `squares` alone, none. */
  readonly long?: number;
}

export interface Heal {
  /** Amount healed (context `heal`). */
  readonly amount: FormulaText;
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
