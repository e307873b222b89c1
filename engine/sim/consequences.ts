// Consequences mode (spec §2.8): only heroes roll, and the result is read on both sides. Success deals the effect's
// harm levels to the foe (a crit one more), partial deals them and costs the hero the position's harm, fail only
// costs the hero. A hero's harm level h costs levels[h-1] of its maximum hit points (rounded up); an enemy falls
// after its template's harm levels. Every roll is tallied under the check id `consequences`.
import type { EventSink } from './events';
import { FightRunner, type CheckTally } from './fight';
import type { Combatant, FightDef, System } from './model';

export class ConsequencesRunner extends FightRunner {
  constructor(system: System, fight: FightDef, seed: number, sink: EventSink | null = null, tally: CheckTally | null = null) {
    super(system, fight, seed, sink, tally);
  }

  protected override act(actor: Combatant): void {
    const rules = this.system.consequences;
    if (!rules || actor.side !== 'heroes') return; // enemies do not roll
    const target = this.pickTarget(actor, actor.def.attacks[0]?.reach ?? 'near', null);
    if (!target) return;
    const outcome = this.judge(rules.check, this.blowSlot, actor, target, 0, actor.def.attacks[0]?.reach ?? 'near', null);
    if (!outcome) return;
    const effect = rules.effect.get(actor.def.consequenceEffect ?? this.fight.effect) ?? 0;
    const positionHarm = rules.position.get(actor.def.consequencePosition ?? this.fight.position) ?? 0;
    if (outcome.result === 'success' || outcome.result === 'partial') {
      this.harmEnemy(actor, target, effect + (this.blowSlot.crit && outcome.result === 'success' ? 1 : 0));
    }
    if (outcome.result === 'partial' || outcome.result === 'fail') this.harmHero(target, actor, positionHarm);
  }

  private harmEnemy(actor: Combatant, target: Combatant, levels: number): void {
    if (levels <= 0 || target.down) return;
    target.harmTaken += levels;
    actor.damageDealt += levels;
    if (this.sink) this.sink({ type: 'harm', round: this.round, actor: actor.id, target: target.id, levels, amount: levels });
    if (target.harmTaken >= target.def.harm) this.goDown(target, actor);
  }

  private harmHero(source: Combatant, hero: Combatant, level: number): void {
    const rules = this.system.consequences!;
    if (level <= 0 || hero.down || rules.harmLevels.length === 0) return;
    const fraction = rules.harmLevels[Math.min(level, rules.harmLevels.length) - 1]!;
    const track = this.system.hpTrack;
    const max = hero.sheet[this.system.trackMax[track]!]!;
    const amount = Math.ceil(fraction * max - 1e-9);
    const before = this.hp(hero);
    const after = Math.max(0, before - amount);
    if (after !== before) this.setTrack(hero, track, after);
    source.damageDealt += before - after;
    if (this.sink) this.sink({ type: 'harm', round: this.round, actor: source.id, target: hero.id, levels: level, amount: before - after });
    if (after <= 0) this.goDown(hero, source);
  }
}
