// The call graph of a document's user functions and the static measures of a formula with the bodies of its
// calls in place: recursion, call depth, nesting depth, expanded size (the LIMITS every walker relies on).
// Everything here is iterative, so a chain of thousands of functions needs no stack, and memoised per functions
// map (a document's is built once and never changed), so the checks of one document share the walks.
import { BUILTINS } from './builtins';
import { walkGraph } from './graph';
import { childrenOf } from './nodes';
import { parseFormula } from './parse';
import { LIMITS, type FormulaNode, type UserFunction } from './types';

type Functions = ReadonlyMap<string, UserFunction>;

/** What a formula (or a function's body) is with the bodies of the functions it calls in place. */
export interface CallShape {
  /** Calls open at once at the deepest, the formula's own calls counting 1 (a function's own shape counts itself). */
  readonly height: number;
  /** Tree depth: the root, each operator, call and die is one level; a call adds its callee's nesting. */
  readonly nesting: number;
  /** Nodes: each call adds its callee's size (a function called twice counts twice), capped at 1e15. */
  readonly size: number;
}

interface CallGraph {
  readonly calls: Map<string, readonly string[]>;
  /** Functions from which no cycle is reachable. */
  readonly acyclic: Set<string>;
  readonly cycles: Map<string, readonly string[]>;
  readonly shapes: Map<string, CallShape>;
}

const graphs = new WeakMap<Functions, CallGraph>();
const SIZE_CAP = 1e15;

function graphOf(functions: Functions): CallGraph {
  let graph = graphs.get(functions);
  if (graph === undefined) {
    graph = { calls: new Map(), acyclic: new Set(), cycles: new Map(), shapes: new Map() };
    graphs.set(functions, graph);
  }
  return graph;
}

/** Whether a call of this name runs one of the document's functions (a built-in of the same name wins). */
function callsDocumentFunction(name: string, functions: Functions): boolean {
  return !BUILTINS.has(name) && functions.has(name);
}

/** A function's body as a tree: the one its caller parsed (UserFunction.ast), else parsed here. */
export function bodyOf(fn: UserFunction): FormulaNode | null {
  return fn.ast !== undefined ? fn.ast : parseFormula(fn.body).ast;
}

/** Names of the user functions a body calls, in the order written (built-ins excluded: they win over user names). */
function calledFunctions(fn: UserFunction, functions: Functions): string[] {
  const ast = bodyOf(fn);
  if (ast === null) return [];
  const found: string[] = [];
  const stack: FormulaNode[] = [ast];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.kind === 'call' && callsDocumentFunction(node.name, functions) && !found.includes(node.name)) found.push(node.name);
    // Children are pushed last first, so they come off in the order written.
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

function callsOf(graph: CallGraph, name: string, functions: Functions): readonly string[] {
  let calls = graph.calls.get(name);
  if (calls === undefined) {
    const fn = functions.get(name);
    calls = fn === undefined ? [] : calledFunctions(fn, functions);
    graph.calls.set(name, calls);
  }
  return calls;
}

/** A cycle among user functions reachable from `start`, as names (first name repeated at the end), if any. */
export function callCycle(start: string, functions: Functions): string[] | undefined {
  const graph = graphOf(functions);
  if (graph.acyclic.has(start) || !functions.has(start)) return undefined;
  const known = graph.cycles.get(start);
  if (known !== undefined) return [...known];
  const finished: string[] = [];
  let cycle: string[] | undefined;
  walkGraph([start], (name) => callsOf(graph, name, functions), {
    skip: (callee) => graph.acyclic.has(callee) || !functions.has(callee),
    done: (name) => { finished.push(name); },
    cycle: (path, from) => {
      cycle = path.slice(from);
      return true;
    },
  });
  if (cycle !== undefined) {
    graph.cycles.set(start, cycle);
    return [...cycle];
  }
  for (const name of finished) graph.acyclic.add(name);
  return undefined;
}

/** The shape of one tree, given its callees' shapes (none for a callee in a cycle: that is reported apart). */
function shapeIn(ast: FormulaNode, functions: Functions, shapeOfCallee: (name: string) => CallShape | undefined): CallShape {
  let height = 0;
  let nesting = 0;
  let size = 0;
  const stack: [FormulaNode, number][] = [[ast, 1]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, depth] = top;
    size += 1;
    nesting = Math.max(nesting, depth);
    if (node.kind === 'call' && callsDocumentFunction(node.name, functions)) {
      const callee = shapeOfCallee(node.name);
      if (callee !== undefined) {
        height = Math.max(height, callee.height);
        nesting = Math.max(nesting, depth + callee.nesting);
        size = Math.min(SIZE_CAP, size + callee.size);
      }
    }
    for (const child of childrenOf(node)) stack.push([child, depth + 1]);
  }
  return { height, nesting, size };
}

/** The functions reachable from `start` whose shape is not known yet, callees before callers (cycles cut). */
function unknownPostOrder(start: string, graph: CallGraph, functions: Functions): string[] {
  const order: string[] = [];
  const stack: string[] = [start];
  const entered = new Set<string>();
  while (stack.length > 0) {
    const name = stack[stack.length - 1]!;
    if (graph.shapes.has(name) || (entered.has(name) && order.includes(name))) {
      stack.pop();
    } else if (!entered.has(name)) {
      entered.add(name);
      for (const callee of callsOf(graph, name, functions)) if (!graph.shapes.has(callee) && !entered.has(callee)) stack.push(callee);
    } else {
      order.push(name);
      stack.pop();
    }
  }
  return order;
}

/** A user function's own shape: its body with its calls' bodies in place, counting itself as one call. */
export function functionShape(start: string, functions: Functions): CallShape {
  const graph = graphOf(functions);
  const known = graph.shapes.get(start);
  if (known !== undefined) return known;
  for (const name of unknownPostOrder(start, graph, functions)) {
    const fn = functions.get(name);
    const ast = fn === undefined ? parseFormula('').ast : bodyOf(fn);
    const body = ast === null ? { height: 0, nesting: 1, size: 1 } : shapeIn(ast, functions, (callee) => graph.shapes.get(callee));
    graph.shapes.set(name, { height: body.height + 1, nesting: body.nesting, size: body.size });
  }
  return graph.shapes.get(start) ?? { height: 1, nesting: 1, size: 1 };
}

/** A formula's shape with the bodies of the user functions it calls in place. */
export function formulaShape(ast: FormulaNode, functions: Functions | undefined): CallShape {
  if (functions === undefined || functions.size === 0) return shapeIn(ast, new Map(), () => undefined);
  return shapeIn(ast, functions, (name) => (callCycle(name, functions) === undefined ? functionShape(name, functions) : undefined));
}

/** The longest chain of calls from `start`, itself first. */
export function deepestCalls(start: string, functions: Functions): string[] {
  const graph = graphOf(functions);
  const chain = [start];
  for (let name = start; chain.length <= functions.size; ) {
    let next: string | undefined;
    for (const callee of callsOf(graph, name, functions)) {
      if (next === undefined || functionShape(callee, functions).height > functionShape(next, functions).height) next = callee;
    }
    if (next === undefined) break;
    chain.push(next);
    name = next;
  }
  return chain;
}

/**
 * What a call of `name` made `open` calls deep, at `depth` in its formula, breaks of the limits, as a message
 * (undefined: it fits). Shared by the checker and the compiler so both draw the line in the same place.
 */
export function callLimitProblem(
  name: string,
  functions: Functions,
  open: readonly string[],
  depth: number,
): { readonly message: string; readonly which: 'height' | 'nesting' | 'size'; readonly own: CallShape } | undefined {
  const own = functionShape(name, functions);
  if (open.length + own.height > LIMITS.maxCallDepth) {
    const chain = [...open, ...deepestCalls(name, functions)];
    const shown = chain.length > 6 ? [...chain.slice(0, 3), '…', ...chain.slice(-2)] : chain;
    return {
      which: 'height',
      own,
      message: `calls functions ${count(chain.length)} deep (${shown.join(' → ')}); at most ${LIMITS.maxCallDepth} calls may be open at once, so flatten the chain`,
    };
  }
  if (depth + own.nesting > LIMITS.maxNesting) {
    return {
      which: 'nesting',
      own,
      message: `nests ${count(depth + own.nesting)} levels deep with the bodies of the functions it calls in place; at most ${count(LIMITS.maxNesting)} levels (each operator, call or die is one) fit, so split the bodies`,
    };
  }
  if (own.size > LIMITS.maxExpandedSize) {
    return {
      which: 'size',
      own,
      message: `${own.size >= SIZE_CAP ? 'grows past 10¹⁵' : `grows to ${count(own.size)}`} parts with the bodies of the functions it calls in place (each call puts its function's whole body there); at most ${count(LIMITS.maxExpandedSize)} fit, so call functions from fewer places`,
    };
  }
  return undefined;
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
