// Conditions: putting one on (immunity, no doubling, its save's DC and its duration), taking it off, the saves that
// end it at the start or end of its holder's turn, and durations running out.
import type { Combatant, ConditionDef } from '../model';
import type { ConditionEvent } from '../events';
import type { FightState } from '../fight-state';
import { judge } from './checks';
import type { AppliedBySave } from './damage';
import { conditionCards } from './cards';

/**
 * Put a condition on `target`. `bySave`: the save that applied it (a spell's, a creature attack's): the condition's
 * own save is then repeated as that check against that DC (a ghoul's DC 10 Constitution save, not a spell DC).
 */
export function applyCondition(f: FightState, target: Combatant, id: string, source: Combatant | null, sustainer: Combatant | null,
  bySave: AppliedBySave | null = null): void {
  const def: ConditionDef | undefined = f.system.conditions.get(id);
  if (!def || target.down) return;
  // Condition immunities (`conditionImmune`): the condition never lands.
  const immune = f.conditionImmune >= 0 ? target.lists[f.conditionImmune] : undefined;
  if (immune !== undefined && immune.length !== 0 && immune.includes(def.id)) return;
  let held = -1;
  const list = target.conditions;
  for (let i = 0; i < list.length; i++) if (list[i]!.def === def) held = i;
  // Held already: put on again only by `refresh`, which starts it over in its place.
  if (held >= 0 && !def.refresh) return;
  const s = f.scope;
  const savedSource = s.source;
  s.source = source ?? target;
  const dc = def.save ? (bySave ? bySave.dc : f.value(def.save.dc, target)) : 0;
  s.source = savedSource;
  // `rounds` counts the holder's turns after the one in progress: put on during its own turn, that turn's end is not
  // one. Ending at a turn's start (`ends: turnStart`), the turn in progress has started already: its next start is one.
  const rounds = def.duration ? Math.floor(f.value(def.duration, target)) : 0;
  // Counted on the source's turns (`ends: sourceTurnEnd`), put on during the source's own turn that turn is not one.
  const counter = def.endsOnSourceTurn && source ? source : target;
  const turns = def.duration ? Math.max(1, rounds + (f.turnOf === counter && !def.endsAtStart ? 1 : 0)) : 0;
  const inst = { def, dc, saveCheck: def.save && bySave ? bySave.check : null, turnsLeft: turns, chargesLeft: def.charges, sustainer, source };
  if (held >= 0) list[held] = inst;
  else {
    list.push(inst);
    target.conditionIds.push(def.id);
  }
  if (f.sink) {
    const change = held >= 0 ? 'refreshed' : 'applied';
    const event: { -readonly [K in keyof ConditionEvent]: ConditionEvent[K] } = { type: 'condition', round: f.round, target: target.id, condition: def.id, change };
    if (source) event.source = source.id;
    if (def.save) event.dc = dc;
    f.emit(event);
  }
  if (f.cardBits !== 0 && held < 0) conditionCards(f, target, def.id, source);
}

export function removeConditionAt(f: FightState, target: Combatant, index: number, change: 'ended' | 'saved'): void {
  if (index < 0) return;
  const [inst] = target.conditions.splice(index, 1);
  if (!inst) return;
  const at = target.conditionIds.indexOf(inst.def.id);
  if (at >= 0) target.conditionIds.splice(at, 1);
  if (f.sink) f.emit({ type: 'condition', round: f.round, target: target.id, condition: inst.def.id, change });
}

/** Take every condition in `ids` off each of `targets`. */
export function removeFrom(f: FightState, targets: readonly Combatant[], ids: readonly string[]): void {
  for (const t of targets) {
    for (let i = t.conditions.length - 1; i >= 0; i--) if (ids.includes(t.conditions[i]!.def.id)) removeConditionAt(f, t, i, 'ended');
  }
}

/** The saves of the actor's conditions that are rolled `at` this moment of its turn; a success ends the condition. */
export function rollSaves(f: FightState, actor: Combatant, at: 'turnStart' | 'turnEnd'): void {
  for (let i = actor.conditions.length - 1; i >= 0; i--) {
    const inst = actor.conditions[i];
    if (!inst) continue;
    const save = inst.def.save;
    if (!save || save.at !== at) continue;
    const outcome = judge(f, inst.saveCheck ?? save.check, f.innerFrame, actor, null, inst.dc, actor.position, null);
    if (outcome && outcome.result === 'success') removeConditionAt(f, actor, actor.conditions.indexOf(inst), 'saved');
  }
}

/** At the end of `source`'s turn: one turn less of each condition it put on that counts its turns (`ends: sourceTurnEnd`). */
export function tickSourced(f: FightState, source: Combatant): void {
  for (const c of f.combatants) {
    for (let i = c.conditions.length - 1; i >= 0; i--) {
      const inst = c.conditions[i]!;
      if (!inst.def.endsOnSourceTurn || inst.source !== source || inst.def.duration === null) continue;
      inst.turnsLeft--;
      if (inst.turnsLeft <= 0) removeConditionAt(f, c, i, 'ended');
    }
  }
}

/**
 * One turn less of each condition with a duration that runs out at this moment of its holder's turn (`atStart`: the
 * conditions with `ends: turnStart`, at the turn's start; else the others, at its end); those run out end.
 */
export function tickDurations(f: FightState, actor: Combatant, atStart = false): void {
  for (let i = actor.conditions.length - 1; i >= 0; i--) {
    const inst = actor.conditions[i]!;
    if (inst.def.duration === null || inst.def.endsAtStart !== atStart) continue;
    // Counted on its source's turns (tickSourced), unless that one is out of the fight.
    if (inst.def.endsOnSourceTurn && inst.source !== null && !inst.source.down) continue;
    inst.turnsLeft--;
    if (inst.turnsLeft <= 0) removeConditionAt(f, actor, i, 'ended');
  }
}
