// Cards (issue 23): rules that fire on fight events, carried by the system (every combatant holds them), a hero, a
// creature or a template. As TypeScript: part of engine/schema/document/.
import type { FormulaText } from './core';

/** The fight events a card fires on. */
export type CardOn =
  | 'fightStart' | 'fightEnd' | 'roundStart' | 'turnStart' | 'turnEnd' | 'damageDealt' | 'damageTaken' | 'enemyDefeated' | 'down'
  | 'conditionApplied';

/** Whom an effect lands on: the holder (default), the event's source or target, the holder's allies or its foes. */
export type CardTo = 'self' | 'source' | 'target' | 'allies' | 'enemies';

export interface Card {
  /** Id, unique among the cards of one list. */
  readonly id: string;
  /** Display name, on its chip (default: the id in title case). */
  readonly name?: string;
  /** The event it fires on. */
  readonly on: CardOn;
  /** True when it fires (context `card`: the holder's sheet and `@event.*`); default: always. */
  readonly when?: FormulaText;
  /** What it does, in order. */
  readonly do: readonly CardEffect[];
  /** What it does, in words, for its chip (`+1 damage until the end of the turn`); default: worded from `do`. */
  readonly text?: string;
  /** For people. */
  readonly description?: string;
}

/** One effect: exactly one of `apply`, `remove`, `gain`, `spend`, `heal`, `damage`, `grant`; `to` says on whom. */
export interface CardEffect {
  readonly to?: CardTo;
  readonly apply?: string;
  readonly remove?: string;
  readonly gain?: { readonly track: string; readonly amount: FormulaText };
  readonly spend?: { readonly track: string; readonly amount: FormulaText };
  readonly heal?: { readonly amount: FormulaText; readonly track?: string };
  readonly damage?: { readonly amount: FormulaText; readonly type?: string };
  readonly grant?: { readonly action: string; readonly count?: FormulaText };
}
