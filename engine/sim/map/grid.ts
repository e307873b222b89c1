// Geometry of a battle map on squares: the distance a reach is measured in (the system's diagonal rule), the line
// from one square to another (what it crosses, what it only grazes at a corner), and walking: the cheapest paths
// from a square within a budget, around walls, through difficult terrain at its cost, never cutting a wall's corner.
import { DIFFICULT, WALL, type FightMapDef, type MapRules } from './types';

/** Squares from `a` to `b` as the crow flies, by the diagonal rule (what a reach or range is measured in). */
export function distance(rules: MapRules, width: number, a: number, b: number): number {
  const dx = Math.abs((a % width) - (b % width)), dy = Math.abs(Math.floor(a / width) - Math.floor(b / width));
  const diagonals = Math.min(dx, dy);
  const cycle = rules.diagonal;
  let cost = Math.max(dx, dy) - diagonals;
  // Whole turns of the cycle, then what is left of one.
  let turn = 0;
  for (let i = 0; i < cycle.length; i++) turn += cycle[i]!;
  cost += Math.floor(diagonals / cycle.length) * turn;
  for (let i = 0; i < diagonals % cycle.length; i++) cost += cycle[i]!;
  return cost;
}

/** Whether two squares touch (side or corner). */
export function adjacent(width: number, a: number, b: number): boolean {
  return a !== b && Math.abs((a % width) - (b % width)) <= 1 && Math.abs(Math.floor(a / width) - Math.floor(b / width)) <= 1;
}

/** What the line between two squares' centres meets: a wall it crosses blocks it; a wall it only grazes, or a cover square it crosses, gives cover. */
export interface LineOfFire {
  readonly blocked: boolean;
  /** It crosses a cover square (the target's own included) or grazes a wall at a corner. */
  readonly cover: boolean;
}

/**
 * The line from the centre of `a` to the centre of `b`, square by square (exact, in whole numbers): each square it
 * passes through between the two, and the target's own; where it passes exactly through a corner, the two squares
 * beside that corner are grazed, not crossed.
 */
export function lineOfFire(map: FightMapDef, coverBit: number, a: number, b: number): LineOfFire {
  const w = map.width, t = map.terrain;
  let x = a % w, y = Math.floor(a / w);
  const tx = b % w, ty = Math.floor(b / w);
  const nx = Math.abs(tx - x), ny = Math.abs(ty - y), sx = Math.sign(tx - x), sy = Math.sign(ty - y);
  let ix = 0, iy = 0, cover = false;
  while (ix < nx || iy < ny) {
    const ex = (2 * ix + 1) * ny, ey = (2 * iy + 1) * nx;
    if (nx !== 0 && ny !== 0 && ex === ey) {
      // Through a corner: the squares on either side are grazed.
      const side1 = t[y * w + x + sx]!, side2 = t[(y + sy) * w + x]!;
      if ((side1 | side2) & (WALL | coverBit)) cover = true;
      x += sx; y += sy; ix++; iy++;
    } else if (ny === 0 || (nx !== 0 && ex < ey)) { x += sx; ix++; } else { y += sy; iy++; }
    const here = t[y * w + x]!;
    if (x === tx && y === ty) { if (here & coverBit) cover = true; break; }
    if (here & WALL) return { blocked: true, cover };
    if (here & coverBit) cover = true;
  }
  return { blocked: false, cover };
}

/**
 * Whether the line from the centre of `a` to the centre of `b` crosses a square `body` says yes to (another combatant
 * standing there: cover from creatures), the two ends left out; squares it only grazes at a corner do not count, and
 * it stops at a wall (such a line is blocked anyway). The same walk as lineOfFire's.
 */
export function crossesBody(map: FightMapDef, a: number, b: number, body: (square: number) => boolean): boolean {
  const w = map.width, t = map.terrain;
  let x = a % w, y = Math.floor(a / w);
  const tx = b % w, ty = Math.floor(b / w);
  const nx = Math.abs(tx - x), ny = Math.abs(ty - y), sx = Math.sign(tx - x), sy = Math.sign(ty - y);
  let ix = 0, iy = 0;
  while (ix < nx || iy < ny) {
    const ex = (2 * ix + 1) * ny, ey = (2 * iy + 1) * nx;
    if (nx !== 0 && ny !== 0 && ex === ey) { x += sx; y += sy; ix++; iy++; }
    else if (ny === 0 || (nx !== 0 && ex < ey)) { x += sx; ix++; } else { y += sy; iy++; }
    if (x === tx && y === ty) return false;
    const s = y * w + x;
    if (t[s]! & WALL) return false;
    if (body(s)) return true;
  }
  return false;
}

/** The cheapest walks from some squares: cost and the step before, per square and place in the diagonal cycle. */
export interface Walks {
  readonly width: number;
  readonly cycle: number;
  /** Cost per state (square * cycle + diagonals taken mod cycle); Infinity: not reached. */
  readonly cost: Float64Array;
  /** The state before, -1 at a start. */
  readonly prev: Int32Array;
}

const STEPS: readonly (readonly [number, number])[] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

/**
 * Cheapest walks from `starts` spending at most `budget`: a step to a side square costs 1, a diagonal the next of
 * `rules.diagonal` (round and round), either times `rules.difficult` into difficult terrain; no step into a wall or
 * a square `barred` says no to, nor a diagonal past a wall's corner.
 */
export function walks(map: FightMapDef, rules: MapRules, starts: readonly number[], budget: number, barred: (square: number) => boolean): Walks {
  const w = map.width, h = map.height, t = map.terrain;
  const cycle = rules.diagonal.length;
  const n = w * h * cycle;
  const cost = new Float64Array(n).fill(Infinity);
  const prev = new Int32Array(n).fill(-1);
  // A binary heap of cost * STATE + state (both whole numbers: exact in a double for any map this format allows).
  const STATE = n + 1;
  const heap: number[] = [];
  const push = (v: number): void => {
    let i = heap.length;
    heap.push(v);
    while (i > 0) { const p = (i - 1) >> 1; if (heap[p]! <= v) break; heap[i] = heap[p]!; i = p; }
    heap[i] = v;
  };
  const pop = (): number => {
    const top = heap[0]!, last = heap.pop()!;
    if (heap.length !== 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i, mv = last;
        if (l < heap.length && heap[l]! < mv) { m = l; mv = heap[l]!; }
        if (r < heap.length && heap[r]! < mv) { m = r; mv = heap[r]!; }
        if (m === i) break;
        heap[i] = mv; i = m;
      }
      heap[i] = last;
    }
    return top;
  };
  for (const s of starts) { const st = s * cycle; if (cost[st] !== 0) { cost[st] = 0; push(st); } }
  while (heap.length !== 0) {
    const v = pop();
    const state = v % STATE, c = (v - state) / STATE;
    if (c > cost[state]!) continue;
    const square = Math.floor(state / cycle), k = state % cycle;
    const x = square % w, y = Math.floor(square / w);
    for (const [dx, dy] of STEPS) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const next = ny * w + nx;
      if (t[next]! & WALL || barred(next)) continue;
      const diagonal = dx !== 0 && dy !== 0;
      if (diagonal && (t[y * w + nx]! & WALL || t[ny * w + x]! & WALL)) continue;
      let step = diagonal ? rules.diagonal[k]! : 1;
      if (t[next]! & DIFFICULT) step *= rules.difficult;
      const nc = c + step;
      if (nc > budget) continue;
      const ns = next * cycle + (diagonal ? (k + 1) % cycle : k);
      if (nc < cost[ns]!) { cost[ns] = nc; prev[ns] = state; push(nc * STATE + ns); }
    }
  }
  return { width: w, cycle, cost, prev };
}

/** The cheapest cost of reaching `square` (Infinity: out of reach) and the state it is reached in. */
export function bestState(walk: Walks, square: number): number {
  let best = -1, bestCost = Infinity;
  for (let k = 0; k < walk.cycle; k++) {
    const s = square * walk.cycle + k;
    if (walk.cost[s]! < bestCost) { bestCost = walk.cost[s]!; best = s; }
  }
  return best;
}

export function costTo(walk: Walks, square: number): number {
  const s = bestState(walk, square);
  return s < 0 ? Infinity : walk.cost[s]!;
}

/** The squares of the cheapest walk to `square`, from the start to it (empty when it is out of reach). */
export function pathTo(walk: Walks, square: number): number[] {
  let s = bestState(walk, square);
  if (s < 0) return [];
  const path: number[] = [];
  while (s >= 0) { path.push(Math.floor(s / walk.cycle)); s = walk.prev[s]!; }
  return path.reverse();
}

/** What walking `path` costs by the rules (each step as `walks` prices it). */
export function pathCost(map: FightMapDef, rules: MapRules, path: readonly number[]): number {
  const w = map.width;
  let cost = 0, k = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!, b = path[i]!;
    const diagonal = a % w !== b % w && Math.floor(a / w) !== Math.floor(b / w);
    let step = diagonal ? rules.diagonal[k]! : 1;
    if (diagonal) k = (k + 1) % rules.diagonal.length;
    if (map.terrain[b]! & DIFFICULT) step *= rules.difficult;
    cost += step;
  }
  return cost;
}
