// Checks: the edge and mods conditions give a check, the roll, the first outcome whose `when` holds, a target's
// condition turning a hit into a crit, the tally, and what an outcome does (conditions, track gains).
import type { TraceItem } from '../../formula/runtime';
import { renderTrace } from '../../formula/trace';
import type { AttackProfile, CheckDef, CheckFrame, Combatant, ConditionInstance, OpposedDef, OutcomeDef } from '../model';
import { asNumber, type FightState } from '../fight-state';
import { rollTestHolds } from '../roll-test';
import { newCheckFrame, resetRoll } from '../state';
import { checkChip, critInfluence, critSource, edgeInfluence, modInfluence } from './chips';
import { applyCondition, removeConditionAt, removeFrom } from './conditions';
import { gainTracks } from './tracks';
import { decideAfterRoll } from './decisions';

/**
 * Roll a check for `actor` (against `target`, meeting `vs`): edges and mods first, then the roll, then the
 * outcomes in order. Returns the outcome (null when the check has none); the frame keeps the facts.
 */
export function judge(f: FightState, check: CheckDef, frame: CheckFrame, actor: Combatant, target: Combatant | null, vs: number, reach: string,
  profile: AttackProfile | null): OutcomeDef | null {
  const s = f.scope;
  // A roll with nothing to judge (initiative: 8 a fight on bench-4v4), by nobody holding a condition, unlogged: the roll alone.
  if (check.outcomes.length === 0 && profile === null && check.requires === null && check.vs === null && check.stat === null && !f.traceOn
    && !f.modsDirty && !f.decidesRolls && actor.conditions.length === 0 && (target === null || target.conditions.length === 0)
    && f.chargesUsed.length === 0) return plainRoll(f, check, frame, actor, target, vs);
  if (check.requires !== null && !attempted(f, check, frame, actor, target, vs, profile)) return null;
  // An opposed check: the target rolls its own check first, and this one meets its total (`@vs`, `@vs.*`).
  if (check.vs !== null && target !== null && frame !== f.vsFrame) vs = opposedRoll(f, check.vs, actor, target, reach);
  // gatherEdge's answer when nobody holds a condition and the mods are already zero, without the call (1.3% of a
  // fight's instructions on bench-4v4).
  if (actor.conditions.length === 0 && (target === null || target.conditions.length === 0) && !f.modsDirty && !f.traceOn) s.edge = 0;
  else { gatherEdge(f, check, actor, target, reach); vs += f.vsShift; }
  // A check's own stat (a save's bonus, or the creature's `saves` entry) when no blow gives one; the blow's
  // `@stat` is put back afterwards for its damage.
  const blowStat = s.stat;
  if (!profile && check.stat) s.stat = actor.def.saves?.get(check.id) ?? f.value(check.stat, actor);
  s.self = actor; s.attacker = actor; s.target = target ?? actor; s.source = actor;
  s.check = frame;
  const ctx = frame.ctx;
  resetRoll(ctx);
  let trace: TraceItem[] | null = f.traceOn ? [] : null;
  ctx.trace = trace;
  const roll = profile ? profile.roll : check.roll;
  let total = asNumber(trace ? roll.run(ctx) : roll.untraced(ctx));
  ctx.trace = null;
  keepFacts(frame, total, vs);
  let outcome = pickOutcome(f, check, frame);
  // Decisions after the roll (`react.on: "roll"`: a reroll, a bonus), before the outcome is final.
  if (f.decidesRolls && actor.def.indexes.reactOrders.roll.length !== 0) {
    const decided = decideAfterRoll(f, check, frame, actor, target, roll, outcome);
    if (decided.trace !== null) trace = decided.trace;
    outcome = decided.outcome; total = frame.total;
  }
  if (outcome && target && outcome.result !== 'fail' && profile && !frame.crit) {
    const by = critFrom(target, reach);
    if (by !== null) {
      // A target's condition turns the hit into a crit: the check's own crit outcome, when it has one, is the outcome.
      frame.crit = true;
      const crit = critOutcome(check);
      if (crit && crit !== outcome) {
        outcome = crit;
        frame.outcome = crit.id;
        if (crit.degree) frame.degree = f.value(crit.degree, actor);
      }
      if (f.traceOn) f.influences.push(critInfluence(by));
    }
  }
  const rows = f.tallyRows;
  if (rows !== null) rows[actor.order]![outcome ? outcome.tally : check.rolledTally]!++;
  else if (f.tally) f.tally.onCheck(actor, outcome ? outcome.tally : check.rolledTally);
  if (f.sink) emitCheck(f, check, frame, actor, target, vs, outcome, trace ?? [], total, roll.pointer);
  s.stat = blowStat;
  if (f.chargesUsed.length !== 0) spendCharges(f);
  if (outcome && outcome.effects) outcomeEffects(f, outcome, actor, target);
  return outcome;
}

/**
 * judge for a check with no outcomes, requirement, opposed roll or stat (initiative), nobody holding a condition, no
 * log: the same facts, scope and tally judge leaves, without its steps that do nothing here.
 */
function plainRoll(f: FightState, check: CheckDef, frame: CheckFrame, actor: Combatant, target: Combatant | null, vs: number): null {
  const s = f.scope;
  s.edge = 0;
  s.self = actor; s.attacker = actor; s.target = target ?? actor; s.source = actor;
  s.check = frame;
  const ctx = frame.ctx;
  resetRoll(ctx);
  ctx.trace = null;
  keepFacts(frame, asNumber(check.roll.untraced(ctx)), vs);
  const rows = f.tallyRows;
  if (rows !== null) rows[actor.order]![check.rolledTally]!++;
  else if (f.tally) f.tally.onCheck(actor, check.rolledTally);
  return null;
}

/**
 * The defender's side of an opposed check: the first of `prefer` whose `when` holds on its sheet, else `check`,
 * rolled by the defender against the attacker with its own edge, mods and `@stat` (into f.vsFrame, tallied and
 * logged as its own check). Returns its total.
 */
function opposedRoll(f: FightState, vs: OpposedDef, attacker: Combatant, defender: Combatant, reach: string): number {
  let check = vs.check;
  for (let i = 0; i < vs.prefer.length; i++) {
    const p = vs.prefer[i]!;
    if (f.value(p.when, defender) !== 0) { check = p.check; break; }
  }
  const s = f.scope;
  // The blow's `@stat` is the attacker's: the defender's roll reads its own (its check's `stat`, else 0).
  const blowStat = s.stat;
  s.stat = 0;
  const frame = f.vsFrame;
  judge(f, check, frame, defender, attacker, 0, reach, null);
  s.stat = blowStat;
  f.vsCheck = check;
  return frame.total;
}

/**
 * A check's `requires` (live action: a wound penalty at or above the ability total stops the action), read before
 * the roll on the roller's sheet with its `@stat`; when false the log says `not attempted` and nothing is rolled.
 */
function attempted(f: FightState, check: CheckDef, frame: CheckFrame, actor: Combatant, target: Combatant | null, vs: number,
  profile: AttackProfile | null): boolean {
  const s = f.scope;
  const blowStat = s.stat;
  if (!profile && check.stat) s.stat = actor.def.saves?.get(check.id) ?? f.value(check.stat, actor);
  s.self = actor; s.attacker = actor; s.target = target ?? actor; s.source = actor;
  s.check = frame;
  const ok = f.truth(check.requires!);
  s.stat = blowStat;
  if (ok) return true;
  frame.natural = 0; frame.high = 0; frame.low = 0; frame.total = 0; frame.vs = vs; frame.crit = false; frame.degree = 0; frame.outcome = '';
  const rows = f.tallyRows;
  if (rows !== null) rows[actor.order]![check.notAttemptedTally]!++;
  else if (f.tally) f.tally.onCheck(actor, check.notAttemptedTally);
  if (f.sink) {
    f.emit({
      type: 'check', round: f.round, actor: actor.id, check: check.id, checkName: check.name, target: target ? target.id : null, dice: [],
      roll: check.requires!.source, total: 0, vs: check.readsVs ? vs : null, outcome: 'not-attempted', outcomeName: null, result: null, crit: false,
      botch: false, formula: check.requires!.pointer, chip: `${check.requires!.source} = false · not attempted`, influencedBy: [],
    });
  }
  return false;
}

/** A condition with `charges` took part in this check: one charge, taken after it (once per check). */
function useCharge(f: FightState, holder: Combatant, inst: ConditionInstance): void {
  if (f.chargesUsed.includes(inst)) return;
  f.chargesUsed.push(inst);
  f.chargeHolders.push(holder);
}

/** The check's roll into the frame: its total (returned) and the facts of its kept dice; `vs` met. */
export function rollInto(f: FightState, frame: CheckFrame, roll: CheckDef['roll'], trace: TraceItem[] | null, vs: number): number {
  const ctx = frame.ctx;
  resetRoll(ctx);
  ctx.trace = trace;
  const total = asNumber(trace ? roll.run(ctx) : roll.untraced(ctx));
  ctx.trace = null;
  keepFacts(frame, total, vs);
  return total;
}

/** The facts of the roll just made into `frame` (its kept dice's sum, highest, lowest), its total and the `vs` met. */
function keepFacts(frame: CheckFrame, total: number, vs: number): void {
  const kept = frame.ctx.roll.kept;
  if (kept.length === 1) {
    // One die kept (a d20, a 2d20kh1): its face is the sum, the highest and the lowest.
    const k = kept[0]!;
    frame.natural = k; frame.high = k; frame.low = k;
    frame.total = total; frame.vs = vs; frame.crit = false; frame.degree = 0; frame.outcome = '';
    return;
  }
  let natural = 0, high = -Infinity, low = Infinity;
  for (let i = 0; i < kept.length; i++) {
    const k = kept[i]!;
    natural += k; if (k > high) high = k; if (k < low) low = k;
  }
  frame.natural = natural; frame.high = kept.length ? high : 0; frame.low = kept.length ? low : 0;
  frame.total = total; frame.vs = vs; frame.crit = false; frame.degree = 0; frame.outcome = '';
}

/** The charges the check just judged used: each condition with none left ends (before the outcome's own effects). */
function spendCharges(f: FightState): void {
  const used = f.chargesUsed, holders = f.chargeHolders;
  for (let i = 0; i < used.length; i++) {
    const inst = used[i]!;
    const holder = holders[i]!;
    inst.chargesLeft--;
    if (inst.chargesLeft <= 0) removeConditionAt(f, holder, holder.conditions.indexOf(inst), 'ended');
  }
  used.length = 0;
  holders.length = 0;
}

/** The log's `check` event with its chip (apart from judge, which the statistics path runs without a log). */
function emitCheck(f: FightState, check: CheckDef, frame: CheckFrame, actor: Combatant, target: Combatant | null, vs: number,
  outcome: OutcomeDef | null, trace: TraceItem[], total: number, formula: string): void {
  const influencedBy = f.influences.slice();
  const roll = renderTrace(trace);
  f.emit({
    type: 'check', round: f.round, actor: actor.id, check: check.id, checkName: check.name, target: target ? target.id : null,
    dice: frame.ctx.roll.dice.slice(), roll, total, vs: check.readsVs ? vs : null, outcome: outcome ? outcome.id : null,
    outcomeName: outcome ? outcome.name : null, result: outcome ? outcome.result : null, crit: frame.crit, botch: outcome ? outcome.botch : false,
    ...(outcome?.degree ? { degree: frame.degree } : {}), formula, chip: checkChip(check, roll, total, vs, outcome, influencedBy), influencedBy,
    ...(check.vs !== null && target !== null && frame !== f.vsFrame && f.vsCheck !== null
      ? { opposed: { actor: target.id, check: f.vsCheck.id, total: f.vsFrame.total, outcome: f.vsFrame.outcome === '' ? null : f.vsFrame.outcome } } : {}),
  });
}

/** Most leaves (dice results) `chanceOfSuccess` walks; a roll with more gets no chance (null). */
const MAX_CHANCE_LEAVES = 20_000;

/**
 * A branch less likely than this is left out of the walk: an exploding die (`d6!`) has endless results, and walking
 * each to the roll's own explosion limit (100 explosions) would throw, or spend the leaf budget on results of chance
 * 6^-100. The mass left out is below this times the leaves walked (under 1e-8 in all), far below what is shown.
 */
const MIN_BRANCH_CHANCE = 1e-12;

/** Thrown by the walk's dice when the branch drawn so far is less likely than MIN_BRANCH_CHANCE. */
const PRUNED = { pruned: true };

/** A die-by-die walk of a roll: die k answers path[k]; after each leaf the last die that can go up does. */
interface Walk {
  readonly frame: CheckFrame;
  readonly path: number[];
  readonly sides: number[];
  depth: number;
  floats: boolean;
  /** The chance of the dice drawn so far on this branch (their faces fixed). */
  chance: number;
}

function newWalk(f: FightState): Walk {
  const walk: Walk = { frame: null as unknown as CheckFrame, path: [], sides: [], depth: 0, floats: false, chance: 1 };
  const rng = {
    die(n: number): number {
      walk.chance /= n;
      if (walk.depth === walk.path.length) {
        if (walk.chance < MIN_BRANCH_CHANCE) throw PRUNED;
        walk.path.push(1); walk.sides.push(n);
      }
      return walk.path[walk.depth++]!;
    },
    next(): number { walk.floats = true; return 0; },
  };
  (walk as { frame: CheckFrame }).frame = newCheckFrame(rng, f.scope);
  return walk;
}

/**
 * Every result of `roll` into the walk's frame (its facts set, `vs` met), `leaf(p)` with each one's probability;
 * `budget.left` counts the leaves. False when the roll draws anything but dice or the budget runs out.
 */
function walkRoll(f: FightState, walk: Walk, roll: CheckDef['roll'], vs: number, budget: { left: number }, leaf: (p: number) => boolean): boolean {
  const { frame, path, sides } = walk;
  path.length = 0; sides.length = 0;
  for (;;) {
    if (--budget.left < 0) return false;
    walk.depth = 0; walk.chance = 1;
    resetRoll(frame.ctx);
    let total: number | null = null;
    try {
      total = asNumber(roll.untraced(frame.ctx));
    } catch (err) {
      if (err !== PRUNED) throw err;
    }
    if (walk.floats) return false;
    // Dice past this leaf's depth were not drawn on this branch (a pruned branch: every result below it is left out).
    path.length = walk.depth; sides.length = walk.depth;
    if (total !== null) {
      keepFacts(frame, total, vs);
      if (!leaf(walk.chance)) return false;
    }
    let k = path.length - 1;
    while (k >= 0 && path[k] === sides[k]) k--;
    if (k < 0) return true;
    path[k]!++;
    path.length = k + 1; sides.length = k + 1;
  }
}

/**
 * The exact chance that the check for `actor` against `target` (meeting `vs`) ends in an outcome that is not a fail,
 * as `judge` would read it now (edges and mods from the conditions held, the same roll and outcomes), before the
 * target's reactions. Walks every result of the roll's dice (each die uniform), so nothing is rolled, tallied or
 * logged, and no charge is spent; an opposed check walks the defender's roll too, each of its results met in turn.
 * Null when the rolls have too many results together or draw anything but dice.
 */
export function chanceOfSuccess(f: FightState, check: CheckDef, actor: Combatant, target: Combatant | null, vs: number, reach: string,
  profile: AttackProfile | null): number | null {
  const s = f.scope;
  const saved = { edge: s.edge, stat: s.stat, self: s.self, attacker: s.attacker, target: s.target, source: s.source, check: s.check, opposed: s.opposed };
  const charges = f.chargesUsed.length, influences = f.influences.slice();
  const budget = { left: MAX_CHANCE_LEAVES };
  try {
    if (check.vs === null || target === null) return plainChance(f, check, actor, target, vs, reach, profile, budget);
    // The defender's check, as opposedRoll picks it; each of its results is what the attacker's roll meets.
    let defence = check.vs.check;
    for (const p of check.vs.prefer) if (f.value(p.when, target) !== 0) { defence = p.check; break; }
    const walk = newWalk(f);
    const setDefender = (): void => {
      if (target.conditions.length === 0 && actor.conditions.length === 0 && !f.modsDirty) s.edge = 0;
      else gatherEdge(f, defence, target, actor, reach);
      s.stat = defence.stat ? target.def.saves?.get(defence.id) ?? f.value(defence.stat, target) : 0;
      s.self = target; s.attacker = target; s.target = actor; s.source = target; s.check = walk.frame;
    };
    setDefender();
    if (defence.requires !== null && !f.truth(defence.requires)) {
      // Not attempted (a wounded defender past its ability): the fight's blow meets 0, `@vs.*` an empty roll.
      const frame = walk.frame;
      frame.natural = 0; frame.high = 0; frame.low = 0; frame.total = 0; frame.vs = 0; frame.crit = false; frame.degree = 0; frame.outcome = '';
      s.opposed = walk.frame;
      s.stat = saved.stat;
      return plainChance(f, check, actor, target, 0, reach, profile, budget);
    }
    let chance = 0;
    const ok = walkRoll(f, walk, defence.roll, 0, budget, (q) => {
      pickOutcome(f, defence, walk.frame);
      s.opposed = walk.frame;
      s.stat = saved.stat;
      const p = plainChance(f, check, actor, target, walk.frame.total, reach, profile, budget);
      setDefender();
      if (p === null) return false;
      chance += q * p;
      return true;
    });
    return ok ? chance : null;
  } finally {
    s.edge = saved.edge; s.stat = saved.stat; s.self = saved.self; s.attacker = saved.attacker; s.target = saved.target;
    s.source = saved.source; s.check = saved.check; s.opposed = saved.opposed;
    f.chargesUsed.length = charges; f.chargeHolders.length = charges;
    f.influences.length = 0; f.influences.push(...influences);
  }
}

/** chanceOfSuccess for one roll meeting `vs` (the scope's `@vs.*`, for an opposed check, already set). */
function plainChance(f: FightState, check: CheckDef, actor: Combatant, target: Combatant | null, vs: number, reach: string,
  profile: AttackProfile | null, budget: { left: number }): number | null {
  const s = f.scope;
  const walk = newWalk(f);
  if (actor.conditions.length === 0 && (target === null || target.conditions.length === 0) && !f.modsDirty) s.edge = 0;
  else { gatherEdge(f, check, actor, target, reach); vs += f.vsShift; }
  if (!profile && check.stat) s.stat = actor.def.saves?.get(check.id) ?? f.value(check.stat, actor);
  s.self = actor; s.attacker = actor; s.target = target ?? actor; s.source = actor;
  s.check = walk.frame;
  if (check.requires !== null && !f.truth(check.requires)) return 0;
  let chance = 0;
  const ok = walkRoll(f, walk, profile ? profile.roll : check.roll, vs, budget, (p) => {
    const outcome = pickOutcome(f, check, walk.frame);
    s.check = walk.frame;
    if (outcome && outcome.result !== 'fail') chance += p;
    return true;
  });
  return ok ? chance : null;
}

/** The first outcome of the check whose `when` holds on the frame's facts (its crit and degree marked), or null. */
export function pickOutcome(f: FightState, check: CheckDef, frame: CheckFrame): OutcomeDef | null {
  const outcomes = check.outcomes;
  f.scope.check = frame;
  for (let i = 0; i < outcomes.length; i++) {
    const o = outcomes[i]!;
    const test = o.test;
    if (test !== null ? rollTestHolds(test, frame) : f.truth(o.when)) {
      frame.outcome = o.id;
      if (o.crit) frame.crit = true;
      if (o.degree) frame.degree = f.number(o.degree);
      return o;
    }
  }
  return null;
}

function outcomeEffects(f: FightState, o: OutcomeDef, actor: Combatant, target: Combatant | null): void {
  if (target && o.removes.length !== 0) removeFrom(f, [target], o.removes);
  if (o.removesOwn.length !== 0) removeFrom(f, [actor], o.removesOwn);
  for (const id of o.applies) applyCondition(f, actor, id, actor, null);
  if (target) for (const id of o.inflicts) applyCondition(f, target, id, actor, null);
  if (o.provokes && target && target.side !== actor.side) target.provoker = actor;
  if (o.gain.length !== 0) gainTracks(f, actor, o.gain);
}

/** The first success outcome marked `crit` of a check (what a hit turned into a crit reads as), or null. */
function critOutcome(check: CheckDef): OutcomeDef | null {
  for (const o of check.outcomes) if (o.crit && o.result === 'success') return o;
  return null;
}

/** The name (with reach) of the target's condition that turns a hit from `reach` into a crit, or null. */
export function critFrom(target: Combatant, reach: string): string | null {
  for (const inst of target.conditions) {
    for (const a of inst.def.against) if (a.crit && (a.reach === null || a.reach === reach)) return critSource(inst.def.name, a.reach);
  }
  return null;
}

/** Edge and mods of a check, read before the dice: the actor's conditions, then the target's `against`. */
function gatherEdge(f: FightState, check: CheckDef, actor: Combatant, target: Combatant | null, reach: string): void {
  const s = f.scope;
  const mods = s.mods;
  const trace = f.traceOn;
  const words = f.system.edgeWords;
  if (trace) f.influences.length = 0;
  f.vsShift = 0;
  if (actor.conditions.length === 0 && (target === null || target.conditions.length === 0)) {
    // Nobody holds a condition: no edge (0 under either rule) and no mods.
    if (f.modsDirty) { for (let i = 0; i < mods.length; i++) mods[i] = 0; f.modsDirty = false; }
    s.edge = 0;
    return;
  }
  for (let i = 0; i < mods.length; i++) mods[i] = 0;
  f.modsDirty = true;
  let pos = false, neg = false, sum = 0;
  for (const inst of actor.conditions) {
    const d = inst.def;
    if (d.checks && !d.checks.includes(check.id)) continue;
    if (d.charges > 0 && (d.edge || d.mods.length)) useCharge(f, actor, inst);
    if (d.edge) {
      const e = f.value(d.edge, actor);
      if (e > 0) pos = true; else if (e < 0) neg = true;
      sum += e;
      if (trace && e !== 0) f.influences.push(edgeInfluence(d.name, null, e, words));
    }
    for (const m of d.mods) {
      const v = f.value(m.value, actor);
      mods[m.mod] = (mods[m.mod] ?? 0) + v;
      if (trace && v !== 0) f.influences.push(modInfluence(d.name, null, m.name, v));
    }
  }
  if (target) {
    for (const inst of target.conditions) {
      const d = inst.def;
      for (const a of d.against) {
        if (a.reach !== null && a.reach !== reach && a.reach !== actor.position) continue;
        if (a.checks !== null && !a.checks.includes(check.id)) continue;
        if (d.charges > 0 && (a.edge || a.mods.length)) useCharge(f, target, inst);
        if (a.edge) {
          const e = f.value(a.edge, target);
          if (e > 0) pos = true; else if (e < 0) neg = true;
          sum += e;
          if (trace && e !== 0) f.influences.push(edgeInfluence(d.name, a.reach, e, words));
        }
        for (const m of a.mods) {
          const v = f.value(m.value, target);
          mods[m.mod] = (mods[m.mod] ?? 0) + v;
          if (trace && v !== 0) f.influences.push(modInfluence(d.name, a.reach, m.name, v));
        }
        if (a.vs !== null) {
          const v = f.value(a.vs, target);
          f.vsShift += v;
          if (trace && v !== 0) f.influences.push(modInfluence(d.name, a.reach, 'vs', v));
        }
      }
    }
  }
  s.edge = check.combine === 'cancel' ? (pos && neg ? 0 : pos ? 1 : neg ? -1 : 0) : Math.max(-check.edgeMax, Math.min(check.edgeMax, sum));
}
