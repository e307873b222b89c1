// `test ? then : otherwise`: a constant test picks its branch at compile time; a comparison with a constant runs
// inline (fused.ts); the traced form is in traced.ts.
import { describeType } from '../evaluate';
import { compileNode } from './node';
import { fusedConditional, sharedRead } from './fused';
import { asBoolean, FormulaCompileError, Level, spanIn } from './piece';
import type { CompileScope, NodeOf, Piece, StaticType } from './piece';
import { tracedConditional } from './traced';

export function compileConditional(node: NodeOf<'conditional'>, scope: CompileScope): Piece {
  const test = compileNode(node.test, scope);
  const span = spanIn(scope, node);
  if (test.constant !== null) {
    if (typeof test.constant.value !== 'boolean') {
      throw new FormulaCompileError(`a condition must be true or false, not ${describeType(test.constant.value)}`, 'type', span);
    }
    return compileNode(test.constant.value ? node.then : node.otherwise, scope);
  }
  const then = compileNode(node.then, scope);
  const otherwise = compileNode(node.otherwise, scope);
  const type: StaticType = then.type === otherwise.type ? then.type : 'value';
  const a = then.run;
  const b = otherwise.run;
  if (!scope.traced) {
    const compare = test.compare;
    if (compare) {
      const inner = otherwise.branch;
      if (compare.ref !== null && inner && inner.test.ref === compare.ref) {
        return { run: sharedRead(compare, a, inner.test, inner.then, inner.otherwise, inner.otherwiseDie), type, constant: null, level: Level.Conditional };
      }
      return { run: fusedConditional(compare, a, b), type, constant: null, level: Level.Conditional, branch: { test: compare, then: a, otherwise: b, otherwiseDie: otherwise.die ?? null } };
    }
    const holds = asBoolean(test, span);
    return { run: (ctx) => (holds(ctx) ? a(ctx) : b(ctx)), type, constant: null, level: Level.Conditional };
  }
  return tracedConditional(node, test, then, otherwise, type, span);
}
