// The dispatch: one handler per node kind (operators.ts, conditional.ts, dice.ts, calls.ts), each building the plain
// closure itself and handing the traced one to traced.ts; the shapes with a fused closure of their own are in
// fused.ts. A node is compiled once per scope.
import type { FormulaNode } from '../types';
import { compileLet } from './binding';
import { compileCall } from './calls';
import { compileConditional } from './conditional';
import { compileDice } from './dice';
import { compileBinary, compileRef, compileTag, compileUnary } from './operators';
import { constantPiece } from './piece';
import type { CompileScope, Piece } from './piece';

/**
 * Pieces already compiled per scope: a chain that falls back to nested closures (compileChain) compiles its terms
 * again, and without this each level of a long `+` chain would compile the terms below it anew (a call's body
 * each time: 200 terms over two functions took 15 s). Within one scope each node ends up in the tree once.
 */
const compiledPieces = new WeakMap<CompileScope, Map<FormulaNode, Piece>>();

export function compileNode(node: FormulaNode, scope: CompileScope): Piece {
  let pieces = compiledPieces.get(scope);
  if (pieces === undefined) {
    pieces = new Map();
    compiledPieces.set(scope, pieces);
  }
  const known = pieces.get(node);
  if (known !== undefined) return known;
  const piece = compileNodeOnce(node, scope);
  pieces.set(node, piece);
  return piece;
}

function compileNodeOnce(node: FormulaNode, scope: CompileScope): Piece {
  switch (node.kind) {
    case 'number':
    case 'boolean':
    case 'string':
      return constantPiece(node.value, scope);
    case 'ref':
      return compileRef(node, scope);
    case 'unary':
      return compileUnary(node, scope);
    case 'binary':
      return compileBinary(node, scope);
    case 'conditional':
      return compileConditional(node, scope);
    case 'call':
      return compileCall(node, scope);
    case 'dice':
      return compileDice(node, scope);
    case 'tag':
      return compileTag(node, scope);
    case 'let':
      return compileLet(node, scope);
    default: {
      const unknown: never = node;
      throw new Error(`internal: unknown formula node ${JSON.stringify(unknown)}`);
    }
  }
}
