// Decisions after the roll (`react.on: "roll"`, format v1.1): once one of its holder's own checks is rolled and its
// outcome read, and before that outcome is final, each of the holder's standing orders for a `roll` reaction may
// take it: its `when` (and the order's) read the roll (`@total`, `@vs`, `@natural`, `@degree`, `@roll.*`), its cost
// is paid, and it rolls the whole check again (`reroll`: the new roll stands) or adds its `bonus` to the total; the
// outcome is then read again. Each order is taken at most once a check, and it uses no reaction of the round.
import type { TraceItem } from '../../formula/runtime';
import type { CheckDef, CheckFrame, Combatant, OutcomeDef } from '../model';
import type { FightState } from '../fight-state';
import { canPay, pay } from './abilities';
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
    const before = frame.total;
    if (react.reroll) {
      const next: TraceItem[] | null = f.traceOn ? [] : null;
      rollInto(f, frame, roll, next, frame.vs);
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
        chip: rollDecisionChip(ability, before, frame.total, outcome) });
    }
  }
  return { outcome, trace };
}
