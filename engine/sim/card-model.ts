// Cards (issue 23): rules a system, a hero, a creature or a template carries that fire on fight events. The loaded
// form of a card (load-cards.ts builds it, rules/cards.ts fires it); the document's form is engine/schema/document.
import type { Formula } from './model';

/** The fight events a card may fire on (`cards[].on`), in the order a combatant's card lists are indexed by. */
export const CARD_TRIGGERS = [
  'fightStart', 'fightEnd', 'roundStart', 'turnStart', 'turnEnd', 'damageDealt', 'damageTaken', 'enemyDefeated', 'down', 'conditionApplied',
] as const;
export type CardTrigger = typeof CARD_TRIGGERS[number];

/** Whom an effect of a card lands on (`do[].to`): its holder, the event's source or target, the holder's allies or foes. */
export type CardWho = 'self' | 'source' | 'target' | 'allies' | 'enemies';

export type CardEffect =
  | { readonly kind: 'apply'; readonly to: CardWho; readonly condition: string }
  | { readonly kind: 'remove'; readonly to: CardWho; readonly condition: string }
  /** `gain` and `spend` (a spend is a gain of minus its amount). */
  | { readonly kind: 'gain'; readonly to: CardWho; readonly track: number; readonly amount: Formula; readonly sign: 1 | -1 }
  | { readonly kind: 'heal'; readonly to: CardWho; readonly track: number; readonly amount: Formula }
  | { readonly kind: 'damage'; readonly to: CardWho; readonly amount: Formula; readonly type: string }
  | { readonly kind: 'grant'; readonly to: CardWho; readonly action: number; readonly count: Formula };

export interface CardDef {
  readonly id: string;
  readonly name: string;
  readonly on: CardTrigger;
  /** Index of `on` in CARD_TRIGGERS. */
  readonly trigger: number;
  readonly when: Formula | null;
  readonly effects: readonly CardEffect[];
  /** What it does in words (`text`), else worded from its effects: the first half of its chip. */
  readonly text: string;
  /** Where it is written (`/cards/0`, `/heroes/2/cards/0`): named by the loop guard's error. */
  readonly pointer: string;
}

/** One combatant's cards by trigger (CARD_TRIGGERS order), the system's first; `bits` has bit i set when list i is not empty. */
export interface CardSet {
  readonly byTrigger: readonly (readonly CardDef[])[];
  readonly bits: number;
}
