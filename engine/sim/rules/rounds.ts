// Rounds: the fight from start to end, initiative and the turn order, and the clock of speed-based systems (a round
// of acts on ticks counting down instead of one turn each).
import type { Side, Combatant } from '../model';
import { type FightResult, type FightState, MAX_ACTS_PER_ROUND } from '../fight-state';
import type { FightStartEvent, Winner } from '../events';
import { startOnMap } from './map';
import { judge } from './checks';
import { applyCondition } from './conditions';
import { arriveChip } from './chips';
import { closeUp, rollDeathSaves } from './falling';
import { canPayTracks, payTracks } from './tracks';
import { takeTurn } from './turn';
import { deal, dealRound } from './deck';
import { endCards, roundCards, startCards } from './cards';

/** The most turns `turn.initiative.passes` gives one combatant in a round. */
const MAX_PASSES = 10;

/** Spec §2.9: a square-based system is still fought in bands here, and the log says so. */
export const GRID_NOTE = 'This system is played on a grid; the simulator places combatants in bands (near, far, rows) and reads nothing from a map: no flanking, cover or opportunity attacks by squares.';

/** The whole fight: starting conditions, rows closing up, then rounds until one side stands alone or time runs out. */
export function fightToTheEnd(f: FightState): FightResult {
  holdBack(f);
  const start: FightStartEvent | null = f.sink ? {
    type: 'fightStart', system: f.system.id, fightId: f.fight.id, seed: f.seed, hpTrack: f.system.names.tracks[f.system.hpTrack]!,
    combatants: f.combatants.map((c) => (c.arrives > 1
      ? { id: c.id, name: c.def.name, side: c.side, hp: f.hp(c), position: c.position, arrives: c.arrives }
      : { id: c.id, name: c.def.name, side: c.side, hp: f.hp(c), position: c.position })),
    ...(f.system.grid ? { note: GRID_NOTE } : {}),
  } : null;
  // On a map the bands come from the squares, and the log's start says where each one stands.
  const started = f.map !== null ? startOnMap(f, start) : start;
  if (started !== null) f.emit(started);
  for (const c of f.combatants) if (!c.absent) startConditions(f, c);
  if (f.system.advanceRows) { closeUp(f, 'heroes'); closeUp(f, 'enemies'); }
  if (f.cardBits !== 0) startCards(f);
  f.winner = decide(f);
  while (f.winner === null && f.round < f.fight.maxRounds) {
    f.round++;
    if (f.sink) f.emit({ type: 'round', round: f.round });
    playRound(f);
  }
  if (f.cardBits !== 0) endCards(f);
  // One who never arrived ends the fight as it began it: standing, outside.
  if (f.arrivingHeroes + f.arrivingEnemies > 0) for (const c of f.combatants) if (c.absent) { c.absent = false; c.down = false; }
  const winner = f.winner ?? 'draw';
  if (f.sink) f.emit({ type: 'fightEnd', round: f.round, winner, rounds: f.round });
  return { winner, rounds: f.round, combatants: f.combatants };
}

/** The fight's starting conditions of one combatant (its entry's), put on when it enters the fight. */
function startConditions(f: FightState, c: Combatant): void {
  const ids = f.entryConditions[c.order]!;
  for (let i = 0; i < ids.length; i++) applyCondition(f, c, ids[i]!, null, null);
}

/** Late arrivals (a fight entry's `arrives`) wait outside: down, so nothing acts on them or with them, till their round. */
function holdBack(f: FightState): void {
  let heroes = 0, enemies = 0;
  for (const c of f.combatants) {
    if (c.arrives <= 1) continue;
    c.absent = true; c.down = true;
    if (c.side === 'heroes') heroes++; else enemies++;
  }
  f.arrivingHeroes = heroes; f.arrivingEnemies = enemies;
  if (heroes + enemies > 0) f.countStanding();
}

/**
 * Those arriving this round enter: standing, their starting conditions on, and (when initiative is not rolled for
 * everyone this round anyway) their own initiative rolled and their place in the turn order taken by it.
 */
function arrive(f: FightState, rollsAll: boolean): void {
  const ties = f.system.initiative?.ties ?? 'heroes';
  for (const c of f.combatants) {
    if (!c.absent || c.arrives > f.round) continue;
    c.absent = false; c.down = false;
    if (c.side === 'heroes') { f.arrivingHeroes--; f.standingHeroes++; } else { f.arrivingEnemies--; f.standingEnemies++; }
    if (f.sink) f.emit({ type: 'arrive', round: f.round, target: c.id, position: c.position, chip: arriveChip(c) });
    startConditions(f, c);
    if (rollsAll || c.down) continue;
    rollOne(f, c);
    const order = f.turnOrder;
    order.splice(order.indexOf(c), 1);
    let at = order.length;
    while (at > 0 && turnsAfter(order[at - 1]!, c, ties, null)) at--;
    order.splice(at, 0, c);
  }
}

/** The winner once a side has nobody standing and nobody still to arrive (a draw when neither has), else null. */
export function decide(f: FightState): Winner | null {
  const heroes = f.standingHeroes > 0 || f.arrivingHeroes > 0, enemies = f.standingEnemies > 0 || f.arrivingEnemies > 0;
  if (heroes && enemies) return null;
  return heroes ? 'heroes' : enemies ? 'enemies' : 'draw';
}

/** One combatant's initiative (0 without a rule): its check's total, or a card dealt from the deck. */
function rollOne(f: FightState, c: Combatant): void {
  const rule = f.system.initiative;
  if (rule?.deck) { deal(f, rule.deck, c, heldCards(f, c)); return; }
  if (rule?.check) judge(f, rule.check, f.innerFrame, c, null, 0, c.position, null);
  c.initiative = rule?.check ? f.innerFrame.total : 0;
}

/** The cards the others standing hold this round (a late arrival's card is none of them). */
function heldCards(f: FightState, c: Combatant): number[] {
  return f.combatants.filter((o) => o !== c && !o.down).map((o) => o.initiative);
}

function rollInitiative(f: FightState): void {
  const rule = f.system.initiative;
  if (rule?.deck) dealRound(f, rule.deck);
  else for (const c of f.combatants) {
    if (c.down) continue;
    rollOne(f, c);
  }
  const ties = rule?.ties ?? 'heroes';
  const tieBreak = ties === 'random' ? f.combatants.map(() => f.rng.next()) : null;
  // A stable insertion sort (a handful of combatants, no comparator closure per round): the same order as a
  // stable sort with the comparator below, since that comparator is a consistent order for every `ties`.
  const order = f.turnOrder;
  order.length = 0;
  for (const c of f.combatants) {
    let at = order.length;
    while (at > 0 && turnsAfter(order[at - 1]!, c, ties, tieBreak)) { order[at] = order[at - 1]!; at--; }
    order[at] = c;
  }
}

function playRound(f: FightState): void {
  const rule = f.system.initiative;
  const rollsAll = f.round === 1 || (rule?.everyRound ?? false);
  if (f.arrivingHeroes + f.arrivingEnemies > 0) arrive(f, rollsAll);
  if (f.cardBits !== 0) roundCards(f);
  if (rollsAll) rollInitiative(f);
  if (f.system.reactionPer === 'round') for (const c of f.combatants) c.reactionsUsed = 0;
  if (f.system.deathSave) rollDeathSaves(f);
  if (f.winner !== null) return;
  if (f.system.clock) { playClockRound(f); return; }
  if (rule?.passes) { playPasses(f, rule.passes); return; }
  for (const actor of f.turnOrder) {
    if (f.winner !== null) return;
    if (actor.down) continue;
    // A non-positive initiative does not act only in clock systems; without a clock everyone takes a turn.
    takeTurn(f, actor, undefined);
    f.winner = decide(f);
  }
}

/** Initiative passes: each one's count read as the round starts; everyone's pass N, in turn order, before pass N + 1. */
function playPasses(f: FightState, passes: NonNullable<NonNullable<FightState['system']['initiative']>['passes']>): void {
  const s = f.scope;
  const counts = f.turnOrder.map((c) => {
    s.self = c; s.initiative = c.initiative; s.clock = c.initiative;
    return Math.max(1, Math.min(MAX_PASSES, Math.floor(f.number(passes))));
  });
  const most = Math.max(0, ...counts);
  for (let pass = 1; pass <= most; pass++) {
    for (let i = 0; i < f.turnOrder.length; i++) {
      const actor = f.turnOrder[i]!;
      if (f.winner !== null) return;
      if (actor.down || counts[i]! < pass) continue;
      takeTurn(f, actor, undefined);
      f.winner = decide(f);
    }
  }
}

function playClockRound(f: FightState): void {
  const clock = f.system.clock!;
  // `acted` is cleared here too: a round that ends with nobody left to act returns before the reset at its end.
  for (const c of f.combatants) { c.clock = c.initiative; c.deferredAt = NaN; c.acted = false; }
  const ties = f.system.initiative?.ties ?? 'heroes';
  const s = f.scope;
  const again = clock.again;
  for (let acts = 0; acts < MAX_ACTS_PER_ROUND && f.winner === null; acts++) {
    let next: Combatant | null = null;
    for (const c of f.turnOrder) {
      if (c.down || c.clock <= 0) continue;
      s.clock = c.clock; s.initiative = c.initiative; s.self = c;
      if (c.acted && (!f.truth(clock.while) || (again.length !== 0 && !canPayTracks(f, c, again)))) continue;
      if (!next || c.clock > next.clock || (c.clock === next.clock && firstOnTick(c, next, ties))) next = c;
    }
    if (!next) return;
    if (next.acted && again.length !== 0) {
      // Acting again this round (`turn.clock.again`: live action's blood for a Celerity action) is paid first.
      s.clock = next.clock; s.initiative = next.initiative;
      payTracks(f, next, again);
      f.winner = decide(f);
      if (next.down || f.winner !== null) continue;
    }
    next.acted = true;
    f.actionSpeed = 0;
    const tick = next.clock;
    s.clockNext = nextTick(f, next);
    f.heldSpeed = NaN;
    takeTurn(f, next, tick);
    if (!Number.isNaN(f.heldSpeed)) {
      // A held action (`defer`): its own speed only, then last on the tick it leaves the actor at.
      next.clock = Math.max(0, tick - f.heldSpeed);
      next.deferredAt = next.clock;
      f.winner = decide(f);
      continue;
    }
    s.self = next; s.clock = next.clock; s.initiative = next.initiative; s.actionSpeed = f.actionSpeed;
    const cost = f.number(clock.cost);
    // A free act would loop forever: an act always costs at least one tick... unless the rules say it ends here.
    next.clock = cost > 0 ? next.clock - cost : 0;
    s.clock = next.clock;
    if (next.clock > 0 && !f.truth(clock.while)) next.clock = 0;
    f.winner = decide(f);
  }
  for (const c of f.combatants) c.acted = false;
}

/**
 * `@clock.next` for `actor`'s act: the highest clock below its own among the others standing with some clock left,
 * the next lower tick on which someone else is to act this round (0: nobody). Wait holds to it.
 */
function nextTick(f: FightState, actor: Combatant): number {
  let best = 0;
  for (const c of f.combatants) if (c !== actor && !c.down && c.clock > best && c.clock < actor.clock) best = c.clock;
  return best;
}

/**
 * At equal clocks, whether `c` acts before `current`: one holding its action (`defer`) goes after everyone else on
 * the tick; otherwise the initiative rule's `ties` side first.
 */
function firstOnTick(c: Combatant, current: Combatant, ties: Side | 'random'): boolean {
  const cHolds = c.deferredAt === c.clock;
  if (cHolds !== (current.deferredAt === current.clock)) return !cHolds;
  return c.side !== current.side && c.side === ties;
}

/** Whether `a` takes its turn after `b` (initiative high to low; ties by side, by random draw, else by order). */
function turnsAfter(a: Combatant, b: Combatant, ties: Side | 'random', tieBreak: readonly number[] | null): boolean {
  if (b.initiative !== a.initiative) return b.initiative - a.initiative > 0;
  if (a.side !== b.side && ties !== 'random') return a.side !== ties;
  if (tieBreak) return tieBreak[a.order]! - tieBreak[b.order]! > 0;
  return a.order - b.order > 0;
}
