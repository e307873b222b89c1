// Targeting: whom an attack or an ability may reach (`combat.canTarget`) and whom it picks: the reachable foe its
// focus names, else the one its `picks` rule comes to (the fewest hit points by default), every reachable foe, the most
// hurt ally, or an ally holding a cure's condition.
import type { AbilityDef, Combatant } from '../model';
import type { Reaching } from '../map/types';
import type { FightState } from '../fight-state';
import { inReach, squaresBetween } from './map';

function canTarget(f: FightState, actor: Combatant, target: Combatant, by: Reaching): boolean {
  if (f.map !== null && !inReach(f, actor, target, by)) return false;
  const rule = f.system.canTarget;
  if (!rule) return true;
  const s = f.scope;
  s.self = actor; s.attacker = actor; s.target = target; s.melee = by.reach === 'near';
  return f.truth(rule);
}

/**
 * The reachable foe the actor strikes: the one its focus names (an id, id prefix or role), else by its `picks`: the
 * fewest hit points (the default), the most, the most hurt (lowest fraction of the maximum), the nearest (front row or
 * near band first), or the foe who last attacked or provoked it while that one is reachable (else the fewest).
 */
export function pickTarget(f: FightState, actor: Combatant, reach: Reaching): Combatant | null {
  const picks = actor.def.picks;
  if (picks !== null) {
    const remembered = picks === 'last-attacker' ? actor.lastAttacker : picks === 'provoker' ? actor.provoker : null;
    if (remembered !== null && !actor.def.focus && reachable(f, actor, remembered, reach)) return remembered;
    if (picks !== 'last-attacker' && picks !== 'provoker') return pickBy(f, actor, reach, picks);
  }
  let best: Combatant | null = null;
  let bestHp = Infinity;
  let focused: Combatant | null = null;
  const focus = actor.def.focus;
  const foes = actor.side === 'heroes' ? f.enemiesList : f.heroesList;
  // A rule of the system's or a map may leave a foe out of reach (canTarget asks both).
  const gated = f.system.canTarget !== null || f.map !== null;
  const hpIndex = f.hpIndex;
  for (let i = 0; i < foes.length; i++) {
    const c = foes[i]!;
    if (c.down) continue;
    if (gated && !canTarget(f, actor, c, reach)) continue;
    if (focus && focus !== 'lowest-hp' && !focused && isFocus(c, focus)) focused = c;
    const hp = c.sheet[hpIndex]!;
    if (hp < bestHp) { best = c; bestHp = hp; }
  }
  return focused ?? best;
}

function isFocus(c: Combatant, focus: string): boolean {
  return c.id === focus || c.id.startsWith(`${focus}-`) || c.role === focus || c.def.key === focus;
}

function reachable(f: FightState, actor: Combatant, c: Combatant, reach: Reaching): boolean {
  return !c.down && c.side !== actor.side && ((f.system.canTarget === null && f.map === null) || canTarget(f, actor, c, reach));
}

/** How far back a combatant stands: on a map its squares from the actor; its row's index (front 0), else 0 in the near band and 1 beyond it. */
function distanceOf(f: FightState, actor: Combatant, c: Combatant): number {
  if (f.map !== null) return squaresBetween(f, actor, c);
  const row = f.system.rows.indexOf(c.position);
  return row >= 0 ? row : c.position === 'near' ? 0 : 1;
}

/** The reachable foe that comes first by `picks` (a focus first), ties to the fewer hit points, then the earlier one. */
function pickBy(f: FightState, actor: Combatant, reach: Reaching, picks: 'most-hp' | 'most-hurt' | 'nearest'): Combatant | null {
  const foes = actor.side === 'heroes' ? f.enemiesList : f.heroesList;
  const focus = actor.def.focus;
  const hpIndex = f.hpIndex;
  const maxIndex = f.system.trackMax[f.system.hpTrack]!;
  let best: Combatant | null = null;
  let bestKey = Infinity;
  let bestHp = Infinity;
  const gated = f.system.canTarget !== null || f.map !== null;
  for (let i = 0; i < foes.length; i++) {
    const c = foes[i]!;
    if (c.down || (gated && !canTarget(f, actor, c, reach))) continue;
    if (focus && focus !== 'lowest-hp' && isFocus(c, focus)) return c;
    const hp = c.sheet[hpIndex]!;
    const key = picks === 'most-hp' ? -hp : picks === 'most-hurt' ? hp / (c.sheet[maxIndex]! || 1) : distanceOf(f, actor, c);
    if (key < bestKey || (key === bestKey && hp < bestHp)) { best = c; bestKey = key; bestHp = hp; }
  }
  return best;
}

export function allTargets(f: FightState, actor: Combatant, reach: Reaching): Combatant[] {
  return f.combatants.filter((c) => !c.down && c.side !== actor.side && canTarget(f, actor, c, reach));
}

/** Whether `c` holds one of `holding` that `actor` put on it. */
function holdsFrom(c: Combatant, actor: Combatant, holding: readonly string[]): boolean {
  for (const inst of c.conditions) if (inst.source === actor && holding.includes(inst.def.id)) return true;
  return false;
}

/** The first reachable foe holding one of the ability's `holding` conditions that the actor put on (the one it grapples), or null. */
export function heldTarget(f: FightState, actor: Combatant, ability: AbilityDef): Combatant | null {
  const foes = actor.side === 'heroes' ? f.enemiesList : f.heroesList;
  for (let i = 0; i < foes.length; i++) {
    const c = foes[i]!;
    if (holdsFrom(c, actor, ability.holding) && reachable(f, actor, c, ability)) return c;
  }
  return null;
}

/** Whom an ability is used on, by its `target`. */
export function abilityTargets(f: FightState, actor: Combatant, ability: AbilityDef): Combatant[] {
  switch (ability.target) {
    case 'self': return [actor];
    case 'ally': {
      // A cure goes to an ally who has what it removes, not to the most hurt one.
      if (ability.removesOnly) {
        for (const c of f.combatants) {
          if (c.down || c.side !== actor.side) continue;
          for (const inst of c.conditions) if (ability.removes.includes(inst.def.id)) return [c];
        }
        return [];
      }
      let best: Combatant | null = null;
      let bestFraction = Infinity;
      const track = ability.heal?.track ?? f.system.hpTrack;
      for (const c of f.combatants) {
        if (c.down || c.side !== actor.side) continue;
        const max = c.sheet[f.system.trackMax[track]!]! || 1;
        const fraction = c.sheet[f.system.trackCurrent[track]!]! / max;
        if (fraction < bestFraction) { best = c; bestFraction = fraction; }
      }
      return best ? [best] : [];
    }
    case 'enemies': return ability.holding.length === 0 ? allTargets(f, actor, ability)
      : allTargets(f, actor, ability).filter((c) => holdsFrom(c, actor, ability.holding));
    case 'enemy': default: {
      const t = ability.holding.length === 0 ? pickTarget(f, actor, ability) : heldTarget(f, actor, ability);
      return t ? [t] : [];
    }
  }
}
