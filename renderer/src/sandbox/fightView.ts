// Folds a fight's event log (the engine's FightEvent union, spec §4 `sim --log`) up to a cursor into what the sandbox
// shows: the initiative strip, hit points and conditions of each combatant, and the chips. Pure, so stepping back and
// forth is cheap. The words of a check, damage, heal, reaction, ability or move chip are the engine's own
// (engine/sim/rules/chips.ts); this fold only puts display names on who acted and whom it was aimed at.
import type { CheckResult, FightEvent, FightStartEvent } from '../../../engine/index';

export type Side = 'heroes' | 'enemies';

export interface CombatantView {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  hp: number;
  maxHp: number;
  conditions: string[];
  initiative: number | null;
  down: boolean;
  /** While down: the state its last `down` event gave (`down`: dying, or just out; `stable`; `dead`), or `fled` (a `flee` event). */
  fate: 'down' | 'stable' | 'dead' | 'fled' | null;
  position: string | null;
}

/** Where a chip's rule lives: the JSON pointer of the formula that produced it, or an id among the document's definitions. */
export type RuleOrigin =
  | { readonly pointer: string }
  | { readonly kind: 'check' | 'condition' | 'ability'; readonly id: string };

export interface ChipView {
  /** Index of the event in the log. */
  readonly index: number;
  readonly kind: FightEvent['type'];
  readonly round: number;
  /** Display name of who acted (null for events nobody did: a round, a condition ending). */
  readonly actor: string | null;
  /** Display names of whom it was aimed at or happened to, or null. */
  readonly target: string | null;
  /** The chip's words: the engine's chip (its first line), or a sentence for events that carry none. */
  readonly text: string;
  /** The engine chip's `Influenced by: …` line, once, or null. */
  readonly influence: string | null;
  /** A check's result (its outcome's `result`), a reaction's success; null when the event has none. */
  readonly result: CheckResult | null;
  readonly crit: boolean;
  readonly botch: boolean;
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

/** Display names the log itself does not carry (conditions, abilities), read from the document. */
export interface DisplayNames {
  readonly conditions?: ReadonlyMap<string, string>;
  readonly abilities?: ReadonlyMap<string, string>;
  /** Where an ability takes its user (its `move`), by ability id: the log's ability event does not say. */
  readonly moves?: ReadonlyMap<string, string>;
  /** The sentences the sandbox writes itself (English by default; the studio passes its language's). */
  readonly words?: FightWords;
}

/** The log sentences for events that carry no engine chip, as templates with `{params}`. */
export const ENGLISH_FIGHT_WORDS = {
  harm: '{levels} harm ({amount} hp)',
  cannotRegenerate: 'cannot regenerate this turn',
  regenerates: 'regenerates {amount}',
  conditionSaved: '{who} saves against {condition}',
  conditionEnded: '{who} is no longer {condition}',
  conditionRefreshed: '{who} is again {condition}',
  conditionNow: '{who} is now {condition}',
  dc: ' (DC {dc})',
  down: '{who} is down',
  dead: '{who} is dead',
  stable: '{who} is down, stable',
  noTime: '{action}: no time left this turn',
  sustainStarted: 'starts sustaining {ability}',
  sustainKept: 'keeps sustaining {ability}',
  sustainStopped: 'stops sustaining {ability}',
  draws: '{who} draws {card}',
  heals: '{who} heals {amount}',
  fightOverOne: 'Fight over after {n} round: {winner}',
  fightOverOther: 'Fight over after {n} rounds: {winner}',
  heroesWin: 'the heroes win',
  enemiesWin: 'the enemies win',
  draw: 'a draw',
} as const;
export type FightWords = Readonly<Record<keyof typeof ENGLISH_FIGHT_WORDS, string>>;

/** Display names of a fight's combatants: several of one template share a name, told apart by their id's number (Standard 2). */
export function combatantNames(start: FightStartEvent | undefined): Map<string, string> {
  const names = new Map<string, string>();
  if (!start) return names;
  const counts = new Map<string, number>();
  for (const c of start.combatants) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  for (const c of start.combatants) {
    const suffix = /-(\d+)$/.exec(c.id)?.[1];
    names.set(c.id, (counts.get(c.name) ?? 0) > 1 && suffix && !c.name.endsWith(suffix) ? `${c.name} ${suffix}` : c.name);
  }
  return names;
}

const fill = (template: string, params: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

function unreachable(event: never): never {
  throw new Error(`unknown fight event ${JSON.stringify(event)}`);
}

/** The fight as it stands after events[0..upTo) have happened. */
export function foldEvents(events: readonly FightEvent[], upTo: number, initiativeCheck = 'initiative', display: DisplayNames = {}): FightView {
  const byId = new Map<string, CombatantView>();
  const chips: ChipView[] = [];
  const start = events.find((e): e is FightStartEvent => e.type === 'fightStart');
  const names = combatantNames(start);
  const nameOf = (id: string): string => names.get(id) ?? id;
  const conditionName = (id: string): string => display.conditions?.get(id) ?? id;
  const abilityName = (id: string): string => display.abilities?.get(id) ?? id;
  const hpTrack = start?.hpTrack ?? null;
  const w = display.words ?? ENGLISH_FIGHT_WORDS;
  const winnerWords: Readonly<Record<string, string>> = { heroes: w.heroesWin, enemies: w.enemiesWin, draw: w.draw };
  let round = 0;
  let actorNow: string | null = null;
  let winner: string | null = null;
  let ended = false;
  const ensure = (id: string): CombatantView => {
    let c = byId.get(id);
    if (!c) {
      c = { id, name: nameOf(id), side: 'enemies', hp: 0, maxHp: 1, conditions: [], initiative: null, down: false, fate: null, position: null };
      byId.set(id, c);
    }
    return c;
  };
  const end = Math.min(upTo, events.length);
  for (let i = 0; i < end; i++) {
    const event = events[i]!;
    const chip = (actor: string | null, target: string | null, text: string, more: Partial<Pick<ChipView, 'result' | 'crit' | 'botch' | 'origin' | 'influence'>> = {}): void => {
      chips.push({
        index: i, kind: event.type, round, actor: actor === null ? null : nameOf(actor), target, text,
        influence: more.influence ?? null, result: more.result ?? null, crit: more.crit ?? false, botch: more.botch ?? false, origin: more.origin ?? null,
      });
    };
    switch (event.type) {
      case 'fightStart':
        for (const c of event.combatants) {
          byId.set(c.id, {
            id: c.id, name: nameOf(c.id), side: c.side, hp: c.hp, maxHp: Math.max(c.hp, 1), conditions: [], initiative: null, down: false, fate: null,
            position: c.position,
          });
        }
        break;
      case 'round':
        round = event.round;
        break;
      case 'turn':
        actorNow = event.actor;
        ensure(event.actor).initiative = event.clock ?? event.initiative;
        break;
      case 'check': {
        if (event.check === initiativeCheck) ensure(event.actor).initiative = event.total;
        const [first, ...rest] = event.chip.split('\n');
        chip(event.actor, event.target === null ? null : nameOf(event.target), first ?? '', {
          influence: rest.length ? rest.join(' ') : null, result: event.result, crit: event.crit, botch: event.botch, origin: { pointer: event.formula },
        });
        break;
      }
      case 'reaction':
        chip(event.actor, null, event.chip, { result: event.success ? 'success' : 'fail', origin: event.ability === 'opportunity' ? null : { kind: 'ability', id: event.ability } });
        break;
      case 'damage': {
        const c = ensure(event.target);
        c.hp = event.hp;
        chip(event.actor, nameOf(event.target), event.chip, { origin: event.formula ? { pointer: event.formula } : null });
        break;
      }
      case 'heal': {
        const c = ensure(event.target);
        if (event.track === hpTrack) c.hp = Math.min(c.maxHp, c.hp + event.amount);
        // Only a revival heals one who is down (a death save's best roll): it is back on its feet.
        if (c.down && c.hp > 0) { c.down = false; c.fate = null; }
        chip(event.actor, nameOf(event.target), event.chip || fill(w.heals, { who: nameOf(event.target), amount: event.amount }), { origin: event.formula ? { pointer: event.formula } : null });
        break;
      }
      case 'harm': {
        const c = ensure(event.target);
        c.hp -= event.amount;
        chip(event.actor, nameOf(event.target), fill(w.harm, { levels: event.levels, amount: event.amount }));
        break;
      }
      case 'regenerate': {
        const c = ensure(event.target);
        if (!event.stopped) c.hp = Math.min(c.maxHp, c.hp + event.amount);
        chip(event.target, null, event.stopped ? w.cannotRegenerate : fill(w.regenerates, { amount: event.amount }));
        break;
      }
      case 'condition': {
        const c = ensure(event.target);
        const removed = event.change === 'ended' || event.change === 'saved';
        if (removed) c.conditions = c.conditions.filter((x) => x !== event.condition);
        else if (!c.conditions.includes(event.condition)) c.conditions = [...c.conditions, event.condition];
        const words = event.change === 'saved' ? w.conditionSaved : removed ? w.conditionEnded : event.change === 'refreshed' ? w.conditionRefreshed : w.conditionNow;
        const dc = event.dc !== undefined ? fill(w.dc, { dc: event.dc }) : '';
        chip(event.source ?? null, nameOf(event.target), fill(words, { who: nameOf(event.target), condition: conditionName(event.condition) }) + dc,
          { origin: { kind: 'condition', id: event.condition } });
        break;
      }
      case 'down': {
        const c = ensure(event.target);
        c.down = true;
        c.fate = event.state;
        const state = event.state === 'down' ? w.down : event.state === 'dead' ? w.dead : w.stable;
        chip(event.by ?? null, nameOf(event.target), fill(state, { who: nameOf(event.target) }));
        break;
      }
      case 'noTime':
        chip(event.actor, null, fill(w.noTime, { action: `${event.action}${event.attack ? ` ${event.attack}` : ''}` }));
        break;
      case 'ability': {
        // A move (Libra's Step back, classic-d20's Fall back and Misty Step) takes its user to the ability's `move`.
        const to = display.moves?.get(event.ability);
        if (to !== undefined) ensure(event.actor).position = to;
        chip(event.actor, event.targets.length ? event.targets.map(nameOf).join(', ') : null, event.chip, { origin: { kind: 'ability', id: event.ability } });
        break;
      }
      case 'sustain': {
        const words = event.change === 'started' ? w.sustainStarted : event.change === 'kept' ? w.sustainKept : w.sustainStopped;
        chip(event.actor, null, fill(words, { ability: abilityName(event.ability) }), { origin: { kind: 'ability', id: event.ability } });
        break;
      }
      case 'gain':
        if (event.track === hpTrack) ensure(event.target).hp = event.value;
        chip(null, nameOf(event.target), event.chip);
        break;
      case 'arrive':
        // A late arrival (a fight entry's `arrives`) enters at the start of its round.
        ensure(event.target).position = event.position;
        chip(null, nameOf(event.target), event.chip);
        break;
      case 'draw':
        // A card dealt for initiative (`turn.initiative.deck`): its holder's initiative this round.
        chip(null, nameOf(event.target), fill(w.draws, { who: nameOf(event.target), card: event.card }));
        break;
      case 'flee': {
        // One running away has left the fight (a `flees` condition): out of it, neither standing nor down.
        const c = ensure(event.target);
        c.down = true;
        c.fate = 'fled';
        chip(null, nameOf(event.target), event.chip);
        break;
      }
      case 'move':
        // Rows closing up (`positions.advance`): the combatant now stands in `to`.
        ensure(event.target).position = event.to;
        chip(null, nameOf(event.target), event.chip);
        break;
      case 'card':
        // A card fired (issue 23): its holder's, on an event; what its effects did follows as their own chips. The
        // chip links to where the card is written.
        chip(event.holder, null, event.chip, { origin: { pointer: event.pointer } });
        break;
      case 'fightEnd':
        ended = true;
        winner = event.winner;
        actorNow = null;
        chip(null, null, fill(event.rounds === 1 ? w.fightOverOne : w.fightOverOther, { n: event.rounds, winner: winnerWords[event.winner] ?? event.winner }));
        break;
      default:
        unreachable(event);
    }
  }
  return { round, actorNow, combatants: [...byId.values()], chips, winner, ended };
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
