// The turn: its start (regeneration, recharge, saves), the act (the budget of turn actions spent on standing orders,
// offensive abilities and attacks, or on a scripted plan) and its end (saves, durations).
import type { Combatant } from '../model';
import { type FightState, MAX_ACTIONS_PER_TURN, MAX_PLAN_STEPS } from '../fight-state';
import { canUse, useAbility } from './abilities';
import { rollSaves, tickDurations, tickSourced } from './conditions';
import { blow, defenceOf, fillReads } from './damage';
import { chanceOfSuccess } from './checks';
import { allTargets, pickTarget } from './targeting';
import { fleesNow } from './fleeing';
import type { TurnOffer } from '../choice';
import { takeGrants, turnCards } from './cards';
import { mapTurn, situate, unsituate } from './map';

export function takeTurn(f: FightState, actor: Combatant, clock: number | undefined): void {
  f.current = actor;
  if (f.sink) {
    f.emit(clock === undefined
      ? { type: 'turn', round: f.round, actor: actor.id, initiative: actor.initiative }
      : { type: 'turn', round: f.round, actor: actor.id, initiative: actor.initiative, clock });
  }
  if (f.system.reactionPer === 'turn') for (const c of f.combatants) c.reactionsUsed = 0;
  // A fight with cards takes its turns with the card hooks (one test here: a fight without pays nothing more).
  if (f.cardBits !== 0) { cardTurn(f, actor); return; }
  f.turnOf = actor;
  startOfTurn(f, actor);
  if (!actor.down && !cannotAct(actor)) {
    if (f.map !== null) mapTurn(f, actor);
    else if (f.winner === null) f.act(actor);
  }
  if (!actor.down) endOfTurn(f, actor);
  f.turnOf = null;
}

/** takeTurn's turn with its holder's `turnStart` cards first and `turnEnd` cards before the end (rules/cards.ts). */
function cardTurn(f: FightState, actor: Combatant): void {
  f.turnOf = actor;
  turnCards(f, actor, false);
  startOfTurn(f, actor);
  if (!actor.down && !cannotAct(actor)) {
    if (f.map !== null) mapTurn(f, actor);
    else if (f.winner === null) f.act(actor);
  }
  if (!actor.down) turnCards(f, actor, true);
  if (!actor.down) endOfTurn(f, actor);
  f.turnOf = null;
}

/** Whether a condition it holds takes its turn's actions away (`noActions`). */
export function cannotAct(c: Combatant): boolean {
  for (const inst of c.conditions) if (inst.def.noActions) return true;
  return false;
}

/** Whether a condition it holds takes its reactions away (`noReactions`, by default what `noActions` says). */
export function cannotReact(c: Combatant): boolean {
  for (const inst of c.conditions) if (inst.def.noReactions) return true;
  return false;
}

function startOfTurn(f: FightState, actor: Combatant): void {
  if (f.anyFlee && actor.conditions.length !== 0 && fleesNow(f, actor)) return;
  const regen = actor.def.regeneration;
  if (regen && !actor.down) {
    const stopped = actor.hurtBy.some((t) => regen.stoppedBy.includes(t));
    const amount = stopped ? 0 : Math.max(0, Math.floor(f.value(regen.amount, actor)));
    const hpTrack = f.system.hpTrack;
    const max = actor.sheet[f.system.trackMax[hpTrack]!]!;
    const before = f.hp(actor);
    const after = Math.min(max, before + amount);
    if (after !== before) f.setTrack(actor, hpTrack, after);
    if (f.sink && (stopped || after !== before)) f.emit({ type: 'regenerate', round: f.round, target: actor.id, amount: after - before, stopped });
  }
  const hurtBy = actor.hurtBy;
  while (hurtBy.length !== 0) hurtBy.pop();
  const recharge = actor.def.indexes.rechargeable;
  for (let k = 0; k < recharge.length; k++) {
    const i = recharge[k]!;
    const r = actor.def.abilities[i]!.recharge!;
    if (!actor.recharged[i]) actor.recharged[i] = f.rng.die(r.die) >= r.min;
  }
  if (actor.conditions.length !== 0) {
    rollSaves(f, actor, 'turnStart');
    if (f.startDurations) tickDurations(f, actor, true);
  }
}

function endOfTurn(f: FightState, actor: Combatant): void {
  if (f.sourceDurations) tickSourced(f, actor);
  if (actor.conditions.length === 0) return;
  rollSaves(f, actor, 'turnEnd');
  tickDurations(f, actor);
}

/** The numbers mode's act: standing orders, then abilities aimed at foes, then the attack action(s). */
export function act(f: FightState, actor: Combatant): void {
  const actions = f.system.actions;
  const left = f.actionsLeft;
  const fixedPer = f.fixedPer;
  if (fixedPer !== null) for (let i = 0; i < fixedPer.length; i++) left[i] = fixedPer[i]!;
  else {
    for (let i = 0; i < actions.length; i++) left[i] = Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(f.value(actions[i]!.per, actor))));
    // Actions cards granted it (a fight with cards has no fixed budget: FightState's constructor).
    if (f.cardBits !== 0) takeGrants(f, actor);
  }
  const limit = f.system.actionLimit;
  f.turnActionsLeft = limit === null ? Infinity : Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(f.value(limit, actor))));
  if (f.turnActionsLeft <= 0) for (let i = 0; i < left.length; i++) left[i] = 0;
  // On a map, the Dash it took before acting spent its action (rules/map.ts mapTurn).
  const m = f.map;
  if (m !== null && m.dashSpent >= 0) { if ((left[m.dashSpent] ?? 0) > 0) f.spendAction(m.dashSpent); m.dashSpent = -1; }
  f.attacksLeft = 0;
  f.attackNumber = 0;
  const chosen = f.chooser ? f.chooser(offerFor(f, actor)) : null;
  if (chosen) { playPlan(f, actor, chosen.map((c) => (c.kind === 'attack' ? 'attack' : c.id)), chosen.map((c) => (c.kind === 'attack' ? c.target : undefined))); return; }
  const plan = actor.def.plan;
  if (plan) { playPlan(f, actor, plan); return; }
  // Standing orders for non-reaction abilities first, in order (the reaction orders are left out at load).
  const orders = actor.def.indexes.turnOrders;
  for (let k = 0; k < orders.length; k++) {
    if (f.winner !== null || actor.down) return;
    const order = orders[k]!;
    const ability = order.ability;
    if (!canUse(f, actor, ability)) continue;
    if (order.when) {
      f.scope.self = actor; f.scope.attacker = actor; f.scope.target = actor;
      if (!f.truth(order.when)) continue;
    }
    useAbility(f, actor, ability);
  }
  // Abilities aimed at enemies take the turn's blows, in the order the sheet lists them.
  const abilities = actor.def.abilities;
  const free = actor.def.indexes.freeOffensive;
  for (let k = 0; k < free.length; k++) {
    const i = free[k]!;
    const ability = abilities[i]!;
    if (f.winner !== null || actor.down) return;
    if (!actor.recharged[i] || !canUse(f, actor, ability)) continue;
    useAbility(f, actor, ability);
  }
  // Then the attack action(s), each with its attacks.
  const attackAction = f.system.attackAction;
  let guard = 0;
  const attackSpeed = f.attackSpeed;
  while ((left[attackAction] ?? 0) > 0 && f.winner === null && !actor.down && guard++ < MAX_ACTIONS_PER_TURN) {
    f.spendAction(attackAction);
    // A weapon without a speed of its own spends the attack action's (blow() lets a weapon's speed win).
    if (attackSpeed) f.actionSpeed = f.value(attackSpeed, actor);
    const attacks = attacksPerAction(f, actor);
    const list = actor.def.attacks;
    for (let k = 0; k < attacks && f.winner === null && !actor.down; k++) {
      if (list.length === 0) return;
      if (actor.def.attacksInTurn) { if (!blowInTurn(f, actor)) return; continue; }
      const profile = list[k % list.length]!;
      const target = pickTarget(f, actor, profile);
      if (!target) return;
      blow(f, actor, target, profile, null);
    }
  }
}

/** The next of its attacks used in turn that reaches a foe strikes it (those that reach none are passed over). */
function blowInTurn(f: FightState, actor: Combatant): boolean {
  const list = actor.def.attacks;
  for (let tries = 0; tries < list.length; tries++) {
    const profile = list[actor.attackCursor % list.length]!;
    actor.attackCursor++;
    const target = pickTarget(f, actor, profile);
    if (!target) continue;
    blow(f, actor, target, profile, null);
    return true;
  }
  return false;
}

function attacksPerAction(f: FightState, actor: Combatant): number {
  const action = f.system.actions[f.system.attackAction];
  if (actor.def.attacksPerAction !== null) return actor.def.attacksPerAction;
  if (!action?.attacks) return 1;
  return Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(f.value(action.attacks, actor))));
}

/** What a chooser is offered (choice.ts): the actor's attacks with the foes each reaches, the abilities it can pay for. */
function offerFor(f: FightState, actor: Combatant): TurnOffer {
  return {
    round: f.round, actor: actor.id,
    attacks: actor.def.attacks.map((p) => {
      const targets = allTargets(f, actor, p);
      return { name: p.name, targets: targets.map((c) => c.id), hitChance: targets.map((c) => hitChance(f, actor, c, p)) };
    }),
    abilities: actor.def.abilities.filter((a) => !a.react && canUse(f, actor, a)).map((a) => ({ id: a.id, name: a.name })),
  };
}

/** The exact chance that this attack's check on `target` hits now (null when its roll is too big to walk). */
function hitChance(f: FightState, actor: Combatant, target: Combatant, profile: Combatant['def']['attacks'][number]): number | null {
  const s = f.scope;
  const stat = s.stat, melee = s.melee;
  fillReads(f, actor, profile);
  s.stat = f.value(profile.stat, actor);
  s.melee = profile.reach === 'near';
  if (f.map !== null) situate(f, actor, target, profile);
  try {
    return chanceOfSuccess(f, profile.check, actor, target, defenceOf(f, target), profile.reach, profile);
  } finally { s.stat = stat; s.melee = melee; s.readsOwner = null; if (f.map !== null) unsituate(f); }
}

/**
 * A scripted or chosen turn: each step is `attack` or an ability id; what the budget cannot pay is NO TIME. `targets`
 * (a chosen turn) names an attack's target; one it cannot reach leaves the pick to the rules.
 */
function playPlan(f: FightState, actor: Combatant, plan: readonly string[], targets?: readonly (string | undefined)[]): void {
  const attackAction = f.system.attackAction;
  const actionName = f.system.actions[attackAction]?.id ?? 'action';
  for (let s = 0; s < plan.length && s < MAX_PLAN_STEPS; s++) {
    if (f.winner !== null || actor.down) return;
    const step = plan[s]!;
    if (step === 'attack') {
      if (f.attacksLeft <= 0 && (f.actionsLeft[attackAction] ?? 0) > 0) {
        f.spendAction(attackAction);
        f.attacksLeft = attacksPerAction(f, actor);
      }
      f.attackNumber++;
      if (f.attacksLeft <= 0) {
        if (f.sink) f.emit({ type: 'noTime', round: f.round, actor: actor.id, action: actionName, attack: f.attackNumber });
        continue;
      }
      f.attacksLeft--;
      const profile = actor.def.attacks[(f.attackNumber - 1) % Math.max(1, actor.def.attacks.length)];
      if (!profile) continue;
      const named = targets?.[s];
      const chosen = named === undefined ? undefined : allTargets(f, actor, profile).find((c) => c.id === named);
      const target = chosen ?? pickTarget(f, actor, profile);
      if (target) blow(f, actor, target, profile, null);
      continue;
    }
    const ability = actor.def.abilities.find((a) => a.id === step) ?? actor.def.orders.find((o) => o.ability.id === step)?.ability;
    if (!ability) continue;
    if (!canUse(f, actor, ability)) {
      if (f.sink) f.emit({ type: 'noTime', round: f.round, actor: actor.id, action: ability.uses, attack: 0 });
      continue;
    }
    useAbility(f, actor, ability);
  }
}
