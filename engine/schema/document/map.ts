// The battle map on squares (§2.9, `grid: true` systems): the system's map rules and a fight's map.
import type { FormulaText } from './core';

/** The system's rules for fights on a map (`map`). */
export interface MapRulesDocument {
  /** Squares a combatant walks in its turn, on its sheet (default `6`). Context `sheet`. */
  readonly speed?: FormulaText;
  /** What successive diagonal steps of one move cost, round and round (default `[1]`; `[1, 2]`: 1, 2, 1, 2...). */
  readonly diagonal?: readonly number[];
  /** What a step into difficult terrain costs, times the step's own cost (default 2). */
  readonly difficult?: number;
  /** Squares a blow of each reach word carries (default `near` 1, any other word 24), and to `long` at long range. */
  readonly reach?: Readonly<Record<string, { readonly squares: number; readonly long?: number }>>;
  /** Condition id the attacker holds for a blow at long range. */
  readonly longRange?: string;
  /** Condition id the target holds for a melee blow while an ally of the attacker stands on its opposite side (flanking). */
  readonly flanking?: string;
  /** Condition id the target holds for a blow whose line crosses a cover square or grazes a wall's corner. */
  readonly cover?: string;
  /** Leaving a foe's reach by walking provokes its opportunity attack (default `combat.reaction.opportunity`). */
  readonly opportunity?: boolean;
  /** Condition id the target holds for a blow whose line crosses a square another standing combatant holds (cover from creatures). */
  readonly creatureCover?: string;
  /** Ability id of the Dash every combatant on a map may use (a policy with `dash`): its speed walked again, its `uses` spent. */
  readonly dash?: string;
  /** What is left of a combatant's speed after it acts it walks then, by its policy (default false). */
  readonly moveAfter?: boolean;
}

/** A square `[x, y]` (0-based, x to the right, y down), or a rectangle `[x1, y1, x2, y2]` (corners included). */
export type MapSquares = readonly (readonly number[])[];

/** A fight's battle map (`fights[].map`). */
export interface FightMap {
  readonly width: number;
  readonly height: number;
  readonly walls?: MapSquares;
  readonly difficult?: MapSquares;
  readonly cover?: MapSquares;
  /** Start squares by combatant id or fight entry id (an entry of several takes them in turn). */
  readonly start?: Readonly<Record<string, MapSquares>>;
  /** How each moves, by combatant id or entry id: `close`, `distance`, `hold`, `{ "protect": "<ally id>" }`, or `{ "policy", "dash" }`. */
  readonly movement?: Readonly<Record<string, MovementText>>;
}

/** A movement policy as written: a word, or an object with its options (`protect` or `policy`, and `dash`). */
export type MovementText = 'close' | 'distance' | 'hold'
  | { readonly protect?: string; readonly policy?: 'close' | 'distance' | 'hold'; readonly dash?: boolean };
