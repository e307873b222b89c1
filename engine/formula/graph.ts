// The one cycle finder: a depth-first walk of a directed graph (user functions calling each other, derived values
// reading each other), iterative so a chain of thousands needs no stack. The walkers that need more than "is there
// a cycle" (every circle named once, an order of evaluation) take the same walk with callbacks.

export interface GraphWalk<T> {
  /**
   * A back edge: `path` is the walk from its start to the node that leads back, then the node it leads back to;
   * `from` is where that node first stands in it (a node reading itself: `from === path.length - 2`). Return true
   * to stop the walk.
   */
  cycle?(path: readonly T[], from: number): boolean | void;
  /** A node whose edges are all walked (post-order: what it leads to is done first, cycles cut). */
  done?(node: T): void;
  /** Nodes the walk does not enter (known to lead to no cycle, or not nodes of the graph). */
  skip?(node: T): boolean;
}

/**
 * Walks from each start in turn, every node entered once; `next` gives a node's edges in order (asked once per node, when it is entered). Returns whether a
 * `cycle` callback stopped it.
 */
export function walkGraph<T>(starts: Iterable<T>, next: (node: T) => readonly T[], walk: GraphWalk<T> = {}): boolean {
  const entered = new Set<T>();
  const path: T[] = [];
  const edge: number[] = [];
  const edgesOf: (readonly T[])[] = [];
  const onPath = new Set<T>();
  for (const start of starts) {
    if (entered.has(start) || walk.skip?.(start) === true) continue;
    entered.add(start);
    path.push(start);
    edge.push(0);
    edgesOf.push(next(start));
    onPath.add(start);
    while (path.length > 0) {
      const node = path[path.length - 1]!;
      const edges = edgesOf[edgesOf.length - 1]!;
      const i = edge[edge.length - 1]!;
      if (i >= edges.length) {
        path.pop();
        edge.pop();
        edgesOf.pop();
        onPath.delete(node);
        walk.done?.(node);
        continue;
      }
      edge[edge.length - 1] = i + 1;
      const to = edges[i]!;
      if (onPath.has(to)) {
        if (walk.cycle?.([...path, to], path.indexOf(to)) === true) return true;
        continue;
      }
      if (entered.has(to) || walk.skip?.(to) === true) continue;
      entered.add(to);
      path.push(to);
      edge.push(0);
      edgesOf.push(next(to));
      onPath.add(to);
    }
  }
  return false;
}

/** The first cycle reachable from `start`, as nodes with the first repeated at the end, or undefined. */
export function findCycle<T>(start: T, next: (node: T) => readonly T[], skip?: (node: T) => boolean): T[] | undefined {
  let found: T[] | undefined;
  walkGraph([start], next, {
    skip,
    cycle: (path, from) => {
      found = path.slice(from);
      return true;
    },
  });
  return found;
}
