// Fights on a battle map of squares (a fight's `map`, the system's `map` rules): who reaches whom (a blow's own
// squares, else its reach word's; a line not blocked by a wall), the conditions a blow's situation lends its check
// (flanked, cover from the terrain and from creatures, long range), each turn's walk by the combatant's movement policy
// (before it acts, the Dash instead of acting, what is left after it acts), opportunity attacks for walking out of a
// foe's melee reach, and a move ability (away from the foes: a teleport jumps, a disengage walks without provoking).
// Systems without a map never come here: every hook tests `f.map !== null` first.
import type { AbilityDef, AttackProfile, Combatant, ConditionInstance } from '../model';
import type { FightState } from '../fight-state';
import type { FightStartEvent } from '../events';
import type { MapState } from '../map/state';
import { COVER, DIFFICULT, WALL, type MapReach, type MapSummary, type Reaching } from '../map/types';
import { reachOf } from '../map/load';
import { adjacent, costTo, crossesBody, distance, lineOfFire, pathTo, walks, type Walks } from '../map/grid';
import { mayProvoke, provokeBy } from './reactions';
import { cannotAct } from './turn';
import { canPay, pay } from './abilities';

/** `[x, y]` of a square. */
export function xy(m: MapState, square: number): [number, number] {
  return [square % m.def.width, Math.floor(square / m.def.width)];
}

/** Squares between two combatants by the diagonal rule. */
export function squaresBetween(f: FightState, a: Combatant, b: Combatant): number {
  const m = f.map!;
  return distance(m.rules, m.def.width, m.square[a.order]!, m.square[b.order]!);
}

/** How far a blow or ability carries on the map: its own squares, else its reach word's. */
export function spanOf(m: MapState, by: Reaching): MapReach {
  return by.span ?? reachOf(m.rules, by.reach);
}

/** Whether `by` (a blow, an ability) from `actor` reaches `target`: within its squares (long range included) and a line no wall blocks. */
export function inReach(f: FightState, actor: Combatant, target: Combatant, by: Reaching): boolean {
  const m = f.map!;
  return reachesFrom(m, m.square[actor.order]!, m.square[target.order]!, spanOf(m, by));
}

function reachesFrom(m: MapState, a: number, t: number, r: MapReach): boolean {
  if (distance(m.rules, m.def.width, a, t) > Math.max(r.squares, r.long)) return false;
  return !lineOfFire(m.def, COVER, a, t).blocked;
}

function lend(m: MapState, holder: Combatant, inst: ConditionInstance): void {
  holder.conditions.push(inst);
  holder.conditionIds.push(inst.def.id);
  m.lentTo.push(holder);
  m.lent.push(inst);
}

/**
 * Before a blow's check: the target holds the system's flanking condition while an ally of the attacker (standing,
 * able to act) is on the square opposite the attacker's, the attacker being beside it with a melee blow; its cover
 * condition when the line between them crosses a cover square or grazes a wall; its creature-cover condition when the
 * line crosses a square another standing combatant holds (held once when the two are one condition); the attacker
 * holds the long-range condition past its blow's squares. `unsituate` takes them back after the check.
 */
export function situate(f: FightState, actor: Combatant, target: Combatant, reaching: Reaching | string): void {
  const m = f.map!;
  if (actor === target) return;
  const by = typeof reaching === 'string' ? { reach: reaching, span: null } : reaching;
  const w = m.def.width;
  const a = m.square[actor.order]!, t = m.square[target.order]!;
  const r = spanOf(m, by);
  if (m.longRange !== null && r.long > 0 && distance(m.rules, w, a, t) > r.squares) lend(m, actor, m.longRange);
  if (m.flanked !== null && by.reach === 'near' && adjacent(w, a, t)) {
    const ox = 2 * (t % w) - (a % w), oy = 2 * Math.floor(t / w) - Math.floor(a / w);
    if (ox >= 0 && oy >= 0 && ox < w && oy < m.def.height) {
      const opposite = oy * w + ox;
      for (const c of f.combatants) {
        if (c !== actor && c.side === actor.side && !c.down && m.square[c.order] === opposite && !cannotAct(c)) { lend(m, target, m.flanked); break; }
      }
    }
  }
  if (m.covered === null && m.creatureCovered === null) return;
  const body = m.creatureCovered === null ? null : (s: number): boolean => {
    for (const c of f.combatants) if (c !== actor && c !== target && !c.down && !c.fled && m.square[c.order] === s) return true;
    return false;
  };
  const terrain = m.covered !== null && lineOfFire(m.def, COVER, a, t).cover;
  if (terrain) lend(m, target, m.covered!);
  if (body !== null && !(terrain && m.covered!.def === m.creatureCovered!.def) && crossesBody(m.def, a, t, body)) lend(m, target, m.creatureCovered!);
}

export function unsituate(f: FightState): void {
  const m = f.map!;
  for (let i = m.lent.length - 1; i >= 0; i--) {
    const holder = m.lentTo[i]!, inst = m.lent[i]!;
    const at = holder.conditions.lastIndexOf(inst);
    if (at < 0) continue;
    holder.conditions.splice(at, 1);
    const id = holder.conditionIds.lastIndexOf(inst.def.id);
    if (id >= 0) holder.conditionIds.splice(id, 1);
  }
  m.lentTo.length = 0;
  m.lent.length = 0;
}

/** Whether standing on `s`, `actor` would flank one of `foes` beside it: an ally of its, able to act, on the square opposite. */
function flanks(f: FightState, actor: Combatant, s: number, foes: readonly Combatant[]): boolean {
  const m = f.map!;
  const w = m.def.width;
  for (const foe of foes) {
    const t = m.square[foe.order]!;
    if (!adjacent(w, s, t)) continue;
    const ox = 2 * (t % w) - (s % w), oy = 2 * Math.floor(t / w) - Math.floor(s / w);
    if (ox < 0 || oy < 0 || ox >= w || oy >= m.def.height) continue;
    const opposite = oy * w + ox;
    for (const c of f.combatants) if (c !== actor && c.side === actor.side && !c.down && m.square[c.order] === opposite && !cannotAct(c)) return true;
  }
  return false;
}

/** The squares a combatant's melee blows reach (its `near` blow that reaches farthest), 0 without one. */
function meleeSquares(m: MapState, c: Combatant): number {
  return m.melee[c.order]!;
}

/** The reach of its blow or offensive ability that carries farthest (at normal range). */
function farthest(m: MapState, c: Combatant): MapReach {
  let best = reachOf(m.rules, 'near');
  for (const p of c.def.attacks) { const r = spanOf(m, p); if (r.squares > best.squares) best = r; }
  for (const a of c.def.abilities) if (a.offensive) { const r = spanOf(m, a); if (r.squares > best.squares) best = r; }
  return best;
}

/** The blow its opportunity attacks strike with: its `near` blow that reaches farthest. */
function meleeAttack(m: MapState, c: Combatant): AttackProfile | undefined {
  return m.meleeBlow[c.order];
}

/** Whether from square `s` some blow or offensive ability of `c` reaches one of `foes` (at any range). */
function strikesFrom(m: MapState, c: Combatant, s: number, foes: readonly Combatant[]): boolean {
  for (const foe of foes) {
    const t = m.square[foe.order]!;
    for (const p of c.def.attacks) if (reachesFrom(m, s, t, spanOf(m, p))) return true;
    for (const a of c.def.abilities) if (a.offensive && reachesFrom(m, s, t, spanOf(m, a))) return true;
  }
  return false;
}

/** Who stands where: the combatant's order on each square it holds (one not in the fight yet holds its own), else -1. */
function occupancy(f: FightState, m: MapState): Int32Array {
  const occ = new Int32Array(m.def.width * m.def.height).fill(-1);
  for (const c of f.combatants) if (!c.fled && m.square[c.order]! >= 0) occ[m.square[c.order]!] = c.order;
  return occ;
}

/**
 * In a system without rows, a combatant on a map is `near` while a standing foe is within melee reach of it (what
 * `@position` and a condition's `reach` read), else `far`.
 */
export function placeBands(f: FightState): void {
  if (f.system.rows.length !== 0) return;
  const m = f.map!;
  const near = reachOf(m.rules, 'near').squares;
  for (const c of f.combatants) {
    if (c.down) continue;
    let close = false;
    for (const o of f.combatants) {
      if (o.down || o.side === c.side) continue;
      if (distance(m.rules, m.def.width, m.square[c.order]!, m.square[o.order]!) <= near) { close = true; break; }
    }
    c.position = close ? 'near' : 'far';
  }
}

/** The fight's start on a map: bands from squares; the log's `fightStart` gains the map and each one's square. */
export function startOnMap(f: FightState, event: FightStartEvent | null): FightStartEvent | null {
  placeBands(f);
  if (event === null) return null;
  const m = f.map!;
  const { note: _note, ...rest } = event;
  return {
    ...rest,
    combatants: event.combatants.map((c, i) => ({ ...c, position: f.combatants[i]!.position, square: xy(m, m.square[i]!), reach: m.melee[i]! })),
    map: summary(m),
  };
}

function summary(m: MapState): MapSummary {
  const walls: [number, number][] = [], difficult: [number, number][] = [], cover: [number, number][] = [];
  const t = m.def.terrain;
  for (let s = 0; s < t.length; s++) {
    if (t[s]! & WALL) walls.push(xy(m, s));
    if (t[s]! & DIFFICULT) difficult.push(xy(m, s));
    if (t[s]! & COVER) cover.push(xy(m, s));
  }
  return { width: m.def.width, height: m.def.height, walls, difficult, cover };
}

/** Squares it may walk this turn (`map.speed` on its sheet). */
export function speedOf(f: FightState, c: Combatant): number {
  const v = Math.floor(f.value(f.map!.rules.speed, c));
  return Number.isFinite(v) ? Math.max(0, Math.min(1000, v)) : 0;
}

type Score = [number, number, number, number];

function better(a: Score, b: Score): boolean {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** Whether a standing foe's melee reach takes in square `s`. */
function threatenedAt(m: MapState, foes: readonly Combatant[], s: number): boolean {
  for (const c of foes) {
    const r = m.melee[c.order]!;
    if (r > 0 && distance(m.rules, m.def.width, s, m.square[c.order]!) <= r) return true;
  }
  return false;
}

/**
 * A combatant's turn on a map: its walk by its movement policy; the Dash when its policy has `dash` and walking once
 * is not enough (its speed again, the Dash's action spent: act() takes it off the turn's budget); the act; then, by
 * `map.moveAfter` and unless it dashed, what is left of its speed walked by the same policy.
 */
export function mapTurn(f: FightState, actor: Combatant): void {
  const m = f.map!;
  m.walked = 0;
  m.dashSpent = -1;
  const speed = speedOf(f, actor);
  stride(f, actor, speed, null);
  let dashed = false;
  const dashAbility = m.rules.dash ?? null;
  if (dashAbility !== null && m.policy[actor.order]!.dash === true && !actor.down && f.winner === null) dashed = dash(f, actor, speed, dashAbility);
  if (actor.down || f.winner !== null) return;
  f.act(actor);
  if (m.rules.moveAfter === true && !dashed && !actor.down && f.winner === null && !cannotAct(actor)) stride(f, actor, speed - m.walked, null);
}

/** The turn's walk, within `budget` squares, by its movement policy, provoking as it leaves a foe's reach (a Dash's when `ability` is the Dash). */
export function stride(f: FightState, actor: Combatant, budget = speedOf(f, actor), ability: AbilityDef | null = null): void {
  const plan = planWalk(f, actor, budget);
  if (plan === null) return;
  // What the one whose turn it is walks counts against its turn's speed (a reaction's move does not).
  if (actor === f.turnOf) f.map!.walked += costTo(plan.walk, plan.best);
  walkPath(f, actor, pathTo(plan.walk, plan.best), true, ability);
}

/** Where its policy would walk it within `budget` (its walks and the square), or null: it stays. */
function planWalk(f: FightState, actor: Combatant, budget: number): { readonly walk: Walks; readonly best: number } | null {
  const m = f.map!;
  placeBands(f);
  let policy = m.policy[actor.order]!;
  if (policy.kind === 'hold') return null;
  const speed = budget;
  if (speed <= 0) return null;
  const foes = f.combatants.filter((c) => !c.down && c.side !== actor.side);
  if (foes.length === 0) return null;
  let ward: Combatant | null = null;
  if (policy.kind === 'protect') {
    const wardId = policy.ward;
    ward = f.combatants.find((c) => c.id === wardId || c.def.key === wardId) ?? null;
    if (ward === null || ward.down || ward === actor) { policy = { kind: 'close' }; ward = null; }
  }
  const w = m.def.width, rules = m.rules;
  const occ = occupancy(f, m);
  const from = m.square[actor.order]!;
  // Through allies and the fallen, never through a standing foe; it stops only where nobody is.
  const walk = walks(m.def, rules, [from], speed, (s) => occ[s]! >= 0 && f.combatants[occ[s]!]!.side !== actor.side && !f.combatants[occ[s]!]!.down);
  // Closing in, it means to strike with its first attack; keeping distance, with whatever carries farthest.
  const first = actor.def.attacks[0];
  const mine = policy.kind === 'distance' ? farthest(m, actor) : first ? spanOf(m, first) : reachOf(rules, 'near');
  const foeSquares = foes.map((c) => m.square[c.order]!);
  let towardFoes: Walks | null = null, towardWard: Walks | null = null;
  const approach = (s: number): number => costTo(towardFoes ??= walks(m.def, rules, foeSquares, Infinity, () => false), s);
  const strikes = (s: number): boolean => foeSquares.some((q) => distance(rules, w, s, q) <= mine.squares && !lineOfFire(m.def, COVER, s, q).blocked);
  const score = (s: number, cost: number): Score => {
    switch (policy.kind) {
      case 'distance': {
        const hits = strikes(s);
        return [threatenedAt(m, foes, s) ? 1 : 0, hits ? 0 : 1, hits ? 0 : approach(s), cost];
      }
      case 'protect': {
        const ws = m.square[ward!.order]!;
        const beside = adjacent(w, s, ws);
        const toWard = beside ? 0 : costTo(towardWard ??= walks(m.def, rules, [ws], Infinity, () => false), s);
        return [beside ? 0 : 1, toWard, strikes(s) ? 0 : 1, cost];
      }
      default: {
        const hits = strikes(s);
        // Beside a foe, a square that flanks it (an ally opposite) is better, when the system flanks.
        return [hits ? 0 : 1, hits ? 0 : approach(s), hits && m.flanked !== null && !flanks(f, actor, s, foes) ? 1 : 0, cost];
      }
    }
  };
  let best = from, bestScore = score(from, 0);
  for (let s = 0; s < occ.length; s++) {
    if (s === from || occ[s]! >= 0) continue;
    const cost = costTo(walk, s);
    if (cost > speed) continue;
    const sc = score(s, cost);
    if (better(sc, bestScore)) { best = s; bestScore = sc; }
  }
  return best === from ? null : { walk, best };
}

/**
 * The Dash (`map.dash`), after the turn's walk, when walking once was not enough: closing in, no foe is within reach
 * of any of its blows; keeping distance, it still stands in a foe's melee reach (it dashes only to a square no foe
 * reaches) or no foe is in range; protecting, it is not beside its ward. It needs the Dash's action in the turn's
 * budget and its cost; it walks what is left of its speed and its speed again (the turn's walks together within
 * twice its speed: a move event naming the Dash) and the action is spent. Whether it dashed.
 */
function dash(f: FightState, actor: Combatant, speed: number, ability: AbilityDef): boolean {
  const m = f.map!;
  const policy = m.policy[actor.order]!;
  if (policy.kind === 'hold') return false;
  if (ability.actionIndex >= 0) {
    const per = f.fixedPer !== null ? f.fixedPer[ability.actionIndex]! : Math.floor(f.value(f.system.actions[ability.actionIndex]!.per, actor));
    if (!(per >= 1)) return false;
  }
  const foes = f.combatants.filter((c) => !c.down && c.side !== actor.side);
  if (foes.length === 0) return false;
  const here = m.square[actor.order]!;
  const cornered = policy.kind === 'distance' && threatenedAt(m, foes, here);
  let need: boolean;
  if (policy.kind === 'protect') {
    const ward = f.combatants.find((c) => c.id === policy.ward || c.def.key === policy.ward);
    need = ward !== undefined && !ward.down && ward !== actor ? !adjacent(m.def.width, here, m.square[ward.order]!) : !strikesFrom(m, actor, here, foes);
  } else need = cornered || !strikesFrom(m, actor, here, foes);
  if (!need || !canPay(f, actor, ability)) return false;
  // The Dash doubles the turn's movement: what is left of its speed and its speed again.
  const plan = planWalk(f, actor, 2 * speed - m.walked);
  if (plan === null || (cornered && threatenedAt(m, foes, plan.best))) return false;
  pay(f, actor, ability);
  m.dashSpent = ability.actionIndex;
  m.walked += costTo(plan.walk, plan.best);
  walkPath(f, actor, pathTo(plan.walk, plan.best), true, ability);
  return true;
}

/**
 * One who got back up where another stands (it fell walking through an ally's square: the fallen lie where they fall)
 * moves aside to the nearest square nobody holds, as the crow walks round walls (a move event marked `aside`, no speed
 * spent, nothing provoked); with no free square it stays.
 */
export function makeRoom(f: FightState, c: Combatant): void {
  const m = f.map!;
  const here = m.square[c.order]!;
  if (here < 0 || !f.combatants.some((o) => o !== c && !o.down && !o.fled && m.square[o.order] === here)) return;
  const occ = occupancy(f, m);
  const walk = walks(m.def, m.rules, [here], Infinity, () => false);
  let best = -1, bestCost = Infinity;
  for (let s = 0; s < occ.length; s++) {
    if (occ[s]! >= 0) continue;
    const cost = costTo(walk, s);
    if (cost < bestCost) { best = s; bestCost = cost; }
  }
  if (best >= 0) emitMove(f, c, pathTo(walk, best), null, true);
}

/**
 * Walk `path` (its first square the mover's own): before each step that takes it out of a standing foe's melee
 * reach, that foe may react (`leave` orders, else the opportunity attack with its melee blow), once a move, unless
 * the walk does not provoke. Each stretch walked is a `move` event; it stops where it falls.
 */
function walkPath(f: FightState, actor: Combatant, path: readonly number[], provokes: boolean, ability: AbilityDef | null): void {
  const m = f.map!;
  const rules = m.rules, w = m.def.width;
  let start = 0;
  const provoked: Combatant[] = [];
  for (let i = 1; i < path.length; i++) {
    const here = path[i - 1]!, next = path[i]!;
    if (provokes) {
      for (const foe of f.combatants) {
        if (foe.down || foe.side === actor.side || provoked.includes(foe)) continue;
        const r = meleeSquares(m, foe);
        const at = m.square[foe.order]!;
        if (r === 0 || distance(rules, w, here, at) > r || distance(rules, w, next, at) <= r) continue;
        provoked.push(foe);
        // A foe that can draw nothing (its reaction spent) leaves the walk whole: one move event, not two.
        const attack = meleeAttack(m, foe);
        if (!mayProvoke(f, foe, rules.opportunity, attack)) continue;
        if (i - 1 > start) { emitMove(f, actor, path.slice(start, i), ability); start = i - 1; }
        provokeBy(f, foe, actor, rules.opportunity, attack);
        if (actor.down || f.winner !== null) { placeBands(f); return; }
      }
    }
    m.square[actor.order] = next;
  }
  if (path.length - 1 > start) emitMove(f, actor, path.slice(start), ability);
  placeBands(f);
}

/** `actor` walked `path` (by `ability`, or moved `aside` by makeRoom): it stands at its end, and the log says so. */
function emitMove(f: FightState, actor: Combatant, path: readonly number[], ability: AbilityDef | null, aside = false): void {
  const m = f.map!;
  const before = actor.position;
  m.square[actor.order] = path[path.length - 1]!;
  placeBands(f);
  if (!f.sink) return;
  const squares = path.map((s) => xy(m, s));
  const from = squares[0]!, to = squares[squares.length - 1]!;
  f.emit({
    type: 'move', round: f.round, target: actor.id, from: before, to: actor.position,
    chip: `${actor.def.name}: (${from[0]}, ${from[1]}) → (${to[0]}, ${to[1]}), ${squares.length - 1} square${squares.length === 2 ? '' : 's'}${ability !== null && ability === m.rules.dash ? ` (${ability.name})` : ''}`,
    fromSquare: from, toSquare: to, path: squares,
    ...(ability !== null ? { ability: ability.id, ...(ability.teleport ? { teleport: true } : {}) } : {}),
    ...(aside ? { aside: true } : {}),
  });
}

/**
 * A move ability on a map (`move`): to `near` it closes in as a turn's move does; elsewhere it goes as far from
 * the foes as its speed allows, a teleport in a jump (over walls and bodies, onto a free square), a disengage
 * walking without provoking, any other walking and provoking.
 */
export function abilityMove(f: FightState, actor: Combatant, ability: AbilityDef): void {
  const m = f.map!;
  if (ability.move === 'near') {
    const policy = m.policy[actor.order]!;
    m.policy[actor.order] = { kind: 'close' };
    try { stride(f, actor); } finally { m.policy[actor.order] = policy; }
    return;
  }
  const speed = speedOf(f, actor);
  const rules = m.rules, w = m.def.width;
  const occ = occupancy(f, m);
  const from = m.square[actor.order]!;
  const foes = f.combatants.filter((c) => !c.down && c.side !== actor.side).map((c) => m.square[c.order]!);
  const walk = ability.teleport ? null
    : walks(m.def, rules, [from], speed, (s) => occ[s]! >= 0 && f.combatants[occ[s]!]!.side !== actor.side && !f.combatants[occ[s]!]!.down);
  const away = (s: number): number => foes.reduce((least, q) => Math.min(least, distance(rules, w, s, q)), Infinity);
  let best = from, bestAway = away(from), bestCost = 0;
  for (let s = 0; s < occ.length; s++) {
    if (s === from || occ[s]! >= 0 || m.def.terrain[s]! & WALL) continue;
    const cost = walk ? costTo(walk, s) : distance(rules, w, from, s);
    if (cost > speed) continue;
    const d = away(s);
    if (d > bestAway || (d === bestAway && cost < bestCost)) { best = s; bestAway = d; bestCost = cost; }
  }
  if (best === from) return;
  if (walk === null) emitMove(f, actor, [from, best], ability);
  else {
    if (actor === f.turnOf) m.walked += costTo(walk, best);
    walkPath(f, actor, pathTo(walk, best), !ability.disengage, ability);
  }
}
