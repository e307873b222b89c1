// The simulator's runtime model: a loaded system with every formula compiled once, and the mutable structures of
// one fight (combatants, conditions, the evaluation scope the compiled formulas read).
import type { CompiledFormula, EvalContext, RollFacts } from '../formula/runtime';
import type { FormulaNode, Value } from '../formula/types';
import type { RollTest } from './roll-test';
import type { DrawRecorder } from './draws';
import { refsOf } from '../formula/nodes';
import type { TargetPick } from '../schema/document';
import type { CardSet } from './card-model';
import type { Reaching } from './map/types';

export type Side = 'heroes' | 'enemies';

/** A formula compiled once, with its source kept for error messages and chips. */
export interface Formula {
  readonly source: string;
  readonly run: CompiledFormula;
  /** `run` for contexts that never trace (no trace check per call): value(), truth(), outcomes, damage steps. */
  readonly untraced: CompiledFormula;
  /** Same formula with every dice count doubled (crit policy `dice`); only for damage formulas. */
  readonly doubled: CompiledFormula | undefined;
  readonly usesDice: boolean;
  /** The references it reads, dotted without `@` (`target.resist`, `damageType`): what the engine may cache it by. */
  readonly refs: readonly string[];
  /** Whether an evaluation may roll (dice, or a user function that may). */
  readonly rolls: boolean;
  /** The value, when the formula reads nothing and rolls nothing (`1`, `floor(3 / 2)`): no call while fighting. */
  readonly constant: number | null;
  /** The value, when the formula is a constant true or false (an outcome's `when: "true"`): no call while fighting. */
  readonly truth: boolean | null;
  /** When the formula is one reference to a number on its own sheet (`@str.mod`): that sheet index, read directly; else -1. */
  readonly selfIndex: number;
  /** The tree it was compiled from (null when it did not parse): what load-time walks read, nothing parsed twice. */
  readonly ast: FormulaNode | null;
  /** Where it is written in the document (a JSON pointer): what a log's chip links to. */
  readonly pointer: string;
}

export interface OutcomeDef {
  readonly id: string;
  readonly name: string;
  readonly when: Formula;
  /** `when` as a comparison of the roll's facts, judged off the check frame without a formula call (roll-test.ts); else null. */
  readonly test: RollTest | null;
  readonly result: 'success' | 'partial' | 'fail';
  readonly crit: boolean;
  readonly botch: boolean;
  readonly degree: Formula | null;
  readonly applies: readonly string[];
  readonly inflicts: readonly string[];
  /** Conditions taken off the target, then off the actor (`removes`, `removesOwn`). */
  readonly removes: readonly string[];
  readonly removesOwn: readonly string[];
  readonly gain: readonly TrackGain[];
  /** Whether it applies, inflicts, removes, gains or provokes anything (worked out at load: one test per judged check). */
  readonly effects: boolean;
  /** The target now counts the actor as its provoker (`provokes`). */
  readonly provokes: boolean;
  /** Opposed checks: this outcome hurts the one who rolled (the defender's first attack deals its damage to it). */
  readonly counter: boolean;
  /** Index into System.tallyKeys. */
  readonly tally: number;
}

/** Who acts first: a check rolled (`check`) or a card dealt (`deck`), and how many turns a round (`passes`). */
export interface InitiativeDef {
  readonly check: CheckDef | null;
  readonly everyRound: boolean;
  readonly ties: Side | 'random';
  readonly deck: DeckDef | null;
  /** Turns a combatant takes a round (null: one), everyone's pass N before anyone's pass N + 1. */
  readonly passes: Formula | null;
}

/** An initiative deck: `ranks` × `suits` cards valued 1.. by rank then suit, `jokers` valued above them all. */
export interface DeckDef {
  readonly ranks: number;
  readonly suits: number;
  readonly jokers: number;
  readonly jokerApplies: readonly string[];
  readonly reshuffle: 'joker' | 'round';
}

export interface CheckDef {
  readonly id: string;
  readonly name: string;
  readonly roll: Formula;
  readonly combine: 'cancel' | 'sum';
  readonly edgeMax: number;
  readonly outcomes: readonly OutcomeDef[];
  /** `@stat` of the check when no blow gives one (a save's bonus); its roll is then labelled with it. */
  readonly stat: Formula | null;
  /** Whether it may be attempted at all (`requires`, read before the roll); null: always. */
  readonly requires: Formula | null;
  /** Tally index of a check not attempted (`requires` false: `not-attempted`). */
  readonly notAttemptedTally: number;
  /** Tally index of a roll with no outcome (`rolled`). */
  readonly rolledTally: number;
  /**
   * Whether an outcome reads `@vs` (a DC, a defence): only then do its log event and chip give the number met. A death
   * save decided by its die alone says `d20 (11) = 11 · Stable`, not `... vs 0 · Stable`.
   */
  readonly readsVs: boolean;
  /** An opposed check (`vs`): what the target rolls first, or null. Set once every check is loaded. */
  readonly vs: OpposedDef | null;
}

/** The defender's side of an opposed check: `check`, unless one of `prefer` holds on the defender's sheet. */
export interface OpposedDef {
  readonly check: CheckDef;
  readonly prefer: readonly { readonly check: CheckDef; readonly when: Formula }[];
}

export interface TrackGain {
  readonly track: number;
  readonly amount: Formula;
}

export interface AgainstDef {
  readonly edge: Formula | null;
  readonly mods: readonly ModDef[];
  /** Added to the number the attacker's check meets (`against[].vs`: cover), or null. */ readonly vs: Formula | null;
  readonly crit: boolean;
  readonly reach: string | null;
  readonly checks: readonly string[] | null;
}

export interface ModDef {
  readonly mod: number;
  readonly name: string;
  readonly value: Formula;
}

export interface ConditionDef {
  readonly id: string;
  readonly name: string;
  readonly edge: Formula | null;
  readonly mods: readonly ModDef[];
  readonly checks: readonly string[] | null;
  readonly against: readonly AgainstDef[];
  readonly noActions: boolean;
  /** Damage to its holder ends it (`endsOnDamage`: a sleeper wakes). */
  readonly endsOnDamage: boolean;
  /** Its holder runs away: still standing at the start of its next turn, it leaves the fight (`flees`). */
  readonly flees: boolean;
  /** It takes its holder's reactions away (`noReactions`, default: what `noActions` says). */
  readonly noReactions: boolean;
  readonly save: { readonly check: CheckDef; readonly dc: Formula; readonly at: 'turnEnd' | 'turnStart' } | null;
  readonly atZero: 'dead' | 'stable' | null;
  /** Holder's turns it lasts; null: until removed. */
  readonly duration: Formula | null;
  /** Checks it lasts (`charges`); 0: not counted. */
  readonly charges: number;
  /** Its `rounds` run out at the start of its holder's turn (`ends: turnStart`) rather than the end. */
  readonly endsAtStart: boolean;
  /** `ends: sourceTurnEnd`: its rounds are the turns of the one who put it on (its holder's when none, or once that one is down). */
  readonly endsOnSourceTurn: boolean;
  /** Put on again while held, it starts over (`refresh`). */
  readonly refresh: boolean;
}

export interface ConditionInstance {
  readonly def: ConditionDef;
  readonly dc: number;
  /** The check of the save that applied it (repeated instead of the condition's own `save.check`), or null. */
  readonly saveCheck: CheckDef | null;
  turnsLeft: number;
  /** Checks left (`charges`); unused when the condition has none. */
  chargesLeft: number;
  /** The sustainer carrying it (a sustained ability), or null. */
  readonly sustainer: Combatant | null;
  readonly source: Combatant | null;
}

export interface AttackProfile extends Reaching {
  readonly name: string;
  readonly check: CheckDef;
  /** The check's roll compiled for this attack, so its chip names the stat (`+ 3 Strength`). */
  readonly roll: Formula;
  readonly stat: Formula;
  readonly damage: Formula | null;
  readonly type: string;
  /** Reads (scope.reads indexes) this attack fills before the roll (weapon's reads winning over the system's, name by name). */
  readonly reads: readonly (Formula | null)[];
  readonly speed: Formula | null;
  /** Conditions a hit puts on the target (after its save, when there is one). */
  readonly applies: readonly string[];
  readonly save: { readonly check: CheckDef; readonly dc: Formula; readonly half: boolean } | null;
  /** Further damage parts of the blow, each with its own type, each run through the damage steps on its own. */
  readonly parts: readonly DamagePartDef[];
}

/**
 * An attack profile written out field by field in one order, never spread: every profile keeps one object shape, so
 * the engine's reads of a blow's profile stay monomorphic.
 */
export function attackProfile(p: Omit<AttackProfile, 'roll' | 'parts' | 'applies'>, roll: Formula, parts: readonly DamagePartDef[],
  applies: readonly string[]): AttackProfile {
  return {
    name: p.name, check: p.check, roll, stat: p.stat, damage: p.damage, type: p.type, reach: p.reach, span: p.span, reads: p.reads, speed: p.speed,
    applies, save: p.save, parts,
  };
}

export interface DamagePartDef {
  readonly damage: Formula;
  readonly type: string;
}

export interface AbilityDef extends Reaching {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly uses: string;
  readonly actionIndex: number;
  readonly target: 'enemy' | 'enemies' | 'self' | 'ally';
  readonly targets: Formula | null;
  readonly cost: readonly { readonly slot?: number; readonly track?: number; readonly amount: Formula }[];
  readonly gain: readonly TrackGain[];
  readonly attack: AttackProfile | null;
  readonly save: { readonly check: CheckDef; readonly dc: Formula; readonly half: boolean } | null;
  readonly damage: Formula | null;
  readonly type: string;
  readonly heal: { readonly amount: Formula; readonly track: number } | null;
  readonly applies: readonly string[];
  readonly sustained: boolean;
  readonly grants: readonly { readonly action: number; readonly count: Formula }[];
  readonly react: {
    readonly on: 'hit' | 'spell' | 'leave' | 'roll';
    /** `roll`: the check ids it answers; null: every one. */
    readonly checks: readonly string[] | null;
    readonly reroll: boolean;
    /** `roll`: a partial reroll (`react.keep`): the faces that stay, each entry for every die or one tagged term's; null: none. */
    readonly keep: readonly KeepRule[] | null;
    readonly bonus: Formula | null;
    readonly defence: Formula | null;
    readonly check: CheckDef | null;
    /** Whether it answers this trigger (`react.when`: the blow's `@damageType`, `@attack.melee`); null: always. */
    readonly when: Formula | null;
    readonly reactionFlag: number;
    /** A `spell` reaction that, taken and successful, undoes the ability on its holder (`react.cancels`: Counterspell). */
    readonly cancels: boolean;
    /** The ability kinds a `spell` reaction answers (`react.kinds`); null: every ability aimed at its holder. */
    readonly kinds: readonly string[] | null;
  } | null;
  /** Recharge: available again when its die (`die` faces, default 6) at the start of the holder's turn shows `min`. */
  readonly recharge: { readonly die: number; readonly min: number } | null;
  readonly speed: Formula | null;
  /** Where using it moves its user; null: it does not move. */
  readonly move: string | null;
  /** A teleport never provokes. */
  readonly teleport: boolean;
  /** Its `move` to a row switches places with an ally standing there (row formation), who takes the mover's row. */
  readonly swap: boolean;
  /** Leaving never provokes: the ability's `disengage`, else one of the system's disengage words in its id or name. */
  readonly disengage: boolean;
  readonly offensive: boolean;
  /** A check rolled on its own against a number (an unopposed challenge), or null. */
  readonly challenge: { readonly check: CheckDef; readonly stat: Formula | null; readonly vs: Formula } | null;
  /** Conditions taken off its targets; `holding`: aimed only at a foe holding one its user put on (empty: any foe). */
  readonly removes: readonly string[];
  readonly holding: readonly string[];
  /** It only removes conditions: not used while no target holds one. */
  readonly removesOnly: boolean;
  /** Whether canUse asks more than its action and cost (`removesOnly`, or a `move` where rows close up): one test a fight. */
  readonly worthChecked: boolean;
}

export interface OrderDef {
  readonly ability: AbilityDef;
  readonly when: Formula | null;
}

export interface ActionDef {
  readonly id: string;
  readonly name: string;
  readonly per: Formula;
  readonly attacks: Formula | null;
  readonly speed: Formula | null;
  /** A held action (Wait): acts again last on the tick its speed leaves it at. */
  readonly defer: boolean;
}

export interface RegenerationDef {
  readonly amount: Formula;
  readonly stoppedBy: readonly string[];
}

/** Everything about one combatant that does not change during a fight, built once at load. */
export interface CombatantDef {
  readonly key: string;
  readonly name: string;
  readonly side: Side;
  readonly sheet: readonly number[];
  readonly level: number;
  readonly tier: number;
  readonly role: string;
  readonly classLevels: readonly number[];
  readonly classAttacks: number;
  readonly lists: readonly (readonly string[])[];
  readonly attacks: readonly AttackProfile[];
  /** Attacks made in one attack action (multiattack); heroes use the action's `attacks`. */
  readonly attacksPerAction: number | null;
  /**
   * Its attacks are used in turn, one a blow, the next one each time (a creature with several attacks and no
   * multiattack: the first, then the second, ... round the list); otherwise blow k of an action uses attack k.
   */
  readonly attacksInTurn: boolean;
  readonly defence: Formula | null;
  readonly defenceValue: number | null;
  readonly abilities: readonly AbilityDef[];
  readonly orders: readonly OrderDef[];
  /** Spell slots by level (the format's `slots`). */
  readonly slots: readonly number[];
  readonly regeneration: RegenerationDef | null;
  readonly focus: string | null;
  /** Whom it strikes among the foes it may target (its `picks`, else the system's); null: the fewest hit points. */
  readonly picks: Exclude<TargetPick, 'fewest-hp'> | null;
  readonly plan: readonly string[] | null;
  readonly harm: number;
  readonly position: string | null;
  readonly ownType: string | null;
  readonly consequencePosition: string | null;
  readonly consequenceEffect: string | null;
  /** Derived values that read a track, in dependency order: recomputed whenever a track changes. */
  readonly liveDerived: readonly LiveDerived[];
  /** A creature's bonuses by check id, replacing that check's `stat` (`saves`). */
  readonly saves?: ReadonlyMap<string, number>;
  /** Starting condition ids (a hero's own). */
  readonly conditions: readonly string[];
  /** What its turns walk, worked out once at load (indexCombatant). */
  readonly indexes: CombatantIndexes;
  /** The cards it holds (the system's, then its own), by trigger; null when it holds none. */
  readonly cards: CardSet | null;
}

/** Per combatant, worked out once at load: what its turn walks instead of every ability and order. */
export interface CombatantIndexes {
  /** Indices of its abilities aimed at foes and used without a standing order (act() walks these each turn). */
  readonly freeOffensive: readonly number[];
  /** Indices of its abilities that recharge (rolled for at the start of its turn). */
  readonly rechargeable: readonly number[];
  /** Its standing orders that do not react, in order (act() walks these each turn). */
  readonly turnOrders: readonly OrderDef[];
  /** Its standing orders that react, by what they react to (`react.on`). */
  readonly reactOrders: Readonly<Record<'hit' | 'spell' | 'leave' | 'roll', readonly OrderDef[]>>;
  /** Whether one of its `hit` orders reads `@damage`: a blow on it rolls its damage before the reactions see it. */
  readonly hitReadsDamage: boolean;
}

export function indexCombatant(abilities: readonly AbilityDef[], orders: readonly OrderDef[]): CombatantIndexes {
  const freeOffensive: number[] = [];
  const rechargeable: number[] = [];
  for (let i = 0; i < abilities.length; i++) {
    const a = abilities[i]!;
    if (a.offensive && !a.react && !orders.some((o) => o.ability === a)) freeOffensive.push(i);
    if (a.recharge) rechargeable.push(i);
  }
  const reactOrders: Record<'hit' | 'spell' | 'leave' | 'roll', OrderDef[]> = { hit: [], spell: [], leave: [], roll: [] };
  for (const o of orders) if (o.ability.react) reactOrders[o.ability.react.on].push(o);
  // An order answering a hit that reads `@damage` sees the hit's own damage: the blow rolls it before the reactions.
  const hitReadsDamage = reactOrders.hit.some((o) => o.when?.ast != null && refsOf(o.when.ast).has('damage'));
  const turnOrders = orders.filter((o) => !o.ability.react);
  return { freeOffensive, rechargeable, turnOrders, reactOrders, hitReadsDamage };
}

export interface LiveDerived {
  readonly index: number;
  readonly formula: Formula;
}

export interface Combatant {
  readonly def: CombatantDef;
  readonly id: string;
  readonly side: Side;
  readonly order: number;
  readonly sheet: number[];
  readonly level: number;
  readonly tier: number;
  readonly role: string;
  readonly classLevels: readonly number[];
  readonly classAttacks: number;
  readonly lists: (readonly string[])[];
  position: string;
  conditions: ConditionInstance[];
  conditionIds: string[];
  down: boolean;
  dead: boolean;
  /** It went down at some point of this fight, even if back on its feet now (a death save's revival). */
  fell: boolean;
  /** It ran away (a `flees` condition): out of the fight, neither standing nor down. */
  fled: boolean;
  /** The foe who last attacked it, and who last provoked it (an outcome's `provokes`); kept only when someone picks by them. */
  lastAttacker: Combatant | null;
  provoker: Combatant | null;
  initiative: number;
  clock: number;
  reactionsUsed: number;
  sustaining: AbilityDef | null;
  /** Spell slots left by level. */
  slots: number[];
  recharged: boolean[];
  /** Damage types taken since its last turn (regeneration stops). */
  hurtBy: string[];
  harmTaken: number;
  damageDealt: number;
  tally: Map<string, Map<string, number>> | null;
  acted: boolean;
  /** A hero at 0 that is neither stable nor dead: it rolls the system's death saves. */
  dying: boolean;
  /** The clock value it holds its action to (a deferred action: last on that tick); NaN when not holding. */
  deferredAt: number;
  deathSuccesses: number;
  deathFailures: number;
  /** Consequences mode: harms a hero holds at each level (`harm.slots`). */
  readonly harmAt: number[];
  /** The round it enters the fight (its entry's `arrives`; 1: from the start). */
  readonly arrives: number;
  /** Not in the fight yet (a late arrival before its round): `down` meanwhile, so nothing acts on it or with it. */
  absent: boolean;
  /** Blows struck so far with attacks used in turn (`attacksInTurn`): the next one's index, round the list. */
  attackCursor: number;
}

/** The mutable scope every compiled getter reads (`ctx.scope`). One per fight runner, reused for every evaluation. */
export interface Scope {
  self: Combatant;
  target: Combatant;
  attacker: Combatant;
  source: Combatant;
  stat: number;
  edge: number;
  mods: number[];
  reads: Value[];
  /** Whose blow filled `reads` (during that blow only, else null): a read named like a sheet value is only its. */
  readsOwner: Combatant | null;
  damage: number;
  damageType: string;
  crit: boolean;
  melee: boolean;
  reactionFlags: boolean[];
  clock: number;
  /** `@clock.next`: the next lower tick this round on which anyone else is to act (0: nobody), for the actor's act. */
  clockNext: number;
  initiative: number;
  actionSpeed: number;
  /** `@attack.targets`: how many targets the blow's strike aims at (an ability's `enemies`: a spray), 1 for a plain blow. */
  attackTargets: number;
  /** `@attack.hits`: how many of the strike's targets were hit before this blow (0 for a plain blow). */
  attackHits: number;
  /** The check whose facts `@natural`, `@total`, `@roll.*` read. */
  check: CheckFrame;
  /** The defender's roll of an opposed check (`@vs.total`, `@vs.roll.*`): one frame for the fight. */
  opposed: CheckFrame;
  /** The facts of the event a card fires on (`@event.amount`, `.source`, `.target`, `.type`): set by rules/cards.ts. */
  eventAmount: number;
  eventSource: string;
  eventTarget: string;
  eventType: string;
}

/** Faces a partial reroll keeps (`react.keep[]`): on every die, or only on the dice of the term tagged `tag`. */
export interface KeepRule {
  readonly faces: readonly number[];
  readonly tag: string | null;
}

/** A check frame: one check's evaluation context, roll facts and judgement; a blow, a reaction and a save each use their own. */
export interface CheckFrame {
  readonly ctx: EvalContext;
  /** The draws of its rolls, by place in the pool, when the system keeps dice of a reroll (`react.keep`); else null. */
  readonly draws: DrawRecorder | null;
  natural: number;
  total: number;
  vs: number;
  outcome: string;
  degree: number;
  crit: boolean;
  high: number;
  low: number;
}

export interface FightEntryDef {
  readonly def: CombatantDef;
  readonly count: number;
  readonly idBase: string;
  readonly position: string;
  readonly conditions: readonly string[];
  /** The round it enters the fight (1: from the start). */
  readonly arrives: number;
}

export interface FightDef {
  readonly id: string;
  readonly name: string;
  readonly heroes: readonly FightEntryDef[];
  readonly enemies: readonly FightEntryDef[];
  readonly maxRounds: number;
  readonly position: string;
  readonly effect: string;
  /** Its battle map (`map`), when it is fought on squares; absent: in bands. */ readonly map?: import('./map/types').FightMapDef;
}

export interface IndexNames {
  readonly attributes: readonly string[];
  readonly derived: readonly string[];
  readonly tracks: readonly string[];
  readonly lists: string[];
  readonly reads: readonly string[];
  readonly mods: readonly string[];
  readonly reactions: readonly string[];
  readonly classes: readonly string[];
}

export interface ConsequencesDef {
  readonly roll: Formula;
  readonly check: CheckDef;
  readonly position: ReadonlyMap<string, number>;
  readonly effect: ReadonlyMap<string, number>;
  readonly harmLevels: readonly number[];
  /** Harms each level holds on a hero (`harm.slots`); empty: no limit, every harm at its own level. */
  readonly harmSlots: readonly number[];
}

export interface System {
  readonly id: string;
  readonly name: string;
  readonly mode: 'numbers' | 'consequences';
  /** A square-based system (`grid: true`): this simulator still places combatants in bands, and says so. */
  readonly grid: boolean;
  readonly names: IndexNames;
  /** Sheet layout: attributes, then derived, then each track's current value and maximum. */
  readonly sheetSize: number;
  readonly trackCurrent: readonly number[];
  readonly trackMax: readonly number[];
  readonly hpTrack: number;
  readonly checks: ReadonlyMap<string, CheckDef>;
  /** [check id, outcome id] of every tally index: statistics count by index, with no string work per check. */
  readonly tallyKeys: readonly (readonly [string, string])[];
  readonly conditions: ReadonlyMap<string, ConditionDef>;
  readonly actions: readonly ActionDef[];
  /** Actions of every kind together one turn allows (`turn.limit`), or null: each kind's `per` only. */
  readonly actionLimit: Formula | null;
  readonly attackAction: number;
  readonly initiative: InitiativeDef | null;
  /** `again`: what each act after the actor's first of a round costs (`turn.clock.again`); one who cannot pay acts no more. */
  readonly clock: { readonly cost: Formula; readonly while: Formula; readonly again: readonly TrackGain[] } | null;
  /** Tracks that add up the hit points taken by damage of their types (`tracks.<id>.counts`); empty: none. */
  readonly countedTracks: readonly { readonly track: number; readonly types: readonly string[] }[];
  /** `type`: from that step on, the damage is of this type (null: unchanged). */
  readonly damageSteps: readonly { readonly id: string; readonly name: string; readonly when: Formula | null; readonly value: Formula; readonly type: string | null }[];
  /** `combat.damage.apply`: the tracks a blow lowers and the conditions its damage puts on or takes off; null: the hit points only. */
  readonly damageApply: DamageApplyDef | null;
  readonly critPolicy: 'dice' | 'total' | 'none';
  readonly reactionPer: 'round' | 'turn' | 'unlimited';
  /** Leaving a foe's place provokes its first attack (an opportunity attack). */
  readonly opportunity: boolean;
  readonly sustain: { readonly check: CheckDef; readonly dc: Formula } | null;
  readonly canTarget: Formula | null;
  /** Whether anyone picks its target by who attacked it (then every blow records its attacker). */
  readonly remembersAttackers: boolean;
  /** Whether any ability of the system's, a template's or a creature's decides after a roll (`react.on: "roll"`). */
  readonly decidesRolls: boolean;
  /** Whether a decision keeps some dice of a reroll (`react.keep`): the check frames then record their draws. */
  readonly keepsDice: boolean;
  readonly deathEnabled: boolean;
  /** Death saves of dying heroes (`combat.death.save`), or null: a dying hero stays down. */
  readonly deathSave: { readonly check: CheckDef; readonly successes: number; readonly failures: number } | null;
  readonly fights: ReadonlyMap<string, FightDef>;
  readonly consequences: ConsequencesDef | null;
  /** How a log words an edge of +1 and -1 (`combat.edgeWords`). */
  readonly edgeWords: { readonly positive: string; readonly negative: string };
  /** Consequences mode: the heroes' position in a fight that names none (`combat.consequences.defaultPosition`). */
  readonly defaultPosition: string;
  /** Rows front first (`positions.rows`), and whether they close up when one has nobody standing (`positions.advance`). */
  readonly rows: readonly string[];
  readonly advanceRows: boolean;
  /** An all-zero combatant the scope points at before a fight's first evaluation. */
  readonly placeholder: Combatant;
  /** Builds the formula pieces for ad-hoc fights (sandbox). */
  readonly compose: Composer;
}

export interface DamageApplyDef {
  /** In order: each takes `amount` (null: all that is left) of what is left, within what the track holds. */
  readonly tracks: readonly { readonly track: number; readonly name: string; readonly amount: Formula | null; readonly downs: boolean }[];
  /** Each `when` read after the tracks (all first, then each that holds applies and removes). */
  readonly conditions: readonly { readonly when: Formula; readonly apply: string | null; readonly remove: string | null }[];
}

export interface Composer {
  template(role: string, tier: number): CombatantDef | string;
  bestiary(id: string): CombatantDef | string;
  hero(id: string): CombatantDef | string;
}

export type { FormulaNode, RollFacts };
