// Calls: built-ins (folded over constant arguments) and user functions, whose body is compiled at each call site
// with its parameters bound to the call's arguments (each evaluated once per call into its argument cell). The
// traced forms are in traced.ts.
import { lookupBuiltin } from '../builtin-adapter';
import type { BuiltinCall } from '../builtin-adapter';
import { parseFormula } from '../parse';
import { LIMITS } from '../types';
import type { UserFunction, Value } from '../types';
import { compileNode } from './node';
import { constantPiece, FormulaCompileError, Level, plainConstant, spanIn, tryFold } from './piece';
import type { CompileScope, NodeOf, Piece, Run } from './piece';
import { pushedArgument, tracedBuiltinCall, tracedUserCall } from './traced';

/** Built-ins first, as the checker reads them (a document may not name a user function after a built-in). */
export function compileCall(node: NodeOf<'call'>, scope: CompileScope): Piece {
  const builtin = lookupBuiltin(node.name);
  if (builtin !== undefined) return compileBuiltinCall(node, builtin, scope);
  const userFunction = scope.options.functions?.get(node.name);
  if (userFunction !== undefined) return compileUserCall(node, userFunction, scope);
  throw new FormulaCompileError(`unknown function ${node.name}()`, 'unknown-function', scope.callSpan ?? node.nameSpan);
}

function compileBuiltinCall(node: NodeOf<'call'>, builtin: BuiltinCall, scope: CompileScope): Piece {
  const span = spanIn(scope, node);
  const arityProblem = builtin.checkArity(node.args.length);
  if (arityProblem !== null) throw new FormulaCompileError(arityProblem, 'arity', span);
  const args = node.args.map((arg) => compileNode(arg, scope));
  const runs = args.map((arg) => arg.run);
  const type = builtin.resultType;
  if (args.every((arg) => arg.constant !== null)) {
    const folded = tryFold(builtin.run(args.map((arg) => plainConstant(arg).run), span), scope);
    if (folded !== null) return folded;
  }
  if (!scope.traced) return { run: builtin.run(runs, span), type, constant: null, level: Level.Atom };
  return tracedBuiltinCall(node, builtin, runs, type, span);
}

function compileUserCall(node: NodeOf<'call'>, definition: UserFunction, scope: CompileScope): Piece {
  const span = spanIn(scope, node);
  const name = node.name;
  if (scope.calling.includes(name)) {
    const cycle = [...scope.calling.slice(scope.calling.indexOf(name)), name].join(' → ');
    throw new FormulaCompileError(`function ${name}() calls itself (${cycle}); user functions cannot recurse`, 'recursion', span);
  }
  if (scope.calling.length >= LIMITS.maxCallDepth) {
    const chain = [...scope.calling, name];
    const shown = chain.length > 6 ? [...chain.slice(0, 3), '…', ...chain.slice(-2)] : chain;
    throw new FormulaCompileError(`user functions call each other more than ${LIMITS.maxCallDepth} deep (${shown.join(' → ')})`, 'limit', span);
  }
  if (node.args.length !== definition.params.length) {
    throw new FormulaCompileError(
      `${name}() takes ${definition.params.length} argument${definition.params.length === 1 ? '' : 's'} (${definition.params.join(', ')}), got ${node.args.length}`,
      'arity',
      span,
    );
  }
  // The body's tree as its caller parsed it (a document's functions are parsed once), else parsed here.
  let bodyAst = definition.ast ?? null;
  if (bodyAst === null) {
    const parsed = parseFormula(definition.body);
    if (parsed.ast === null) {
      const first = parsed.diagnostics[0];
      throw new FormulaCompileError(`function ${name}() has an error in its body${first === undefined ? '' : `: ${first.message}`}`, 'syntax', span);
    }
    bodyAst = parsed.ast;
  }
  const args = node.args.map((arg) => compileNode(arg, scope));
  // Each argument is evaluated once per call into its cell; the body reads `@param` from there.
  const cells: Value[] = new Array<Value>(args.length).fill(0);
  const params = new Map<string, Piece>();
  definition.params.forEach((param, i) => {
    const arg = args[i]!;
    if (arg.constant !== null) params.set(param, constantPiece(arg.constant.value, scope));
    else {
      const run: Run = scope.traced ? (ctx) => pushedArgument(ctx, cells, i) : () => cells[i]!;
      params.set(param, { run, type: arg.type, constant: null, level: Level.Atom });
    }
  });
  const bodyScope: CompileScope = { ...scope, params, calling: [...scope.calling, name], callSpan: span };
  let body: Piece;
  try {
    body = compileNode(bodyAst, bodyScope);
  } catch (error) {
    if (error instanceof FormulaCompileError && !error.message.startsWith('in ')) {
      throw new FormulaCompileError(`in ${name}(): ${error.message}`, error.code, span);
    }
    throw error;
  }
  const dynamic = args.map((arg, i) => (arg.constant === null ? i : -1)).filter((i) => i >= 0);
  // Fold only when nothing runs: an argument may roll dice even if the body ignores it.
  if (body.constant !== null && dynamic.length === 0 && !scope.traced) return constantPiece(body.constant.value, scope);
  const runBody = body.run;
  if (!scope.traced) {
    const plain = fillCellsThen(dynamic, args, cells, runBody);
    return { run: plain, type: body.type, constant: null, level: Level.Atom };
  }
  return tracedUserCall(node, args, cells, runBody, body.type);
}

/** The body's run after the non-constant arguments are evaluated into their cells, in order. */
function fillCellsThen(dynamic: readonly number[], args: readonly Piece[], cells: Value[], body: Run): Run {
  switch (dynamic.length) {
    case 0:
      return body;
    case 1: {
      const i = dynamic[0]!;
      const a = args[i]!.run;
      return (ctx) => {
        cells[i] = a(ctx);
        return body(ctx);
      };
    }
    default: {
      const runs = dynamic.map((i) => args[i]!.run);
      return (ctx) => {
        for (let k = 0; k < dynamic.length; k++) cells[dynamic[k]!] = runs[k]!(ctx);
        return body(ctx);
      };
    }
  }
}
