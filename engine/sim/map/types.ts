// The battle map on squares (issue 23): the system's map rules (`map`) and a fight's map (`fights[].map`), as loaded.
// A square is one number, `y * width + x`; x runs left to right from 0, y top to bottom from 0.
import type { AbilityDef, ConditionDef, Formula } from '../model';

/** A square's terrain, as bits. */
export const WALL = 1;
export const DIFFICULT = 2;
export const COVER = 4;

/** How far a blow carries on a battle map, in squares: `squares`, and on to `long` at long range (0: no long range). */
export interface Span {
  readonly squares: number;
  readonly long: number;
}

/** How far a blow of one reach word carries (`map.reach`). */
export type MapReach = Span;

/**
 * What reaches a foe (an attack profile, an ability): a reach word (`near`, `far`, a row: the bands' word, `@attack.melee`
 * for `near`) and, on a map, its own squares (`squares`, `long` of the blow), or null: what `map.reach` gives its word.
 */
export interface Reaching {
  readonly reach: string;
  readonly span: Span | null;
}

/** How a combatant moves on the map (`map.movement` of a fight, else by its first attack: close in, or keep away). */
export type MovementPolicy =
  | { readonly kind: 'close'; readonly dash?: boolean }
  | { readonly kind: 'distance'; readonly dash?: boolean }
  | { readonly kind: 'protect'; readonly ward: string; readonly dash?: boolean }
  | { readonly kind: 'hold'; readonly dash?: boolean };

/** A fight's movement entry: a policy, or `{ "dash": true }` alone (the policy its first attack gives, with the Dash). */
export type MovementEntry = MovementPolicy | { readonly kind: 'default'; readonly dash: boolean };

/** The system's rules for fights on a map (`map`). */
export interface MapRules {
  /** Squares a combatant walks in a turn, on its sheet. */
  readonly speed: Formula;
  /** What successive diagonal steps of one move cost, round and round (`[1]`: every one 1; `[1, 2]`: 1, 2, 1, 2...). */
  readonly diagonal: readonly number[];
  /** What a step into difficult terrain costs, times the step's own cost. */
  readonly difficult: number;
  /** Squares by reach word (`near`: 1); a word it does not name reaches `farSquares` (with no long range). */
  readonly reach: ReadonlyMap<string, MapReach>;
  /** The condition the attacker holds for a blow at long range (past `squares`, within `long`), or null. */
  readonly longRange: ConditionDef | null;
  /** The condition the target holds for a melee blow while an ally of the attacker stands on its opposite side, or null (no flanking). */
  readonly flanking: ConditionDef | null;
  /** The condition the target holds for a blow whose line passes a cover square or grazes a wall, or null (no cover). */
  readonly cover: ConditionDef | null;
  /** Leaving a foe's reach by walking provokes its opportunity attack (a teleport or a disengage never does). */
  readonly opportunity: boolean;
  /** The condition the target holds for a blow whose line crosses a square another standing combatant holds; null or absent: none. */
  readonly creatureCover?: ConditionDef | null;
  /** The Dash (`map.dash`): the ability a policy with `dash` uses to walk its speed again; null or absent: nobody dashes. */
  readonly dash?: AbilityDef | null;
  /** What is left of its speed after acting, a combatant walks then (`map.moveAfter`; absent: false). */
  readonly moveAfter?: boolean;
}

/** One fight's map (`fights[].map`): its terrain and where each combatant starts. */
export interface FightMapDef {
  /** The system's map rules it is fought by. */
  readonly rules: MapRules;
  readonly width: number;
  readonly height: number;
  /** Terrain bits per square (WALL, DIFFICULT, COVER). */
  readonly terrain: Uint8Array;
  /** Start squares by combatant id or entry id (an entry of several takes them in turn); the rest are placed by side. */
  readonly start: ReadonlyMap<string, readonly number[]>;
  /** Movement policies by combatant id or entry id. */
  readonly movement: ReadonlyMap<string, MovementEntry>;
}

/** What the log's `fightStart` says of the map, for a reader that draws it. */
export interface MapSummary {
  readonly width: number;
  readonly height: number;
  readonly walls: readonly (readonly [number, number])[];
  readonly difficult: readonly (readonly [number, number])[];
  readonly cover: readonly (readonly [number, number])[];
}
