// The public surface of the rules core: what the CLI, the studio and other tools use. Pure TypeScript (no DOM, no Node).
// The renderer and the electron side import the engine only from here (scripts/lint.mjs holds them to it). The formula
// language and dice are flat; the document checker and types are the `schema` namespace and the fight engine the
// `sim` namespace; below, flat, what the studio uses of the fight engine, the balance tools and the editor logic.
export * from './formula';
export * from './dice';
export * as schema from './schema';
export * as sim from './sim';

export type { SystemDocument } from './schema/document';
export {
  composeFight, fightLog, loadSystem, simulate, simulatePartial, StatsAccumulator,
  type FightDef, type PartialStats, type System,
} from './sim/index';
export { shareProblem, type Share } from './sim/options';
export type { TurnChooser, TurnOffer, TurnStep } from './sim/choice';
export {
  EVENT_FIELDS, type AbilityEvent, type CheckEvent, type CheckResult, type ConditionEvent, type DamageEvent, type DownEvent, type EventOf,
  type FightEndEvent, type FightEvent, type FightEventType, type FightStartEvent, type GainEvent, type HarmEvent, type HealEvent, type MoveEvent, type NoTimeEvent,
  type ReactionEvent, type RegenerateEvent, type RoundEvent, type SustainEvent, type TurnEvent, type Winner,
} from './sim/events';

export type { BatchState } from './balance/batch';
export { diffSystems, type DiffResult, type FightDiff, type MetricChange } from './balance/diff';
export { changedCells, defaultParty, diffCells, type CellDiffOptions, type CellDiffResult } from './balance/cell-diff';
export { partyOdds, type HeroOdds, type OddsCell, type OddsRow, type PartyOdds } from './balance/party-odds';
export { isTranslated, localeFromEnvironment, translateMessage, type MessageLocale } from './i18n/messages';
export { translateChip } from './i18n/chips';
export { translateChangeText } from './i18n/change';
export { SCHEMA_PT_BR, completionWords, translateSchemaText } from './i18n/schema';
export { timeLeft, ETA_AFTER_SECONDS } from './balance/eta';
export { finishGrid, planGrid, runCell, runGrid, type GridCell, type GridResult } from './balance/grid';
export {
  documentIdentity, recordedFights, runEntry, runPoints, versionPoints, type RecordableStats, type RunEntry, type RunPoint,
} from './balance/history';
export { sensitivity, sensitivityPart, type Knob, type SensitivityResult } from './balance/sensitivity';
export { finishSensitivity, needleSaturated, type SensitivityPart } from './balance/sensitivity-merge';
export { tune, type TuneOptions, type TuneResult } from './balance/tune';
export { TUNE_MEASURES, TUNE_METRICS, type TuneMetric } from './balance/tune-measures';

export { referenceAt, referenceItems } from './editor/completion';
export { chanceAtLeast, FormulaTools } from './editor/formulaTools';
export {
  base64, CHART_COLOURS, distributionSvg, distributionTable, ENGLISH_HOVER_WORDS, escapeMarkdown, formulaHoverMarkdown, type HoverOptions, type HoverTheme, type HoverWords, type MarkdownContent,
} from './editor/hover';
export {
  decodedSpanToDocument, decodedToRawOffsets, documentOffsetToDecoded, JsonLocator, lineColumnOf, numberEdit, pathToPointer,
  pointerToPath, type OffsetRange, type TextEdit,
} from './editor/jsonLocations';
export {
  describeChange, parseChangeRequest, STAT_NAMES, type ChangeRequest, type ParsedRequest, type StatChange,
} from './editor/change/parse';
export {
  combinedEdit, planChange, templateRoles, type ChangeEdit, type ChangePlan, type ChangeRefusal, type FormulaChange, type PinnedEnemy,
} from './editor/change/plan';
export { pinFightEdit, pinnedSheet, templateRoster, type RosterEntry } from './editor/change/pin';
export { definitionAt, formulaPlace } from './editor/places';
export { DocumentSession } from './editor/session';
export { quickFixes, suggestionsOf, type FixableDiagnostic, type FixEdit, type QuickFix } from './editor/quickFixes';
export { placeOfPointer, rulesOutline, valueEdit, type RulesField, type RulesFieldKind, type RulesGroup, type RulesOutline, type RulesPlace, type RulesPlaceId, type TemplateNumber, type TemplateRow, type TemplateTable } from './editor/rulesOutline';
export {
  expandSnippet, schemaCompletions, schemaHover, type CompletionKind, type SchemaCompletion, type SchemaHover,
} from './editor/schemaHelp';
export type {
  CompletionName, Definition, DefinitionKind, Distribution as EditorDistribution, EditorDiagnostic, FormulaInfo, FormulaToken,
  FormulaTokenKind,
} from './editor/types';
