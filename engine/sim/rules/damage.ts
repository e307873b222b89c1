// Damage: a blow (the check against the target's defence, hit reactions, the damage roll with the crit policy), its
// further parts, the damage steps (resistance, vulnerability...) and the hit points it takes; what a hit applies.
import type { EvalContext, TraceItem } from '../../formula/runtime';
import type { AbilityDef, AttackProfile, CheckDef, Combatant, DamageApplyDef, Formula } from '../model';
import { asNumber, type FightState } from '../fight-state';
import { resetRoll } from '../state';
import { counterChip, damageChip, rolledChip, splitChip } from './chips';
import { judge } from './checks';
import { applyCondition, removeConditionAt } from './conditions';
import { goDown, sustainCheck } from './falling';
import { reactTo, reactToHit } from './reactions';
import { countDamage } from './tracks';
import { damageCards } from './cards';
import { situate, unsituate } from './map';

/** The save that applied a condition: its repeat save uses the same check and DC. */
export interface AppliedBySave {
  readonly check: CheckDef;
  readonly dc: number;
}

/** The target's defence as a blow meets it. */
export function defenceOf(f: FightState, target: Combatant): number {
  const d = target.def;
  if (d.defenceValue !== null) return d.defenceValue;
  return d.defence ? f.value(d.defence, target) : 0;
}

/** The blow's reads, evaluated on the wielder's own sheet; then they are its own for the blow (`readsOwner`). */
export function fillReads(f: FightState, actor: Combatant, profile: AttackProfile): void {
  const reads = f.scope.reads;
  const list = profile.reads;
  f.scope.readsOwner = null;
  for (let i = 0; i < list.length; i++) {
    const formula = list[i];
    reads[i] = formula ? f.value(formula, actor) : 0;
  }
  f.scope.readsOwner = actor;
}

/**
 * One blow: the check against the target's defence, reactions on a hit, then damage and what the hit applies.
 * True when it hit (its damage was rolled).
 */
export function blow(f: FightState, actor: Combatant, target: Combatant, profile: AttackProfile, ability: AbilityDef | null): boolean {
  const hit = strike(f, actor, target, profile, ability);
  // A read named like a sheet value is the wielder's only during its blow.
  f.scope.readsOwner = null;
  return hit;
}

function strike(f: FightState, actor: Combatant, target: Combatant, profile: AttackProfile, ability: AbilityDef | null): boolean {
  const s = f.scope;
  fillReads(f, actor, profile);
  const stat = f.value(profile.stat, actor);
  // A blow's speed: its weapon's, else (a plain attack) the speed of the attack action it spends.
  if (profile.speed) f.actionSpeed = f.value(profile.speed, actor);
  else if (!ability && f.attackSpeed) f.actionSpeed = f.value(f.attackSpeed, actor);
  const vs = defenceOf(f, target);
  if (f.remembersAttackers) target.lastAttacker = actor;
  s.stat = stat;
  s.melee = profile.reach === 'near';
  const flags = s.reactionFlags;
  for (let i = 0; i < flags.length; i++) flags[i] = false;
  s.damageType = profile.type;
  // A successful cancelling reaction (Counterspell) undoes the ability's strike on this target.
  if (ability && reactTo(f, target, 'spell', actor, ability.kind)) return false;
  const frame = f.blowFrame;
  s.stat = stat;
  let outcome = f.map === null ? judge(f, profile.check, frame, actor, target, vs, profile.reach, profile) : judgeOnMap(f, frame, actor, target, vs, profile);
  if (outcome !== null && outcome.counter) { counterBlow(f, target, actor, profile.check.vs !== null ? f.vsFrame : frame); return false; }
  // Orders that weigh the hit's damage (`@damage`) see its own: rolled now, as the hit stands, and kept.
  let early = false, earlyRolled = 0, earlyChip = '';
  if (outcome && outcome.result !== 'fail') {
    if (target.def.indexes.hitReadsDamage && profile.damage) {
      s.self = actor; s.attacker = actor; s.target = target; s.check = frame; s.crit = frame.crit;
      early = true; earlyRolled = rollDamage(f, profile.damage, frame.crit); earlyChip = f.damageChip;
      s.damage = earlyRolled;
    }
    outcome = reactToHit(f, target, actor, profile, outcome);
  }
  if (!outcome || outcome.result === 'fail' || !profile.damage) return false;
  if (target.down) return false;
  s.self = actor; s.attacker = actor; s.target = target; s.check = frame; s.crit = frame.crit; s.melee = profile.reach === 'near';
  const rolled = early ? earlyRolled : rollDamage(f, profile.damage, frame.crit);
  const chip = early ? earlyChip : f.damageChip;
  if (profile.parts.length === 0) dealDamage(f, actor, target, rolled, profile.type, chip, true, profile.damage.pointer);
  else dealParts(f, actor, target, rolled, profile, chip);
  if (!target.down) afterHit(f, actor, target, profile.applies, profile.save, ability);
  return true;
}

/** A blow's check on a map: with the conditions its situation lends (flanked, cover, long range) for the check only. */
function judgeOnMap(f: FightState, frame: FightState['blowFrame'], actor: Combatant, target: Combatant, vs: number, profile: AttackProfile) {
  situate(f, actor, target, profile);
  try { return judge(f, profile.check, frame, actor, target, vs, profile.reach, profile); } finally { unsituate(f); }
}

/**
 * A damage formula rolled on the scope as it stands, as a blow with (or without) `crit` rolls it by the system's crit
 * policy (dice doubled, or the total); returns it, its chip (a log's only, else '') left in `f.damageChip`.
 */
export function rollDamage(f: FightState, damage: Formula, crit: boolean): number {
  const ctx = f.damageFrame.ctx;
  freshDamageRoll(f, ctx);
  const trace: TraceItem[] | null = f.traceOn ? [] : null;
  ctx.trace = trace;
  const policy = f.system.critPolicy;
  let rolled = asNumber(crit && policy === 'dice' && damage.doubled ? damage.doubled(ctx) : trace ? damage.run(ctx) : damage.untraced(ctx));
  ctx.trace = null;
  if (crit && policy === 'total') rolled *= 2;
  f.damageChip = trace ? rolledChip(trace, rolled, crit, policy) : '';
  return rolled;
}

/**
 * A `counter` outcome: the defender's first attack deals its damage to the attacker, rolled on the defender's sheet
 * and reads with `frame` as `@natural`, `@roll.*`, `@crit` and `@degree`: its own roll (`f.vsFrame`) when the check is
 * opposed (`vs`, fight back), else the blow's one throw, whose outcome's degree is the defender's (a live-action
 * defender who strikes back and wins).
 */
function counterBlow(f: FightState, defender: Combatant, attacker: Combatant, frame: FightState['blowFrame']): void {
  const profile = defender.def.attacks[0];
  const damage = profile?.damage;
  if (!profile || !damage || defender.down || attacker.down) return;
  const s = f.scope;
  fillReads(f, defender, profile);
  const stat = f.value(profile.stat, defender);
  s.stat = stat; s.self = defender; s.attacker = defender; s.target = attacker; s.check = frame; s.crit = frame.crit;
  s.melee = profile.reach === 'near'; s.damageType = profile.type;
  const rolled = rollDamage(f, damage, frame.crit);
  const chip = f.traceOn ? counterChip(defender, f.damageChip) : '';
  if (profile.parts.length === 0) dealDamage(f, defender, attacker, rolled, profile.type, chip, true, damage.pointer);
  else dealParts(f, defender, attacker, rolled, profile, chip, frame);
  s.check = f.blowFrame;
}

/**
 * Ready the damage context for a roll. Nothing reads a damage roll's dice but a log's chip, so without a log the
 * facts are emptied only now and then (no popping per roll); the dice budget is always full again.
 */
export function freshDamageRoll(f: FightState, ctx: EvalContext): void {
  if (f.traceOn || ctx.roll.dice.length > 256) resetRoll(ctx);
  else ctx.diceLeft = 10_000;
}

/** Conditions a hit applies, after the target's save when there is one (a ghoul's claws). */
function afterHit(f: FightState, actor: Combatant, target: Combatant, applies: readonly string[],
  save: AttackProfile['save'], sustainedBy: AbilityDef | null): void {
  if (!applies.length) return;
  let applied: AppliedBySave | null = null;
  if (save) {
    const dc = f.value(save.dc, actor);
    const o = judge(f, save.check, f.innerFrame, target, null, dc, target.position, null);
    if (o && o.result === 'success') return;
    applied = { check: save.check, dc };
  }
  for (const id of applies) applyCondition(f, target, id, actor, sustainedBy?.sustained ? actor : null, applied);
}

/**
 * A blow with several damage parts (piercing plus fire): each part rolled (crit as the blow's), each run through
 * the damage steps with its own type, one damage event each; one sustain roll for what the whole blow took.
 */
function dealParts(f: FightState, actor: Combatant, target: Combatant, rolled: number, profile: AttackProfile, chip: string,
  frame = f.blowFrame): void {
  let taken = dealDamage(f, actor, target, rolled, profile.type, chip, false, profile.damage?.pointer ?? '');
  const s = f.scope;
  const crit = frame.crit;
  for (const part of profile.parts) {
    if (target.down) return;
    s.self = actor; s.attacker = actor; s.target = target; s.check = frame; s.crit = crit;
    const amount = rollDamage(f, part.damage, crit);
    taken += dealDamage(f, actor, target, amount, part.type, f.damageChip, false, part.damage.pointer);
  }
  if (taken > 0 && target.sustaining && !target.down) sustainCheck(f, target, taken);
}

/** Damage after the steps, taken off the target; returns what it took. `sustain: false` leaves the roll to the caller. */
export function dealDamage(f: FightState, actor: Combatant, target: Combatant, rolled: number, type: string, rolledText: string, sustain = true,
  formula = ''): number {
  const s = f.scope;
  s.self = actor; s.attacker = actor; s.target = target; s.damage = rolled; s.damageType = type;
  const stepNames: string[] | null = f.sink ? [] : null;
  const steps = f.system.damageSteps;
  const bits = f.stepBits, flags = f.stepFlags;
  let known = -1;
  let kind = type;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.when) {
      const bit = bits[i]!;
      if (bit !== 0) {
        if (known === -1) known = fixedSteps(f, target, kind);
        if ((known & (bit << 1)) === 0) continue;
      } else {
        const flag = flags[i]!;
        if (flag >= 0 ? s.reactionFlags[flag] !== true : !f.truth(step.when)) continue;
      }
    }
    const next = f.number(step.value);
    const retyped = step.type !== null && step.type !== kind;
    if (next !== s.damage || retyped) {
      if (stepNames) stepNames.push(step.name);
      s.damage = next;
    }
    if (retyped) {
      // The damage is of another type from here on: later steps' cached answers are those for the new type.
      kind = step.type!; s.damageType = kind; known = -1;
    }
  }
  const apply = f.damageApply;
  if (apply !== null) return dealApplied(f, actor, target, apply, rolled, rolledText, stepNames, kind, sustain, formula);
  const amount = Math.max(0, Math.floor(s.damage));
  const hpTrack = f.system.hpTrack;
  const before = f.hp(target);
  const after = Math.max(0, before - amount);
  if (after !== before) f.setTrack(target, hpTrack, after);
  actor.damageDealt += before - after;
  if (amount > 0 && f.anyRegeneration && !target.hurtBy.includes(kind)) target.hurtBy.push(kind);
  if (f.sink) {
    f.emit({
      type: 'damage', round: f.round, actor: actor.id, target: target.id, amount, damageType: kind, steps: stepNames!, rolled, hp: after, formula,
      chip: damageChip(rolledText, stepNames!, amount, rolled, kind),
    });
  }
  if (f.countsDamage && before !== after) countDamage(f, target, kind, before - after);
  if (amount > 0 && target.conditions.length !== 0) wake(f, target);
  if (sustain && amount > 0 && target.sustaining && after > 0) sustainCheck(f, target, amount);
  if (after <= 0 && !target.down) goDown(f, target, actor);
  if (f.cardBits !== 0) damageCards(f, actor, target, amount, kind);
  return before - after;
}

/**
 * Damage as data (`combat.damage.apply`): the tracks lowered in order, each its amount of what is left; the
 * conditions whose `when` holds on the blow as the tracks left it put on and taken off; returns the damage done.
 */
function dealApplied(f: FightState, actor: Combatant, target: Combatant, apply: DamageApplyDef, rolled: number, rolledText: string,
  stepNames: string[] | null, kind: string, sustain: boolean, formula: string): number {
  const s = f.scope;
  const after = Math.floor(s.damage);
  const current = f.system.trackCurrent;
  const hpBefore = f.hp(target);
  const split: { track: string; amount: number; value: number }[] | null = f.sink ? [] : null;
  let left = after, done = 0, emptied = false;
  const tracks = apply.tracks;
  for (let i = 0; i < tracks.length; i++) {
    const t = tracks[i]!;
    s.damage = left;
    const wanted = t.amount === null ? left : Math.floor(f.number(t.amount));
    const holds = target.sheet[current[t.track]!]!;
    const take = Math.max(0, Math.min(wanted, left, holds));
    if (take === 0) continue;
    f.setTrack(target, t.track, holds - take);
    left -= take; done += take;
    if (t.downs && holds - take <= 0) emptied = true;
    if (split) split.push({ track: t.name, amount: take, value: holds - take });
  }
  // Every rule's `when` is read before any applies (one rule's condition does not turn another's).
  s.damage = after;
  const rules = apply.conditions;
  let holds = 0;
  for (let i = 0; i < rules.length; i++) if (f.truth(rules[i]!.when)) holds |= 1 << i;
  const hpAfter = f.hp(target);
  actor.damageDealt += done;
  if (done > 0 && f.anyRegeneration && !target.hurtBy.includes(kind)) target.hurtBy.push(kind);
  if (f.sink) {
    const on: string[] = [], off: string[] = [];
    for (let i = 0; i < rules.length; i++) {
      if ((holds & (1 << i)) === 0) continue;
      const r = rules[i]!;
      // The chip names what changes: a condition put on that is not yet held, one taken off that is.
      if (r.remove !== null && target.conditionIds.includes(r.remove)) off.push(f.system.conditions.get(r.remove)?.name ?? r.remove);
      if (r.apply !== null && (!target.conditionIds.includes(r.apply) || r.apply === r.remove)) on.push(f.system.conditions.get(r.apply)?.name ?? r.apply);
    }
    const amount = Math.max(0, after);
    f.emit({
      type: 'damage', round: f.round, actor: actor.id, target: target.id, amount, damageType: kind, steps: stepNames!, rolled, hp: hpAfter, formula,
      chip: splitChip(damageChip(rolledText, stepNames!, amount, rolled, kind), split!, on, off), split: split!,
    });
  }
  if (f.countsDamage && hpBefore !== hpAfter) countDamage(f, target, kind, hpBefore - hpAfter);
  if (done > 0 && target.conditions.length !== 0) wake(f, target);
  for (let i = 0; i < rules.length; i++) {
    if ((holds & (1 << i)) === 0) continue;
    const r = rules[i]!;
    if (r.remove !== null) {
      for (let k = target.conditions.length - 1; k >= 0; k--) if (target.conditions[k]!.def.id === r.remove) removeConditionAt(f, target, k, 'ended');
    }
    if (r.apply !== null) applyCondition(f, target, r.apply, actor, null);
  }
  if (sustain && done > 0 && target.sustaining && hpAfter > 0 && !emptied) sustainCheck(f, target, done);
  if ((hpAfter <= 0 || emptied) && !target.down) goDown(f, target, actor);
  if (f.cardBits !== 0) damageCards(f, actor, target, Math.max(0, after), kind);
  return done;
}

/** Damage ends the conditions that say so (`endsOnDamage`: a sleeper wakes). */
function wake(f: FightState, target: Combatant): void {
  for (let i = target.conditions.length - 1; i >= 0; i--) if (target.conditions[i]!.def.endsOnDamage) removeConditionAt(f, target, i, 'ended');
}

/**
 * The answers of the damage steps that depend only on the target's fixed facts and the damage type, for this target
 * and type (worked out on first use, with the scope as dealDamage set it: the same answers it would evaluate).
 */
function fixedSteps(f: FightState, target: Combatant, type: string): number {
  const types = f.stepTypes[target.order]!, masks = f.stepMasks[target.order]!;
  for (let i = 0; i < types.length; i++) if (types[i] === type) return masks[i]!;
  let mask = 0;
  const steps = f.system.damageSteps;
  const bits = f.stepBits;
  for (let i = 0; i < steps.length; i++) {
    const bit = bits[i]!;
    if (bit !== 0 && f.truth(steps[i]!.when!)) mask |= bit << 1;
  }
  types.push(type);
  masks.push(mask);
  return mask;
}
