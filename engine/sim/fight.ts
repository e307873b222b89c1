// One fight in numbers mode (spec §2.2–2.5): initiative, the turn and its budget, blows, damage, conditions,
// reactions, sustained abilities. Generic: every rule comes from the loaded system; nothing here names a system.
import { createRng, type SeededRng } from '../dice/rng';
import type { EvalContext, TraceItem } from '../formula/runtime';
import type { Value } from '../formula/types';
import { renderCheckChip, renderChip } from '../formula/trace';
import type { EventSink, FightEvent, Winner } from './events';
import {
  attackProfile, type AbilityDef, type AttackProfile, type CheckDef, type CheckSlot, type Combatant, type ConditionDef,
  type FightDef, type Formula, type OrderDef, type OutcomeDef, type Scope, type Side, type System,
} from './model';
import { closeUpRows } from './positions';
import { newCheckSlot, newCombatant, newScope, resetRoll } from './state';
import { slotHolds } from './slot-test';

/** Tallies the checks a fight makes; the statistics path passes one, the log path may not. */
export interface CheckTally {
  /** `tally` indexes System.tallyKeys ([check id, outcome id]). */
  onCheck(actor: Combatant, tally: number): void;
  /**
   * Optional: one row of counts per combatant (by order), each indexed by tally. A runner given rows counts each
   * check straight into them (no call per check) instead of calling onCheck.
   */
  rowsFor?(combatants: readonly Combatant[]): number[][];
}

/** A clear, user-facing problem while fighting (a formula that divides by zero mid-fight, an unknown fight). */
export class SimError extends Error {
  /** `cause`: what stopped the fight (a rule's formula failing is a FormulaRuntimeError; anything else is ours). */
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = 'SimError';
  }
}

export interface FightResult {
  readonly winner: Winner;
  readonly rounds: number;
  readonly combatants: readonly Combatant[];
}

/** Spec §2.9: a square-based system is still fought in bands here, and the log says so. */
export const GRID_NOTE = 'This system is played on a grid; the simulator places combatants in bands (near, far, rows) and reads nothing from a map: no flanking, cover or opportunity attacks by squares.';

/** Hard guards so that nothing loops forever, whatever the document says. */
const MAX_ACTS_PER_ROUND = 2_000;
const MAX_PLAN_STEPS = 100;
const MAX_ACTIONS_PER_TURN = 50;

const num = (v: Value): number => (typeof v === 'number' ? v : v === true ? 1 : 0);

export class FightRunner {
  readonly combatants: Combatant[] = [];
  readonly scope: Scope;
  /** The blow's check, a reaction's, a save's (conditions, sustain, spells): each with its own roll facts. */
  protected readonly blowSlot: CheckSlot;
  protected readonly innerSlot: CheckSlot;
  protected readonly damageSlot: CheckSlot;
  protected readonly scratch: EvalContext;
  protected readonly traceOn: boolean;
  /** Sheet slot of the current hit points (read for every target choice). */
  private readonly hpSlot: number;
  round = 0;
  winner: Winner | null = null;
  private readonly actionsLeft: number[];
  /**
   * Sheet slots a fight writes: the tracks' current values and the derived values that read them (setTrack is the
   * one writer). reset() copies only these back; every other slot keeps its loaded value for the runner's life.
   */
  private readonly writableSlots: number[];
  /** Combatants standing on each side (heroes, enemies): kept by goDown/wakeUp, so deciding a fight is no loop. */
  private standingHeroes = 0;
  private standingEnemies = 0;
  /** The speed of the action held this act (`defer`), NaN when none was. */
  private heldSpeed = NaN;
  private attacksLeft = 0;
  private attackNumber = 0;
  private actionSpeed = 0;
  private readonly influences: string[] = [];
  /** Each side's combatants in fight order: whom a hero (enemy) may target is searched among the other list only. */
  private readonly heroesList: Combatant[] = [];
  private readonly enemiesList: Combatant[] = [];
  /**
   * Per combatant (by order): the indices of its abilities that are aimed at foes and used without a standing order
   * (act() walks these each turn instead of every ability), and of those that recharge.
   */
  private readonly freeOffensive: number[][] = [];
  private readonly rechargeable: number[][] = [];
  /** `turn.actions[].per` when every one is a constant (the budget each turn, copied instead of evaluated), else null. */
  private readonly fixedPer: number[] | null;
  /** Whether any combatant regenerates: only then is who hurt whom by which type (`hurtBy`) kept. */
  private readonly anyRegeneration: boolean;
  /**
   * Damage steps whose `when` reads only the target's fixed facts and the damage type (`has(@target.resist,
   * @damageType)`): their answers per target and type are worked out once, as bits (step i: bit 2i known, 2i+1 true).
   * `stepBits[i]` is step i's known bit, or 0 when its `when` must be evaluated each time.
   */
  private readonly stepBits: number[];
  private readonly stepMasks: Map<string, number>[] = [];
  /** Per combatant (by order): its standing orders that react, by what they react to (`react.on`). */
  private readonly reactOrders: Record<'hit' | 'spell' | 'leave', OrderDef[]>[] = [];
  /**
   * The foe canUse found for an offensive ability (`pickedFor`), reused by useAbility for an ability aimed at one
   * enemy when nothing between the two can change the choice: no `canTarget` rule and no move.
   */
  private pickedFor: AbilityDef | null = null;
  private picked: Combatant | null = null;
  /** The tally's rows (CheckTally.rowsFor), or null to call onCheck. */
  private readonly tallyRows: number[][] | null;
  /** Whether scope.mods holds anything but zeros (gatherEdge clears them only then). */
  private modsDirty = true;
  /** Index of the `conditionImmune` list on sheets. */
  private readonly conditionImmune: number;
  /** One generator for the runner's life, reseeded for each fight (no allocation per fight). */
  protected readonly rng: SeededRng;

  constructor(
    readonly system: System,
    readonly fight: FightDef,
    public seed: number,
    protected readonly sink: EventSink | null = null,
    private readonly tally: CheckTally | null = null,
  ) {
    this.rng = createRng(seed);
    this.actionsLeft = system.actions.map(() => 0);
    this.conditionImmune = system.slots.lists.indexOf('conditionImmune');
    this.traceOn = sink !== null;
    this.hpSlot = system.trackCurrent[system.hpTrack]!;
    const placeholder = system.placeholder;
    this.scope = newScope(placeholder, system.slots);
    this.blowSlot = newCheckSlot(this.rng, this.scope);
    this.innerSlot = newCheckSlot(this.rng, this.scope);
    this.damageSlot = newCheckSlot(this.rng, this.scope);
    this.scratch = newCheckSlot(this.rng, this.scope).ctx;
    this.scope.check = this.blowSlot;
    let order = 0;
    const listCount = system.slots.lists.length;
    // Numbering runs on across entries with the same name: two entries of standards are standard-1..standard-n.
    const numbered = new Map<string, number>();
    for (const group of [fight.heroes, fight.enemies]) {
      for (const entry of group) {
        for (let i = 1; i <= entry.count; i++) {
          const n = (numbered.get(entry.idBase) ?? 0) + 1;
          numbered.set(entry.idBase, n);
          const id = entry.def.side === 'heroes' ? entry.idBase : `${entry.idBase}-${n}`;
          this.combatants.push(newCombatant(entry.def, id, order++, entry.position, listCount));
        }
      }
    }
    for (const c of this.combatants) {
      (c.side === 'heroes' ? this.heroesList : this.enemiesList).push(c);
      const abilities = c.def.abilities;
      const free: number[] = [];
      const recharge: number[] = [];
      for (let i = 0; i < abilities.length; i++) {
        const a = abilities[i]!;
        if (a.offensive && !a.react && !c.def.orders.some((o) => o.ability === a)) free.push(i);
        if (a.recharge) recharge.push(i);
      }
      this.freeOffensive[c.order] = free;
      const react: Record<'hit' | 'spell' | 'leave', OrderDef[]> = { hit: [], spell: [], leave: [] };
      for (const o of c.def.orders) if (o.ability.react) react[o.ability.react.on].push(o);
      this.reactOrders[c.order] = react;
      this.rechargeable[c.order] = recharge;
      this.stepMasks[c.order] = new Map();
    }
    this.fixedPer = system.actions.every((a) => a.per.constant !== null)
      ? system.actions.map((a) => Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(a.per.constant!))))
      : null;
    this.tallyRows = tally?.rowsFor ? tally.rowsFor(this.combatants) : null;
    this.anyRegeneration = this.combatants.some((c) => c.def.regeneration !== null);
    this.stepBits = system.damageSteps.map((step, i) => (i < 15 && step.when && fixedPerTarget(step.when, system.slots) ? 1 << (2 * i) : 0));
    const writable = new Set<number>(system.trackCurrent);
    for (const c of this.combatants) for (const d of c.def.liveDerived) writable.add(d.slot);
    this.writableSlots = [...writable];
    this.countStanding();
  }

  private countStanding(): void {
    let heroes = 0, enemies = 0;
    for (const c of this.combatants) {
      if (c.down) continue;
      if (c.side === 'heroes') heroes++; else enemies++;
    }
    this.standingHeroes = heroes;
    this.standingEnemies = enemies;
  }

  protected emit(event: FightEvent): void {
    this.sink!(event);
  }

  // ----- evaluation helpers -------------------------------------------------------------------------------------

  /** Evaluate a non-roll formula (a DC, a cost, a condition's edge) on `self`. */
  protected value(formula: Formula, self: Combatant): number {
    const slot = formula.selfSlot;
    if (slot >= 0) return self.sheet[slot]!;
    const constant = formula.constant;
    if (constant !== null) return constant;
    this.scope.self = self;
    this.scratch.diceLeft = 10_000;
    return num(formula.untraced(this.scratch));
  }

  private truth(formula: Formula): boolean {
    const fixed = formula.truth;
    if (fixed !== null) return fixed;
    this.scratch.diceLeft = 10_000;
    return formula.untraced(this.scratch) === true;
  }

  protected hp(c: Combatant): number {
    return c.sheet[this.hpSlot]!;
  }

  /** The one writer of a combatant's sheet while fighting (reset() relies on it: see writableSlots). */
  protected setTrack(c: Combatant, track: number, value: number): void {
    c.sheet[this.system.trackCurrent[track]!] = value;
    const live = c.def.liveDerived;
    if (live.length) {
      const saved = this.scope.self;
      for (const d of live) c.sheet[d.slot] = this.value(d.formula, c);
      this.scope.self = saved;
    }
  }

  // ----- the fight ----------------------------------------------------------------------------------------------

  /**
   * Ready the same fight again with another seed, reusing every structure (the statistics path fights millions of
   * times: no allocation per fight beyond what the fight itself does).
   */
  reset(seed: number): void {
    this.seed = seed;
    this.rng.reseed(seed);
    this.round = 0;
    this.winner = null;
    this.current = null;
    this.pickedFor = null;
    let i = 0;
    for (const group of [this.fight.heroes, this.fight.enemies]) {
      for (const entry of group) {
        for (let k = 0; k < entry.count; k++) {
          const c = this.combatants[i++]!;
          const def = c.def;
          const sheet = c.sheet;
          const writable = this.writableSlots;
          for (let j = 0; j < writable.length; j++) { const slot = writable[j]!; sheet[slot] = def.sheet[slot]!; }
          for (let j = 0; j < c.slots.length; j++) c.slots[j] = def.slots[j] ?? 0;
          for (let j = 0; j < c.recharged.length; j++) c.recharged[j] = true;
          while (c.conditions.length !== 0) c.conditions.pop();
          while (c.conditionIds.length !== 0) c.conditionIds.pop();
          while (c.hurtBy.length !== 0) c.hurtBy.pop();
          c.position = entry.position;
          c.down = false; c.dead = false; c.fell = false; c.initiative = 0; c.clock = 0; c.reactionsUsed = 0; c.sustaining = null;
          c.harmTaken = 0; c.damageDealt = 0; c.acted = false; c.dying = false; c.deathSuccesses = 0; c.deathFailures = 0;
          c.deferredAt = NaN;
        }
      }
    }
    this.countStanding();
  }

  /** The actor whose turn it is: named when a formula fails mid-fight. */
  private current: Combatant | null = null;

  run(): FightResult {
    try {
      return this.fightToTheEnd();
    } catch (err) {
      if (err instanceof SimError) throw err;
      const where = `fight '${this.fight.id}', round ${this.round}${this.current ? `, ${this.current.id}'s turn` : ''}`;
      throw new SimError(`${where}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  private fightToTheEnd(): FightResult {
    if (this.sink) {
      this.emit({
        type: 'fightStart', system: this.system.id, fightId: this.fight.id, seed: this.seed,
        combatants: this.combatants.map((c) => ({ id: c.id, name: c.def.name, side: c.side, hp: this.hp(c), position: c.position })),
        ...(this.system.grid ? { note: GRID_NOTE } : {}),
      });
    }
    let entryIndex = 0;
    for (const group of [this.fight.heroes, this.fight.enemies]) {
      for (const entry of group) {
        for (let i = 0; i < entry.count; i++) {
          const c = this.combatants[entryIndex++]!;
          for (const id of entry.conditions) this.applyCondition(c, id, null, null);
        }
      }
    }
    if (this.system.advanceRows) { this.closeUp('heroes'); this.closeUp('enemies'); }
    this.winner = this.decide();
    while (this.winner === null && this.round < this.fight.maxRounds) {
      this.round++;
      if (this.sink) this.emit({ type: 'round', round: this.round });
      this.playRound();
    }
    const winner = this.winner ?? 'draw';
    if (this.sink) this.emit({ type: 'fightEnd', round: this.round, winner, rounds: this.round });
    return { winner, rounds: this.round, combatants: this.combatants };
  }

  private decide(): Winner | null {
    const heroes = this.standingHeroes > 0, enemies = this.standingEnemies > 0;
    if (heroes && enemies) return null;
    return heroes ? 'heroes' : enemies ? 'enemies' : 'draw';
  }

  private readonly turnOrder: Combatant[] = [];

  private rollInitiative(): void {
    const rule = this.system.initiative;
    for (const c of this.combatants) {
      if (c.down) continue;
      c.initiative = rule ? this.judge(rule.check, this.innerSlot, c, null, 0, c.position, null) === null ? this.innerSlot.total : this.innerSlot.total : 0;
    }
    const ties = rule?.ties ?? 'heroes';
    const tieBreak = ties === 'random' ? this.combatants.map(() => this.rng.next()) : null;
    // A stable insertion sort (a handful of combatants, no comparator closure per round): the same order as a
    // stable sort with the comparator below, since that comparator is a consistent order for every `ties`.
    const order = this.turnOrder;
    order.length = 0;
    for (const c of this.combatants) {
      let at = order.length;
      while (at > 0 && turnsAfter(order[at - 1]!, c, ties, tieBreak)) { order[at] = order[at - 1]!; at--; }
      order[at] = c;
    }
  }

  private playRound(): void {
    const rule = this.system.initiative;
    if (this.round === 1 || (rule?.everyRound ?? false)) this.rollInitiative();
    if (this.system.reactionPer === 'round') for (const c of this.combatants) c.reactionsUsed = 0;
    if (this.system.deathSave) this.rollDeathSaves();
    if (this.winner !== null) return;
    if (this.system.clock) { this.playClockRound(); return; }
    for (const actor of this.turnOrder) {
      if (this.winner !== null) return;
      if (actor.down) continue;
      // A non-positive initiative does not act only in clock systems; without a clock everyone takes a turn.
      this.takeTurn(actor, undefined);
      this.winner = this.decide();
    }
  }

  private playClockRound(): void {
    const clock = this.system.clock!;
    for (const c of this.combatants) { c.clock = c.initiative; c.deferredAt = NaN; }
    const ties = this.system.initiative?.ties ?? 'heroes';
    for (let acts = 0; acts < MAX_ACTS_PER_ROUND && this.winner === null; acts++) {
      let next: Combatant | null = null;
      for (const c of this.turnOrder) {
        if (c.down || c.clock <= 0) continue;
        this.scope.clock = c.clock; this.scope.initiative = c.initiative; this.scope.self = c;
        if (c.acted && !this.truth(clock.while)) continue;
        if (!next || c.clock > next.clock || (c.clock === next.clock && firstOnTick(c, next, ties))) next = c;
      }
      if (!next) return;
      next.acted = true;
      this.actionSpeed = 0;
      const tick = next.clock;
      this.heldSpeed = NaN;
      this.takeTurn(next, tick);
      if (!Number.isNaN(this.heldSpeed)) {
        // A held action (`defer`): its own speed only, then last on the tick it leaves the actor at.
        next.clock = Math.max(0, tick - this.heldSpeed);
        next.deferredAt = next.clock;
        this.winner = this.decide();
        continue;
      }
      this.scope.self = next; this.scope.clock = next.clock; this.scope.initiative = next.initiative; this.scope.actionSpeed = this.actionSpeed;
      this.scratch.diceLeft = 10_000;
      const cost = num(clock.cost.untraced(this.scratch));
      // A free act would loop forever: an act always costs at least one tick... unless the rules say it ends here.
      next.clock = cost > 0 ? next.clock - cost : 0;
      this.scope.clock = next.clock;
      if (next.clock > 0 && !this.truth(clock.while)) next.clock = 0;
      this.winner = this.decide();
    }
    for (const c of this.combatants) c.acted = false;
  }

  // ----- the turn -----------------------------------------------------------------------------------------------

  private takeTurn(actor: Combatant, clock: number | undefined): void {
    this.current = actor;
    if (this.sink) {
      this.emit(clock === undefined
        ? { type: 'turn', round: this.round, actor: actor.id, initiative: actor.initiative }
        : { type: 'turn', round: this.round, actor: actor.id, initiative: actor.initiative, clock });
    }
    if (this.system.reactionPer === 'turn') for (const c of this.combatants) c.reactionsUsed = 0;
    this.startOfTurn(actor);
    if (!actor.down && !this.cannotAct(actor)) this.act(actor);
    if (!actor.down) this.endOfTurn(actor);
  }

  private cannotAct(c: Combatant): boolean {
    for (const inst of c.conditions) if (inst.def.noActions) return true;
    return false;
  }

  private startOfTurn(actor: Combatant): void {
    const regen = actor.def.regeneration;
    if (regen && !actor.down) {
      const stopped = actor.hurtBy.some((t) => regen.stoppedBy.includes(t));
      const amount = stopped ? 0 : Math.max(0, Math.floor(this.value(regen.amount, actor)));
      const hpTrack = this.system.hpTrack;
      const max = actor.sheet[this.system.trackMax[hpTrack]!]!;
      const before = this.hp(actor);
      const after = Math.min(max, before + amount);
      if (after !== before) this.setTrack(actor, hpTrack, after);
      if (this.sink && (stopped || after !== before)) this.emit({ type: 'regenerate', round: this.round, target: actor.id, amount: after - before, stopped });
    }
    const hurtBy = actor.hurtBy;
    while (hurtBy.length !== 0) hurtBy.pop();
    const recharge = this.rechargeable[actor.order]!;
    for (let k = 0; k < recharge.length; k++) {
      const i = recharge[k]!;
      const r = actor.def.abilities[i]!.recharge!;
      if (!actor.recharged[i]) actor.recharged[i] = this.rng.die(r.die) >= r.min;
    }
    if (actor.conditions.length !== 0) this.rollSaves(actor, 'turnStart');
  }

  private endOfTurn(actor: Combatant): void {
    if (actor.conditions.length === 0) return;
    this.rollSaves(actor, 'turnEnd');
    for (let i = actor.conditions.length - 1; i >= 0; i--) {
      const inst = actor.conditions[i]!;
      if (inst.def.duration === null) continue;
      inst.turnsLeft--;
      if (inst.turnsLeft <= 0) this.removeConditionAt(actor, i, 'ended');
    }
  }

  private rollSaves(actor: Combatant, at: 'turnStart' | 'turnEnd'): void {
    for (let i = actor.conditions.length - 1; i >= 0; i--) {
      const inst = actor.conditions[i];
      if (!inst) continue;
      const save = inst.def.save;
      if (!save || save.at !== at) continue;
      const outcome = this.judge(inst.saveCheck ?? save.check, this.innerSlot, actor, null, inst.dc, actor.position, null);
      if (outcome && outcome.result === 'success') this.removeConditionAt(actor, actor.conditions.indexOf(inst), 'saved');
    }
  }

  protected act(actor: Combatant): void {
    const actions = this.system.actions;
    const left = this.actionsLeft;
    const fixedPer = this.fixedPer;
    if (fixedPer !== null) for (let i = 0; i < fixedPer.length; i++) left[i] = fixedPer[i]!;
    else for (let i = 0; i < actions.length; i++) left[i] = Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(this.value(actions[i]!.per, actor))));
    this.attacksLeft = 0;
    this.attackNumber = 0;
    const plan = actor.def.plan;
    if (plan) { this.playPlan(actor, plan); return; }
    // Standing orders for non-reaction abilities first, in order.
    for (const order of actor.def.orders) {
      if (this.winner !== null || actor.down) return;
      const ability = order.ability;
      if (ability.react) continue;
      if (!this.canUse(actor, ability)) continue;
      if (order.when) {
        this.scope.self = actor; this.scope.attacker = actor; this.scope.target = actor;
        if (!this.truth(order.when)) continue;
      }
      this.useAbility(actor, ability);
    }
    // Abilities aimed at enemies take the turn's blows, in the order the sheet lists them.
    const abilities = actor.def.abilities;
    const free = this.freeOffensive[actor.order]!;
    for (let k = 0; k < free.length; k++) {
      const i = free[k]!;
      const ability = abilities[i]!;
      if (this.winner !== null || actor.down) return;
      if (!actor.recharged[i] || !this.canUse(actor, ability)) continue;
      this.useAbility(actor, ability);
    }
    // Then the attack action(s), each with its attacks.
    const attackAction = this.system.attackAction;
    let guard = 0;
    const attackSpeed = this.system.actions[attackAction]?.speed ?? null;
    while ((left[attackAction] ?? 0) > 0 && this.winner === null && !actor.down && guard++ < MAX_ACTIONS_PER_TURN) {
      left[attackAction]!--;
      // A weapon without a speed of its own spends the attack action's (blow() lets a weapon's speed win).
      if (attackSpeed) this.actionSpeed = this.value(attackSpeed, actor);
      const attacks = this.attacksPerAction(actor);
      for (let k = 0; k < attacks && this.winner === null && !actor.down; k++) {
        const profile = actor.def.attacks[k % actor.def.attacks.length];
        if (!profile) return;
        const target = this.pickTarget(actor, profile.reach, profile);
        if (!target) return;
        this.blow(actor, target, profile, null);
      }
    }
  }

  private attacksPerAction(actor: Combatant): number {
    const action = this.system.actions[this.system.attackAction];
    if (actor.def.attacksPerAction !== null) return actor.def.attacksPerAction;
    if (!action?.attacks) return 1;
    return Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(this.value(action.attacks, actor))));
  }

  /** A scripted turn: each step is `attack` or an ability id; what the budget cannot pay is NO TIME. */
  private playPlan(actor: Combatant, plan: readonly string[]): void {
    const attackAction = this.system.attackAction;
    const actionName = this.system.actions[attackAction]?.id ?? 'action';
    for (let s = 0; s < plan.length && s < MAX_PLAN_STEPS; s++) {
      if (this.winner !== null || actor.down) return;
      const step = plan[s]!;
      if (step === 'attack') {
        if (this.attacksLeft <= 0 && (this.actionsLeft[attackAction] ?? 0) > 0) {
          this.actionsLeft[attackAction]!--;
          this.attacksLeft = this.attacksPerAction(actor);
        }
        this.attackNumber++;
        if (this.attacksLeft <= 0) {
          if (this.sink) this.emit({ type: 'noTime', round: this.round, actor: actor.id, action: actionName, attack: this.attackNumber });
          continue;
        }
        this.attacksLeft--;
        const profile = actor.def.attacks[(this.attackNumber - 1) % Math.max(1, actor.def.attacks.length)];
        if (!profile) continue;
        const target = this.pickTarget(actor, profile.reach, profile);
        if (target) this.blow(actor, target, profile, null);
        continue;
      }
      const ability = actor.def.abilities.find((a) => a.id === step) ?? actor.def.orders.find((o) => o.ability.id === step)?.ability;
      if (!ability) continue;
      if (!this.canUse(actor, ability)) {
        if (this.sink) this.emit({ type: 'noTime', round: this.round, actor: actor.id, action: ability.uses, attack: 0 });
        continue;
      }
      this.useAbility(actor, ability);
    }
  }

  // ----- targets ------------------------------------------------------------------------------------------------

  private canTarget(actor: Combatant, target: Combatant, reach: string): boolean {
    const rule = this.system.canTarget;
    if (!rule) return true;
    const s = this.scope;
    s.self = actor; s.attacker = actor; s.target = target; s.melee = reach === 'near';
    return this.truth(rule);
  }

  /** The reachable foe with the fewest hit points, unless the actor's focus names one (an id, id prefix or role). */
  protected pickTarget(actor: Combatant, reach: string, _profile: AttackProfile | null): Combatant | null {
    let best: Combatant | null = null;
    let bestHp = Infinity;
    let focused: Combatant | null = null;
    const focus = actor.def.focus;
    const foes = actor.side === 'heroes' ? this.enemiesList : this.heroesList;
    const rule = this.system.canTarget;
    const hpSlot = this.hpSlot;
    for (let i = 0; i < foes.length; i++) {
      const c = foes[i]!;
      if (c.down) continue;
      if (rule !== null && !this.canTarget(actor, c, reach)) continue;
      if (focus && focus !== 'lowest-hp' && !focused && (c.id === focus || c.id.startsWith(`${focus}-`) || c.role === focus || c.def.key === focus)) focused = c;
      const hp = c.sheet[hpSlot]!;
      if (hp < bestHp) { best = c; bestHp = hp; }
    }
    return focused ?? best;
  }

  private allTargets(actor: Combatant, reach: string): Combatant[] {
    return this.combatants.filter((c) => !c.down && c.side !== actor.side && this.canTarget(actor, c, reach));
  }

  // ----- checks -------------------------------------------------------------------------------------------------

  /**
   * Roll a check for `actor` (against `target`, meeting `vs`): edges and mods first, then the roll, then the
   * outcomes in order. Returns the outcome (null when the check has none); the slot keeps the facts.
   */
  protected judge(check: CheckDef, slot: CheckSlot, actor: Combatant, target: Combatant | null, vs: number, reach: string,
    profile: AttackProfile | null): OutcomeDef | null {
    const s = this.scope;
    // gatherEdge's answer when nobody holds a condition and the mods are already zero, without the call (1.3% of a
    // fight's instructions on bench-4v4).
    if (actor.conditions.length === 0 && (target === null || target.conditions.length === 0) && !this.modsDirty && !this.traceOn) s.edge = 0;
    else this.gatherEdge(check, actor, target, reach);
    // A check's own stat (a save's bonus, or the creature's `saves` entry) when no blow gives one; the blow's
    // `@stat` is put back afterwards for its damage.
    const blowStat = s.stat;
    if (!profile && check.stat) s.stat = actor.def.saves?.get(check.id) ?? this.value(check.stat, actor);
    s.self = actor; s.attacker = actor; s.target = target ?? actor; s.source = actor;
    s.check = slot;
    const ctx = slot.ctx;
    resetRoll(ctx);
    const trace: TraceItem[] | null = this.traceOn ? [] : null;
    ctx.trace = trace;
    const roll = profile ? profile.roll : check.roll;
    const total = num(trace ? roll.run(ctx) : roll.untraced(ctx));
    ctx.trace = null;
    const kept = ctx.roll.kept;
    let natural = 0, high = -Infinity, low = Infinity;
    for (let i = 0; i < kept.length; i++) {
      const k = kept[i]!;
      natural += k; if (k > high) high = k; if (k < low) low = k;
    }
    slot.natural = natural; slot.high = kept.length ? high : 0; slot.low = kept.length ? low : 0;
    slot.total = total; slot.vs = vs; slot.crit = false; slot.degree = 0; slot.outcome = '';
    let outcome = this.pickOutcome(check, slot);
    if (outcome && target && outcome.result !== 'fail' && profile && !slot.crit) {
      const by = this.critFrom(target, reach);
      if (by !== null) {
        // A target's condition turns the hit into a crit: the check's own crit outcome, when it has one, is the outcome.
        slot.crit = true;
        const crit = this.critOutcome(check);
        if (crit && crit !== outcome) {
          outcome = crit;
          slot.outcome = crit.id;
          if (crit.degree) slot.degree = this.value(crit.degree, actor);
        }
        if (this.traceOn) this.influences.push(`${by}: crit`);
      }
    }
    const rows = this.tallyRows;
    if (rows !== null) rows[actor.order]![outcome ? outcome.tally : check.rolledTally]!++;
    else if (this.tally) this.tally.onCheck(actor, outcome ? outcome.tally : check.rolledTally);
    if (this.sink) this.emitCheck(check, slot, actor, target, vs, outcome, trace ?? [], total);
    s.stat = blowStat;
    if (outcome && (outcome.applies.length !== 0 || outcome.inflicts.length !== 0 || outcome.gain.length !== 0)) this.outcomeEffects(outcome, actor, target);
    return outcome;
  }

  /** The log's `check` event with its chip (apart from judge, which the statistics path runs without a log). */
  private emitCheck(check: CheckDef, slot: CheckSlot, actor: Combatant, target: Combatant | null, vs: number, outcome: OutcomeDef | null,
    trace: TraceItem[], total: number): void {
    const influencedBy = this.influences.slice();
    const chip = renderCheckChip(trace, total, check.outcomes.length
      ? { ...(check.readsVs ? { vs } : {}), outcome: outcome?.name ?? '—', influencedBy }
      : { influencedBy });
    this.emit({
      type: 'check', round: this.round, actor: actor.id, check: check.id, target: target ? target.id : null,
      dice: slot.ctx.roll.dice.slice(), total, vs: check.readsVs ? vs : null, outcome: outcome ? outcome.id : null,
      ...(outcome?.degree ? { degree: slot.degree } : {}), chip, influencedBy,
    });
  }

  private pickOutcome(check: CheckDef, slot: CheckSlot): OutcomeDef | null {
    const outcomes = check.outcomes;
    this.scope.check = slot;
    for (let i = 0; i < outcomes.length; i++) {
      const o = outcomes[i]!;
      const test = o.test;
      if (test !== null ? slotHolds(test, slot) : this.truth(o.when)) {
        slot.outcome = o.id;
        if (o.crit) slot.crit = true;
        if (o.degree) { this.scratch.diceLeft = 10_000; slot.degree = num(o.degree.untraced(this.scratch)); }
        return o;
      }
    }
    return null;
  }

  private outcomeEffects(o: OutcomeDef, actor: Combatant, target: Combatant | null): void {
    for (const id of o.applies) this.applyCondition(actor, id, actor, null);
    if (target) for (const id of o.inflicts) this.applyCondition(target, id, actor, null);
    for (const g of o.gain) this.gainTrack(actor, g.track, this.value(g.amount, actor));
  }

  private gainTrack(c: Combatant, track: number, amount: number): void {
    const cur = c.sheet[this.system.trackCurrent[track]!]!;
    const max = c.sheet[this.system.trackMax[track]!]!;
    const next = Math.max(0, Math.min(max, cur + amount));
    if (next !== cur) this.setTrack(c, track, next);
  }

  /** The first success outcome marked `crit` of a check (what a hit turned into a crit reads as), or null. */
  private critOutcome(check: CheckDef): OutcomeDef | null {
    for (const o of check.outcomes) if (o.crit && o.result === 'success') return o;
    return null;
  }

  /** The name (with reach) of the target's condition that turns a hit from `reach` into a crit, or null. */
  private critFrom(target: Combatant, reach: string): string | null {
    for (const inst of target.conditions) {
      for (const a of inst.def.against) if (a.crit && (a.reach === null || a.reach === reach)) return a.reach !== null ? `${inst.def.name} (${a.reach})` : inst.def.name;
    }
    return null;
  }

  private critAgainst(target: Combatant, reach: string): boolean {
    for (const inst of target.conditions) for (const a of inst.def.against) if (a.crit && (a.reach === null || a.reach === reach)) return true;
    return false;
  }

  /** Edge and mods of a check, read before the dice: the actor's conditions, then the target's `against`. */
  private gatherEdge(check: CheckDef, actor: Combatant, target: Combatant | null, reach: string): void {
    const s = this.scope;
    const mods = s.mods;
    const trace = this.traceOn;
    if (trace) this.influences.length = 0;
    if (actor.conditions.length === 0 && (target === null || target.conditions.length === 0)) {
      // Nobody holds a condition: no edge (0 under either rule) and no mods.
      if (this.modsDirty) { for (let i = 0; i < mods.length; i++) mods[i] = 0; this.modsDirty = false; }
      s.edge = 0;
      return;
    }
    for (let i = 0; i < mods.length; i++) mods[i] = 0;
    this.modsDirty = true;
    let pos = false, neg = false, sum = 0;
    for (const inst of actor.conditions) {
      const d = inst.def;
      if (d.checks && !d.checks.includes(check.id)) continue;
      if (d.edge) {
        const e = this.value(d.edge, actor);
        if (e > 0) pos = true; else if (e < 0) neg = true;
        sum += e;
        if (trace && e !== 0) this.influences.push(`${d.name}: ${edgeWord(e)}`);
      }
      for (const m of d.mods) {
        const v = this.value(m.value, actor);
        mods[m.mod] = (mods[m.mod] ?? 0) + v;
        if (trace && v !== 0) this.influences.push(`${d.name}: ${m.name} ${v > 0 ? '+' : ''}${v}`);
      }
    }
    if (target) {
      for (const inst of target.conditions) {
        const d = inst.def;
        for (const a of d.against) {
          if (a.reach !== null && a.reach !== reach && a.reach !== actor.position) continue;
          // Only a log reads the wording: no string built per check on the statistics path.
          const where = trace && a.reach !== null ? ` (${a.reach})` : '';
          if (a.edge) {
            const e = this.value(a.edge, target);
            if (e > 0) pos = true; else if (e < 0) neg = true;
            sum += e;
            if (trace && e !== 0) this.influences.push(`${d.name}${where}: ${edgeWord(e)}`);
          }
          for (const m of a.mods) {
            const v = this.value(m.value, target);
            mods[m.mod] = (mods[m.mod] ?? 0) + v;
            if (trace && v !== 0) this.influences.push(`${d.name}${where}: ${m.name} ${v > 0 ? '+' : ''}${v}`);
          }
        }
      }
    }
    s.edge = check.combine === 'cancel' ? (pos && neg ? 0 : pos ? 1 : neg ? -1 : 0) : Math.max(-check.edgeMax, Math.min(check.edgeMax, sum));
  }

  // ----- blows --------------------------------------------------------------------------------------------------

  private defenceOf(target: Combatant): number {
    const d = target.def;
    if (d.defenceValue !== null) return d.defenceValue;
    return d.defence ? this.value(d.defence, target) : 0;
  }

  private fillReads(actor: Combatant, profile: AttackProfile): void {
    const reads = this.scope.reads;
    const list = profile.reads;
    for (let i = 0; i < list.length; i++) {
      const f = list[i];
      reads[i] = f ? this.value(f, actor) : 0;
    }
  }

  /** One blow: the check against the target's defence, reactions on a hit, then damage and what the hit applies. */
  private blow(actor: Combatant, target: Combatant, profile: AttackProfile, ability: AbilityDef | null): void {
    const s = this.scope;
    this.fillReads(actor, profile);
    const stat = this.value(profile.stat, actor);
    // A blow's speed: its weapon's, else (a plain attack) the speed of the attack action it spends.
    if (profile.speed) this.actionSpeed = this.value(profile.speed, actor);
    else if (!ability) {
      const actionSpeed = this.system.actions[this.system.attackAction]?.speed;
      if (actionSpeed) this.actionSpeed = this.value(actionSpeed, actor);
    }
    const vs = this.defenceOf(target);
    s.stat = stat;
    s.melee = profile.reach === 'near';
    const flags = s.reactionFlags;
    for (let i = 0; i < flags.length; i++) flags[i] = false;
    if (ability) this.reactTo(target, 'spell', actor);
    const slot = this.blowSlot;
    s.stat = stat;
    let outcome = this.judge(profile.check, slot, actor, target, vs, profile.reach, profile);
    if (outcome && outcome.result !== 'fail') outcome = this.reactToHit(target, actor, profile, outcome);
    if (!outcome || outcome.result === 'fail' || !profile.damage) return;
    if (target.down) return;
    s.self = actor; s.attacker = actor; s.target = target; s.check = slot; s.crit = slot.crit; s.melee = profile.reach === 'near';
    const damageCtx = this.damageSlot.ctx;
    this.freshDamageRoll(damageCtx);
    const trace: TraceItem[] | null = this.traceOn ? [] : null;
    damageCtx.trace = trace;
    const policy = this.system.critPolicy;
    const damage = profile.damage;
    let rolled = num(slot.crit && policy === 'dice' && damage.doubled ? damage.doubled(damageCtx) : trace ? damage.run(damageCtx) : damage.untraced(damageCtx));
    damageCtx.trace = null;
    if (slot.crit && policy === 'total') rolled *= 2;
    const chip = trace ? `${renderChip(trace, rolled)}${slot.crit && policy !== 'none' ? ` (crit: ${policy === 'dice' ? 'dice doubled' : 'x2'})` : ''}` : '';
    const parts = profile.parts;
    if (parts.length === 0) this.dealDamage(actor, target, rolled, profile.type, chip);
    else this.dealParts(actor, target, rolled, profile, chip);
    if (!target.down) this.afterHit(actor, target, profile.applies, profile.save, ability);
  }

  /**
   * Ready the damage context for a roll. Nothing reads a damage roll's dice but a log's chip, so without a log the
   * facts are emptied only now and then (no popping per roll); the dice budget is always full again.
   */
  private freshDamageRoll(ctx: EvalContext): void {
    if (this.traceOn || ctx.roll.dice.length > 256) resetRoll(ctx);
    else ctx.diceLeft = 10_000;
  }

  /** Conditions a hit applies, after the target's save when there is one (a ghoul's claws). */
  private afterHit(actor: Combatant, target: Combatant, applies: readonly string[],
    save: AttackProfile['save'], sustainedBy: AbilityDef | null): void {
    if (!applies.length) return;
    let applied: AppliedBySave | null = null;
    if (save) {
      const dc = this.value(save.dc, actor);
      const o = this.judge(save.check, this.innerSlot, target, null, dc, target.position, null);
      if (o && o.result === 'success') return;
      applied = { check: save.check, dc };
    }
    for (const id of applies) this.applyCondition(target, id, actor, sustainedBy?.sustained ? actor : null, applied);
  }

  // ----- reactions ----------------------------------------------------------------------------------------------

  private canReact(c: Combatant): boolean {
    if (c.down || this.cannotAct(c)) return false;
    return this.system.reactionPer === 'unlimited' || c.reactionsUsed < 1;
  }

  /** A hit on a hero with standing orders: Shield re-judges the same roll, Dodge rolls its own check. */
  private reactToHit(target: Combatant, actor: Combatant, profile: AttackProfile, outcome: OutcomeDef): OutcomeDef | null {
    const orders = this.reactOrders[target.order]!.hit;
    if (orders.length === 0) return outcome;
    let current: OutcomeDef | null = outcome;
    const slot = this.blowSlot;
    for (const order of orders) {
      const ability = order.ability;
      if (!ability.react) continue;
      if (!current || current.result === 'fail') break;
      if (!this.canReact(target) || !this.canPay(target, ability)) continue;
      const s = this.scope;
      s.self = target; s.target = actor; s.attacker = actor; s.check = slot;
      if (order.when && !this.truth(order.when)) continue;
      this.pay(target, ability);
      target.reactionsUsed++;
      let success = true;
      if (ability.react.defence) {
        slot.vs += this.value(ability.react.defence, target);
        slot.crit = false;
        current = this.pickOutcome(profile.check, slot);
        if (current && current.result !== 'fail' && this.critAgainst(target, profile.reach)) slot.crit = true;
        success = !current || current.result === 'fail';
      }
      if (ability.react.check) {
        const o = this.judge(ability.react.check, this.innerSlot, target, actor, 0, target.position, null);
        success = o !== null && o.result !== 'fail';
        s.check = slot;
      }
      if (ability.react.reactionFlag >= 0) s.reactionFlags[ability.react.reactionFlag] = success;
      for (const g of ability.gain) this.gainTrack(target, g.track, this.value(g.amount, target));
      if (this.sink) {
        this.emit({
          type: 'reaction', round: this.round, actor: target.id, ability: ability.id, on: 'hit', success,
          chip: ability.react.defence ? `${ability.name}: defence ${slot.vs} · ${current ? current.name : '—'}` : `${ability.name}: ${success ? 'success' : 'failure'}`,
        });
      }
      if (ability.applies.length) for (const id of ability.applies) this.applyCondition(target, id, target, null);
    }
    return current;
  }

  /** `spell` reactions of one targeted by an ability: their check's success is readable in damage steps. */
  private reactTo(target: Combatant, on: 'spell' | 'leave', actor: Combatant): void {
    const orders = this.reactOrders[target.order]![on];
    for (let i = 0; i < orders.length; i++) {
      const order = orders[i]!;
      const ability = order.ability;
      if (!ability.react) continue;
      if (!this.canReact(target) || !this.canPay(target, ability)) continue;
      const s = this.scope;
      s.self = target; s.target = actor; s.attacker = actor;
      if (order.when && !this.truth(order.when)) continue;
      this.pay(target, ability);
      target.reactionsUsed++;
      let success = true;
      if (ability.react.check) {
        const o = this.judge(ability.react.check, this.innerSlot, target, actor, 0, target.position, null);
        success = o !== null && o.result !== 'fail';
      }
      if (ability.react.reactionFlag >= 0) s.reactionFlags[ability.react.reactionFlag] = success;
      if (this.sink) this.emit({ type: 'reaction', round: this.round, actor: target.id, ability: ability.id, on, success, chip: `${ability.name}: ${success ? 'success' : 'failure'}` });
      if (on === 'leave' && success && ability.attack) {
        this.blow(target, actor, ability.attack, null);
      } else if (on === 'leave' && success && target.def.attacks[0]) {
        this.blow(target, actor, target.def.attacks[0], null);
      }
    }
  }

  // ----- damage -------------------------------------------------------------------------------------------------

  /**
   * A blow with several damage parts (piercing plus fire): each part rolled (crit as the blow's), each run through
   * the damage steps with its own type, one damage event each; one sustain roll for what the whole blow took.
   */
  private dealParts(actor: Combatant, target: Combatant, rolled: number, profile: AttackProfile, chip: string): void {
    let taken = this.dealDamage(actor, target, rolled, profile.type, chip, false);
    const s = this.scope;
    const crit = this.blowSlot.crit;
    const policy = this.system.critPolicy;
    const damageCtx = this.damageSlot.ctx;
    for (const part of profile.parts) {
      if (target.down) return;
      s.self = actor; s.attacker = actor; s.target = target; s.check = this.blowSlot; s.crit = crit;
      this.freshDamageRoll(damageCtx);
      const trace: TraceItem[] | null = this.traceOn ? [] : null;
      damageCtx.trace = trace;
      let amount = num((crit && policy === 'dice' && part.damage.doubled ? part.damage.doubled : part.damage.run)(damageCtx));
      damageCtx.trace = null;
      if (crit && policy === 'total') amount *= 2;
      const partChip = trace ? `${renderChip(trace, amount)}${crit && policy !== 'none' ? ` (crit: ${policy === 'dice' ? 'dice doubled' : 'x2'})` : ''}` : '';
      taken += this.dealDamage(actor, target, amount, part.type, partChip, false);
    }
    if (taken > 0 && target.sustaining && !target.down) this.sustainCheck(target, taken);
  }

  /** Damage after the steps, taken off the target; returns what it took. `sustain: false` leaves the roll to the caller. */
  private dealDamage(actor: Combatant, target: Combatant, rolled: number, type: string, rolledChip: string, sustain = true): number {
    const s = this.scope;
    s.self = actor; s.attacker = actor; s.target = target; s.damage = rolled; s.damageType = type;
    const stepNames: string[] | null = this.sink ? [] : null;
    const steps = this.system.damageSteps;
    const bits = this.stepBits;
    let known = -1;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (step.when) {
        const bit = bits[i]!;
        if (bit !== 0) {
          if (known === -1) known = this.fixedSteps(target, type);
          if ((known & (bit << 1)) === 0) continue;
        } else if (!this.truth(step.when)) continue;
      }
      this.scratch.diceLeft = 10_000;
      const next = num(step.value.untraced(this.scratch));
      if (next !== s.damage) {
        if (stepNames) stepNames.push(step.name);
        s.damage = next;
      }
    }
    const amount = Math.max(0, Math.floor(s.damage));
    const hpTrack = this.system.hpTrack;
    const before = this.hp(target);
    const after = Math.max(0, before - amount);
    if (after !== before) this.setTrack(target, hpTrack, after);
    actor.damageDealt += before - after;
    if (amount > 0 && this.anyRegeneration && !target.hurtBy.includes(type)) target.hurtBy.push(type);
    if (this.sink) {
      this.emit({
        type: 'damage', round: this.round, actor: actor.id, target: target.id, amount, damageType: type, steps: stepNames!, rolled, hp: after,
        chip: stepNames!.length || amount !== rolled
          ? `${rolledChip} → ${stepNames!.length ? `${stepNames!.join(' → ')} = ` : ''}${amount} ${type}`
          : `${rolledChip} ${type}`,
      });
    }
    if (sustain && amount > 0 && target.sustaining && after > 0) this.sustainCheck(target, amount);
    if (after <= 0 && !target.down) this.goDown(target, actor);
    return before - after;
  }

  /**
   * The answers of the damage steps that depend only on the target's fixed facts and the damage type, for this target
   * and type (worked out on first use, with the scope as dealDamage set it: the same answers it would evaluate).
   */
  private fixedSteps(target: Combatant, type: string): number {
    const cache = this.stepMasks[target.order]!;
    const cached = cache.get(type);
    if (cached !== undefined) return cached;
    let mask = 0;
    const steps = this.system.damageSteps;
    const bits = this.stepBits;
    for (let i = 0; i < steps.length; i++) {
      const bit = bits[i]!;
      if (bit !== 0 && this.truth(steps[i]!.when!)) mask |= bit << 1;
    }
    cache.set(type, mask);
    return mask;
  }

  private sustainCheck(c: Combatant, damage: number): void {
    const rule = this.system.sustain;
    if (!rule || !c.sustaining) return;
    this.scope.damage = damage;
    const dc = this.value(rule.dc, c);
    const o = this.judge(rule.check, this.innerSlot, c, null, dc, c.position, null);
    if (o && o.result !== 'fail') {
      if (this.sink) this.emit({ type: 'sustain', round: this.round, actor: c.id, ability: c.sustaining.id, change: 'kept' });
      return;
    }
    this.endSustain(c);
  }

  private endSustain(c: Combatant): void {
    const ability = c.sustaining;
    if (!ability) return;
    c.sustaining = null;
    for (const other of this.combatants) {
      for (let i = other.conditions.length - 1; i >= 0; i--) {
        if (other.conditions[i]!.sustainer === c) this.removeConditionAt(other, i, 'ended');
      }
    }
    if (this.sink) this.emit({ type: 'sustain', round: this.round, actor: c.id, ability: ability.id, change: 'ended' });
  }

  protected goDown(target: Combatant, by: Combatant | null): void {
    if (!target.down) { if (target.side === 'heroes') this.standingHeroes--; else this.standingEnemies--; }
    target.down = true;
    target.fell = true;
    let state: 'down' | 'dead' | 'stable' = target.side === 'enemies' ? 'dead' : 'down';
    if (target.side === 'heroes') {
      if (!this.system.deathEnabled) state = 'stable';
      else for (const inst of target.conditions) if (inst.def.atZero) { state = inst.def.atZero; break; }
    }
    target.dead = state === 'dead';
    target.dying = state === 'down' && target.side === 'heroes';
    target.deathSuccesses = 0; target.deathFailures = 0;
    if (target.sustaining) this.endSustain(target);
    if (this.sink) this.emit(by ? { type: 'down', round: this.round, target: target.id, by: by.id, state } : { type: 'down', round: this.round, target: target.id, state });
    if (this.system.advanceRows) this.closeUp(target.side);
    this.winner = this.decide();
  }

  /**
   * Death saves (`combat.death.save`), at the start of every round, for each dying hero: successes make it stable,
   * failures dead; a crit outcome brings it back up with 1 hit point, a botch counts two failures.
   */
  private rollDeathSaves(): void {
    const rule = this.system.deathSave!;
    for (const c of this.combatants) {
      if (!c.dying) continue;
      const o = this.judge(rule.check, this.innerSlot, c, null, 0, c.position, null);
      if (!o) continue;
      if (o.result === 'fail') c.deathFailures += o.botch ? 2 : 1;
      else if (o.crit) { this.wakeUp(c); continue; }
      else c.deathSuccesses++;
      const state = c.deathFailures >= rule.failures ? 'dead' : c.deathSuccesses >= rule.successes ? 'stable' : null;
      if (state === null) continue;
      c.dying = false;
      c.dead = state === 'dead';
      if (this.sink) this.emit({ type: 'down', round: this.round, target: c.id, state });
    }
  }

  /** A dying hero back on its feet with 1 hit point (a death save's crit). */
  private wakeUp(c: Combatant): void {
    if (c.down) { if (c.side === 'heroes') this.standingHeroes++; else this.standingEnemies++; }
    c.dying = false; c.down = false; c.deathSuccesses = 0; c.deathFailures = 0;
    const before = this.hp(c);
    this.setTrack(c, this.system.hpTrack, 1);
    if (this.sink) this.emit({ type: 'heal', round: this.round, actor: c.id, target: c.id, amount: 1 - before, track: this.system.slots.tracks[this.system.hpTrack]!, chip: `${c.def.name}: back up (death save)` });
    this.winner = this.decide();
  }

  // ----- conditions ---------------------------------------------------------------------------------------------

  /**
   * Put a condition on `target`. `bySave`: the save that applied it (a spell's, a creature attack's): the condition's
   * own save is then repeated as that check against that DC (a ghoul's DC 10 Constitution save, not a spell DC).
   */
  applyCondition(target: Combatant, id: string, source: Combatant | null, sustainer: Combatant | null, bySave: AppliedBySave | null = null): void {
    const def: ConditionDef | undefined = this.system.conditions.get(id);
    if (!def || target.down) return;
    // Condition immunities (`conditionImmune`): the condition never lands.
    const immune = this.conditionImmune >= 0 ? target.lists[this.conditionImmune] : undefined;
    if (immune !== undefined && immune.length !== 0 && immune.includes(def.id)) return;
    for (const inst of target.conditions) if (inst.def === def) return;
    const s = this.scope;
    const savedSource = s.source;
    s.source = source ?? target;
    const dc = def.save ? (bySave ? bySave.dc : this.value(def.save.dc, target)) : 0;
    s.source = savedSource;
    const turns = def.duration ? Math.max(1, Math.floor(this.value(def.duration, target))) : 0;
    target.conditions.push({ def, dc, saveCheck: def.save && bySave ? bySave.check : null, turnsLeft: turns, sustainer, source });
    target.conditionIds.push(def.id);
    if (this.sink) {
      const event: FightEvent = { type: 'condition', round: this.round, target: target.id, condition: def.id, change: 'applied' };
      if (source) event.source = source.id;
      if (def.save) event.dc = dc;
      this.emit(event);
    }
  }

  private removeConditionAt(target: Combatant, index: number, change: 'ended' | 'saved'): void {
    if (index < 0) return;
    const [inst] = target.conditions.splice(index, 1);
    if (!inst) return;
    const at = target.conditionIds.indexOf(inst.def.id);
    if (at >= 0) target.conditionIds.splice(at, 1);
    if (this.sink) this.emit({ type: 'condition', round: this.round, target: target.id, condition: inst.def.id, change });
  }

  // ----- abilities ----------------------------------------------------------------------------------------------

  private canPay(actor: Combatant, ability: AbilityDef): boolean {
    for (const c of ability.cost) {
      if (c.slot !== undefined) { if ((actor.slots[c.slot] ?? 0) < 1) return false; continue; }
      const need = this.value(c.amount, actor);
      if (actor.sheet[this.system.trackCurrent[c.track!]!]! < need) return false;
    }
    return true;
  }

  private pay(actor: Combatant, ability: AbilityDef): void {
    for (const c of ability.cost) {
      if (c.slot !== undefined) { actor.slots[c.slot] = (actor.slots[c.slot] ?? 0) - 1; continue; }
      const need = this.value(c.amount, actor);
      const slot = this.system.trackCurrent[c.track!]!;
      this.setTrack(actor, c.track!, actor.sheet[slot]! - need);
    }
  }

  private canUse(actor: Combatant, ability: AbilityDef): boolean {
    if (ability.uses === 'reaction') return false;
    if (ability.actionIndex >= 0 && (this.actionsLeft[ability.actionIndex] ?? 0) <= 0) return false;
    // A held action is not held twice on the same tick; removing what nobody has wastes the action.
    if (ability.actionIndex >= 0 && this.system.actions[ability.actionIndex]!.defer && actor.deferredAt === actor.clock) return false;
    if (ability.removesOnly && !this.anyHolds(actor, ability)) return false;
    if (ability.sustained && actor.sustaining === ability) return false;
    if (ability.heal && !ability.offensive) {
      // Healing at full health wastes the action: only when someone on the side is hurt.
      const track = ability.heal.track;
      let hurt = false;
      if (ability.target === 'self') hurt = this.hurt(actor, track);
      else for (const c of this.combatants) if (c.side === actor.side && !c.down && this.hurt(c, track)) { hurt = true; break; }
      if (!hurt) return false;
    }
    if (ability.offensive) {
      const foe = this.pickTarget(actor, ability.reach, null);
      if (!foe) return false;
      this.pickedFor = ability;
      this.picked = foe;
    }
    return this.canPay(actor, ability);
  }

  private hurt(c: Combatant, track: number): boolean {
    return c.sheet[this.system.trackCurrent[track]!]! < c.sheet[this.system.trackMax[track]!]!;
  }

  useAbility(actor: Combatant, ability: AbilityDef): void {
    const picked = this.pickedFor === ability && this.system.canTarget === null && ability.move === null ? this.picked : null;
    this.pickedFor = null;
    if (ability.actionIndex >= 0 && this.system.actions[ability.actionIndex]!.defer) { this.hold(actor, ability); return; }
    if (ability.actionIndex >= 0) this.actionsLeft[ability.actionIndex]!--;
    this.pay(actor, ability);
    if (ability.recharge) {
      const abilityIndex = actor.def.abilities.indexOf(ability);
      if (abilityIndex >= 0) actor.recharged[abilityIndex] = false;
    }
    // Speed on the clock: the ability's own, else that of the turn action it uses.
    const usesSpeed = ability.actionIndex >= 0 ? this.system.actions[ability.actionIndex]?.speed : null;
    if (ability.speed) this.actionSpeed = this.value(ability.speed, actor);
    else if (ability.actionIndex >= 0) {
      const actionSpeed = this.system.actions[ability.actionIndex]!.speed;
      if (actionSpeed) this.actionSpeed = this.value(actionSpeed, actor);
    }
    else if (usesSpeed) this.actionSpeed = this.value(usesSpeed, actor);
    for (const g of ability.gain) this.gainTrack(actor, g.track, this.value(g.amount, actor));
    for (const g of ability.grants) {
      const n = Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(this.value(g.count, actor))));
      this.actionsLeft[g.action] = Math.min(MAX_ACTIONS_PER_TURN, (this.actionsLeft[g.action] ?? 0) + n);
    }
    if (ability.sustained) {
      if (actor.sustaining) this.endSustain(actor);
      actor.sustaining = ability;
      if (this.sink) this.emit({ type: 'sustain', round: this.round, actor: actor.id, ability: ability.id, change: 'started' });
    }
    if (ability.move !== null && ability.move !== actor.position) this.move(actor, ability);
    if (actor.down || this.winner !== null) return;
    const targets = picked !== null && ability.target === 'enemy' && !picked.down ? [picked] : this.abilityTargets(actor, ability);
    if (this.sink) this.emit({ type: 'ability', round: this.round, actor: actor.id, ability: ability.id, targets: targets.map((t) => t.id), chip: `${actor.def.name}: ${ability.name}` });
    const sustainer = ability.sustained ? actor : null;
    if (ability.removes.length) this.removeFrom(targets, ability.removes);
    if (ability.challenge) this.challenge(actor, ability.challenge);
    if (ability.heal) {
      for (const t of targets) {
        const s = this.scope;
        s.target = t;
        const ctx = this.damageSlot.ctx;
        this.freshDamageRoll(ctx);
        const trace: TraceItem[] | null = this.traceOn ? [] : null;
        ctx.trace = trace;
        s.self = actor;
        const amount = Math.max(0, Math.floor(num(ability.heal.amount.run(ctx))));
        ctx.trace = null;
        const track = ability.heal.track;
        const cur = t.sheet[this.system.trackCurrent[track]!]!;
        const max = t.sheet[this.system.trackMax[track]!]!;
        const next = Math.min(max, cur + amount);
        if (next !== cur) this.setTrack(t, track, next);
        if (this.sink) this.emit({ type: 'heal', round: this.round, actor: actor.id, target: t.id, amount: next - cur, track: this.system.slots.tracks[track]!, chip: trace ? renderChip(trace, amount) : '' });
      }
    }
    if (ability.attack) {
      for (const t of targets) {
        if (this.winner !== null || actor.down) break;
        if (!t.down) this.blowWithAbility(actor, t, ability);
      }
      return;
    }
    if (ability.save || ability.damage) {
      let rolled = 0;
      let chip = '';
      const s = this.scope;
      if (ability.damage) {
        s.self = actor; s.attacker = actor; s.crit = false;
        const ctx = this.damageSlot.ctx;
        this.freshDamageRoll(ctx);
        const trace: TraceItem[] | null = this.traceOn ? [] : null;
        ctx.trace = trace;
        rolled = num(ability.damage.run(ctx));
        ctx.trace = null;
        if (trace) chip = renderChip(trace, rolled);
      }
      const dc = ability.save ? this.value(ability.save.dc, actor) : 0;
      for (const t of targets) {
        if (t.down) continue;
        const flags = s.reactionFlags;
        for (let i = 0; i < flags.length; i++) flags[i] = false;
        this.reactTo(t, 'spell', actor);
        let amount = rolled;
        let failed = true;
        if (ability.save) {
          const o = this.judge(ability.save.check, this.innerSlot, t, null, dc, t.position, null);
          if (o && o.result === 'success') { failed = false; amount = ability.save.half ? Math.floor(rolled / 2) : 0; }
        }
        s.melee = ability.reach === 'near'; s.crit = false;
        if (ability.damage) this.dealDamage(actor, t, amount, ability.type, failed || !this.sink ? chip : `${chip} (saved: ${ability.save?.half ? 'half' : 'none'})`);
        const bySave: AppliedBySave | null = ability.save ? { check: ability.save.check, dc } : null;
        if (failed && !t.down) for (const id of ability.applies) this.applyCondition(t, id, actor, sustainer, bySave);
        if (this.winner !== null) return;
      }
      return;
    }
    for (const t of targets) for (const id of ability.applies) this.applyCondition(t, id, actor, sustainer);
  }

  /**
   * Moving away: foes standing where the mover was may react (`react.on: leave` orders, or the system's opportunity
   * attack), unless the move is a teleport or a disengage. A gridless system has no squares: only a band or row change.
   */
  private move(actor: Combatant, ability: AbilityDef): void {
    const from = actor.position;
    const speed = this.actionSpeed;
    if (!ability.teleport && !ability.disengage) {
      for (const foe of this.combatants) {
        if (foe.down || foe.side === actor.side || foe.position !== from || actor.down) continue;
        const before = foe.reactionsUsed;
        this.reactTo(foe, 'leave', actor);
        if (foe.reactionsUsed === before && this.system.opportunity && this.canReact(foe) && foe.def.attacks[0]) {
          foe.reactionsUsed++;
          if (this.sink) this.emit({ type: 'reaction', round: this.round, actor: foe.id, ability: 'opportunity', on: 'leave', success: true, chip: `${foe.def.name}: opportunity attack` });
          this.blow(foe, actor, foe.def.attacks[0], null);
        }
        if (this.winner !== null) return;
      }
    }
    this.actionSpeed = speed;
    actor.position = ability.move!;
  }

  private readonly profileWithApplies = new Map<AbilityDef, AttackProfile>();

  private blowWithAbility(actor: Combatant, target: Combatant, ability: AbilityDef): void {
    const profile = ability.attack!;
    let withApplies = profile;
    if (ability.applies.length) {
      // One merged profile per ability for the runner's life, not one per blow.
      let merged = this.profileWithApplies.get(ability);
      if (!merged) { merged = attackProfile(profile, profile.roll, profile.parts, ability.applies); this.profileWithApplies.set(ability, merged); }
      withApplies = merged;
    }
    this.blow(actor, target, withApplies, ability);
  }

  /**
   * A held action (`defer`, Libra's Wait): the act ends here (nothing else of the budget is spent); the clock loop
   * then takes the action's own speed off and puts the actor last on the tick it is left at.
   */
  private hold(actor: Combatant, ability: AbilityDef): void {
    const action = this.system.actions[ability.actionIndex]!;
    const s = this.scope;
    s.self = actor; s.clock = actor.clock; s.initiative = actor.initiative; s.actionSpeed = 0;
    this.heldSpeed = action.speed ? Math.max(0, this.value(action.speed, actor)) : 0;
    for (let i = 0; i < this.actionsLeft.length; i++) this.actionsLeft[i] = 0;
    if (this.sink) this.emit({ type: 'ability', round: this.round, actor: actor.id, ability: ability.id, targets: [actor.id], chip: `${actor.def.name}: ${ability.name}, acts last on tick ${Math.max(0, actor.clock - this.heldSpeed)}` });
  }

  /** Whether one of the ability's targets holds a condition it removes. */
  private anyHolds(actor: Combatant, ability: AbilityDef): boolean {
    for (const t of this.abilityTargets(actor, ability)) for (const inst of t.conditions) if (ability.removes.includes(inst.def.id)) return true;
    return false;
  }

  private removeFrom(targets: readonly Combatant[], ids: readonly string[]): void {
    for (const t of targets) {
      for (let i = t.conditions.length - 1; i >= 0; i--) if (ids.includes(t.conditions[i]!.def.id)) this.removeConditionAt(t, i, 'ended');
    }
  }

  /** An ability's own check against a number (an unopposed challenge): its outcome's gains and applies count. */
  private challenge(actor: Combatant, rule: NonNullable<AbilityDef['challenge']>): void {
    const vs = this.value(rule.vs, actor);
    const saved = this.scope.stat;
    if (rule.stat) this.scope.stat = this.value(rule.stat, actor);
    else if (!rule.check.stat) this.scope.stat = 0;
    this.judge(rule.check, this.innerSlot, actor, null, vs, actor.position, null);
    this.scope.stat = saved;
  }

  /** Rows close up after someone of `side` fell (`positions.advance`). */
  private closeUp(side: Side): void {
    const moves = closeUpRows(this.combatants, side, this.system.rows);
    if (!this.sink) return;
    for (const m of moves) {
      this.emit({ type: 'move', round: this.round, target: m.combatant.id, from: m.from, to: m.to, chip: `${m.combatant.def.name}: ${m.from} → ${m.to} (the row ahead fell)` });
    }
  }

  private abilityTargets(actor: Combatant, ability: AbilityDef): Combatant[] {
    switch (ability.target) {
      case 'self': return [actor];
      case 'ally': {
        // A cure goes to an ally who has what it removes, not to the most hurt one.
        if (ability.removesOnly) {
          for (const c of this.combatants) {
            if (c.down || c.side !== actor.side) continue;
            for (const inst of c.conditions) if (ability.removes.includes(inst.def.id)) return [c];
          }
          return [];
        }
        let best: Combatant | null = null;
        let bestFraction = Infinity;
        const track = ability.heal?.track ?? this.system.hpTrack;
        for (const c of this.combatants) {
          if (c.down || c.side !== actor.side) continue;
          const max = c.sheet[this.system.trackMax[track]!]! || 1;
          const f = c.sheet[this.system.trackCurrent[track]!]! / max;
          if (f < bestFraction) { best = c; bestFraction = f; }
        }
        return best ? [best] : [];
      }
      case 'enemies': return this.allTargets(actor, ability.reach);
      case 'enemy': default: {
        const t = this.pickTarget(actor, ability.reach, null);
        return t ? [t] : [];
      }
    }
  }
}

/** The save that applied a condition: its repeat save uses the same check and DC. */
interface AppliedBySave {
  readonly check: CheckDef;
  readonly dc: number;
}

/**
 * At equal clocks, whether `c` acts before `current`: one holding its action (`defer`) goes after everyone else on
 * the tick; otherwise the initiative rule's `ties` side first.
 */
function firstOnTick(c: Combatant, current: Combatant, ties: Side | 'random'): boolean {
  const cHolds = c.deferredAt === c.clock;
  if (cHolds !== (current.deferredAt === current.clock)) return !cHolds;
  return c.side !== current.side && c.side === ties;
}

/** Whether `a` takes its turn after `b` (initiative high to low; ties by side, by random draw, else by order). */
function turnsAfter(a: Combatant, b: Combatant, ties: Side | 'random', tieBreak: readonly number[] | null): boolean {
  if (b.initiative !== a.initiative) return b.initiative - a.initiative > 0;
  if (a.side !== b.side && ties !== 'random') return a.side !== ties;
  if (tieBreak) return tieBreak[a.order]! - tieBreak[b.order]! > 0;
  return a.order - b.order > 0;
}

function edgeWord(e: number): string {
  if (e === 1) return 'advantage';
  if (e === -1) return 'disadvantage';
  return `edge ${e > 0 ? '+' : ''}${e}`;
}

export function sideOf(c: Combatant): Side {
  return c.side;
}

/** Names a combatant keeps for the whole fight (a formula reading only these gives the same answer every time). */
const FIXED_NAMES = new Set(['level', 'tier', 'role', 'id', 'side', 'class.attacks']);

/**
 * Whether a damage step's `when` reads only the target's fixed facts (its lists, level, role...) and the damage type:
 * no dice, no calls, nothing of the sheet (hit points change), its conditions or position. Conservative: a name it
 * cannot place makes it false.
 */
function fixedPerTarget(formula: Formula, names: System['slots']): boolean {
  if (formula.rolls) return false;
  return formula.refs.every((ref) => {
    if (ref === 'damageType') return true;
    if (!ref.startsWith('target.')) return false;
    const name = ref.slice('target.'.length);
    if (FIXED_NAMES.has(name) || /^class\.[^.]+\.level$/.test(name)) return true;
    const onSheet = names.attributes.includes(name) || names.derived.includes(name) || names.tracks.includes(name.replace(/\.max$/, ''));
    return !onSheet && names.lists.includes(name) && name !== 'conditions' && name !== 'position';
  });
}
