// rules-studio roll FORMULA [--seed N] [--set k=v]... [--label k=L]... [--json]: one roll and its chip.
import { randomInt } from 'node:crypto';
import { createRng } from '../dice/rng';
import { compileFormula, FormulaCompileError, newEvalContext, evaluateFormula } from '../formula/compile';
import { FormulaRuntimeError } from '../formula/runtime';
import type { TraceItem } from '../formula/runtime';
import { renderChip } from '../formula/trace';
import {
  type CommandIo,
  EXIT_BAD_FORMULA,
  EXIT_OK,
  checkAndReport,
  formatProblem,
  processIo,
  readFormulaArgs,
  usage,
} from './formula-input';

const SYNOPSIS = 'roll FORMULA [--seed N] [--set key=value]... [--label key=Label]... [--json]';
const MAX_SEED = 2 ** 32 - 1;

export async function run(args: string[], io: CommandIo = processIo): Promise<number> {
  let input;
  let seed: number;
  try {
    input = readFormulaArgs(args, ['--seed']);
    const rawSeed = input.options.get('--seed');
    if (rawSeed === undefined) seed = randomInt(0, MAX_SEED);
    else if (/^\d+$/.test(rawSeed) && Number(rawSeed) <= Number.MAX_SAFE_INTEGER) seed = Number(rawSeed);
    else throw new Error(`--seed takes a whole number from 0 (got '${rawSeed}')`);
  } catch (err) {
    return usage(io, 'roll', SYNOPSIS, err);
  }

  const ast = checkAndReport(io, input);
  if (ast === null) return EXIT_BAD_FORMULA;

  const values = input.values;
  const labels = input.labels;
  let total;
  let trace: TraceItem[];
  try {
    const formula = compileFormula(ast, {
      resolve: (path) => {
        const value = values.get(path.join('.'));
        return value === undefined ? undefined : () => value;
      },
      label: (path) => labels.get(path.join('.')),
    });
    const ctx = newEvalContext(createRng(seed), null, { trace: true });
    total = evaluateFormula(formula, ctx);
    trace = ctx.trace ?? [];
  } catch (err) {
    if (err instanceof FormulaCompileError || err instanceof FormulaRuntimeError) {
      io.err(formatProblem(input.formula, 'error', err.message, err.span));
      return EXIT_BAD_FORMULA;
    }
    throw err;
  }

  const chip = renderChip(trace, total);
  if (input.json) {
    const terms = trace.filter((item) => item.kind !== 'text');
    io.out(`${JSON.stringify({ total, chip, terms, seed })}\n`);
  } else {
    io.out(`${chip}\n`);
    if (!input.options.has('--seed')) io.err(`seed ${seed} (roll again with --seed ${seed})\n`);
  }
  return EXIT_OK;
}
