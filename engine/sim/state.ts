// Constructors of the mutable fight structures: combatants, the shared scope, check frames (a context and the facts of one check).
import { resetRollFacts } from '../formula/compile';
import type { EvalContext, RollFacts } from '../formula/runtime';
import type { Rng } from '../formula/types';
import { DrawRecorder } from './draws';
import type { CheckFrame, Combatant, CombatantDef, Scope, IndexNames } from './model';

const EMPTY: readonly string[] = Object.freeze([]);

/** A combatant with an all-zero sheet: the placeholder the scope starts with, and the start of every sheet build. */
export function blankCombatant(sheetSize: number, lists: number): Combatant {
  return {
    def: null as unknown as CombatantDef, id: '', side: 'heroes', order: 0, sheet: new Array<number>(sheetSize).fill(0),
    level: 1, tier: 0, role: '', classLevels: [], classAttacks: 1, lists: new Array<readonly string[]>(lists).fill(EMPTY),
    position: 'near', conditions: [], conditionIds: [], down: false, dead: false, fell: false, fled: false, lastAttacker: null, provoker: null, initiative: 0, clock: 0,
    reactionsUsed: 0, sustaining: null, slots: [], recharged: [], hurtBy: [], harmTaken: 0, damageDealt: 0, tally: null,
    acted: false, dying: false, deathSuccesses: 0, deathFailures: 0, deferredAt: NaN, harmAt: [], arrives: 1, absent: false, attackCursor: 0,
  };
}

/** A fresh combatant for one fight, from its definition. */
export function newCombatant(def: CombatantDef, id: string, order: number, position: string, listCount: number, arrives = 1): Combatant {
  const lists = def.lists.slice();
  while (lists.length < listCount) lists.push(EMPTY);
  return {
    def, id, side: def.side, order, sheet: def.sheet.slice(), level: def.level, tier: def.tier, role: def.role,
    classLevels: def.classLevels, classAttacks: def.classAttacks, lists, position, conditions: [], conditionIds: [],
    down: false, dead: false, fell: false, fled: false, lastAttacker: null, provoker: null, initiative: 0, clock: 0, reactionsUsed: 0,
    sustaining: null, slots: def.slots.slice(),
    recharged: def.abilities.map(() => true), hurtBy: [], harmTaken: 0, damageDealt: 0, tally: null, acted: false,
    dying: false, deathSuccesses: 0, deathFailures: 0, deferredAt: NaN, harmAt: [], arrives, absent: false, attackCursor: 0,
  };
}

export function newRollFacts(): RollFacts {
  return { dice: [], kept: [], tags: Object.create(null) as Record<string, number> };
}

/** A check frame; with `recordDraws` (a system that keeps dice of a reroll) its rolls draw through a DrawRecorder. */
export function newCheckFrame(rng: Rng, scope: Scope | null, recordDraws = false): CheckFrame {
  const draws = recordDraws ? new DrawRecorder(rng) : null;
  const ctx: EvalContext = { rng: draws ?? rng, scope, diceLeft: 10_000, roll: newRollFacts(), trace: null };
  if (draws !== null) draws.roll = ctx.roll;
  return { ctx, draws, natural: 0, total: 0, vs: 0, outcome: '', degree: 0, crit: false, high: 0, low: 0 };
}

export function newScope(placeholder: Combatant, names: IndexNames): Scope {
  const scope: Scope = {
    self: placeholder, target: placeholder, attacker: placeholder, source: placeholder, stat: 0, edge: 0,
    mods: new Array<number>(names.mods.length).fill(0), reads: new Array(names.reads.length).fill(0), readsOwner: null,
    damage: 0, damageType: '', crit: false, melee: true, reactionFlags: new Array<boolean>(names.reactions.length).fill(false),
    clock: 0, clockNext: 0, initiative: 0, actionSpeed: 0, attackTargets: 1, attackHits: 0, check: null as unknown as CheckFrame, opposed: null as unknown as CheckFrame,
    eventAmount: 0, eventSource: '', eventTarget: '', eventType: '',
  };
  return scope;
}

/** Clear a context's roll facts before a new evaluation (reusing the arrays: no garbage on the hot path). */
export function resetRoll(ctx: EvalContext): void {
  resetRollFacts(ctx.roll);
  ctx.diceLeft = 10_000;
}
