// Helpers of the compiler's tests (engine/formula/compile.test.ts, compile.property.test.ts): a rigged RNG, options over
// plain values, compile/evaluate/trace in one call, the errors a call raises, hand-built nodes.
import { compileFormula, evaluateFormula, FormulaCompileError, newEvalContext } from '../../engine/formula/compile';
import { parseFormula } from '../../engine/formula/parse';
import { FormulaRuntimeError } from '../../engine/formula/runtime';
import type { CompileOptions, CompiledFormula, EvalContext } from '../../engine/formula/runtime';
import { renderChip } from '../../engine/formula/trace';
import type { FormulaNode, Rng, Span, Value } from '../../engine/formula/types';

/** An Rng that yields the given faces in order and records the sizes asked for. */
export function riggedRng(faces: readonly number[]): Rng & { readonly asked: number[] } {
  let next = 0;
  const asked: number[] = [];
  return {
    asked,
    die(sides: number): number {
      asked.push(sides);
      const face = faces[next++];
      if (face === undefined) throw new Error(`rigged rng ran out after ${faces.length} faces`);
      if (face < 1 || face > sides) throw new Error(`rigged face ${face} is not on a d${sides}`);
      return face;
    },
    next: () => 0,
  };
}

export const NO_DICE: Rng = {
  die: () => {
    throw new Error('no dice expected');
  },
  next: () => 0,
};

export interface Options {
  readonly values?: Readonly<Record<string, Value>>;
  readonly labels?: Readonly<Record<string, string>>;
  readonly functions?: Readonly<Record<string, { params: string[]; body: string }>>;
}

export function optionsFor(opts: Options = {}): CompileOptions & { resolved: string[] } {
  const resolved: string[] = [];
  const values = opts.values ?? {};
  return {
    resolved,
    resolve(path) {
      const key = path.join('.');
      resolved.push(key);
      if (!Object.hasOwn(values, key)) return undefined;
      const value = values[key]!;
      return () => value;
    },
    label: (path) => opts.labels?.[path.join('.')],
    functions: new Map(Object.entries(opts.functions ?? {})),
  };
}

export function compile(text: string, opts: Options = {}): CompiledFormula {
  const parsed = parseFormula(text);
  if (parsed.ast === null) throw new Error(`does not parse: ${text}: ${parsed.diagnostics.map((d) => d.message).join('; ')}`);
  return compileFormula(parsed.ast, optionsFor(opts));
}

export function evaluate(text: string, opts: Options = {}, rng: Rng = NO_DICE): Value {
  return evaluateFormula(compile(text, opts), newEvalContext(rng));
}

/** Evaluates with a trace and returns the value, chip and context. */
export function traced(text: string, faces: readonly number[], opts: Options = {}): { value: Value; chip: string; ctx: EvalContext } {
  const ctx = newEvalContext(riggedRng(faces), undefined, { trace: true });
  const value = evaluateFormula(compile(text, opts), ctx);
  return { value, chip: renderChip(ctx.trace!, value), ctx };
}

export function runtimeError(fn: () => unknown): FormulaRuntimeError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FormulaRuntimeError) return error;
    throw error;
  }
  throw new Error('expected a FormulaRuntimeError');
}

export function compileError(fn: () => unknown): FormulaCompileError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FormulaCompileError) return error;
    throw error;
  }
  throw new Error('expected a FormulaCompileError');
}

// Hand-built nodes: the compiler does not need the parser.
export const at: Span = { start: 0, end: 1 };
export const num = (value: number): FormulaNode => ({ kind: 'number', value, span: at });
export const ref = (...path: string[]): FormulaNode => ({ kind: 'ref', path, span: at });
export const bin = (op: Extract<FormulaNode, { kind: 'binary' }>['op'], left: FormulaNode, right: FormulaNode): FormulaNode => ({ kind: 'binary', op, left, right, span: at });
