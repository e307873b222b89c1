// The simulator's one door to the formula language: parse + compile a document formula once, remembering where it
// came from (a JSON pointer) so a problem reads as "/heroes/0/weapon/damage: ...".
import { hasDice, mapChildren, mayRoll, refsOf } from '../formula/nodes';
import { parseFormula } from '../formula/parse';
import { printNumber } from '../formula/print';
import { compileFormula, untracedRun } from '../formula/compile';
import type { CompiledFormula, RefGetter } from '../formula/runtime';
import type { FormulaNode, UserFunction, Value } from '../formula/types';
import type { Formula } from './model';

export interface SimDiagnostic {
  readonly pointer: string;
  readonly message: string;
}

export interface FormulaFactoryOptions {
  readonly resolve: (path: readonly string[]) => RefGetter | undefined;
  readonly label: (path: readonly string[]) => string | undefined;
  readonly functions: ReadonlyMap<string, UserFunction>;
  /** The self sheet index a lone reference reads (see selfSheetIndex), or undefined. */
  readonly sheetIndex?: (path: readonly string[]) => number | undefined;
}

/**
 * Every dice term's count doubled: the crit policy `dice` ("double the dice on a crit"). A conditional's test and a
 * die's count and size are left as they are (dice there decide, they are not damage).
 */
export function doubleDice(node: FormulaNode): FormulaNode {
  switch (node.kind) {
    case 'dice': {
      const two: FormulaNode = { kind: 'number', value: 2, span: node.span };
      const count: FormulaNode = node.count === null ? two : { kind: 'binary', op: '*', left: node.count, right: two, span: node.span };
      return { ...node, count };
    }
    case 'conditional': return { ...node, then: doubleDice(node.then), otherwise: doubleDice(node.otherwise) };
    default: return mapChildren(node, doubleDice);
  }
}

const FAILED: CompiledFormula = () => 0;

/** The value of a formula that reads nothing and rolls nothing, or undefined when it cannot be evaluated alone. */
function constantOf(run: CompiledFormula): Value | undefined {
  try {
    return run({ rng: { die: () => 1, next: () => 0 }, scope: null, diceLeft: 0, roll: { dice: [], kept: [], tags: {} }, trace: null });
  } catch {
    return undefined;
  }
}

/**
 * The formula with its value fixed (a sheet-constant formula pinned for one combatant). Written out, not spread: a
 * spread copy gets an object shape of its own, and the engine's reads of formulas would no longer be monomorphic.
 */
export function withConstant(f: Formula, constant: number): Formula {
  return { source: f.source, run: f.run, untraced: f.untraced, usesDice: f.usesDice, refs: f.refs, rolls: f.rolls, constant, truth: f.truth, selfIndex: f.selfIndex, doubled: f.doubled, ast: f.ast, pointer: f.pointer };
}

/**
 * A document formula as text. A number stays the number the checker accepted: plain digits, since `String(1e-7)` is
 * `1e-7`, which the formula language does not read (a bonus of 8e-323 was refused at load, after a clean check).
 */
function formulaText(source: string | number | boolean): string {
  return typeof source === 'number' ? printNumber(source) : String(source);
}

export class FormulaFactory {
  readonly diagnostics: SimDiagnostic[] = [];
  private readonly parsed = new Map<string, FormulaNode | null>();

  constructor(private readonly options: FormulaFactoryOptions) {}

  /** The tree of a formula already compiled (from the cache, no diagnostics), or null. */
  parsedAst(source: string | number | boolean): FormulaNode | null {
    return this.parsed.get(formulaText(source)) ?? null;
  }

  parse(source: string | number | boolean, pointer: string): FormulaNode | null {
    const text = formulaText(source);
    const cached = this.parsed.get(text);
    if (cached !== undefined) {
      if (cached === null) this.diagnostics.push({ pointer, message: `formula '${text}' does not parse` });
      return cached;
    }
    let ast: FormulaNode | null = null;
    try {
      const result = parseFormula(text);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (result.ast && errors.length === 0) ast = result.ast;
      else this.diagnostics.push({ pointer, message: errors.map((d) => d.message).join('; ') || `formula '${text}' does not parse` });
    } catch (err) {
      this.diagnostics.push({ pointer, message: err instanceof Error ? err.message : String(err) });
    }
    this.parsed.set(text, ast);
    return ast;
  }

  private compileAst(ast: FormulaNode, pointer: string, label?: (path: readonly string[]) => string | undefined): CompiledFormula {
    try {
      const compiled: unknown = compileFormula(ast, {
        resolve: this.options.resolve,
        label: label ?? this.options.label,
        functions: this.options.functions,
      });
      if (typeof compiled === 'function') return compiled as CompiledFormula;
      const withDiagnostics = compiled as { formula?: CompiledFormula; run?: CompiledFormula; diagnostics?: { message: string }[] };
      const fn = withDiagnostics.formula ?? withDiagnostics.run;
      if (fn) return fn;
      this.diagnostics.push({ pointer, message: withDiagnostics.diagnostics?.map((d) => d.message).join('; ') ?? 'formula does not compile' });
    } catch (err) {
      this.diagnostics.push({ pointer, message: err instanceof Error ? err.message : String(err) });
    }
    return FAILED;
  }

  /** Compile a document formula; `damage` also builds the doubled-dice variant for crits. */
  compile(source: string | number | boolean, pointer: string, damage = false, label?: (path: readonly string[]) => string | undefined): Formula {
    const text = formulaText(source);
    const ast = this.parse(text, pointer);
    if (!ast) return { source: text, run: FAILED, untraced: FAILED, usesDice: false, refs: [], rolls: false, constant: 0, truth: null, selfIndex: -1, doubled: undefined, ast: null, pointer };
    const run = this.compileAst(ast, pointer, label);
    const usesDice = hasDice(ast);
    const doubled = damage && usesDice ? this.compileAst(doubleDice(ast), pointer) : undefined;
    // Numeric constants only (strings stay formulas: their readers want the Value); booleans as `truth`.
    const refs = [...refsOf(ast)];
    const rolls = mayRoll(ast);
    const fixed = rolls || refs.length > 0 ? undefined : constantOf(run);
    const constant = typeof fixed === 'number' ? fixed : null;
    const truth = typeof fixed === 'boolean' ? fixed : null;
    const untraced = untracedRun(run);
    // One object shape for every formula (the engine's property reads stay monomorphic): `doubled` always present.
    const selfIndex = ast.kind === 'ref' && run !== FAILED ? this.options.sheetIndex?.(ast.path) ?? -1 : -1;
    return { source: text, run, untraced, usesDice, refs, rolls, constant, truth, selfIndex, doubled, ast, pointer };
  }

  /** Chip label of a formula that is one reference (`@str.mod` → 'Strength'), else undefined. */
  labelOf(source: string | number | boolean): string | undefined {
    const ast = this.parsed.get(formulaText(source));
    return ast && ast.kind === 'ref' ? this.options.label(ast.path) : undefined;
  }

  /** Like compile, for optional fields. */
  maybe(source: string | number | boolean | undefined, pointer: string, damage = false): Formula | null {
    return source === undefined ? null : this.compile(source, pointer, damage);
  }
}
