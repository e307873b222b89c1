// A formula evaluated at every value of a reference's range (a template is built at each tier of the system's
// `tiers`) is checked at each (issue 17, systems:0:57): with the value fixed, the checker knows a die's size and
// so whether it can ever stop. An error only some values give is reported once, naming them.
import { checkFormula, type CheckOptions, type CheckResult } from './check';
import { refsOf } from './nodes';
import { layerSymbols } from './symbols';
import type { FormulaDiagnostic, FormulaNode, SymbolTable } from './types';

export interface EveryValueOptions extends CheckOptions {
  /** References the formula is checked at every whole value of (their range as the table gives it). */
  readonly everyValueOf?: readonly string[];
}

/**
 * checkFormula, then again with each reference of `everyValueOf` fixed at each whole value of its range: the
 * errors found only then are added (`with \`@tier\` at 2 (it may be 1 to 6): ...`). Ranges over 64 values and
 * formulas that do not read the reference are not swept.
 */
export function checkAtEveryValue(ast: FormulaNode, symbols: SymbolTable, options: EveryValueOptions = {}): CheckResult {
  const { everyValueOf, ...plain } = options;
  const result = checkFormula(ast, symbols, plain);
  let work = result.work;
  for (const name of everyValueOf ?? []) work += sweep(ast, symbols, plain, name, result.diagnostics);
  return { ...result, work };
}

/** Most values of a reference checkAtEveryValue tries. */
const MAX_SWEEP = 64;

/**
 * One reference of checkAtEveryValue: the errors the formula gives with `@name` fixed at each whole
 * value of its range and not without, added to `diagnostics` once each with the values that give them. The work.
 */
function sweep(ast: FormulaNode, symbols: SymbolTable, options: CheckOptions, name: string, diagnostics: FormulaDiagnostic[]): number {
  const info = symbols.lookup(name);
  const range = info?.range;
  if (info === undefined || range === undefined || !refsOf(ast).has(name)) return 0;
  const lo = Math.ceil(range[0]);
  const hi = Math.floor(range[1]);
  if (!(hi >= lo) || hi - lo >= MAX_SWEEP) return 0;
  const key = (d: FormulaDiagnostic) => `${d.code}\u0000${d.span.start}\u0000${d.span.end}\u0000${d.message}`;
  const known = new Set(diagnostics.map(key));
  const found = new Map<string, { diagnostic: FormulaDiagnostic; values: number[] }>();
  let work = 0;
  for (let value = lo; value <= hi; value++) {
    const fixed = layerSymbols(new Map([[name, { ...info, range: [value, value] as const }]]), symbols);
    const result = checkFormula(ast, fixed, options);
    work += result.work;
    for (const d of result.diagnostics) {
      if (d.severity !== 'error' || known.has(key(d))) continue;
      const entry = found.get(key(d)) ?? { diagnostic: d, values: [] };
      entry.values.push(value);
      found.set(key(d), entry);
    }
  }
  for (const { diagnostic, values } of found.values()) {
    const at = values.length === 1 ? `${values[0]}` : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
    diagnostics.push({ ...diagnostic, message: `with \`@${name}\` at ${at} (it may be ${lo} to ${hi}): ${diagnostic.message}` });
  }
  return work;
}
