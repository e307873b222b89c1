// What a fight tells the world (spec §4 `--log`, schemas/events.schema.json): one discriminated union of every event
// the engine emits, the only event type the CLI, the tests and the studio's renderer read. Events go to a sink; with
// no sink the engine builds neither events nor chips. `EVENT_FIELDS` lists each event's fields (checked against the
// type here and against the schema by engine/sim/events.test.ts, both ways).

import type { CardTrigger } from './card-model';

export type Winner = 'heroes' | 'enemies' | 'draw';

/** A check's result as its outcome says (`result` of the outcome), or null for a check without outcomes. */
export type CheckResult = 'success' | 'partial' | 'fail';

export interface FightStartEvent {
  readonly type: 'fightStart';
  readonly system: string;
  readonly fightId: string;
  readonly seed: number;
  /** The track that holds hit points (what `hp` below, damage and a heal or gain of that track change). */
  readonly hpTrack: string;
  readonly combatants: readonly {
    readonly id: string; readonly name: string; readonly side: 'heroes' | 'enemies'; readonly hp: number; readonly position: string; readonly arrives?: number;
    /** A fight on a map: its start square `[x, y]`. */
    readonly square?: Square;
    /** A fight on a map: the squares its melee blows reach (0: none), the squares it threatens. */
    readonly reach?: number;
  }[];
  readonly note?: string;
  /** A fight on a map: its size and terrain (walls, difficult terrain, cover squares), each square `[x, y]`. */
  readonly map?: {
    readonly width: number; readonly height: number;
    readonly walls: readonly Square[]; readonly difficult: readonly Square[]; readonly cover: readonly Square[];
  };
}
/** A square of a battle map: `[x, y]`, 0-based, x to the right, y down. */
export type Square = readonly [number, number];
export interface RoundEvent { readonly type: 'round'; readonly round: number }
export interface TurnEvent { readonly type: 'turn'; readonly round: number; readonly actor: string; readonly initiative: number; readonly clock?: number }
export interface CheckEvent {
  readonly type: 'check';
  readonly round: number;
  readonly actor: string;
  readonly check: string;
  /** The check's display name (`Attack roll`). */
  readonly checkName: string;
  readonly target: string | null;
  readonly dice: readonly number[];
  /** The roll's terms as the chip writes them, before ` = total` (`d20 (14) + 3 Strength + 2`). */
  readonly roll: string;
  readonly total: number;
  readonly vs: number | null;
  readonly outcome: string | null;
  /** The outcome's display name (`Hit`), null with no outcome. */
  readonly outcomeName: string | null;
  readonly result: CheckResult | null;
  readonly crit: boolean;
  readonly botch: boolean;
  readonly degree?: number;
  /** JSON pointer of the formula that rolled (the check's roll, a weapon's, an ability's). */
  readonly formula: string;
  readonly chip: string;
  readonly influencedBy: readonly string[];
  /** An opposed check (`vs`): the defender's roll it was judged against (its own check event comes just before). */
  readonly opposed?: { readonly actor: string; readonly check: string; readonly total: number; readonly outcome: string | null };
}
export interface ReactionEvent {
  readonly type: 'reaction'; readonly round: number; readonly actor: string; readonly ability: string; readonly on: 'hit' | 'spell' | 'leave' | 'roll'; readonly success: boolean;
  /** A partial reroll (`react.keep`): the first roll's dice, in order, and which of them kept their faces. */
  readonly dice?: readonly number[];
  readonly kept?: readonly boolean[];
  readonly chip: string;
}
export interface DamageEvent {
  readonly type: 'damage';
  readonly round: number;
  readonly actor: string;
  readonly target: string;
  readonly amount: number;
  /** The blow's damage type; the system's `combat.damage.types.default` (or `untyped`) when the blow names none. */
  readonly damageType: string;
  readonly steps: readonly string[];
  readonly rolled: number;
  readonly hp: number;
  /** JSON pointer of the damage formula that rolled (the weapon's, the ability's, the template's). */
  readonly formula: string;
  readonly chip: string;
  /** With `combat.damage.apply`: each track the blow lowered, what it took and what it holds after. */
  readonly split?: readonly { readonly track: string; readonly amount: number; readonly value: number }[];
}
export interface HealEvent { readonly type: 'heal'; readonly round: number; readonly actor: string; readonly target: string; readonly amount: number; readonly track: string; readonly formula?: string; readonly chip: string }
export interface ConditionEvent { readonly type: 'condition'; readonly round: number; readonly target: string; readonly condition: string; readonly change: 'applied' | 'refreshed' | 'ended' | 'saved'; readonly source?: string; readonly dc?: number }
export interface DownEvent { readonly type: 'down'; readonly round: number; readonly target: string; readonly by?: string; readonly state: 'down' | 'dead' | 'stable' }
export interface NoTimeEvent { readonly type: 'noTime'; readonly round: number; readonly actor: string; readonly action: string; readonly attack: number }
export interface AbilityEvent { readonly type: 'ability'; readonly round: number; readonly actor: string; readonly ability: string; readonly targets: readonly string[]; readonly chip: string }
export interface HarmEvent { readonly type: 'harm'; readonly round: number; readonly actor: string; readonly target: string; readonly levels: number; readonly amount: number }
export interface SustainEvent { readonly type: 'sustain'; readonly round: number; readonly actor: string; readonly ability: string; readonly change: 'started' | 'ended' | 'kept' }
export interface RegenerateEvent { readonly type: 'regenerate'; readonly round: number; readonly target: string; readonly amount: number; readonly stopped: boolean }
export interface MoveEvent {
  readonly type: 'move'; readonly round: number; readonly target: string; readonly from: string; readonly to: string; readonly chip: string;
  /** On a map: the square it left, the square it came to, and every square walked (a teleport: the two). */
  readonly fromSquare?: Square; readonly toSquare?: Square; readonly path?: readonly Square[];
  /** On a map: the move ability that moved it (absent: its turn's walk; the system's `map.dash` for a Dash), and whether that was a teleport (a jump, not a walk). */
  readonly ability?: string; readonly teleport?: boolean;
  /**
   * On a map: it got back up (a death save) on a square another stands on (it fell walking through an ally's) and was
   * moved to the nearest free square: no walk (no speed spent, nothing provoked), outside any turn's walks.
   */
  readonly aside?: boolean;
}
/** A track changed by a `gain` (an outcome's, an ability's, a reaction's), kept within 0 and its maximum. */
export interface GainEvent { readonly type: 'gain'; readonly round: number; readonly target: string; readonly track: string; readonly amount: number; readonly value: number; readonly chip: string }
/** A late arrival entering the fight (a fight entry's `arrives`), at the start of its round. */
/** A card dealt for initiative (`turn.initiative.deck`): its name, its value (the initiative) and whether a joker. */
export interface DrawEvent { readonly type: 'draw'; readonly round: number; readonly target: string; readonly card: string; readonly value: number; readonly joker: boolean; readonly chip: string }
export interface ArriveEvent { readonly type: 'arrive'; readonly round: number; readonly target: string; readonly position: string; readonly chip: string }
/** One running away (a `flees` condition) leaves the fight at the start of its turn. */
export interface FleeEvent { readonly type: 'flee'; readonly round: number; readonly target: string; readonly position: string; readonly chip: string }
/**
 * A card fired (issue 23): `holder`'s card `card` on its event `on`, whose `when` held; what its effects did follows
 * as their own events. `source` and `target` are the event's (`@event.source`, `@event.target`); `pointer` is where
 * the card is written.
 */
export interface CardEvent {
  readonly type: 'card'; readonly round: number; readonly holder: string; readonly card: string; readonly cardName: string; readonly on: CardTrigger;
  readonly source?: string; readonly target?: string; readonly pointer: string; readonly chip: string;
  /** 1: fired by the event itself; 2 and more: by an effect of the card one less deep (at most MAX_CARD_DEPTH). */
  readonly depth: number;
}
export interface FightEndEvent { readonly type: 'fightEnd'; readonly round: number; readonly winner: Winner; readonly rounds: number }

export type FightEvent =
  | FightStartEvent | RoundEvent | TurnEvent | CheckEvent | ReactionEvent | DamageEvent | HealEvent | ConditionEvent | DownEvent
  | NoTimeEvent | AbilityEvent | HarmEvent | SustainEvent | RegenerateEvent | MoveEvent | GainEvent | ArriveEvent | DrawEvent | FleeEvent | CardEvent | FightEndEvent;

export type FightEventType = FightEvent['type'];
export type EventOf<T extends FightEventType> = Extract<FightEvent, { type: T }>;

export type EventSink = (event: FightEvent) => void;

/** Keys of T listed exactly once, all of them: a list missing a field (or naming one T lacks) does not compile. */
type AllKeys<T, L extends readonly (keyof T)[]> = Exclude<keyof T, L[number]> extends never ? L : readonly ['missing', Exclude<keyof T, L[number]>];
function fields<T>() {
  return <const L extends readonly (keyof T)[]>(list: AllKeys<T, L>): readonly string[] => list as readonly string[];
}

/** Every field of every event, by type: what the schema's test compares both ways (and a reader may rely on). */
export const EVENT_FIELDS: { readonly [K in FightEventType]: readonly string[] } = {
  fightStart: fields<FightStartEvent>()(['type', 'system', 'fightId', 'seed', 'hpTrack', 'combatants', 'note', 'map']),
  round: fields<RoundEvent>()(['type', 'round']),
  turn: fields<TurnEvent>()(['type', 'round', 'actor', 'initiative', 'clock']),
  check: fields<CheckEvent>()(['type', 'round', 'actor', 'check', 'checkName', 'target', 'dice', 'roll', 'total', 'vs', 'outcome', 'outcomeName',
    'result', 'crit', 'botch', 'degree', 'formula', 'chip', 'influencedBy', 'opposed']),
  reaction: fields<ReactionEvent>()(['type', 'round', 'actor', 'ability', 'on', 'success', 'dice', 'kept', 'chip']),
  damage: fields<DamageEvent>()(['type', 'round', 'actor', 'target', 'amount', 'damageType', 'steps', 'rolled', 'hp', 'formula', 'chip', 'split']),
  heal: fields<HealEvent>()(['type', 'round', 'actor', 'target', 'amount', 'track', 'formula', 'chip']),
  condition: fields<ConditionEvent>()(['type', 'round', 'target', 'condition', 'change', 'source', 'dc']),
  down: fields<DownEvent>()(['type', 'round', 'target', 'by', 'state']),
  noTime: fields<NoTimeEvent>()(['type', 'round', 'actor', 'action', 'attack']),
  ability: fields<AbilityEvent>()(['type', 'round', 'actor', 'ability', 'targets', 'chip']),
  harm: fields<HarmEvent>()(['type', 'round', 'actor', 'target', 'levels', 'amount']),
  sustain: fields<SustainEvent>()(['type', 'round', 'actor', 'ability', 'change']),
  regenerate: fields<RegenerateEvent>()(['type', 'round', 'target', 'amount', 'stopped']),
  move: fields<MoveEvent>()(['type', 'round', 'target', 'from', 'to', 'chip', 'fromSquare', 'toSquare', 'path', 'ability', 'teleport', 'aside']),
  gain: fields<GainEvent>()(['type', 'round', 'target', 'track', 'amount', 'value', 'chip']),
  arrive: fields<ArriveEvent>()(['type', 'round', 'target', 'position', 'chip']),
  draw: fields<DrawEvent>()(['type', 'round', 'target', 'card', 'value', 'joker', 'chip']),
  flee: fields<FleeEvent>()(['type', 'round', 'target', 'position', 'chip']),
  card: fields<CardEvent>()(['type', 'round', 'holder', 'card', 'cardName', 'on', 'source', 'target', 'pointer', 'chip', 'depth']),
  fightEnd: fields<FightEndEvent>()(['type', 'round', 'winner', 'rounds']),
};
