// Public API of the formula language. (B appends the compile/trace exports below.)
export * from './types';
export * from './runtime';
export { parseFormula, clearParseCache, type ParseResult } from './parse';
export { printFormula, printNumber } from './print';
export { checkFormula, checkFunctionBody, suggestNames, editDistance, type CheckOptions, type CheckResult } from './check';
export { callCycle } from './calls';
export { findCycle, walkGraph, type GraphWalk } from './graph';
export { createSymbolTable, layerSymbols, type SymbolTableOptions } from './symbols';
export {
  BUILTINS,
  getBuiltin,
  RESERVED_SEGMENTS,
  RESERVED_FUNCTION_NAMES,
  explainBadFunctionName,
  type BuiltinFunction,
  type NumericRange,
} from './builtins';
export {
  compileFormula,
  compileText,
  newEvalContext,
  evaluateFormula,
  resetRollFacts,
  FormulaCompileError,
  type CompileErrorCode,
  type CompileTextResult,
} from './compile';
export { renderChip, renderCheckChip, renderTrace, renderTraceItem, formatChipNumber, formatChipValue, type CheckChipExtras } from './trace';
export { distributionOf } from './distribution';
export type { Distribution, DistributionError, DistributionOptions, DistributionResult } from './distribution';
