// Consequences mode (spec §2.8): only heroes roll, and the result is read on both sides. Success deals the effect's
// harm levels to the foe (a crit one more), partial deals them and costs the hero the position's harm, fail only
// costs the hero. A hero's harm level h costs levels[h-1] of its maximum hit points (rounded up); an enemy falls
// after its template's harm levels. Every roll is tallied under the check id `consequences`.
import { FightRunner } from './fight';
import type { FightState } from './fight-state';
import type { Combatant } from './model';
import type { Reaching } from './map/types';
import { judge } from './rules/checks';
import { goDown } from './rules/falling';
import { pickTarget } from './rules/targeting';

const NEAR: Reaching = { reach: 'near', span: null };

export class ConsequencesRunner extends FightRunner {
  override act(actor: Combatant): void {
    const rules = this.system.consequences;
    if (!rules || actor.side !== 'heroes') return; // enemies do not roll
    const target = pickTarget(this, actor, actor.def.attacks[0] ?? NEAR);
    if (!target) return;
    const outcome = judge(this, rules.check, this.blowFrame, actor, target, 0, actor.def.attacks[0]?.reach ?? 'near', null);
    if (!outcome) return;
    const effect = rules.effect.get(actor.def.consequenceEffect ?? this.fight.effect) ?? 0;
    const positionHarm = rules.position.get(actor.def.consequencePosition ?? this.fight.position) ?? 0;
    if (outcome.result === 'success' || outcome.result === 'partial') {
      harmEnemy(this, actor, target, effect + (this.blowFrame.crit && outcome.result === 'success' ? 1 : 0));
    }
    if (outcome.result === 'partial' || outcome.result === 'fail') harmHero(this, target, actor, positionHarm);
  }
}

function harmEnemy(f: FightState, actor: Combatant, target: Combatant, levels: number): void {
  if (levels <= 0 || target.down) return;
  target.harmTaken += levels;
  actor.damageDealt += levels;
  if (f.sink) f.emit({ type: 'harm', round: f.round, actor: actor.id, target: target.id, levels, amount: levels });
  if (target.harmTaken >= target.def.harm) goDown(f, target, actor);
}

function harmHero(f: FightState, source: Combatant, hero: Combatant, level: number): void {
  const rules = f.system.consequences!;
  if (level <= 0 || hero.down || rules.harmLevels.length === 0) return;
  level = Math.min(level, rules.harmLevels.length);
  // `harm.slots`: a level already full passes the harm one level up (past the list a level holds any number).
  const slots = rules.harmSlots;
  if (slots.length !== 0) {
    while (level <= slots.length && level < rules.harmLevels.length && (hero.harmAt[level - 1] ?? 0) >= slots[level - 1]!) level++;
    hero.harmAt[level - 1] = (hero.harmAt[level - 1] ?? 0) + 1;
  }
  const fraction = rules.harmLevels[level - 1]!;
  const track = f.system.hpTrack;
  const max = hero.sheet[f.system.trackMax[track]!]!;
  const amount = Math.ceil(fraction * max - 1e-9);
  const before = f.hp(hero);
  const after = Math.max(0, before - amount);
  if (after !== before) f.setTrack(hero, track, after);
  source.damageDealt += before - after;
  if (f.sink) f.emit({ type: 'harm', round: f.round, actor: source.id, target: hero.id, levels: level, amount: before - after });
  if (after <= 0) goDown(f, hero, source);
}
