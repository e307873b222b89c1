// Compiles a checked AST to closures, never evaluating text as code. The axes, one module each: node.ts dispatches
// on the node kind to operators.ts, conditional.ts, dice.ts and calls.ts, which build the plain closures (references
// resolved once here, constants folded, piece.ts); traced.ts builds the traced ones (they push chip items; built on
// first use); fused.ts the single closures of the hot shapes (`2d6 + 3`, `d20 + @a + @b`, `@edge > 0 ? x : y`).
// What the closures call while running, and one evaluation, is in ../evaluate.ts.
import { formulaShape } from '../calls';
import type { CompileOptions, CompiledFormula, RefGetter } from '../runtime';
import { parseFormula } from '../parse';
import { LIMITS } from '../types';
import type { FormulaDiagnostic, FormulaNode } from '../types';
import { compileNode } from './node';
import { FormulaCompileError } from './piece';
import type { CompileScope, Run } from './piece';

export { FormulaCompileError, type CompileErrorCode } from './piece';
// The runtime, for the callers that compile and run in one import.
export { evaluateFormula, newEvalContext, resetRollFacts, writeTag } from '../evaluate';


/** Compiles an AST. Throws FormulaCompileError for unknown references or functions, recursion and limits. */
export function compileFormula(ast: FormulaNode, options: CompileOptions): CompiledFormula {
  // Compiling, running and tracing all recurse as deep as the formula with its calls' bodies in place, and build
  // a closure per node of it: the checker's limits, drawn again here for callers that compile unchecked text.
  const shape = formulaShape(ast, options.functions);
  const over =
    shape.height > LIMITS.maxCallDepth
      ? `user functions call each other ${shape.height} deep here; at most ${LIMITS.maxCallDepth} calls may be open at once`
      : shape.nesting > LIMITS.maxNesting
        ? `this formula nests ${shape.nesting.toLocaleString('en-US')} levels deep with the bodies of the functions it calls; at most ${LIMITS.maxNesting.toLocaleString('en-US')} fit`
        : shape.size > LIMITS.maxExpandedSize
          ? `this formula grows to ${shape.size.toLocaleString('en-US')} parts with the bodies of the functions it calls; at most ${LIMITS.maxExpandedSize.toLocaleString('en-US')} fit`
          : undefined;
  if (over !== undefined) throw new FormulaCompileError(over, 'limit', ast.span);
  const getters = new Map<FormulaNode, RefGetter>();
  const plainScope: CompileScope = { options, traced: false, params: null, calling: [], getters, callSpan: null };
  const plain = compileNode(ast, plainScope).run;
  let traced: Run | null = null;
  const run: CompiledFormula = (ctx) => {
    if (ctx.trace === null) return plain(ctx);
    traced ??= compileNode(ast, { ...plainScope, traced: true }).run;
    return traced(ctx);
  };
  untracedOf.set(run, plain);
  return run;
}

const untracedOf = new WeakMap<CompiledFormula, CompiledFormula>();

/**
 * The same evaluation without the per-call check for a trace (for callers whose context never traces: the fight
 * engine's scratch evaluations); a formula not made by compileFormula is returned as it is.
 */
export function untracedRun(formula: CompiledFormula): CompiledFormula {
  return untracedOf.get(formula) ?? formula;
}

export type CompileTextResult = { readonly formula: CompiledFormula } | { readonly diagnostics: readonly FormulaDiagnostic[] };

/** Parses and compiles formula text; never throws for bad input. */
export function compileText(text: string, options: CompileOptions): CompileTextResult {
  const parsed = parseFormula(text);
  if (parsed.ast === null || parsed.diagnostics.some((d) => d.severity === 'error')) {
    return { diagnostics: parsed.diagnostics };
  }
  try {
    return { formula: compileFormula(parsed.ast, options) };
  } catch (error) {
    if (error instanceof FormulaCompileError) return { diagnostics: [error.toDiagnostic()] };
    throw error;
  }
}
