// Loading the battle map: the system's `map` rules and a fight's `map` (terrain, start squares, movement), checked
// with the place (JSON pointer) and what was expected.
import type { FightMap, MapRulesDocument, MapSquares } from '../../schema/document';
import type { AbilityDef, ConditionDef, Formula } from '../model';
import { COVER, DIFFICULT, WALL, type FightMapDef, type MapReach, type MapRules, type MovementEntry } from './types';

/** The loader's services the map needs. */
export interface MapLoader {
  error(pointer: string, message: string): void;
  compile(source: string | number | boolean, pointer: string): Formula;
  readonly conditions: ReadonlyMap<string, ConditionDef>;
  readonly abilities: ReadonlyMap<string, AbilityDef>;
}

/** Squares a reach word carries when `map.reach` does not name it: `near` one, any other 24. */
const DEFAULT_NEAR = 1;
const DEFAULT_FAR = 24;
/** The biggest map side: a fight's walks cost its squares times the diagonal cycle. */
export const MAX_MAP_SIDE = 200;

export function mapRules(l: MapLoader, doc: MapRulesDocument | undefined, opportunity: boolean): MapRules {
  const d = doc ?? {};
  const condition = (id: string | undefined, key: string): ConditionDef | null => {
    if (id === undefined) return null;
    const def = l.conditions.get(id);
    if (!def) l.error(`/map/${key}`, `unknown condition '${id}' (a condition id of the system's 'conditions')`);
    return def ?? null;
  };
  const diagonal = d.diagonal ?? [1];
  if (diagonal.length === 0 || diagonal.length > 8 || diagonal.some((n) => !Number.isInteger(n) || n < 1 || n > 10)) {
    l.error('/map/diagonal', 'diagonal is a list of 1 to 8 whole step costs 1..10 (e.g. [1] or [1, 2])');
  }
  const difficult = d.difficult ?? 2;
  if (!Number.isInteger(difficult) || difficult < 1 || difficult > 10) l.error('/map/difficult', 'difficult is a whole number 1..10 (what a step into difficult terrain costs, times)');
  const reach = new Map<string, MapReach>();
  for (const [word, r] of Object.entries(d.reach ?? {})) {
    const long = r.long ?? 0;
    if (!Number.isInteger(r.squares) || r.squares < 1 || r.squares > 1000) l.error(`/map/reach/${word}/squares`, 'squares is a whole number 1..1000');
    if (!Number.isInteger(long) || (long !== 0 && long < r.squares) || long > 10_000) l.error(`/map/reach/${word}/long`, `long is a whole number from squares (${r.squares}) to 10000`);
    reach.set(word, { squares: r.squares, long });
  }
  if (!reach.has('near')) reach.set('near', { squares: DEFAULT_NEAR, long: 0 });
  return {
    speed: l.compile(d.speed ?? '6', '/map/speed'),
    diagonal: diagonal.every((n) => Number.isInteger(n) && n >= 1 && n <= 10) && diagonal.length ? diagonal : [1],
    difficult: Number.isInteger(difficult) && difficult >= 1 ? difficult : 2,
    reach,
    longRange: condition(d.longRange, 'longRange'),
    flanking: condition(d.flanking, 'flanking'),
    cover: condition(d.cover, 'cover'),
    opportunity: d.opportunity ?? opportunity,
    creatureCover: condition(d.creatureCover, 'creatureCover'),
    dash: dashOf(l, d.dash),
    moveAfter: d.moveAfter === true,
  };
}

function dashOf(l: MapLoader, id: string | undefined): AbilityDef | null {
  if (id === undefined) return null;
  const def = l.abilities.get(id);
  if (!def) l.error('/map/dash', `unknown ability '${id}' (an ability id of the system's 'abilities': the Dash)`);
  else if (def.uses === 'reaction') l.error('/map/dash', `the Dash '${id}' is a reaction: it is used in its own turn ('uses' an action, or 'free')`);
  return def ?? null;
}

/** How far a reach word carries on the map. */
export function reachOf(rules: MapRules, word: string): MapReach {
  return rules.reach.get(word) ?? FAR;
}
const FAR: MapReach = { squares: DEFAULT_FAR, long: 0 };

/** A fight's map, or null (with an error) when it does not fit. */
export function fightMap(l: MapLoader, m: FightMap, p: string, rules: MapRules): FightMapDef | null {
  const { width, height } = m;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_MAP_SIDE || height > MAX_MAP_SIDE) {
    l.error(`${p}/width`, `a map is 1..${MAX_MAP_SIDE} squares wide and high (got ${width} × ${height})`);
    return null;
  }
  const terrain = new Uint8Array(width * height);
  let ok = true;
  const squaresOf = (list: MapSquares | undefined, at: string): number[] => {
    const out: number[] = [];
    (list ?? []).forEach((s, i) => {
      const inside = (x: number | undefined, y: number | undefined): boolean => Number.isInteger(x) && Number.isInteger(y) && x! >= 0 && y! >= 0 && x! < width && y! < height;
      if (s.length === 2 && inside(s[0], s[1])) { out.push(s[1]! * width + s[0]!); return; }
      if (s.length === 4 && inside(s[0], s[1]) && inside(s[2], s[3])) {
        for (let y = Math.min(s[1]!, s[3]!); y <= Math.max(s[1]!, s[3]!); y++) for (let x = Math.min(s[0]!, s[2]!); x <= Math.max(s[0]!, s[2]!); x++) out.push(y * width + x);
        return;
      }
      l.error(`${at}/${i}`, `a square is [x, y] or a rectangle [x1, y1, x2, y2] inside the ${width} × ${height} map (x 0..${width - 1}, y 0..${height - 1})`);
      ok = false;
    });
    return out;
  };
  for (const s of squaresOf(m.walls, `${p}/walls`)) terrain[s]! |= WALL;
  for (const s of squaresOf(m.difficult, `${p}/difficult`)) terrain[s]! |= DIFFICULT;
  for (const s of squaresOf(m.cover, `${p}/cover`)) terrain[s]! |= COVER;
  const start = new Map<string, number[]>();
  for (const [id, list] of Object.entries(m.start ?? {})) {
    const squares = squaresOf(list, `${p}/start/${id}`);
    squares.forEach((s, i) => {
      if (terrain[s]! & WALL) { l.error(`${p}/start/${id}/${i}`, `start square [${s % width}, ${Math.floor(s / width)}] is a wall`); ok = false; }
    });
    start.set(id, squares);
  }
  const movement = new Map<string, MovementEntry>();
  for (const [id, policy] of Object.entries(m.movement ?? {})) {
    const at = `${p}/movement/${id}`;
    if (policy === 'close' || policy === 'distance' || policy === 'hold') { movement.set(id, { kind: policy, dash: false }); continue; }
    if (typeof policy !== 'object' || policy === null || (policy.protect !== undefined && policy.policy !== undefined)) {
      l.error(at, "movement is 'close', 'distance', 'hold', { \"protect\": \"<ally id>\" } or { \"policy\": \"close\" | \"distance\" | \"hold\", \"dash\": true } (protect or policy, not both)");
      ok = false;
      continue;
    }
    const dash = policy.dash === true;
    if (dash && !rules.dash) { l.error(`${at}/dash`, "dash needs the system's Dash: 'map.dash', an ability id"); ok = false; }
    if (typeof policy.protect === 'string') movement.set(id, { kind: 'protect', ward: policy.protect, dash });
    else if (policy.policy === 'close' || policy.policy === 'distance' || policy.policy === 'hold') movement.set(id, { kind: policy.policy, dash });
    else movement.set(id, { kind: 'default', dash });
  }
  return ok ? { rules, width, height, terrain, start, movement } : null;
}
