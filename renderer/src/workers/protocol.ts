// The typed messages between the UI thread and its workers. Every request carries an id; its answer repeats it.
import type { PartialStats } from '../../../engine/index';
import type { SchemaCompletion, SchemaHover } from '../../../engine/index';
import type { FixableDiagnostic, QuickFix } from '../../../engine/index';
import type { MessageLocale, PartyOdds, RulesOutline } from '../../../engine/index';

/** Schema help and quick fixes (engine/editor/schemaHelp.ts and quickFixes.ts), asked of the check worker. */
export type LanguageQuery =
  /** `locale`: the schema's help and completion's own notes in that language (engine/i18n/schema.ts). */
  | { readonly kind: 'complete'; readonly text: string; readonly offset: number; readonly locale?: MessageLocale }
  /** `locale`: the schema's help in that language where it has it (engine/i18n/schema.ts). */
  | { readonly kind: 'hover'; readonly text: string; readonly offset: number; readonly locale?: MessageLocale }
  | { readonly kind: 'fixes'; readonly text: string; readonly diagnostics: readonly FixableDiagnostic[] }
  /** The Rules outline of a text (engine/editor/rulesOutline.ts). */
  | { readonly kind: 'rules'; readonly text: string }
  /** The party against each template at each tier (engine/balance/party-odds.ts): hit chance and rounds to fall. */
  | { readonly kind: 'odds'; readonly text: string; readonly party?: string };

export type LanguageAnswer =
  | { readonly kind: 'complete'; readonly items: readonly SchemaCompletion[] }
  | { readonly kind: 'hover'; readonly hover: SchemaHover | null }
  /** One list of fixes per diagnostic asked about, in the same order. */
  | { readonly kind: 'fixes'; readonly fixes: readonly (readonly QuickFix[])[] }
  | { readonly kind: 'rules'; readonly outline: RulesOutline }
  /** The odds, or why there are none (a document that does not parse or load, no templates, no heroes). */
  | { readonly kind: 'odds'; readonly odds: PartyOdds | string };

export type { PartyOdds, OddsCell, OddsRow } from '../../../engine/index';
export type { RulesField, RulesFieldKind, RulesGroup, RulesOutline, RulesPlace, RulesPlaceId, TemplateTable } from '../../../engine/index';
export type { CompletionName, Definition, DefinitionKind, EditorDistribution as Distribution, EditorDiagnostic, FormulaInfo, FormulaToken, FormulaTokenKind, Severity } from '../../../engine/index';
import type { Definition, EditorDiagnostic, FormulaInfo, FormulaToken, CompletionName } from '../../../engine/index';

export type CheckRequest =
  | {
      readonly type: 'check';
      readonly id: number;
      readonly docId: string;
      readonly version: number;
      readonly text: string;
      /** false lets the worker re-check only the formula being typed in (a full check must follow). */
      readonly full: boolean;
    }
  | {
      readonly type: 'formulaInfo';
      readonly id: number;
      readonly docId: string;
      readonly pointer: string;
      readonly formula: string;
      readonly defence?: number;
      /** The tier `@tier` and a template's sheet are read at (default 1). */
      readonly tier?: number;
    }
  | { readonly type: 'completions'; readonly id: number; readonly docId: string; readonly pointer: string }
  | { readonly type: 'language'; readonly id: number; readonly query: LanguageQuery };

export type CheckResponse =
  | {
      readonly type: 'checked';
      readonly id: number;
      readonly docId: string;
      readonly version: number;
      readonly diagnostics: readonly EditorDiagnostic[];
      readonly tokens: readonly FormulaToken[];
      /** Set on a fast check: `tokens` only covers this range of the text (the rest moved with the edit). */
      readonly tokenRange: { readonly start: number; readonly end: number } | null;
      readonly definitions: readonly Definition[];
      /** JSON pointers of every formula string (hovers and `@` completion answer only there). */
      readonly formulaPointers: readonly string[];
      /** No errors: the simulator may run this version. */
      readonly valid: boolean;
      /** Only the edited formula was re-checked: ask for a full check when typing pauses. */
      readonly fast: boolean;
      readonly millis: number;
    }
  | { readonly type: 'formulaInfo'; readonly id: number; readonly info: FormulaInfo }
  | { readonly type: 'completions'; readonly id: number; readonly names: readonly CompletionName[] }
  | { readonly type: 'language'; readonly id: number; readonly answer: LanguageAnswer }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

// ---------------------------------------------------------------------------------------------------------------
// The sim worker: one fight's event log (stepped through in the sandbox) and batches with progress.

/** One event of a fight: the engine's own union (engine/sim/events.ts), as `sim --log` prints it (spec §4). */
export type { FightEvent } from '../../../engine/index';
import type { FightEvent, TurnOffer, TurnStep } from '../../../engine/index';

/** Which fight to run: one of the document's, or one composed in the sandbox (a `fights[]` entry). */
export type FightChoice =
  | { readonly kind: 'document'; readonly fightId: string }
  | { readonly kind: 'composed'; readonly fight: ComposedFight };

export interface ComposedFight {
  readonly id: string;
  readonly heroes: readonly (string | { readonly hero: string; readonly position?: string; readonly conditions?: readonly string[] })[];
  readonly enemies: readonly ComposedEnemy[];
  readonly maxRounds?: number;
}

type EnemyPlacement = { readonly count?: number; readonly position?: string; readonly conditions?: readonly string[] };
export type ComposedEnemy =
  | ({ readonly template: { readonly role: string; readonly tier: number } } & EnemyPlacement)
  | ({ readonly bestiary: string } & EnemyPlacement);

/** Batch statistics: the `sim --json` shape. */
export interface BatchStats {
  /** The system's id and the fight's id (`sandbox` for a composed fight). */
  readonly system: string;
  readonly fight: string;
  readonly fights: number;
  readonly seed: number;
  readonly wins: { readonly heroes: number; readonly enemies: number; readonly draw: number };
  readonly rounds: { readonly mean: number; readonly p50: number; readonly p90: number; readonly max: number };
  /** Fights that ended after each number of rounds (index = rounds). */
  readonly roundsHistogram?: readonly number[];
  /** Share of fights in which some hero went down; in which some hero died. */
  readonly heroDown: number;
  readonly heroDied: number;
  readonly checks: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly combatants: readonly {
    readonly id: string;
    readonly side: string;
    readonly survived: number;
    /** Fraction of fights it ended dead; 1 - survived - died - fled ended down but alive. */
    readonly died: number;
    /** Fraction of fights it ran away from (a `flees` condition). */
    readonly fled?: number;
    readonly damageDealt: { readonly mean: number };
  }[];
}

/**
 * One slice of a batch from one worker: plain partial statistics (engine/sim's PartialStats) with what is needed to
 * merge and finish them in the page (batchParts.ts).
 */
export interface BatchPart {
  readonly system: string;
  readonly fight: string;
  /** Index of the slice's first fight. */
  readonly from: number;
  readonly tallyKeys: readonly (readonly [string, string])[];
  readonly partial: PartialStats;
}

export type SimRequest =
  | {
      readonly type: 'fight'; readonly id: number; readonly systemText: string; readonly choice: FightChoice; readonly seed: number;
      /** Heroes the tester plays ("You play"), and the steps chosen for their turns so far, in order. */
      readonly played?: readonly string[]; readonly choices?: readonly (readonly TurnStep[])[];
    }
  | {
      readonly type: 'batchPart';
      readonly id: number;
      readonly systemText: string;
      readonly choice: FightChoice;
      readonly seed: number;
      /** Fights from .. from + fights - 1 of the batch. */
      readonly from: number;
      readonly fights: number;
    }
  /** The fight's exact heroes' win chance (engine/sim/exact.ts) within a small budget, beside a batch's estimate. */
  | { readonly type: 'exact'; readonly id: number; readonly systemText: string; readonly choice: FightChoice };

export type SimResponse =
  /** `offer`: the fight stopped at a played hero's turn with no choice yet; what that hero may do. */
  | { readonly type: 'fightLog'; readonly id: number; readonly events: readonly FightEvent[]; readonly offer?: TurnOffer | null }
  | { readonly type: 'progress'; readonly id: number; readonly done: number; readonly total: number }
  | { readonly type: 'batchPartResult'; readonly id: number; readonly part: BatchPart }
  /** `win`: the heroes' exact win chance, or null (with the reason) when the fight is too big for the studio's budget. */
  | { readonly type: 'exactResult'; readonly id: number; readonly win: number | null; readonly states: number; readonly reason: string | null }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
