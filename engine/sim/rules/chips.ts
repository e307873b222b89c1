// All the wording of a fight's log: the chips of checks, damage, heals, reactions, abilities and moves, and the
// influences a check names. Only a fight with a log calls these (the statistics path builds no string).
import type { TraceItem } from '../../formula/runtime';
import { renderCheckChip, renderChip } from '../../formula/trace';
import type { AbilityDef, CheckDef, Combatant, OutcomeDef, System } from '../model';

/**
 * A check's chip, from the parts its event carries: the roll's terms (`roll`, renderTrace of the trace), the total,
 * what it met and the outcome (when it has outcomes), and what turned it.
 */
export function checkChip(check: CheckDef, roll: string, total: number, vs: number, outcome: OutcomeDef | null,
  influencedBy: readonly string[]): string {
  return renderCheckChip([{ kind: 'text', text: roll }], total, check.outcomes.length
    ? { ...(check.readsVs ? { vs } : {}), outcome: outcome?.name ?? '—', influencedBy }
    : { influencedBy });
}

/** An edge in words: ±1 as the system names it (`combat.edgeWords`, default advantage / disadvantage), else `edge +2`. */
export function edgeWord(e: number, words: System['edgeWords']): string {
  if (e === 1) return words.positive;
  if (e === -1) return words.negative;
  return `edge ${e > 0 ? '+' : ''}${e}`;
}

/** A condition's edge on a check, as an influence (`Poisoned: disadvantage`, `Prone (near): advantage`). */
export function edgeInfluence(condition: string, reach: string | null, e: number, words: System['edgeWords']): string {
  return `${condition}${reach !== null ? ` (${reach})` : ''}: ${edgeWord(e, words)}`;
}

/** A condition's mod on a check, as an influence (`Blessed: bless +2`). */
export function modInfluence(condition: string, reach: string | null, mod: string, v: number): string {
  return `${condition}${reach !== null ? ` (${reach})` : ''}: ${mod} ${v > 0 ? '+' : ''}${v}`;
}

/** The name of a condition that turns hits into crits, with the reach it does so from (`Paralyzed (near)`). */
export function critSource(condition: string, reach: string | null): string {
  return reach !== null ? `${condition} (${reach})` : condition;
}

/** The influence of a condition turning a hit into a crit. */
export function critInfluence(by: string): string {
  return `${by}: crit`;
}

/** A rolled amount's chip (damage, a heal), with the crit's policy noted when the blow was a crit. */
export function rolledChip(trace: readonly TraceItem[], rolled: number, crit = false, policy: System['critPolicy'] = 'none'): string {
  return `${renderChip(trace, rolled)}${crit && policy !== 'none' ? ` (crit: ${policy === 'dice' ? 'dice doubled' : 'x2'})` : ''}`;
}

/** The damage type of a blow in a system that names none (load-rules.ts `typeOf`): a word the chip leaves out. */
export const NO_DAMAGE_TYPE = 'untyped';

/** Damage after the steps: the roll, the steps that changed it and what was taken (`2d6 (7) → Resistance = 3 fire`). */
export function damageChip(rolled: string, steps: readonly string[], amount: number, rolledAmount: number, type: string): string {
  const word = type === NO_DAMAGE_TYPE ? '' : ` ${type}`;
  return steps.length || amount !== rolledAmount
    ? `${rolled} → ${steps.length ? `${steps.join(' → ')} = ` : ''}${amount}${word}`
    : `${rolled}${word}`;
}

/**
 * What `combat.damage.apply` did with a blow, after its damage chip: each track lowered and what it holds now, and
 * the conditions put on (+) or taken off (−): `2d6 (9) → Toughness = 5 → vigour −1 (3) · +Shaken`.
 */
export function splitChip(chip: string, split: readonly { readonly track: string; readonly amount: number; readonly value: number }[],
  on: readonly string[], off: readonly string[]): string {
  const tracks = split.map((t) => `${t.track} −${t.amount} (${t.value})`).join(', ');
  const conditions = [...on.map((c) => `+${c}`), ...off.map((c) => `−${c}`)].join(' ');
  return `${chip} → ${tracks || 'nothing taken'}${conditions ? ` · ${conditions}` : ''}`;
}

/** The damage of an opposed check's `counter` outcome: the defender strikes back (`Duelist strikes back: 2`). */
export function counterChip(defender: Combatant, rolled: string): string {
  return `${defender.def.name} strikes back: ${rolled}`;
}

/** A save's note on a spell's damage chip. */
export function savedChip(rolled: string, half: boolean): string {
  return `${rolled} (saved: ${half ? 'half' : 'none'})`;
}

export function reactionChip(ability: AbilityDef, success: boolean): string {
  return `${ability.name}: ${success ? 'success' : 'failure'}`;
}

/** A decision after the roll (a reroll, a bonus): the total before and after, and the outcome now. */
export function rollDecisionChip(ability: AbilityDef, before: number, after: number, outcome: OutcomeDef | null,
  kept: readonly number[] | null = null): string {
  const keeping = kept === null ? '' : `, keeping ${kept.length ? kept.join(', ') : 'none'}`;
  return `${ability.name}${keeping}: ${before} → ${after} · ${outcome ? outcome.name : '—'}`;
}

/** A reaction that raises the defence against the hit (Shield): the new defence and what the roll now is. */
export function defenceReactionChip(ability: AbilityDef, defence: number, outcome: OutcomeDef | null): string {
  return `${ability.name}: defence ${defence} · ${outcome ? outcome.name : '—'}`;
}

export function opportunityChip(foe: Combatant): string {
  return `${foe.def.name}: opportunity attack`;
}

export function abilityChip(actor: Combatant, ability: AbilityDef): string {
  return `${actor.def.name}: ${ability.name}`;
}

export function holdChip(actor: Combatant, ability: AbilityDef, tick: number): string {
  return `${actor.def.name}: ${ability.name}, acts last on tick ${tick}`;
}

export function backUpChip(c: Combatant): string {
  return `${c.def.name}: back up (death save)`;
}

/** A track gain: `Guardian: hope +1 (3)`, the change and what the track holds now. */
export function gainChip(c: Combatant, track: string, change: number, value: number): string {
  return `${c.def.name}: ${track} ${change > 0 ? '+' : ''}${change} (${value})`;
}

export function arriveChip(c: Combatant): string {
  return `${c.def.name} enters the fight (${c.position})`;
}

export function fleeChip(c: Combatant): string {
  return `${c.def.name} runs away: out of the fight`;
}

export function swapChip(c: Combatant, mover: Combatant, from: string, to: string): string {
  return `${c.def.name}: ${from} → ${to} (switched places with ${mover.def.name})`;
}

export function closeUpChip(c: Combatant, from: string, to: string): string {
  return `${c.def.name}: ${from} → ${to} (the row ahead fell)`;
}
