// `let name = value in body`: the value is evaluated once per evaluation into a cell, and the body reads it there
// as `@name` (and, for a dice term, its kept faces as `@name.faces`: the faces the term pushed to the roll facts).
// Compiled like a user function's argument (calls.ts), but the body is in place and sees the enclosing names.
import { boundDice, readsFaces } from '../nodes';
import type { Value } from '../types';
import { compileNode } from './node';
import { constantPiece, Level, textItem } from './piece';
import type { CompileScope, NodeOf, Piece, Run } from './piece';
import { pushedArgument } from './traced';

export function compileLet(node: NodeOf<'let'>, scope: CompileScope): Piece {
  const value = compileNode(node.value, scope);
  const faces = boundDice(node.value) !== null && readsFaces(node.name, node.body);
  // Slot 0 the value, slot 1 its faces.
  const cells: Value[] = [0, []];
  const params = new Map<string, Piece>(scope.params ?? []);
  if (value.constant !== null) params.set(node.name, constantPiece(value.constant.value, scope));
  else params.set(node.name, cellPiece(cells, 0, value.type, scope));
  if (faces) params.set(`${node.name}.faces`, cellPiece(cells, 1, 'value', scope));
  const body = compileNode(node.body, { ...scope, params });
  const runValue = value.run;
  const runBody = body.run;
  if (!scope.traced) {
    if (value.constant !== null) return body;
    const run: Run = faces
      ? (ctx) => {
          const kept = ctx.roll.kept;
          const mark = kept.length;
          cells[0] = runValue(ctx);
          cells[1] = kept.slice(mark);
          return runBody(ctx);
        }
      : (ctx) => {
          cells[0] = runValue(ctx);
          return runBody(ctx);
        };
    return { run, type: body.type, constant: null, level: Level.Conditional };
  }
  const named = textItem(`${node.name}: `);
  const then = textItem('; ');
  return {
    run: (ctx) => {
      const trace = ctx.trace!;
      trace.push(named);
      const kept = ctx.roll.kept;
      const mark = kept.length;
      cells[0] = runValue(ctx);
      if (faces) cells[1] = kept.slice(mark);
      trace.push(then);
      return runBody(ctx);
    },
    type: body.type,
    constant: null,
    level: Level.Conditional,
  };
}

function cellPiece(cells: Value[], index: number, type: Piece['type'], scope: CompileScope): Piece {
  const run: Run = scope.traced ? (ctx) => pushedArgument(ctx, cells, index) : () => cells[index]!;
  return { run, type, constant: null, level: Level.Atom };
}
