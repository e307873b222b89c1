// The exact solver's view of a fight's state (exact.ts): a copy of everything an act may change (taken at the act's
// start, put back before each of its paths) and the canonical key equal states share.
import type { FightRunner } from './fight';
import type { Combatant } from './model';

/** Everything an act may change, copied at the act's start and put back before each of its paths. */
interface CombatantCopy {
  readonly sheet: number[]; readonly position: string; readonly down: boolean; readonly dead: boolean; readonly fell: boolean; readonly fled: boolean;
  readonly acted: boolean; readonly dying: boolean; readonly absent: boolean; readonly initiative: number; readonly clock: number;
  readonly reactionsUsed: number; readonly sustaining: Combatant['sustaining']; readonly harmTaken: number; readonly damageDealt: number;
  readonly deathSuccesses: number; readonly deathFailures: number; readonly deferredAt: number; readonly attackCursor: number;
  readonly slots: number[]; readonly recharged: boolean[]; readonly hurtBy: string[]; readonly harmAt: number[];
  readonly lastAttacker: Combatant | null; readonly provoker: Combatant | null; readonly conditionIds: string[]; readonly conditions: Combatant['conditions'];
}

export interface Snapshot {
  readonly round: number; readonly winner: FightRunner['winner']; readonly current: Combatant | null; readonly turnOf: Combatant | null;
  readonly turnOrder: Combatant[]; readonly arrivingHeroes: number; readonly arrivingEnemies: number; readonly standingHeroes: number;
  readonly standingEnemies: number; readonly deckJoker: boolean; readonly deckCards: number[]; readonly pickedFor: FightRunner['pickedFor'];
  readonly picked: Combatant | null; readonly actionsLeft: number[]; readonly turnActionsLeft: number; readonly attacksLeft: number;
  readonly attackNumber: number; readonly actionSpeed: number; readonly heldSpeed: number; readonly modsDirty: boolean;
  readonly clock: number; readonly clockNext: number; readonly initiative: number; readonly scopeActionSpeed: number; readonly mods: number[];
  readonly vsCheck: FightRunner['vsCheck'];
  readonly combatants: readonly CombatantCopy[];
  /** On a battle map: each one's square, what the one whose turn it is walked, the action its Dash spent. */
  readonly squares: number[] | null; readonly walked: number; readonly dashSpent: number;
}

export function takeSnapshot(r: FightRunner): Snapshot {
  const s = r.scope;
  return {
    round: r.round, winner: r.winner, current: r.current, turnOf: r.turnOf, turnOrder: r.turnOrder.slice(), arrivingHeroes: r.arrivingHeroes,
    arrivingEnemies: r.arrivingEnemies, standingHeroes: r.standingHeroes, standingEnemies: r.standingEnemies, deckJoker: r.deckJoker,
    deckCards: r.deckCards.slice(), pickedFor: r.pickedFor, picked: r.picked, actionsLeft: r.actionsLeft.slice(), turnActionsLeft: r.turnActionsLeft,
    attacksLeft: r.attacksLeft, attackNumber: r.attackNumber, actionSpeed: r.actionSpeed, heldSpeed: r.heldSpeed, modsDirty: r.modsDirty,
    clock: s.clock, clockNext: s.clockNext, initiative: s.initiative, scopeActionSpeed: s.actionSpeed, mods: s.mods.slice(), vsCheck: r.vsCheck,
    combatants: r.combatants.map((c) => ({
      sheet: c.sheet.slice(), position: c.position, down: c.down, dead: c.dead, fell: c.fell, fled: c.fled, acted: c.acted, dying: c.dying,
      absent: c.absent, initiative: c.initiative, clock: c.clock, reactionsUsed: c.reactionsUsed, sustaining: c.sustaining, harmTaken: c.harmTaken,
      damageDealt: c.damageDealt, deathSuccesses: c.deathSuccesses, deathFailures: c.deathFailures, deferredAt: c.deferredAt,
      attackCursor: c.attackCursor, slots: c.slots.slice(), recharged: c.recharged.slice(), hurtBy: c.hurtBy.slice(), harmAt: c.harmAt.slice(),
      lastAttacker: c.lastAttacker, provoker: c.provoker, conditionIds: c.conditionIds.slice(), conditions: c.conditions.map((x) => ({ ...x })),
    })),
    squares: r.map !== null ? Array.from(r.map.square) : null, walked: r.map?.walked ?? 0, dashSpent: r.map?.dashSpent ?? -1,
  };
}

function put<T>(into: T[], from: readonly T[]): void {
  if (into.length !== from.length) into.length = from.length;
  for (let i = 0; i < from.length; i++) into[i] = from[i]!;
}

export function restoreSnapshot(r: FightRunner, snap: Snapshot): void {
  const w = r as { -readonly [K in keyof FightRunner]: FightRunner[K] };
  w.round = snap.round; w.winner = snap.winner; w.current = snap.current; w.turnOf = snap.turnOf; put(r.turnOrder, snap.turnOrder);
  w.arrivingHeroes = snap.arrivingHeroes; w.arrivingEnemies = snap.arrivingEnemies; w.standingHeroes = snap.standingHeroes;
  w.standingEnemies = snap.standingEnemies; w.deckJoker = snap.deckJoker; put(r.deckCards, snap.deckCards); w.pickedFor = snap.pickedFor;
  w.picked = snap.picked; put(r.actionsLeft, snap.actionsLeft); w.turnActionsLeft = snap.turnActionsLeft; w.attacksLeft = snap.attacksLeft;
  w.attackNumber = snap.attackNumber; w.actionSpeed = snap.actionSpeed; w.heldSpeed = snap.heldSpeed; w.modsDirty = snap.modsDirty; w.vsCheck = snap.vsCheck;
  const s = r.scope;
  s.clock = snap.clock; s.clockNext = snap.clockNext; s.initiative = snap.initiative; s.actionSpeed = snap.scopeActionSpeed; put(s.mods, snap.mods);
  if (r.map !== null && snap.squares !== null) { r.map.square.set(snap.squares); r.map.walked = snap.walked; r.map.dashSpent = snap.dashSpent; }
  const cs = r.combatants;
  for (let k = 0; k < cs.length; k++) {
    const c = cs[k]!, v = snap.combatants[k]!;
    put(c.sheet, v.sheet); c.position = v.position; c.down = v.down; c.dead = v.dead; c.fell = v.fell; c.fled = v.fled; c.acted = v.acted;
    c.dying = v.dying; c.absent = v.absent; c.initiative = v.initiative; c.clock = v.clock; c.reactionsUsed = v.reactionsUsed;
    c.sustaining = v.sustaining; c.harmTaken = v.harmTaken; c.damageDealt = v.damageDealt; c.deathSuccesses = v.deathSuccesses;
    c.deathFailures = v.deathFailures; c.deferredAt = v.deferredAt; c.attackCursor = v.attackCursor; put(c.slots, v.slots);
    put(c.recharged, v.recharged); put(c.hurtBy, v.hurtBy); put(c.harmAt, v.harmAt); c.lastAttacker = v.lastAttacker; c.provoker = v.provoker;
    put(c.conditionIds, v.conditionIds);
    const conditions = c.conditions;
    if (conditions.length !== v.conditions.length) conditions.length = v.conditions.length;
    for (let i = 0; i < v.conditions.length; i++) conditions[i] = { ...v.conditions[i]! };
  }
}

/**
 * The fight's state as the rules read it, at the start or end of an act (see the header), but for the round: no rule
 * reads the round inside an act (no formula can: it is not in the scope), so an act's paths from two states that
 * differ only by round are the same paths (the solver keeps them once, `actCache`).
 */
export function stateKey(r: FightRunner, actor: Combatant, acts: number, initiativeRead: boolean, idOf: (o: object | null) => number): string {
  const s = r.scope;
  // Only the indexes a fight writes: every other one keeps its loaded value for the runner's life (FightState.writableIndexes).
  const writable = r.writableIndexes;
  let k = `${actor.order}|${acts}|${r.winner ?? ''}|${r.turnOf?.order ?? -1}|${r.turnOrder.map((c) => c.order).join('.')}|`
    + `${r.arrivingHeroes},${r.arrivingEnemies},${r.standingHeroes},${r.standingEnemies}|${r.deckJoker ? 1 : 0}|${r.deckCards.join('.')}|`
    + `${s.clock},${s.clockNext},${s.initiative}|${idOf(r.pickedFor)},${r.picked?.order ?? -1}`
    + (r.map !== null ? `|${r.map.square.join('.')},${r.map.walked},${r.map.dashSpent}` : '');
  for (const c of r.combatants) {
    k += '#';
    for (let i = 0; i < writable.length; i++) k += `${c.sheet[writable[i]!]},`;
    k += `|${c.position}|${c.down ? 1 : 0}${c.dead ? 1 : 0}${c.fell ? 1 : 0}${c.fled ? 1 : 0}${c.acted ? 1 : 0}${c.dying ? 1 : 0}${c.absent ? 1 : 0}|`
      + `${initiativeRead ? c.initiative : ''},${c.clock},${c.reactionsUsed},${idOf(c.sustaining)},${c.harmTaken},${c.deathSuccesses},${c.deathFailures},${c.deferredAt},${c.attackCursor}|`
      + `${c.slots.join(',')}|${c.recharged.map((b) => (b ? 1 : 0)).join('')}|${c.hurtBy.join(',')}|${c.harmAt.join(',')}|`
      + `${c.lastAttacker?.order ?? -1},${c.provoker?.order ?? -1}|${c.conditionIds.join(',')}|`;
    for (const inst of c.conditions) {
      k += `${idOf(inst.def)}:${inst.dc}:${idOf(inst.saveCheck)}:${inst.turnsLeft}:${inst.chargesLeft}:${inst.sustainer?.order ?? -1}:${inst.source?.order ?? -1};`;
    }
  }
  return k;
}
