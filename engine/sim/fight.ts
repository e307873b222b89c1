// One fight in numbers mode (spec §2.2–2.5). FightRunner is a FightState (fight-state.ts: the data) run by the rules in
// rules/: rounds (initiative, the clock), turn, targeting, checks, damage, reactions, conditions, falling (down, death
// saves, sustain), abilities, and chips (every word of the log). Generic: every rule comes from the loaded system.
import type { Combatant } from './model';
import { FightState, SimError, type FightResult } from './fight-state';
import { fightToTheEnd } from './rules/rounds';
import { act } from './rules/turn';

export { SimError, type CheckTally, type FightResult } from './fight-state';
export { GRID_NOTE } from './rules/rounds';

export class FightRunner extends FightState {
  override act(actor: Combatant): void {
    act(this, actor);
  }

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
    this.turnOf = null;
    this.pickedFor = null;
    const combatants = this.combatants;
    const writable = this.writableIndexes;
    const positions = this.entryPositions;
    for (let i = 0; i < combatants.length; i++) {
      const c = combatants[i]!;
      const def = c.def;
      const sheet = c.sheet;
      for (let j = 0; j < writable.length; j++) { const at = writable[j]!; sheet[at] = def.sheet[at]!; }
      for (let j = 0; j < c.slots.length; j++) c.slots[j] = def.slots[j] ?? 0;
      for (let j = 0; j < c.recharged.length; j++) c.recharged[j] = true;
      while (c.conditions.length !== 0) c.conditions.pop();
      while (c.conditionIds.length !== 0) c.conditionIds.pop();
      while (c.hurtBy.length !== 0) c.hurtBy.pop();
      c.position = positions[i]!;
      c.down = false; c.dead = false; c.fell = false; c.fled = false; c.initiative = 0; c.clock = 0; c.reactionsUsed = 0; c.sustaining = null;
      c.harmTaken = 0; c.damageDealt = 0; c.acted = false; c.dying = false; c.deathSuccesses = 0; c.deathFailures = 0;
      c.deferredAt = NaN; c.attackCursor = 0; c.absent = false; c.lastAttacker = null; c.provoker = null;
      while (c.harmAt.length !== 0) c.harmAt.pop();
    }
    if (this.map !== null) this.map.reset();
    this.countStanding();
  }

  run(): FightResult {
    try {
      return fightToTheEnd(this);
    } catch (err) {
      if (err instanceof SimError) throw err;
      const where = `fight '${this.fight.id}', round ${this.round}${this.current ? `, ${this.current.id}'s turn` : ''}`;
      throw new SimError(`${where}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
}
