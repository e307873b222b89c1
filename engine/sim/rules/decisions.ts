// Decisions after the roll (`react.on: "roll"`, format v1.1): once one of its holder's own checks is rolled and its
// outcome read, and before that outcome is final, each of the holder's standing orders for a `roll` reaction may
// take it: its `when` (and the order's) read the roll (`@total`, `@vs`, `@natural`, `@degree`, `@roll.*`), its cost
// is paid, and it rolls the whole check again (`reroll`: the new roll stands), or again but for the dice it keeps
// (`keep`, a partial reroll: a push keeps its sixes), or adds its `bonus` to the total; the outcome is then read
// again. Taking it gives its holder the ability's `gain` and `applies` first. Each order is taken at most once a
// check, and it uses no reaction of the round.
import { tagRange } from '../../formula/evaluate';
import type { RollFacts, TraceItem } from '../../formula/runtime';
import type { CheckDef, CheckFrame, Combatant, KeepRule, OutcomeDef } from '../model';
import type { FightState } from '../fight-state';
import { canPay, pay } from './abilities';
import { applyCondition } from './conditions';
import { gainTracks } from './tracks';
import { pickOutcome, rollInto } from './checks';
import { rollDecisionChip } from './chips';
import { cannotReact } from './turn';

export interface Decided {
  readonly outcome: OutcomeDef | null;
  /** The trace of the roll that stands, when a reroll replaced the first (null: the first stands). */
  readonly trace: TraceItem[] | null;
}

export function decideAfterRoll(f: FightState, check: CheckDef, frame: CheckFrame, actor: Combatant, target: Combatant | null,
  roll: CheckDef['roll'], outcome: OutcomeDef | null): Decided {
  let trace: TraceItem[] | null = null;
  if (actor.down || cannotReact(actor)) return { outcome, trace };
  const s = f.scope;
  for (const order of actor.def.indexes.reactOrders.roll) {
    const ability = order.ability;
    const react = ability.react!;
    if (react.checks !== null && !react.checks.includes(check.id)) continue;
    if (!canPay(f, actor, ability)) continue;
    s.self = actor; s.target = target ?? actor; s.attacker = actor; s.check = frame;
    if (react.when && !f.truth(react.when)) continue;
    if (order.when && !f.truth(order.when)) continue;
    pay(f, actor, ability);
    // What taking it gives its holder, as a `hit` reaction's does: its `gain` and its `applies`, before the roll
    // again, so the new roll and the outcome read them (a push's Stress, a Pushed mark its outcomes' costs read).
    if (ability.gain.length !== 0) gainTracks(f, actor, ability.gain);
    for (const id of ability.applies) applyCondition(f, actor, id, actor, null);
    s.self = actor; s.target = target ?? actor; s.attacker = actor; s.check = frame;
    const before = frame.total;
    let first: number[] | null = null, kept: boolean[] | null = null;
    if (react.reroll) {
      const next: TraceItem[] | null = f.traceOn ? [] : null;
      const draws = frame.draws;
      if (react.keep !== null && draws !== null) {
        first = frame.ctx.roll.dice.slice();
        kept = keptDice(react.keep, frame.ctx.roll);
        draws.keep(kept);
        try { rollInto(f, frame, roll, next, frame.vs); } finally { draws.release(); }
      } else rollInto(f, frame, roll, next, frame.vs);
      trace = next;
    }
    if (react.bonus) {
      s.self = actor; s.check = frame;
      frame.total += f.number(react.bonus);
    }
    s.self = actor; s.attacker = actor; s.target = target ?? actor;
    outcome = pickOutcome(f, check, frame);
    if (f.sink) {
      f.emit({ type: 'reaction', round: f.round, actor: actor.id, ability: ability.id, on: 'roll', success: true,
        ...(first !== null && kept !== null ? { dice: first, kept } : {}),
        chip: rollDecisionChip(ability, before, frame.total, outcome, first !== null && kept !== null ? first.filter((_, i) => kept[i]) : null) });
    }
  }
  return { outcome, trace };
}

/** Which dice of the roll just made keep their faces: those showing one of an entry's faces (within its tagged term). */
function keptDice(keep: readonly KeepRule[], roll: RollFacts): boolean[] {
  const dice = roll.dice;
  const out = new Array<boolean>(dice.length).fill(false);
  for (const k of keep) {
    const range = k.tag === null ? null : tagRange(roll, k.tag);
    if (k.tag !== null && range === null) continue;
    const from = range === null ? 0 : range[0], to = range === null ? dice.length : range[1];
    for (let i = from; i < to; i++) if (k.faces.includes(dice[i]!)) out[i] = true;
  }
  return out;
}
