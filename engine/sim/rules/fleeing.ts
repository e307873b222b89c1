// Fleeing: one running away (a condition with `flees`, Libra's Run) leaves the fight at the start of its next turn if
// it still stands. The fled no longer act, react or can be targeted, rows close up behind them, and they count
// neither as standing nor as down: a side with nobody left standing in the fight has lost it.
import type { Combatant } from '../model';
import type { FightState } from '../fight-state';
import { fleeChip } from './chips';
import { closeUp, endSustain } from './falling';
import { decide } from './rounds';

/** At the start of its turn: whether `c` holds a condition that runs away, and so has left the fight now. */
export function fleesNow(f: FightState, c: Combatant): boolean {
  let runs = false;
  for (const inst of c.conditions) if (inst.def.flees) { runs = true; break; }
  if (!runs || c.down) return false;
  if (c.side === 'heroes') f.standingHeroes--; else f.standingEnemies--;
  c.down = true;
  c.fled = true;
  if (c.sustaining) endSustain(f, c);
  if (f.sink) f.emit({ type: 'flee', round: f.round, target: c.id, position: c.position, chip: fleeChip(c) });
  if (f.system.advanceRows) closeUp(f, c.side);
  f.winner = decide(f);
  return true;
}
