// The data of one fight: its combatants, the scope and check frames the compiled formulas read, the turn's budget and
// the speed caches. Every rule (engine/sim/rules/) reads and writes a FightState; none of them keeps data of its own.
import type { TurnChooser } from './choice';
import { createRng, type SeededRng } from '../dice/rng';
import type { EvalContext } from '../formula/runtime';
import type { Value } from '../formula/types';
import type { EventSink, FightEvent, Winner } from './events';
import type { AbilityDef, AttackProfile, CheckDef, ConditionInstance, CheckFrame, Combatant, FightDef, Formula, Scope, System } from './model';
import { newCheckFrame, newCombatant, newScope } from './state';
import type { CardDef } from './card-model';
import { MapState } from './map/state';

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

/** Hard guards so that nothing loops forever, whatever the document says. */
export const MAX_ACTS_PER_ROUND = 2_000;
export const MAX_PLAN_STEPS = 100;
export const MAX_ACTIONS_PER_TURN = 50;

/** A formula's value as a number (true is 1, false and a list 0). */
export const asNumber = (v: Value): number => (typeof v === 'number' ? v : v === true ? 1 : 0);

export abstract class FightState {
  readonly combatants: Combatant[] = [];
  readonly scope: Scope;
  /** The blow's check, a reaction's, a save's (conditions, sustain, spells): each with its own roll facts. */
  readonly blowFrame: CheckFrame;
  readonly innerFrame: CheckFrame;
  readonly damageFrame: CheckFrame;
  /** The defender's roll of an opposed check (`@vs.*`), and the check it rolled (for the log). */
  readonly vsFrame: CheckFrame;
  vsCheck: CheckDef | null = null;
  readonly scratch: EvalContext;
  /** Whether a log is written (chips and traces are built only then). */
  readonly traceOn: boolean;
  /** Sheet index of the current hit points (read for every target choice). */
  readonly hpIndex: number;
  round = 0;
  winner: Winner | null = null;
  /** The actor whose turn it is: named when a formula fails mid-fight. */
  current: Combatant | null = null;
  /** The actor whose turn is in progress (from its start to its end), else null: a condition's duration counts from it. */
  turnOf: Combatant | null = null;
  /** This round's turn order (initiative high to low). */
  readonly turnOrder: Combatant[] = [];
  /** Each turn action's uses left this turn (`turn.actions`, by index). */
  readonly actionsLeft: number[];
  /**
   * Sheet indexes a fight writes: the tracks' current values and the derived values that read them (setTrack is the
   * one writer). reset() copies only these back; every other index keeps its loaded value for the runner's life.
   */
  readonly writableIndexes: number[];
  /** Combatants standing on each side (heroes, enemies): kept by goDown/wakeUp, so deciding a fight is no loop. */
  standingHeroes = 0;
  standingEnemies = 0;
  /** Combatants of each side still to arrive (a fight's `arrives`): a side is not beaten while one is to come. */
  arrivingHeroes = 0;
  arrivingEnemies = 0;
  /** The speed of the action held this act (`defer`), NaN when none was. */
  heldSpeed = NaN;
  /** The chip of the last damage rolled (rules/damage.ts rollDamage), '' without a log. */
  damageChip = '';
  /** An initiative deck's cards still to deal, and whether a joker was dealt this round (rules/deck.ts). */
  readonly deckCards: number[] = [];
  deckJoker = false;
  /** Attacks left of the attack action a plan is spending, and the number of the plan's attack. */
  attacksLeft = 0;
  attackNumber = 0;
  /** The speed of what the actor did this act (the clock's `@actionSpeed`). */
  actionSpeed = 0;
  /** Conditions with `charges` the check being judged used (their holders alongside): one charge each, after it. */
  readonly chargesUsed: ConditionInstance[] = [];
  readonly chargeHolders: Combatant[] = [];
  /** Actions of any kind this turn still allows (`turn.limit`); Infinity without a limit. */
  turnActionsLeft = Infinity;
  /** What turned the check being judged (a log's `influencedBy`). */
  readonly influences: string[] = [];
  /** Each side's combatants in fight order: whom a hero (enemy) may target is searched among the other list only. */
  readonly heroesList: Combatant[] = [];
  readonly enemiesList: Combatant[] = [];
  /** `turn.actions[].per` when every one is a constant (the budget each turn, copied instead of evaluated), else null. */
  readonly fixedPer: number[] | null;
  /** The speed of the attack action (`turn.actions[attackAction].speed`), null when it has none. */
  readonly attackSpeed: Formula | null;
  /** Whether any combatant regenerates: only then is who hurt whom by which type (`hurtBy`) kept. */
  readonly anyRegeneration: boolean;
  /** Some track counts damage taken (`tracks.<id>.counts`). */
  readonly countsDamage: boolean;
  /** Whether anyone picks its target by who last attacked it (then each blow records its attacker). */
  readonly remembersAttackers: boolean;
  /** Whether anyone has a decision after the roll (`react.on: "roll"`): else judge() looks for none. */
  readonly decidesRolls: boolean;
  /** `combat.damage.apply` (the tracks a blow lowers, the conditions by damage), or null: hit points only. */
  readonly damageApply: System['damageApply'];
  /** Whether a condition of the system runs away (`flees`): only then does a turn's start look for one. */
  readonly anyFlee: boolean;
  /** Whether a condition's rounds run out at its holder's turn start (`ends: turnStart`): only then does a start tick them. */
  readonly startDurations: boolean;
  /** Whether any condition counts its source's turns (`ends: sourceTurnEnd`): else no turn end looks for one. */
  readonly sourceDurations: boolean;
  /**
   * Damage steps whose `when` reads only the target's fixed facts and the damage type (`has(@target.resist,
   * @damageType)`): their answers per target and type are worked out once, as bits (step i: bit 2i known, 2i+1 true).
   * `stepBits[i]` is step i's known bit, or 0 when its `when` must be evaluated each time.
   */
  readonly stepBits: number[];
  /** Per damage step, the reaction flag its `when` is when it is just `@reaction.<id>` (read straight off the scope), else -1. */
  readonly stepFlags: number[];
  /**
   * Per target (by order) the damage types whose answers are worked out and, beside them, the answers: a handful of
   * types at most, searched in a line (cheaper than a Map's hashing on every blow).
   */
  readonly stepTypes: string[][] = [];
  readonly stepMasks: number[][] = [];
  /**
   * The foe canUse found for an offensive ability (`pickedFor`), reused by useAbility for an ability aimed at one
   * enemy when nothing between the two can change the choice: no `canTarget` rule and no move.
   */
  pickedFor: AbilityDef | null = null;
  /** A turn chosen from outside (choice.ts): asked at every turn of numbers mode; null plays by the rules. */
  chooser: TurnChooser | null = null;
  picked: Combatant | null = null;
  /** The tally's rows (CheckTally.rowsFor), or null to call onCheck. */
  readonly tallyRows: number[][] | null;
  /** Whether scope.mods holds anything but zeros (gatherEdge clears them only then). */
  modsDirty = true;
  /** What the target's conditions add to the number a check meets (`against[].vs`), as gatherEdge last found it. */
  vsShift = 0;
  /** The battle map of a fight on squares (`fights[].map` of a system with `map` rules), or null: bands. */
  map: MapState | null = null;
  /** Index of the `conditionImmune` list on sheets. */
  readonly conditionImmune: number;
  /** One merged profile per ability that applies conditions on a hit, for the runner's life (not one per blow). */
  readonly profileWithApplies = new Map<AbilityDef, AttackProfile>();
  /** Each combatant's starting conditions (its fight entry's), by order: put on when it enters the fight. */
  readonly entryConditions: (readonly string[])[] = [];
  /** Each combatant's starting position (its fight entry's), by order: where reset() puts it back. */
  readonly entryPositions: string[] = [];
  /** One generator for the runner's life, reseeded for each fight (no allocation per fight). */
  readonly rng: SeededRng;
  /** Card triggers some combatant of this fight holds a card for (bit i: CARD_TRIGGERS[i]); 0: every card hook is one test. */
  readonly cardBits: number;
  /** The cards firing now, outermost first (rules/cards.ts: the loop guard's depth and the chain its error names). */
  readonly cardChain: CardDef[] = [];
  /** Actions cards granted each combatant (by order, by action) for its next act, added when that act's budget is set. */
  readonly cardGrants: number[][] = [];
  /** The combatant whose act has its budget set (a card's grant to it then adds at once); null before that. */
  acting: Combatant | null = null;

  constructor(
    readonly system: System,
    readonly fight: FightDef,
    public seed: number,
    readonly sink: EventSink | null = null,
    readonly tally: CheckTally | null = null,
    /** The random source (default: a seeded generator); the exact solver (exact.ts) passes a choice oracle. */
    rng?: SeededRng,
  ) {
    this.rng = rng ?? createRng(seed);
    this.actionsLeft = system.actions.map(() => 0);
    this.conditionImmune = system.names.lists.indexOf('conditionImmune');
    this.traceOn = sink !== null;
    this.hpIndex = system.trackCurrent[system.hpTrack]!;
    this.scope = newScope(system.placeholder, system.names);
    // The frames a check is judged in record their draws when a decision may keep some dice of a reroll.
    const keeps = system.keepsDice;
    this.blowFrame = newCheckFrame(this.rng, this.scope, keeps);
    this.innerFrame = newCheckFrame(this.rng, this.scope, keeps);
    this.damageFrame = newCheckFrame(this.rng, this.scope);
    this.vsFrame = newCheckFrame(this.rng, this.scope, keeps);
    this.scope.opposed = this.vsFrame;
    this.scratch = newCheckFrame(this.rng, this.scope).ctx;
    this.scope.check = this.blowFrame;
    let order = 0;
    const listCount = system.names.lists.length;
    // Numbering runs on across entries with the same name: two entries of standards are standard-1..standard-n.
    const numbered = new Map<string, number>();
    for (const group of [fight.heroes, fight.enemies]) {
      for (const entry of group) {
        for (let i = 1; i <= entry.count; i++) {
          const n = (numbered.get(entry.idBase) ?? 0) + 1;
          numbered.set(entry.idBase, n);
          const id = entry.def.side === 'heroes' ? entry.idBase : `${entry.idBase}-${n}`;
          this.combatants.push(newCombatant(entry.def, id, order++, entry.position, listCount, entry.arrives));
          this.entryConditions.push(entry.conditions);
          this.entryPositions.push(entry.position);
        }
      }
    }
    for (const c of this.combatants) {
      (c.side === 'heroes' ? this.heroesList : this.enemiesList).push(c);
      this.stepTypes[c.order] = [];
      this.stepMasks[c.order] = [];
    }
    let cardBits = 0;
    for (const c of this.combatants) cardBits |= c.def.cards?.bits ?? 0;
    this.cardBits = cardBits;
    // With cards, the budget is worked out each act, where the actions cards granted are added (rules/turn.ts act).
    this.fixedPer = cardBits === 0 && system.actions.every((a) => a.per.constant !== null)
      ? system.actions.map((a) => Math.max(0, Math.min(MAX_ACTIONS_PER_TURN, Math.floor(a.per.constant!))))
      : null;
    this.tallyRows = tally?.rowsFor ? tally.rowsFor(this.combatants) : null;
    this.attackSpeed = system.actions[system.attackAction]?.speed ?? null;
    this.anyRegeneration = this.combatants.some((c) => c.def.regeneration !== null);
    this.countsDamage = system.countedTracks.length !== 0;
    this.remembersAttackers = system.remembersAttackers;
    this.decidesRolls = system.decidesRolls;
    this.damageApply = system.damageApply;
    this.anyFlee = [...system.conditions.values()].some((c) => c.flees);
    this.startDurations = [...system.conditions.values()].some((c) => c.endsAtStart);
    this.sourceDurations = [...system.conditions.values()].some((c) => c.endsOnSourceTurn);
    this.stepBits = system.damageSteps.map((step, i) => (i < 15 && step.when && fixedPerTarget(step.when, system.names) ? 1 << (2 * i) : 0));
    this.stepFlags = system.damageSteps.map((step) => reactionFlagOf(step.when, system.names));
    const writable = new Set<number>(system.trackCurrent);
    for (const c of this.combatants) for (const d of c.def.liveDerived) writable.add(d.index);
    this.writableIndexes = [...writable];
    if (fight.map) this.map = new MapState(fight.map.rules, fight.map, fight, this.combatants);
    this.countStanding();
  }

  /** A combatant's turn after its start (the numbers mode's act; consequences mode has its own). */
  abstract act(actor: Combatant): void;

  countStanding(): void {
    let heroes = 0, enemies = 0;
    for (const c of this.combatants) {
      if (c.down) continue;
      if (c.side === 'heroes') heroes++; else enemies++;
    }
    this.standingHeroes = heroes;
    this.standingEnemies = enemies;
  }

  /** Write one event to the log (callers check `sink` first, so no event is built without one). */
  emit(event: FightEvent): void {
    this.sink!(event);
  }

  /** Evaluate a non-roll formula (a DC, a cost, a condition's edge) on `self`. */
  value(formula: Formula, self: Combatant): number {
    const at = formula.selfIndex;
    if (at >= 0) return self.sheet[at]!;
    const constant = formula.constant;
    if (constant !== null) return constant;
    this.scope.self = self;
    this.scratch.diceLeft = 10_000;
    return asNumber(formula.untraced(this.scratch));
  }

  /** Evaluate a yes/no formula on the scope as it stands. */
  truth(formula: Formula): boolean {
    const fixed = formula.truth;
    if (fixed !== null) return fixed;
    this.scratch.diceLeft = 10_000;
    return formula.untraced(this.scratch) === true;
  }

  /** Evaluate a formula on the scope as it stands, untraced, as a number. */
  number(formula: Formula): number {
    this.scratch.diceLeft = 10_000;
    return asNumber(formula.untraced(this.scratch));
  }

  hp(c: Combatant): number {
    return c.sheet[this.hpIndex]!;
  }

  /** The one writer of a combatant's sheet while fighting (reset() relies on it: see writableIndexes). */
  setTrack(c: Combatant, track: number, value: number): void {
    c.sheet[this.system.trackCurrent[track]!] = value;
    const live = c.def.liveDerived;
    if (live.length) {
      const s = this.scope;
      const saved = s.self, owner = s.readsOwner;
      // A sheet's own values never read a blow's reads (a read named like an attribute is the weapon's, not the sheet's).
      s.readsOwner = null;
      for (const d of live) c.sheet[d.index] = this.value(d.formula, c);
      s.self = saved; s.readsOwner = owner;
    }
  }

  /** Add `amount` to a track, kept within 0 and its maximum; returns the change made (rules/tracks.ts logs it). */
  gainTrack(c: Combatant, track: number, amount: number): number {
    const cur = c.sheet[this.system.trackCurrent[track]!]!;
    const max = c.sheet[this.system.trackMax[track]!]!;
    const next = Math.max(0, Math.min(max, cur + amount));
    if (next !== cur) this.setTrack(c, track, next);
    return next - cur;
  }

  /** One action of turn action `index` spent; at the turn's `limit` no action of any kind is left. */
  spendAction(index: number): void {
    this.actionsLeft[index]!--;
    if (--this.turnActionsLeft <= 0) for (let i = 0; i < this.actionsLeft.length; i++) this.actionsLeft[i] = 0;
  }

  /** Whether a track is below its maximum. */
  hurt(c: Combatant, track: number): boolean {
    return c.sheet[this.system.trackCurrent[track]!]! < c.sheet[this.system.trackMax[track]!]!;
  }
}

/** Names a combatant keeps for the whole fight (a formula reading only these gives the same answer every time). */
const FIXED_NAMES = new Set(['level', 'tier', 'role', 'id', 'side', 'class.attacks']);

/**
 * Whether a damage step's `when` reads only the target's fixed facts (its lists, level, role...) and the damage type:
 * no dice, no calls, nothing of the sheet (hit points change), its conditions or position. Conservative: a name it
 * cannot place makes it false.
 */
function fixedPerTarget(formula: Formula, names: System['names']): boolean {
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

/** The reaction flag a formula that is only `@reaction.<id>` reads (what scope.ts compiles it to), else -1. */
function reactionFlagOf(formula: Formula | null, names: System['names']): number {
  const ast = formula?.ast;
  if (!ast || ast.kind !== 'ref' || ast.path.length !== 2 || ast.path[0] !== 'reaction') return -1;
  // The last of equal ids, as the resolver's Map of them keeps.
  return names.reactions.lastIndexOf(ast.path[1]!);
}
