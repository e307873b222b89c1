// Public API of the formula language. (B appends the compile/trace exports below.)
export * from './types';
export * from './runtime';
export { parseFormula, clearParseCache, type ParseResult } from './parse';
export { printFormula, printNumber } from './print';
