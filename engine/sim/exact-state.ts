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
 * Canonical keys as small numbers: a key is written as a list of doubles (`push`), and `intern` gives the list's id,
 * the same id for the same list (compared bit for bit, after a hash of the bits). A key built as a string cost more
 * than the fight code it keyed (a hundred pieces to join and hash for every path of every act).
 */
/** The mark before a value that is not a whole number in int32 (its two words follow). */
const WIDE = -2147483648;

export class StateKeys {
  private words = new Int32Array(1024);
  private len = 0;
  private readonly byHash = new Map<number, number[]>();
  private readonly stored: Int32Array[] = [];
  private readonly strings = new Map<string, number>();
  private readonly wide = new Float64Array(1);
  private readonly wideWords = new Int32Array(this.wide.buffer);

  get size(): number { return this.stored.length; }

  begin(): void { this.len = 0; }

  /** One value: a whole number in int32 as one word (0 and -0 alike), anything else as a mark and its two words. */
  push(v: number): void {
    if (this.len + 3 > this.words.length) {
      const bigger = new Int32Array(this.words.length * 2);
      bigger.set(this.words);
      this.words = bigger;
    }
    const w = this.words;
    if ((v | 0) === v && v !== WIDE) { w[this.len++] = v; return; }
    // Every NaN is one value.
    this.wide[0] = v !== v ? NaN : v;
    w[this.len] = WIDE; w[this.len + 1] = this.wideWords[0]!; w[this.len + 2] = this.wideWords[1]!;
    this.len += 3;
  }

  /** A list: its length, then its items. */
  list(items: ArrayLike<number>): void {
    this.push(items.length);
    for (let i = 0; i < items.length; i++) this.push(items[i]!);
  }

  /** A string as a number (the same number for the same string, for this solver's life). */
  str(s: string): number {
    let id = this.strings.get(s);
    if (id === undefined) { id = this.strings.size; this.strings.set(s, id); }
    return id;
  }

  strList(items: readonly string[]): void {
    this.push(items.length);
    for (let i = 0; i < items.length; i++) this.push(this.str(items[i]!));
  }

  /** The id of the key written since `begin`. */
  intern(): number {
    const words = this.words, n = this.len;
    let h = 0x811c9dc5 ^ n;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    const ids = this.byHash.get(h);
    if (ids !== undefined) {
      for (const id of ids) {
        const k = this.stored[id]!;
        if (k.length !== n) continue;
        let same = true;
        for (let i = 0; i < n; i++) if (k[i] !== words[i]) { same = false; break; }
        if (same) return id;
      }
    }
    const id = this.stored.length;
    this.stored.push(words.slice(0, n));
    if (ids === undefined) this.byHash.set(h, [id]); else ids.push(id);
    return id;
  }
}

/** The keys of callers that keep none of their own (tests reading two states' keys). */
const sharedKeys = new StateKeys();

/**
 * The fight's state as the rules read it, at the start or end of an act (see the header), but for the round, as the
 * id of its key in `keys`: no rule reads the round inside an act (no formula can: it is not in the scope), so an act's
 * paths from two states that differ only by round are the same paths (the solver keeps them once, `actCache`).
 */
export function stateKey(r: FightRunner, actor: Combatant, acts: number, initiativeRead: boolean, idOf: (o: object | null) => number, keys: StateKeys = sharedKeys): number {
  const s = r.scope;
  // Only the indexes a fight writes: every other one keeps its loaded value for the runner's life (FightState.writableIndexes).
  const writable = r.writableIndexes;
  keys.begin();
  keys.push(actor.order); keys.push(acts); keys.push(r.winner === null ? -1 : keys.str(r.winner)); keys.push(r.turnOf?.order ?? -1);
  keys.push(r.turnOrder.length);
  for (const c of r.turnOrder) keys.push(c.order);
  keys.push(r.arrivingHeroes); keys.push(r.arrivingEnemies); keys.push(r.standingHeroes); keys.push(r.standingEnemies);
  keys.push(r.deckJoker ? 1 : 0); keys.list(r.deckCards);
  keys.push(s.clock); keys.push(s.clockNext); keys.push(s.initiative); keys.push(idOf(r.pickedFor)); keys.push(r.picked?.order ?? -1);
  if (r.map !== null) { keys.list(r.map.square); keys.push(r.map.walked); keys.push(r.map.dashSpent); } else keys.push(-1);
  for (const c of r.combatants) {
    const sheet = c.sheet;
    for (let i = 0; i < writable.length; i++) keys.push(sheet[writable[i]!]!);
    keys.push(keys.str(c.position));
    keys.push((c.down ? 1 : 0) | (c.dead ? 2 : 0) | (c.fell ? 4 : 0) | (c.fled ? 8 : 0) | (c.acted ? 16 : 0) | (c.dying ? 32 : 0) | (c.absent ? 64 : 0));
    keys.push(initiativeRead ? c.initiative : 0); keys.push(c.clock); keys.push(c.reactionsUsed); keys.push(idOf(c.sustaining));
    keys.push(c.harmTaken); keys.push(c.deathSuccesses); keys.push(c.deathFailures); keys.push(c.deferredAt); keys.push(c.attackCursor);
    keys.list(c.slots);
    keys.push(c.recharged.length);
    for (const b of c.recharged) keys.push(b ? 1 : 0);
    keys.strList(c.hurtBy); keys.list(c.harmAt);
    keys.push(c.lastAttacker?.order ?? -1); keys.push(c.provoker?.order ?? -1);
    keys.strList(c.conditionIds);
    keys.push(c.conditions.length);
    for (const inst of c.conditions) {
      keys.push(idOf(inst.def)); keys.push(inst.dc); keys.push(idOf(inst.saveCheck)); keys.push(inst.turnsLeft); keys.push(inst.chargesLeft);
      keys.push(inst.sustainer?.order ?? -1); keys.push(inst.source?.order ?? -1);
    }
  }
  return keys.intern();
}
