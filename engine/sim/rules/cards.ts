// Cards (issue 23): a card a combatant holds (the system's, its own) fires when its event happens to it: the fight
// starting or ending, a round starting, its turn starting or ending, damage it dealt or took, a foe of its falling,
// its own fall, a condition put on it. Its `when` reads the event's facts (`@event.amount`, `.source`, `.target`,
// `.type`); its effects are what rules already do (conditions, tracks, heals, damage, actions). Each firing is a `card`
// event (its chip: "Bloodlust: +1 damage until the end of the turn, after Cutter defeated Goblin 2"), written before
// what its effects do. Cards firing cards nest at most MAX_CARD_DEPTH deep: deeper is a loop, and the fight stops
// with an error naming the chain. A fight whose combatants hold no card pays one bit test per hook.
import { CARD_TRIGGERS, type CardDef, type CardEffect } from '../card-model';
import type { TraceItem } from '../../formula/runtime';
import type { Combatant } from '../model';
import { asNumber, MAX_ACTIONS_PER_TURN, SimError, type FightState } from '../fight-state';
import { applyCondition, removeConditionAt } from './conditions';
import { dealDamage, freshDamageRoll, rollDamage } from './damage';
import { goDown } from './falling';
import { gainChip, NO_DAMAGE_TYPE, rolledChip } from './chips';

/** How deep cards may fire one another (a card's effect firing a card, whose effect fires a card...). */
export const MAX_CARD_DEPTH = 8;

// Trigger i's bit is 1 << i (CARD_TRIGGERS order): plain numbers, no lookup on the way.
const FIGHT_START = 0, FIGHT_END = 1, ROUND_START = 2, TURN_START = 3, TURN_END = 4, DEALT = 5, TAKEN = 6, DEFEATED = 7, DOWN = 8, CONDITION = 9;
if (CARD_TRIGGERS.join() !== 'fightStart,fightEnd,roundStart,turnStart,turnEnd,damageDealt,damageTaken,enemyDefeated,down,conditionApplied') {
  throw new Error('rules/cards.ts: the trigger numbers are out of step with CARD_TRIGGERS');
}
const has = (f: FightState, trigger: number): boolean => (f.cardBits & (1 << trigger)) !== 0;

/** The fight starts (after the starting conditions): the guard is cleared, then each one's `fightStart` cards. */
export function startCards(f: FightState): void {
  f.cardChain.length = 0;
  f.acting = null;
  for (const row of f.cardGrants) row.fill(0);
  if (has(f, FIGHT_START)) everyone(f, FIGHT_START);
}

/** The fight ends (before its `fightEnd` event): the `fightEnd` cards of those standing. */
export function endCards(f: FightState): void {
  if (has(f, FIGHT_END)) everyone(f, FIGHT_END);
}

/** A round starts (after late arrivals enter): the `roundStart` cards of those standing. */
export function roundCards(f: FightState): void {
  if (has(f, ROUND_START)) everyone(f, ROUND_START);
}

/** `actor`'s turn starts (just after its `turn` event) or ends (before its conditions' saves and durations). */
export function turnCards(f: FightState, actor: Combatant, end: boolean): void {
  // A new turn: a grant to the actor waits for its act's budget (takeGrants) again.
  if (!end) f.acting = null;
  fire(f, actor, end ? TURN_END : TURN_START, 0, null, actor, '');
}

/** Damage was dealt (`amount` > 0 after the steps): the target's `damageTaken` cards, then the striker's `damageDealt`. */
export function damageCards(f: FightState, actor: Combatant, target: Combatant, amount: number, type: string): void {
  if (amount <= 0 || (f.cardBits & (1 << TAKEN | 1 << DEALT)) === 0) return;
  fire(f, target, TAKEN, amount, actor, target, type);
  fire(f, actor, DEALT, amount, actor, target, type);
}

/** `fallen` went down (`state` as its `down` event says): its own `down` cards, then each standing foe's `enemyDefeated`. */
export function downCards(f: FightState, fallen: Combatant, by: Combatant | null, state: string): void {
  fire(f, fallen, DOWN, 0, by, fallen, state);
  if (!has(f, DEFEATED)) return;
  const foes = fallen.side === 'heroes' ? f.enemiesList : f.heroesList;
  for (let i = 0; i < foes.length; i++) fire(f, foes[i]!, DEFEATED, 0, by, fallen, state);
}

/** A condition was put on `target` (not one refreshed): its `conditionApplied` cards. */
export function conditionCards(f: FightState, target: Combatant, condition: string, source: Combatant | null): void {
  fire(f, target, CONDITION, 0, source, target, condition);
}

/** The actions cards granted `actor` before its act, added to the budget just set; from now on a grant adds at once. */
export function takeGrants(f: FightState, actor: Combatant): void {
  f.acting = actor;
  const row = f.cardGrants[actor.order];
  if (row === undefined) return;
  const left = f.actionsLeft;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === 0) continue;
    left[i] = Math.min(MAX_ACTIONS_PER_TURN, left[i]! + row[i]!);
    row[i] = 0;
  }
}

function everyone(f: FightState, trigger: number): void {
  const all = f.combatants;
  for (let i = 0; i < all.length; i++) fire(f, all[i]!, trigger, 0, null, all[i]!, '');
}

/** Every card of `holder`'s on `trigger`, in order, while it is in the fight (standing; a `down` card just fell). */
function fire(f: FightState, holder: Combatant, trigger: number, amount: number, source: Combatant | null, target: Combatant | null,
  type: string): void {
  const set = holder.def.cards;
  if (set === null) return;
  const list = set.byTrigger[trigger]!;
  if (list.length === 0 || holder.absent || holder.fled || (holder.down && trigger !== DOWN)) return;
  for (let i = 0; i < list.length; i++) fireOne(f, holder, list[i]!, { amount, source, target, type });
}

interface Facts {
  readonly amount: number;
  readonly source: Combatant | null;
  readonly target: Combatant | null;
  readonly type: string;
}

function setFacts(f: FightState, holder: Combatant, facts: Facts): void {
  const s = f.scope;
  s.self = holder;
  s.eventAmount = facts.amount;
  s.eventSource = facts.source?.id ?? '';
  s.eventTarget = facts.target?.id ?? '';
  s.eventType = facts.type;
}

function fireOne(f: FightState, holder: Combatant, card: CardDef, facts: Facts): void {
  const s = f.scope;
  // A card fires in the middle of a rule (a blow's damage, a fall): what that rule left on the scope is put back after.
  const self = s.self, target = s.target, attacker = s.attacker, source = s.source, damage = s.damage, damageType = s.damageType;
  const crit = s.crit, melee = s.melee, stat = s.stat, check = s.check, readsOwner = s.readsOwner;
  const amount = s.eventAmount, eventSource = s.eventSource, eventTarget = s.eventTarget, eventType = s.eventType;
  setFacts(f, holder, facts);
  s.readsOwner = null;
  if (card.when === null || f.truth(card.when)) {
    if (f.cardChain.length >= MAX_CARD_DEPTH) {
      const chain = [...f.cardChain, card].map((c) => c.id).join(' → ');
      throw new SimError(`card '${card.id}' (${card.pointer}) of ${holder.id} fired ${MAX_CARD_DEPTH + 1} cards deep (${chain}): cards that fire one another loop; give one a \`when\` that stops it`);
    }
    f.cardChain.push(card);
    if (f.sink) {
      f.emit({
        type: 'card', round: f.round, holder: holder.id, card: card.id, cardName: card.name, on: card.on,
        ...(facts.source ? { source: facts.source.id } : {}), ...(facts.target ? { target: facts.target.id } : {}),
        pointer: card.pointer, chip: cardChip(f, holder, card, facts), depth: f.cardChain.length,
      });
    }
    for (let i = 0; i < card.effects.length; i++) {
      setFacts(f, holder, facts);
      effect(f, holder, card.effects[i]!, facts);
    }
    f.cardChain.pop();
  }
  s.self = self; s.target = target; s.attacker = attacker; s.source = source; s.damage = damage; s.damageType = damageType;
  s.crit = crit; s.melee = melee; s.stat = stat; s.check = check; s.readsOwner = readsOwner;
  s.eventAmount = amount; s.eventSource = eventSource; s.eventTarget = eventTarget; s.eventType = eventType;
}

/** Whom an effect lands on, among those standing. */
function recipients(f: FightState, holder: Combatant, to: CardEffect['to'], facts: Facts): Combatant[] {
  switch (to) {
    case 'self': return [holder];
    case 'source': return facts.source ? [facts.source] : [];
    case 'target': return facts.target ? [facts.target] : [];
    case 'allies': return (holder.side === 'heroes' ? f.heroesList : f.enemiesList).filter((c) => c !== holder);
    case 'enemies': return holder.side === 'heroes' ? f.enemiesList.slice() : f.heroesList.slice();
  }
}

function effect(f: FightState, holder: Combatant, e: CardEffect, facts: Facts): void {
  const to = recipients(f, holder, e.to, facts);
  for (const w of to) {
    if (w.down || w.absent || w.fled) continue;
    setFacts(f, holder, facts);
    switch (e.kind) {
      case 'apply': applyCondition(f, w, e.condition, holder, null); break;
      case 'remove':
        for (let k = w.conditions.length - 1; k >= 0; k--) if (w.conditions[k]?.def.id === e.condition) removeConditionAt(f, w, k, 'ended');
        break;
      case 'gain': {
        const change = f.gainTrack(w, e.track, e.sign * Math.floor(f.value(e.amount, holder)));
        if (change === 0) break;
        const value = w.sheet[f.system.trackCurrent[e.track]!]!;
        if (f.sink) {
          const track = f.system.names.tracks[e.track]!;
          f.emit({ type: 'gain', round: f.round, target: w.id, track, amount: change, value, chip: gainChip(w, track, change, value) });
        }
        if (e.track === f.system.hpTrack && value <= 0) goDown(f, w, holder);
        break;
      }
      case 'heal': {
        const ctx = f.damageFrame.ctx;
        freshDamageRoll(f, ctx);
        const trace: TraceItem[] | null = f.traceOn ? [] : null;
        ctx.trace = trace;
        f.scope.target = w;
        const amount = Math.max(0, Math.floor(asNumber(e.amount.run(ctx))));
        ctx.trace = null;
        const cur = w.sheet[f.system.trackCurrent[e.track]!]!;
        const max = w.sheet[f.system.trackMax[e.track]!]!;
        const next = Math.max(cur, Math.min(max, cur + amount));
        if (next !== cur) f.setTrack(w, e.track, next);
        if (f.sink) {
          f.emit({ type: 'heal', round: f.round, actor: holder.id, target: w.id, amount: next - cur, track: f.system.names.tracks[e.track]!,
            formula: e.amount.pointer, chip: trace ? rolledChip(trace, amount) : '' });
        }
        break;
      }
      case 'damage': {
        const s = f.scope;
        s.attacker = holder; s.target = w; s.crit = false; s.damageType = e.type;
        const rolled = rollDamage(f, e.amount, false);
        dealDamage(f, holder, w, rolled, e.type, f.damageChip, true, e.amount.pointer);
        break;
      }
      case 'grant': {
        const n = Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(f.value(e.count, holder))));
        if (n === 0) break;
        if (f.acting === w && f.turnOf === w) f.actionsLeft[e.action] = Math.min(MAX_ACTIONS_PER_TURN, (f.actionsLeft[e.action] ?? 0) + n);
        else {
          const row = f.cardGrants[w.order] ?? (f.cardGrants[w.order] = f.system.actions.map(() => 0));
          row[e.action] = Math.min(MAX_ACTIONS_PER_TURN, row[e.action]! + n);
        }
        break;
      }
    }
  }
}

/** A combatant on a chip: its name, numbered like its id when there are several (`Goblin 2`). */
export function cardName(c: Combatant): string {
  const n = /-(\d+)$/.exec(c.id);
  return n && c.side === 'enemies' ? `${c.def.name} ${n[1]}` : c.def.name;
}

/** `Bloodlust: +1 damage until the end of the turn, after Cutter defeated Goblin 2`. */
export function cardChip(f: FightState, holder: Combatant, card: CardDef, facts: Facts): string {
  const src = facts.source ? cardName(facts.source) : '';
  const tgt = facts.target ? cardName(facts.target) : '';
  const typed = facts.type === '' || facts.type === NO_DAMAGE_TYPE ? '' : ` ${facts.type}`;
  let after: string;
  switch (card.on) {
    case 'fightStart': after = 'as the fight starts'; break;
    case 'fightEnd': after = 'as the fight ends'; break;
    case 'roundStart': after = `as round ${f.round} starts`; break;
    case 'turnStart': after = `as ${cardName(holder)}'s turn starts`; break;
    case 'turnEnd': after = `as ${cardName(holder)}'s turn ends`; break;
    case 'damageDealt': after = `after ${src} dealt ${facts.amount}${typed} to ${tgt}`; break;
    case 'damageTaken': after = `after ${tgt} took ${facts.amount}${typed} from ${src}`; break;
    case 'enemyDefeated': after = src ? `after ${src} defeated ${tgt}` : `after ${tgt} fell`; break;
    case 'down': after = src ? `after ${src} felled ${tgt}` : `after ${tgt} fell`; break;
    case 'conditionApplied': {
      const name = f.system.conditions.get(facts.type)?.name ?? facts.type;
      after = `after ${name} was put on ${tgt}${src && facts.source !== facts.target ? ` by ${src}` : ''}`;
      break;
    }
  }
  return `${card.name}: ${card.text ? `${card.text}, ` : ''}${after}`;
}
