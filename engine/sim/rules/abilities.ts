// Abilities: whether one can be used now (its action, cost, a target worth it), paying for it, and using it: a move,
// a heal, a strike (its own attack), a save-or-damage (a spell), a challenge, a held action (`defer`), sustaining.
import type { TraceItem } from '../../formula/runtime';
import { attackProfile, type AbilityDef, type Combatant } from '../model';
import { asNumber, type FightState, MAX_ACTIONS_PER_TURN } from '../fight-state';
import { abilityChip, holdChip, rolledChip, savedChip, swapChip } from './chips';
import { judge } from './checks';
import { applyCondition, removeFrom } from './conditions';
import { blow, dealDamage, freshDamageRoll, rollDamage, type AppliedBySave } from './damage';
import { endSustain } from './falling';
import { provokeLeaving, reactTo } from './reactions';
import { abilityTargets, heldTarget, pickTarget } from './targeting';
import { gainTracks } from './tracks';
import { swapPartner, undoneByClosingUp } from '../positions';
import { abilityMove } from './map';

export function canPay(f: FightState, actor: Combatant, ability: AbilityDef): boolean {
  for (const c of ability.cost) {
    if (c.slot !== undefined) { if ((actor.slots[c.slot] ?? 0) < 1) return false; continue; }
    const need = f.value(c.amount, actor);
    if (actor.sheet[f.system.trackCurrent[c.track!]!]! < need) return false;
  }
  return true;
}

export function pay(f: FightState, actor: Combatant, ability: AbilityDef): void {
  for (const c of ability.cost) {
    if (c.slot !== undefined) { actor.slots[c.slot] = (actor.slots[c.slot] ?? 0) - 1; continue; }
    const need = f.value(c.amount, actor);
    const at = f.system.trackCurrent[c.track!]!;
    f.setTrack(actor, c.track!, actor.sheet[at]! - need);
  }
}

/** Whether the actor can use the ability now: its action left, something to do with it, a foe in reach, its cost. */
export function canUse(f: FightState, actor: Combatant, ability: AbilityDef): boolean {
  if (ability.uses === 'reaction') return false;
  if (ability.actionIndex >= 0 && (f.actionsLeft[ability.actionIndex] ?? 0) <= 0) return false;
  // A held action is not held twice on the same tick; removing what nobody has wastes the action.
  if (ability.actionIndex >= 0 && f.system.actions[ability.actionIndex]!.defer && actor.deferredAt === actor.clock) return false;
  if (ability.worthChecked && !worthUsing(f, actor, ability)) return false;
  if (ability.sustained && actor.sustaining === ability) return false;
  if (ability.heal && !ability.offensive) {
    // Healing at full health wastes the action: only when someone on the side is hurt.
    const track = ability.heal.track;
    let hurt = false;
    if (ability.target === 'self') hurt = f.hurt(actor, track);
    else for (const c of f.combatants) if (c.side === actor.side && !c.down && f.hurt(c, track)) { hurt = true; break; }
    if (!hurt) return false;
  }
  if (ability.offensive) {
    const foe = ability.holding.length === 0 ? pickTarget(f, actor, ability)
      : ability.target === 'enemy' ? heldTarget(f, actor, ability) : abilityTargets(f, actor, ability)[0] ?? null;
    if (!foe) return false;
    f.pickedFor = ability;
    f.picked = foe;
  }
  return canPay(f, actor, ability);
}

export function useAbility(f: FightState, actor: Combatant, ability: AbilityDef): void {
  const picked = f.pickedFor === ability && f.system.canTarget === null && ability.move === null ? f.picked : null;
  f.pickedFor = null;
  if (ability.actionIndex >= 0 && f.system.actions[ability.actionIndex]!.defer) { hold(f, actor, ability); return; }
  if (ability.actionIndex >= 0) f.spendAction(ability.actionIndex);
  pay(f, actor, ability);
  if (ability.recharge) {
    const abilityIndex = actor.def.abilities.indexOf(ability);
    if (abilityIndex >= 0) actor.recharged[abilityIndex] = false;
  }
  // Speed on the clock: the ability's own, else that of the turn action it uses.
  if (ability.speed) f.actionSpeed = f.value(ability.speed, actor);
  else if (ability.actionIndex >= 0) {
    const actionSpeed = f.system.actions[ability.actionIndex]!.speed;
    if (actionSpeed) f.actionSpeed = f.value(actionSpeed, actor);
  }
  if (ability.gain.length !== 0) gainTracks(f, actor, ability.gain);
  if (actor.down) return;
  for (const g of ability.grants) {
    const n = Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(f.value(g.count, actor))));
    f.actionsLeft[g.action] = Math.min(MAX_ACTIONS_PER_TURN, (f.actionsLeft[g.action] ?? 0) + n);
  }
  if (ability.sustained) {
    if (actor.sustaining) endSustain(f, actor);
    actor.sustaining = ability;
    if (f.sink) f.emit({ type: 'sustain', round: f.round, actor: actor.id, ability: ability.id, change: 'started' });
  }
  if (ability.move !== null && ability.move !== actor.position) move(f, actor, ability);
  if (actor.down || f.winner !== null) return;
  const targets = picked !== null && ability.target === 'enemy' && !picked.down ? [picked] : abilityTargets(f, actor, ability);
  if (f.sink) f.emit({ type: 'ability', round: f.round, actor: actor.id, ability: ability.id, targets: targets.map((t) => t.id), chip: abilityChip(actor, ability) });
  const sustainer = ability.sustained ? actor : null;
  if (ability.removes.length) removeFrom(f, targets, ability.removes);
  if (ability.challenge) challenge(f, actor, ability.challenge);
  if (ability.heal) heal(f, actor, ability, targets);
  if (ability.attack) { strike(f, actor, ability, targets); return; }
  if (ability.save || ability.damage) { saveOrDamage(f, actor, ability, targets, sustainer); return; }
  for (const t of targets) for (const id of ability.applies) applyCondition(f, t, id, actor, sustainer);
}

/** A heal's roll for each target, up to its track's maximum. */
function heal(f: FightState, actor: Combatant, ability: AbilityDef, targets: readonly Combatant[]): void {
  const rule = ability.heal!;
  for (const t of targets) {
    const s = f.scope;
    s.target = t;
    const ctx = f.damageFrame.ctx;
    freshDamageRoll(f, ctx);
    const trace: TraceItem[] | null = f.traceOn ? [] : null;
    ctx.trace = trace;
    s.self = actor;
    const amount = Math.max(0, Math.floor(asNumber(rule.amount.run(ctx))));
    ctx.trace = null;
    const track = rule.track;
    const cur = t.sheet[f.system.trackCurrent[track]!]!;
    const max = t.sheet[f.system.trackMax[track]!]!;
    const next = Math.min(max, cur + amount);
    if (next !== cur) f.setTrack(t, track, next);
    if (f.sink) f.emit({ type: 'heal', round: f.round, actor: actor.id, target: t.id, amount: next - cur, track: f.system.names.tracks[track]!, formula: rule.amount.pointer,
      chip: trace ? rolledChip(trace, amount) : '' });
  }
}

/** The ability's own attack against each target (what it applies landing with the hit). */
function strike(f: FightState, actor: Combatant, ability: AbilityDef, targets: readonly Combatant[]): void {
  const profile = ability.attack!;
  let withApplies = profile;
  if (ability.applies.length) {
    // One merged profile per ability for the runner's life, not one per blow.
    let merged = f.profileWithApplies.get(ability);
    if (!merged) { merged = attackProfile(profile, profile.roll, profile.parts, ability.applies); f.profileWithApplies.set(ability, merged); }
    withApplies = merged;
  }
  if (targets.length < 2) {
    for (const t of targets) if (f.winner === null && !actor.down && !t.down) blow(f, actor, t, withApplies, ability);
    return;
  }
  // Several targets (a spray): each blow's damage reads how many it aims at and how many were hit before it.
  const s = f.scope;
  s.attackTargets = targets.length;
  s.attackHits = 0;
  for (const t of targets) {
    if (f.winner !== null || actor.down) break;
    if (!t.down && blow(f, actor, t, withApplies, ability)) s.attackHits++;
  }
  s.attackTargets = 1;
  s.attackHits = 0;
}

/** A spell: its damage rolled once, then each target's `spell` reactions and save (half or none on a success). */
function saveOrDamage(f: FightState, actor: Combatant, ability: AbilityDef, targets: readonly Combatant[], sustainer: Combatant | null): void {
  let rolled = 0;
  let chip = '';
  const s = f.scope;
  if (ability.damage) {
    s.self = actor; s.attacker = actor; s.crit = false;
    rolled = rollDamage(f, ability.damage, false);
    chip = f.damageChip;
  }
  const save = ability.save;
  const dc = save ? f.value(save.dc, actor) : 0;
  for (const t of targets) {
    if (t.down) continue;
    const flags = s.reactionFlags;
    for (let i = 0; i < flags.length; i++) flags[i] = false;
    s.damageType = ability.type; s.melee = ability.reach === 'near';
    // A successful cancelling reaction (Counterspell) undoes the spell on this target: no save, damage or condition.
    if (reactTo(f, t, 'spell', actor, ability.kind)) continue;
    let amount = rolled;
    let failed = true;
    if (save) {
      const o = judge(f, save.check, f.innerFrame, t, null, dc, t.position, null);
      if (o && o.result === 'success') { failed = false; amount = save.half ? Math.floor(rolled / 2) : 0; }
    }
    s.melee = ability.reach === 'near'; s.crit = false;
    if (ability.damage) dealDamage(f, actor, t, amount, ability.type, failed || !f.sink ? chip : savedChip(chip, save?.half === true), true, ability.damage.pointer);
    const bySave: AppliedBySave | null = save ? { check: save.check, dc } : null;
    if (failed && !t.down) for (const id of ability.applies) applyCondition(f, t, id, actor, sustainer, bySave);
    if (f.winner !== null) return;
  }
}

/**
 * Moving away: foes standing where the mover was may react (`react.on: leave` orders, or the system's opportunity
 * attack), unless the move is a teleport or a disengage. A gridless system has no squares: only a band or row change.
 */
function move(f: FightState, actor: Combatant, ability: AbilityDef): void {
  const from = actor.position;
  const to = ability.move!;
  const speed = f.actionSpeed;
  if (f.map !== null) { abilityMove(f, actor, ability); f.actionSpeed = speed; return; }
  // Row formation (`swap`): the ally standing where the mover goes takes the mover's place, as one move.
  const partner = ability.swap ? swapPartner(f.combatants, actor, to) : null;
  if (!ability.teleport && !ability.disengage && provokeLeaving(f, actor, from)) return;
  f.actionSpeed = speed;
  actor.position = to;
  if (partner !== null && !partner.down) {
    partner.position = from;
    if (f.sink) f.emit({ type: 'move', round: f.round, target: partner.id, from: to, to: from, chip: swapChip(partner, actor, to, from) });
  }
}

/**
 * Whether a move is worth its action: not back out of a row the actor alone holds while rows close up (they would
 * move it straight back), unless it switches places with someone there.
 */
function canMove(f: FightState, actor: Combatant, ability: AbilityDef): boolean {
  const to = ability.move!;
  if (!undoneByClosingUp(f.combatants, actor, to, f.system.rows)) return true;
  return ability.swap && swapPartner(f.combatants, actor, to) !== null;
}

/**
 * A held action (`defer`, Libra's Wait): the act ends here (nothing else of the budget is spent); the clock loop
 * then takes the action's own speed off and puts the actor last on the tick it is left at.
 */
function hold(f: FightState, actor: Combatant, ability: AbilityDef): void {
  const action = f.system.actions[ability.actionIndex]!;
  const s = f.scope;
  s.self = actor; s.clock = actor.clock; s.initiative = actor.initiative; s.actionSpeed = 0;
  f.heldSpeed = action.speed ? Math.max(0, f.value(action.speed, actor)) : 0;
  for (let i = 0; i < f.actionsLeft.length; i++) f.actionsLeft[i] = 0;
  if (f.sink) f.emit({ type: 'ability', round: f.round, actor: actor.id, ability: ability.id, targets: [actor.id], chip: holdChip(actor, ability, Math.max(0, actor.clock - f.heldSpeed)) });
}

/** What `worthChecked` stands for: removing what nobody has, or a move the rows would undo, wastes the action. */
function worthUsing(f: FightState, actor: Combatant, ability: AbilityDef): boolean {
  if (ability.removesOnly && !anyHolds(f, actor, ability)) return false;
  return ability.move === null || canMove(f, actor, ability);
}

/** Whether one of the ability's targets holds a condition it removes. */
function anyHolds(f: FightState, actor: Combatant, ability: AbilityDef): boolean {
  for (const t of abilityTargets(f, actor, ability)) for (const inst of t.conditions) if (ability.removes.includes(inst.def.id)) return true;
  return false;
}

/** An ability's own check against a number (an unopposed challenge): its outcome's gains and applies count. */
function challenge(f: FightState, actor: Combatant, rule: NonNullable<AbilityDef['challenge']>): void {
  const vs = f.value(rule.vs, actor);
  const saved = f.scope.stat;
  if (rule.stat) f.scope.stat = f.value(rule.stat, actor);
  else if (!rule.check.stat) f.scope.stat = 0;
  judge(f, rule.check, f.innerFrame, actor, null, vs, actor.position, null);
  f.scope.stat = saved;
}
