// Public surface of the document checker: check a system file, ask what a formula field may read, the document types.
export { checkSystem, symbolsForPointer, documentSymbols, type SystemDiagnostic, type SystemCheckResult } from './check';
export { DocumentSymbols, formulaValueType, rollTags } from './symbols';
export { CONTEXTS, FORMULA_CONTEXTS, isFormulaContext, type FormulaContext } from './contexts';
export { collectFormulaFields, schemaForPointer, type FormulaField, type SchemaNode } from './walk';
export { describePointer, parseJson, LineIndex, type JsonDocument, type JsonNode } from './json';
export { validateSystem, validateEvent, systemSchema, eventsSchema } from './generated/validators';
export * from './document';
