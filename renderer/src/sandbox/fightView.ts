// Folds a fight's event log (spec §4 `sim --log`) up to a cursor into what the sandbox shows: the initiative
// strip, hit points and conditions of each combatant, and the chips. Pure, so stepping back and forth is cheap.
import type { FightEvent } from '../workers/protocol';

export type Side = 'heroes' | 'enemies';

export interface CombatantView {
  readonly id: string;
  name: string;
  readonly side: Side;
  hp: number;
  maxHp: number;
  conditions: string[];
  initiative: number | null;
  down: boolean;
  /** While down: the state its last `down` event gave (`down`: dying, or just out; `stable`; `dead`). */
  fate: 'down' | 'stable' | 'dead' | null;
  position: string | null;
}

/** Where a chip's rule lives: a JSON pointer, or an id to find among the document's definitions. */
export type RuleOrigin =
  | { readonly pointer: string }
  | { readonly kind: 'check' | 'condition' | 'ability'; readonly id: string };

export interface ChipView {
  /** Index of the event in the log. */
  readonly index: number;
  readonly kind: string;
  readonly round: number;
  readonly actor: string | null;
  readonly text: string;
  readonly outcome: string | null;
  readonly success: boolean | null;
  readonly influencedBy: readonly string[];
  readonly origin: RuleOrigin | null;
}

export interface FightView {
  readonly round: number;
  readonly actorNow: string | null;
  readonly combatants: CombatantView[];
  readonly chips: ChipView[];
  readonly winner: string | null;
  readonly ended: boolean;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function sideOf(value: unknown, id: string): Side {
  if (value === 'heroes' || value === 'hero') return 'heroes';
  if (value === 'enemies' || value === 'enemy') return 'enemies';
  return /-\d+$/.test(id) ? 'enemies' : 'heroes';
}

function combatantFrom(entry: unknown): CombatantView | null {
  const c = record(entry);
  const id = str(c?.id);
  if (!c || !id) return null;
  const tracks = record(c.tracks);
  const hpTrack = record(tracks?.hp);
  const hp = num(c.hp) ?? num(hpTrack?.value) ?? num(hpTrack?.current) ?? num(tracks?.hp) ?? 0;
  const maxHp = num(c.maxHp) ?? num(c.hpMax) ?? num(hpTrack?.max) ?? num(record(c.max)?.hp) ?? hp;
  return {
    id,
    name: str(c.name) ?? id,
    side: sideOf(c.side, id),
    hp,
    maxHp: Math.max(maxHp, hp, 1),
    conditions: strs(c.conditions),
    initiative: num(c.initiative),
    down: c.down === true,
    fate: c.down === true ? 'down' : null,
    position: str(c.position),
  };
}

function targetsOf(event: FightEvent): string[] {
  const t = event.target ?? event.targets;
  return typeof t === 'string' ? [t] : strs(t);
}

export function outcomeSuccess(event: FightEvent): boolean | null {
  const result = str(event.result);
  if (result === 'success') return true;
  if (result === 'fail') return false;
  if (typeof event.success === 'boolean') return event.success;
  return null;
}

/** The chip's words: the engine's own chip when it gives one, else a sentence built from the event's fields. */
export function chipText(event: FightEvent): string {
  const chip = str(event.chip);
  const actor = str(event.actor);
  const target = targetsOf(event).join(', ');
  switch (event.type) {
    case 'check': {
      const outcome = str(event.outcome);
      const vs = num(event.vs);
      const base = chip ?? `${str(event.check) ?? 'check'} ${num(event.total) ?? ''}`;
      const vsText = vs !== null && !/\bvs\b/.test(base) ? ` vs ${vs}` : '';
      const outcomeText = outcome && !base.includes('·') ? ` · ${outcome[0]!.toUpperCase()}${outcome.slice(1)}` : '';
      return base + vsText + outcomeText;
    }
    case 'damage': {
      const amount = num(event.amount) ?? 0;
      const steps = Array.isArray(event.steps)
        ? event.steps.map((s) => str(s) ?? str(record(s)?.id) ?? str(record(s)?.name)).filter((s): s is string => !!s)
        : [];
      const kind = str(event.damageType);
      return chip ?? `${amount} ${kind ?? ''} damage to ${target}${steps.length ? ` (${steps.join(', ')})` : ''}`.replace(/ {2,}/g, ' ');
    }
    case 'reaction':
      return chip ?? `${actor ?? ''} reacts: ${str(event.ability) ?? str(event.reaction) ?? ''}`;
    case 'condition': {
      const condition = str(event.condition) ?? str(event.id) ?? '';
      const change = str(event.change);
      const words = change === 'saved' ? 'saves against' : isRemoval(event) ? 'is no longer' : 'is now';
      return chip ?? `${target || actor || ''} ${words} ${condition}`;
    }
    case 'down': {
      const state = str(event.state);
      const by = str(event.by);
      return chip ?? `${target || actor || ''} is ${state && state !== 'down' ? state : 'down'}${by ? ` (by ${by})` : ''}`;
    }
    case 'harm':
      return chip ?? `${target} suffers ${num(event.levels) ?? ''} harm (${num(event.amount) ?? 0} hp)`;
    case 'sustain':
      return chip ?? `${actor ?? ''} ${str(event.change) ?? ''} sustaining ${str(event.ability) ?? ''}`;
    case 'regenerate':
      return chip ?? (event.stopped === true ? `${target} cannot regenerate this turn` : `${target} regenerates ${num(event.amount) ?? 0}`);
    case 'ability':
      return chip ?? `${actor ?? ''} uses ${str(event.ability) ?? ''}`;
    case 'noTime':
      return chip ?? `${str(event.action) ?? 'attack'} ${num(event.attack) ?? ''}: NO TIME`.replace(' :', ':');
    case 'fightEnd':
      return `Fight over: ${str(event.winner) ?? 'draw'}`;
    case 'heal':
      return chip ?? `${target || actor || ''} heals ${num(event.amount) ?? ''}`;
    case 'move':
      return chip ?? `${target} moves ${str(event.from) ?? ''} → ${str(event.to) ?? ''}`;
    default:
      return chip ?? event.type;
  }
}

function originOf(event: FightEvent): RuleOrigin | null {
  const pointer = str(event.pointer);
  if (pointer !== null) return { pointer };
  if (event.type === 'check' && str(event.check)) return { kind: 'check', id: str(event.check)! };
  if (event.type === 'damage') return { pointer: '/combat/damage' };
  if (event.type === 'condition' && (str(event.condition) ?? str(event.id))) {
    return { kind: 'condition', id: (str(event.condition) ?? str(event.id))! };
  }
  if ((event.type === 'ability' || event.type === 'sustain') && str(event.ability)) return { kind: 'ability', id: str(event.ability)! };
  if (event.type === 'reaction' && (str(event.ability) ?? str(event.reaction))) {
    return { kind: 'ability', id: (str(event.ability) ?? str(event.reaction))! };
  }
  return null;
}

const CHIP_KINDS = new Set(['check', 'damage', 'reaction', 'condition', 'down', 'noTime', 'fightEnd', 'heal', 'harm', 'sustain', 'regenerate', 'ability', 'move']);

function isRemoval(event: FightEvent): boolean {
  const change = str(event.change);
  return change === 'ended' || change === 'saved' || event.removed === true;
}

/** The fight as it stands after events[0..upTo) have happened. */
export function foldEvents(events: readonly FightEvent[], upTo: number, initiativeCheck = 'initiative'): FightView {
  const byId = new Map<string, CombatantView>();
  const chips: ChipView[] = [];
  let round = 0;
  let actorNow: string | null = null;
  let winner: string | null = null;
  let ended = false;
  const ensure = (id: string): CombatantView => {
    let c = byId.get(id);
    if (!c) {
      c = { id, name: id, side: sideOf(undefined, id), hp: 0, maxHp: 1, conditions: [], initiative: null, down: false, fate: null, position: null };
      byId.set(id, c);
    }
    return c;
  };
  const end = Math.min(upTo, events.length);
  for (let i = 0; i < end; i++) {
    const event = events[i]!;
    const actor = str(event.actor);
    switch (event.type) {
      case 'fightStart':
        for (const entry of Array.isArray(event.combatants) ? event.combatants : []) {
          const c = combatantFrom(entry);
          if (c) byId.set(c.id, c);
        }
        break;
      case 'round':
        round = num(event.round) ?? round + 1;
        if (Array.isArray(event.order)) {
          for (const o of event.order) {
            const r = record(o);
            const id = str(r?.id) ?? str(o);
            const value = num(r?.initiative);
            if (id && value !== null) ensure(id).initiative = value;
          }
        }
        break;
      case 'turn':
        actorNow = actor;
        if (actor && num(event.clock) !== null) ensure(actor).initiative = num(event.clock);
        else if (actor && num(event.initiative) !== null) ensure(actor).initiative = num(event.initiative);
        break;
      case 'initiative':
        if (actor && num(event.total ?? event.initiative) !== null) ensure(actor).initiative = num(event.total ?? event.initiative);
        break;
      case 'check':
        if (actor && str(event.check) === initiativeCheck && num(event.total) !== null) ensure(actor).initiative = num(event.total);
        break;
      case 'harm': {
        for (const id of targetsOf(event)) ensure(id).hp -= num(event.amount) ?? 0;
        break;
      }
      case 'regenerate': {
        for (const id of targetsOf(event)) {
          const c = ensure(id);
          if (event.stopped !== true) c.hp = Math.min(c.maxHp, c.hp + (num(event.amount) ?? 0));
        }
        break;
      }
      case 'damage':
      case 'heal': {
        for (const id of targetsOf(event)) {
          const c = ensure(id);
          const after = num(event.hp) ?? num(event.hpAfter) ?? num(event.remaining);
          const amount = num(event.amount) ?? 0;
          c.hp = after ?? (event.type === 'heal' ? Math.min(c.maxHp, c.hp + amount) : c.hp - amount);
          // Only a revival heals one who is down (a death save's best roll): it is back on its feet.
          if (event.type === 'heal' && c.down && c.hp > 0) { c.down = false; c.fate = null; }
        }
        break;
      }
      case 'condition': {
        const condition = str(event.condition) ?? str(event.id);
        const removed = isRemoval(event);
        for (const id of targetsOf(event).length ? targetsOf(event) : actor ? [actor] : []) {
          const c = ensure(id);
          if (!condition) continue;
          if (removed) c.conditions = c.conditions.filter((x) => x !== condition);
          else if (!c.conditions.includes(condition)) c.conditions = [...c.conditions, condition];
        }
        break;
      }
      case 'down':
        for (const id of targetsOf(event).length ? targetsOf(event) : actor ? [actor] : []) {
          const c = ensure(id);
          c.down = true;
          const state = str(event.state);
          c.fate = state === 'dead' || state === 'stable' ? state : 'down';
          if (c.hp > 0 && num(event.hp) !== null) c.hp = num(event.hp)!;
        }
        break;
      case 'move':
        // Rows closing up (`positions.advance`): the combatant now stands in `to`.
        for (const id of targetsOf(event)) if (str(event.to) !== null) ensure(id).position = str(event.to);
        break;
      case 'fightEnd':
        ended = true;
        winner = str(event.winner);
        actorNow = null;
        break;
    }
    if (CHIP_KINDS.has(event.type)) {
      chips.push({
        index: i,
        kind: event.type,
        round,
        actor,
        text: chipText(event),
        outcome: str(event.outcome),
        success: event.type === 'check' ? outcomeSuccess(event) : null,
        influencedBy: strs(event.influencedBy),
        origin: originOf(event),
      });
    }
  }
  const combatants = [...byId.values()];
  // Several enemies of one template share a name: tell them apart by their id's number (Standard 2).
  const counts = new Map<string, number>();
  for (const c of combatants) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  for (const c of combatants) {
    const suffix = /-(\d+)$/.exec(c.id)?.[1];
    if ((counts.get(c.name) ?? 0) > 1 && suffix && !c.name.endsWith(suffix)) c.name = `${c.name} ${suffix}`;
  }
  return { round, actorNow, combatants, chips, winner, ended };
}

/** The cursor that shows the whole of the next turn from `cursor`: up to the turn (or end) after it. */
export function nextTurnEnd(events: readonly FightEvent[], cursor: number): number {
  let k = cursor;
  while (k < events.length && events[k]!.type !== 'turn') k += 1;
  if (k >= events.length) return events.length;
  let m = k + 1;
  while (m < events.length && !['turn', 'round', 'fightEnd'].includes(events[m]!.type)) m += 1;
  return m;
}

/** Where a fight's display starts: after its setup (combatants and initiative), just before the first round. */
export function startCursor(events: readonly FightEvent[]): number {
  // Initiative is rolled when the first exchange starts: show it, and stop just before the first turn.
  const firstTurn = events.findIndex((e) => e.type === 'turn');
  return firstTurn < 0 ? Math.min(1, events.length) : firstTurn;
}
