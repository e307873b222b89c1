// Reactions: standing orders that answer a hit (Shield re-judges the blow's roll, Dodge rolls its own check), being
// targeted by an ability (`spell`), or a foe leaving (`leave`), and the system's opportunity attack. One core for
// every trigger: admit (may react, `when`, pay, count) then settle (its own check, its reaction flag).
import type { AbilityDef, AttackProfile, Combatant, OrderDef, OutcomeDef } from '../model';
import type { FightState } from '../fight-state';
import { canPay, pay } from './abilities';
import { defenceReactionChip, opportunityChip, reactionChip } from './chips';
import { critFrom, judge, pickOutcome } from './checks';
import { applyCondition } from './conditions';
import { blow } from './damage';
import { gainTracks } from './tracks';
import { cannotReact } from './turn';

/** Whether `c` may react now (standing, able to act, a reaction left by the system's `reactions` rule). */
function canReact(f: FightState, c: Combatant): boolean {
  if (c.down || cannotReact(c)) return false;
  return f.system.reactionPer === 'unlimited' || c.reactionsUsed < 1;
}

/** Whether `target` takes this reaction to `actor` now: able, paid for, its `when` true; then paid and counted. */
function admit(f: FightState, order: OrderDef, target: Combatant, actor: Combatant): boolean {
  const ability = order.ability;
  if (!canReact(f, target) || !canPay(f, target, ability)) return false;
  const s = f.scope;
  s.self = target; s.target = actor; s.attacker = actor;
  // `react.when`: whether it answers this trigger at all (Dodge only a physical blow), on the blow's scope.
  const when = ability.react!.when;
  if (when && !f.truth(when)) return false;
  if (order.when && !f.truth(order.when)) return false;
  pay(f, target, ability);
  target.reactionsUsed++;
  return true;
}

/** A taken reaction's own check, when it has one (else `success` stands), written to its reaction flag. */
function settle(f: FightState, ability: AbilityDef, target: Combatant, actor: Combatant, success: boolean): boolean {
  const react = ability.react!;
  if (react.check) {
    const o = judge(f, react.check, f.innerFrame, target, actor, 0, target.position, null);
    success = o !== null && o.result !== 'fail';
  }
  if (react.reactionFlag >= 0) f.scope.reactionFlags[react.reactionFlag] = success;
  return success;
}

/** A hit on one with `hit` orders: each may turn it (a defence re-judges the same roll) until the blow misses. */
export function reactToHit(f: FightState, target: Combatant, actor: Combatant, profile: AttackProfile, outcome: OutcomeDef): OutcomeDef | null {
  const orders = target.def.indexes.reactOrders.hit;
  if (orders.length === 0) return outcome;
  let current: OutcomeDef | null = outcome;
  const frame = f.blowFrame;
  for (const order of orders) {
    // What `react.when` reads of the blow (admit may have run another reaction's check meanwhile).
    f.scope.damageType = profile.type; f.scope.melee = profile.reach === 'near';
    const ability = order.ability;
    if (!current || current.result === 'fail') break;
    f.scope.check = frame;
    if (!admit(f, order, target, actor)) continue;
    const defence = ability.react!.defence;
    let success = true;
    if (defence) {
      frame.vs += f.value(defence, target);
      frame.crit = false;
      current = pickOutcome(f, profile.check, frame);
      if (current && current.result !== 'fail' && critFrom(target, profile.reach) !== null) frame.crit = true;
      success = !current || current.result === 'fail';
    }
    success = settle(f, ability, target, actor, success);
    f.scope.check = frame;
    if (ability.gain.length !== 0) gainTracks(f, target, ability.gain);
    if (f.sink) {
      f.emit({
        type: 'reaction', round: f.round, actor: target.id, ability: ability.id, on: 'hit', success,
        chip: defence ? defenceReactionChip(ability, frame.vs, current) : reactionChip(ability, success),
      });
    }
    if (ability.applies.length) for (const id of ability.applies) applyCondition(f, target, id, target, null);
  }
  return current;
}

/**
 * `spell` reactions of one targeted by an ability of kind `kind` (their check's success is readable in damage steps;
 * one with `react.kinds` answers only those kinds), or `leave` reactions of a foe `actor` walks away from (a success
 * strikes the mover).
 */
export function reactTo(f: FightState, target: Combatant, on: 'spell' | 'leave', actor: Combatant, kind = ''): boolean {
  const orders = target.def.indexes.reactOrders[on];
  let cancelled = false;
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i]!;
    const ability = order.ability;
    const kinds = ability.react!.kinds;
    if (kinds !== null && !kinds.includes(kind)) continue;
    if (!admit(f, order, target, actor)) continue;
    const success = settle(f, ability, target, actor, true);
    if (f.sink) f.emit({ type: 'reaction', round: f.round, actor: target.id, ability: ability.id, on, success, chip: reactionChip(ability, success) });
    if (success && ability.react!.cancels) cancelled = true;
    if (on === 'leave' && success && ability.attack) {
      blow(f, target, actor, ability.attack, null);
    } else if (on === 'leave' && success && target.def.attacks[0]) {
      blow(f, target, actor, target.def.attacks[0], null);
    }
  }
  return cancelled;
}

/**
 * `actor` leaves `from`: each foe standing there may react (`react.on: leave` orders), else strike with the
 * system's opportunity attack. Returns whether the fight ended meanwhile.
 */
export function provokeLeaving(f: FightState, actor: Combatant, from: string): boolean {
  for (const foe of f.combatants) {
    if (foe.down || foe.side === actor.side || foe.position !== from || actor.down) continue;
    provokeBy(f, foe, actor, f.system.opportunity, foe.def.attacks[0]);
    if (f.winner !== null) return true;
  }
  return false;
}

/**
 * Whether walking out of `foe`'s reach can draw anything from it now: it can react, and it has a leave order or the
 * system's opportunity attack with a melee blow (a walk is cut in two at the step only then).
 */
export function mayProvoke(f: FightState, foe: Combatant, opportunity: boolean, attack: AttackProfile | undefined): boolean {
  return canReact(f, foe) && (foe.def.indexes.reactOrders.leave.length > 0 || (opportunity && attack !== undefined));
}

/**
 * `actor` leaves `foe` (its place, or on a map its reach): the foe's `leave` orders, else, when the rules give one
 * (`opportunity`), its opportunity attack with `attack`.
 */
export function provokeBy(f: FightState, foe: Combatant, actor: Combatant, opportunity: boolean, attack: AttackProfile | undefined): void {
  const before = foe.reactionsUsed;
  f.scope.damageType = ''; f.scope.melee = false;
  reactTo(f, foe, 'leave', actor);
  if (foe.reactionsUsed === before && opportunity && canReact(f, foe) && attack) {
    foe.reactionsUsed++;
    if (f.sink) f.emit({ type: 'reaction', round: f.round, actor: foe.id, ability: 'opportunity', on: 'leave', success: true, chip: opportunityChip(foe) });
    blow(f, foe, actor, attack, null);
  }
}
