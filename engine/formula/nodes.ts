// The AST toolkit: the children of a node, a search through a tree, the references a formula reads and whether it
// may roll. Every walker that only looks for something (refs, tags, dice, calls) goes through these, so a new node
// kind is taught to the walkers in one place (childrenOf).
import { getBuiltin } from './builtins';
import type { FormulaNode } from './types';

const NONE: readonly FormulaNode[] = [];

/** The direct children of a node, in source order (a die's count, then its size). */
export function childrenOf(node: FormulaNode): readonly FormulaNode[] {
  switch (node.kind) {
    case 'unary': return [node.operand];
    case 'binary': return [node.left, node.right];
    case 'conditional': return [node.test, node.then, node.otherwise];
    case 'call': return node.args;
    case 'tag': return [node.operand];
    case 'let': return [node.value, node.body];
    case 'dice': {
      const size = node.sides.kind === 'number' ? node.sides.value : null;
      return node.count ? (size ? [node.count, size] : [node.count]) : size ? [size] : NONE;
    }
    default: return NONE;
  }
}

/**
 * The node with each child replaced by `map(child)` (the same node when no child changes): transforms build on it
 * (the sim's doubled dice), so they too learn a new node kind here.
 */
export function mapChildren(node: FormulaNode, map: (child: FormulaNode) => FormulaNode): FormulaNode {
  switch (node.kind) {
    case 'unary': return { ...node, operand: map(node.operand) };
    case 'binary': return { ...node, left: map(node.left), right: map(node.right) };
    case 'conditional': return { ...node, test: map(node.test), then: map(node.then), otherwise: map(node.otherwise) };
    case 'call': return { ...node, args: node.args.map(map) };
    case 'tag': return { ...node, operand: map(node.operand) };
    case 'let': return { ...node, value: map(node.value), body: map(node.body) };
    case 'dice': return {
      ...node,
      count: node.count === null ? null : map(node.count),
      sides: node.sides.kind === 'number' ? { kind: 'number', value: map(node.sides.value) } : node.sides,
    };
    default: return node;
  }
}

/** Every node of the tree, the node first, then its children's trees in source order. */
export function eachNode(node: FormulaNode, visit: (node: FormulaNode) => void): void {
  visit(node);
  for (const child of childrenOf(node)) eachNode(child, visit);
}

/** Whether the node or any node below it passes `test` (stops at the first that does). */
export function someNode(node: FormulaNode, test: (node: FormulaNode) => boolean): boolean {
  if (test(node)) return true;
  for (const child of childrenOf(node)) if (someNode(child, test)) return true;
  return false;
}

/** The references a formula reads, dotted without `@` (`target.resist`), into `into`. */
export function refsOf(node: FormulaNode, into: Set<string> = new Set()): Set<string> {
  eachNode(node, (n) => { if (n.kind === 'ref') into.add(n.path.join('.')); });
  return into;
}

/** Whether a call of this name is not a built-in's (built-ins win over user names): a user function's, if any. */
export const isNotBuiltin = (name: string): boolean => getBuiltin(name) === undefined;

/**
 * Whether evaluating the formula may roll: it has dice, or calls a function that may (`isRolling`; by default every
 * user function, since its body may roll; built-ins are pure).
 */
export function mayRoll(node: FormulaNode, isRolling: (name: string) => boolean = isNotBuiltin): boolean {
  return someNode(node, (n) => n.kind === 'dice' || (n.kind === 'call' && isRolling(n.name)));
}

/** Whether the formula has dice of its own (calls aside). */
export function hasDice(node: FormulaNode): boolean {
  return someNode(node, (n) => n.kind === 'dice');
}

/**
 * Whether the formula has dice or calls any function, built-in or not: what a traced conditional shows its test for
 * (a call's items show in a chip as a roll's do). Unlike mayRoll, a built-in call counts.
 */
export function hasDiceOrCall(node: FormulaNode): boolean {
  return someNode(node, (n) => n.kind === 'dice' || n.kind === 'call');
}

/** The dice term a let binds (through tags and nothing else), whose faces `@name.faces` reads; null otherwise. */
export function boundDice(value: FormulaNode): Extract<FormulaNode, { kind: 'dice' }> | null {
  let node = value;
  while (node.kind === 'tag') node = node.operand;
  return node.kind === 'dice' ? node : null;
}

/** Whether `body` reads the faces of the name a let binds (`@name.faces`). */
export function readsFaces(name: string, body: FormulaNode): boolean {
  return someNode(body, (n) => n.kind === 'ref' && n.path.length === 2 && n.path[0] === name && n.path[1] === 'faces');
}
