// The document's checks and their outcomes (rules-format §2.3), as TypeScript: part of engine/schema/document/.
import type { FormulaText, OutcomeResult, Track } from './core';

// ---------------------------------------------------------------------------------------------------------------
// Checks (§2.1)

export interface Check {
  /** Display name. */
  readonly name?: string;
  /** What the check is for, for people. */
  readonly description?: string;
  /** The roll, evaluated once (context `check.roll`). */
  readonly roll: FormulaText;
  /** How advantage-like edges combine before the dice. */
  readonly edge?: EdgeRule;
  /** Tried in order; the first whose `when` holds is the outcome. None: the check only yields its total. */
  readonly outcomes?: readonly Outcome[];
  /**
   * The number the check is rolled with when no blow gives one (saves, reactions, initiative), `@stat` in `roll`
   * (context `sheet`, on the roller). A creature's `saves[<check id>]` replaces it.
   */
  readonly stat?: FormulaText;
  /** Boolean: whether the check may be attempted at all (context `check.roll`, before the roll: `@stat >= 1`). */
  readonly requires?: FormulaText;
  /** An opposed check: the target first rolls `check` (or the first of `prefer` whose `when` holds on its sheet); outcomes read `@vs.*`. */
  readonly vs?: { readonly check: string; readonly prefer?: readonly { readonly check: string; readonly when: FormulaText }[] };
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
  readonly when: FormulaText;
  /** What the rules read: success, partial or fail. */
  readonly result: OutcomeResult;
  /** A critical success. */
  readonly crit?: boolean;
  /** A botch (critical failure). */
  readonly botch?: boolean;
  /** Degree of success, a number formula (context `check.outcome`). */
  readonly degree?: FormulaText;
  /** Conditions put on the actor. */
  readonly applies?: readonly string[];
  /** Conditions put on the target. */
  readonly inflicts?: readonly string[];
  /** Conditions taken off the target (before `inflicts`). */
  readonly removes?: readonly string[];
  /** Conditions taken off the actor (before `applies`). */
  readonly removesOwn?: readonly string[];
  /** Opposed checks: this outcome hurts the one who rolled (the defender's first attack deals its damage to the attacker). */
  readonly counter?: boolean;
  /** Tracks of the actor filled (`hope` + 1). */
  readonly gain?: readonly TrackAmount[];
  /** true: the target now counts the actor as the one who provoked it (whom a `picks: "provoker"` foe strikes). */
  readonly provokes?: boolean;
  /** For people. */
  readonly description?: string;
}

export interface TrackAmount {
  /** Track id. */
  readonly track: string;
  /** How much, a formula (context `sheet`). */
  readonly amount: FormulaText;
}
