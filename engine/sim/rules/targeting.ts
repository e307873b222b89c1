// Targeting: whom an attack or an ability may reach (`combat.canTarget`) and whom it picks: the reachable foe with the
// fewest hit points unless a focus names one, every reachable foe, the most hurt ally, or an ally holding a cure's
// condition.
import type { AbilityDef, Combatant } from '../model';
import type { FightState } from '../fight-state';

function canTarget(f: FightState, actor: Combatant, target: Combatant, reach: string): boolean {
  const rule = f.system.canTarget;
  if (!rule) return true;
  const s = f.scope;
  s.self = actor; s.attacker = actor; s.target = target; s.melee = reach === 'near';
  return f.truth(rule);
}

/** The reachable foe with the fewest hit points, unless the actor's focus names one (an id, id prefix or role). */
export function pickTarget(f: FightState, actor: Combatant, reach: string): Combatant | null {
  let best: Combatant | null = null;
  let bestHp = Infinity;
  let focused: Combatant | null = null;
  const focus = actor.def.focus;
  const foes = actor.side === 'heroes' ? f.enemiesList : f.heroesList;
  const rule = f.system.canTarget;
  const hpIndex = f.hpIndex;
  for (let i = 0; i < foes.length; i++) {
    const c = foes[i]!;
    if (c.down) continue;
    if (rule !== null && !canTarget(f, actor, c, reach)) continue;
    if (focus && focus !== 'lowest-hp' && !focused && (c.id === focus || c.id.startsWith(`${focus}-`) || c.role === focus || c.def.key === focus)) focused = c;
    const hp = c.sheet[hpIndex]!;
    if (hp < bestHp) { best = c; bestHp = hp; }
  }
  return focused ?? best;
}

export function allTargets(f: FightState, actor: Combatant, reach: string): Combatant[] {
  return f.combatants.filter((c) => !c.down && c.side !== actor.side && canTarget(f, actor, c, reach));
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
    case 'enemies': return allTargets(f, actor, ability.reach);
    case 'enemy': default: {
      const t = pickTarget(f, actor, ability.reach);
      return t ? [t] : [];
    }
  }
}
