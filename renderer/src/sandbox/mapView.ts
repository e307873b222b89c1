// A fight on a battle map (the log's `fightStart.map` and squares, each `move`'s path) folded up to a cursor into what
// the sandbox's map view draws: the grid and its terrain, each combatant's token where it stands (hit points from the
// fight view), the last move's path, and on hover the squares a token reaches and those its foes threaten. Pure.
import type { FightEvent } from '../../../engine/index';
import type { FightView, Side } from './fightView';

export type Square = readonly [number, number];

export interface MapToken {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  readonly square: Square;
  readonly hp: number;
  readonly maxHp: number;
  readonly down: boolean;
  /** Whose turn it is now. */
  readonly now: boolean;
  /** The squares its melee blows reach (the log's `fightStart` `reach`: a glaive's 2; 0: none), what it threatens. */
  readonly reach: number;
}

export interface MapModel {
  readonly width: number;
  readonly height: number;
  readonly walls: readonly Square[];
  readonly difficult: readonly Square[];
  readonly cover: readonly Square[];
  readonly tokens: readonly MapToken[];
  /** The last move before the cursor: who, every square walked, and its chip. */
  readonly lastMove: { readonly id: string; readonly path: readonly Square[]; readonly chip: string; readonly teleport: boolean } | null;
}

/** The map as it stands after the first `cursor` events, or null when the fight is not on a map. */
export function mapAt(events: readonly FightEvent[], cursor: number, view: FightView): MapModel | null {
  const start = events[0];
  if (!start || start.type !== 'fightStart' || !start.map) return null;
  const squares = new Map<string, Square>();
  const reach = new Map<string, number>();
  for (const c of start.combatants) {
    if (c.square) squares.set(c.id, c.square);
    reach.set(c.id, c.reach ?? 1);
  }
  let lastMove: MapModel['lastMove'] = null;
  for (let i = 0; i < Math.min(cursor, events.length); i++) {
    const e = events[i]!;
    if (e.type !== 'move' || !e.toSquare || !e.path) continue;
    squares.set(e.target, e.toSquare);
    lastMove = { id: e.target, path: e.path, chip: e.chip, teleport: e.teleport === true };
  }
  const tokens = view.combatants.flatMap((c) => {
    const square = squares.get(c.id);
    return square ? [{ id: c.id, name: c.name, side: c.side, square, hp: c.hp, maxHp: c.maxHp, down: c.down, now: c.id === view.actorNow, reach: reach.get(c.id) ?? 1 }] : [];
  });
  const { width, height, walls, difficult, cover } = start.map;
  return { width, height, walls, difficult, cover, tokens, lastMove };
}

const key = (s: Square): string => `${s[0]},${s[1]}`;

/** The token standing (or lying) on a square, the standing one first. */
export function tokenAt(model: MapModel, square: Square): MapToken | null {
  const here = model.tokens.filter((t) => t.square[0] === square[0] && t.square[1] === square[1]);
  return here.find((t) => !t.down) ?? here[0] ?? null;
}

/** The open squares within `reach` squares (diagonals count one) of a square, its own left out. */
export function reachOf(model: MapModel, square: Square, reach = 1): Square[] {
  const walls = new Set(model.walls.map(key));
  const out: Square[] = [];
  for (let y = Math.max(0, square[1] - reach); y <= Math.min(model.height - 1, square[1] + reach); y++) {
    for (let x = Math.max(0, square[0] - reach); x <= Math.min(model.width - 1, square[0] + reach); x++) {
      if ((x !== square[0] || y !== square[1]) && !walls.has(key([x, y]))) out.push([x, y]);
    }
  }
  return out;
}

/** The squares the standing foes of `token` threaten (within each one's melee reach, or `reach` for all), each once. */
export function threatenedFor(model: MapModel, token: MapToken, reach?: number): Square[] {
  const seen = new Set<string>();
  const out: Square[] = [];
  for (const foe of model.tokens) {
    if (foe.down || foe.side === token.side) continue;
    for (const s of reachOf(model, foe.square, reach ?? foe.reach)) if (!seen.has(key(s))) { seen.add(key(s)); out.push(s); }
  }
  return out;
}

/** How many standing foes of `token` have it within their melee reach. */
export function threatsTo(model: MapModel, token: MapToken): number {
  return model.tokens.filter((o) => !o.down && o.side !== token.side && o.reach > 0
    && Math.max(Math.abs(o.square[0] - token.square[0]), Math.abs(o.square[1] - token.square[1])) <= o.reach).length;
}
