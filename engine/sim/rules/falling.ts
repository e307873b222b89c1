// Falling: going down at 0 hit points (dead, dying or stable), death saves and getting back up, a sustained ability
// kept or lost when its holder is hurt or falls, and rows closing up when the one ahead has fallen.
import type { Combatant, Side } from '../model';
import type { FightState } from '../fight-state';
import { backUpChip, closeUpChip } from './chips';
import { judge } from './checks';
import { removeConditionAt } from './conditions';
import { closeUpRows } from '../positions';
import { decide } from './rounds';
import { downCards } from './cards';
import { makeRoom } from './map';

export function goDown(f: FightState, target: Combatant, by: Combatant | null): void {
  if (!target.down) { if (target.side === 'heroes') f.standingHeroes--; else f.standingEnemies--; }
  target.down = true;
  target.fell = true;
  let state: 'down' | 'dead' | 'stable' = target.side === 'enemies' ? 'dead' : 'down';
  if (target.side === 'heroes') {
    if (!f.system.deathEnabled) state = 'stable';
    else for (const inst of target.conditions) if (inst.def.atZero) { state = inst.def.atZero; break; }
  }
  target.dead = state === 'dead';
  target.dying = state === 'down' && target.side === 'heroes';
  target.deathSuccesses = 0; target.deathFailures = 0;
  if (target.sustaining) endSustain(f, target);
  if (f.sink) f.emit(by ? { type: 'down', round: f.round, target: target.id, by: by.id, state } : { type: 'down', round: f.round, target: target.id, state });
  if (f.system.advanceRows) closeUp(f, target.side);
  f.winner = decide(f);
  if (f.cardBits !== 0) downCards(f, target, by, state);
}

/**
 * Death saves (`combat.death.save`), at the start of every round, for each dying hero: successes make it stable,
 * failures dead; a crit outcome brings it back up with 1 hit point, a botch counts two failures.
 */
export function rollDeathSaves(f: FightState): void {
  const rule = f.system.deathSave!;
  for (const c of f.combatants) {
    if (!c.dying) continue;
    const o = judge(f, rule.check, f.innerFrame, c, null, 0, c.position, null);
    if (!o) continue;
    if (o.result === 'fail') c.deathFailures += o.botch ? 2 : 1;
    else if (o.crit) { wakeUp(f, c); continue; }
    else c.deathSuccesses++;
    const state = c.deathFailures >= rule.failures ? 'dead' : c.deathSuccesses >= rule.successes ? 'stable' : null;
    if (state === null) continue;
    c.dying = false;
    c.dead = state === 'dead';
    if (f.sink) f.emit({ type: 'down', round: f.round, target: c.id, state });
  }
}

/** A dying hero back on its feet with 1 hit point (a death save's crit). */
function wakeUp(f: FightState, c: Combatant): void {
  if (c.down) { if (c.side === 'heroes') f.standingHeroes++; else f.standingEnemies++; }
  c.dying = false; c.down = false; c.deathSuccesses = 0; c.deathFailures = 0;
  const before = f.hp(c);
  f.setTrack(c, f.system.hpTrack, 1);
  if (f.sink) f.emit({ type: 'heal', round: f.round, actor: c.id, target: c.id, amount: 1 - before, track: f.system.names.tracks[f.system.hpTrack]!, chip: backUpChip(c) });
  if (f.map !== null) makeRoom(f, c);
  f.winner = decide(f);
}

/** The holder of a sustained ability took `damage`: its sustain check keeps the ability or ends it. */
export function sustainCheck(f: FightState, c: Combatant, damage: number): void {
  const rule = f.system.sustain;
  if (!rule || !c.sustaining) return;
  f.scope.damage = damage;
  const dc = f.value(rule.dc, c);
  const o = judge(f, rule.check, f.innerFrame, c, null, dc, c.position, null);
  if (o && o.result !== 'fail') {
    if (f.sink) f.emit({ type: 'sustain', round: f.round, actor: c.id, ability: c.sustaining.id, change: 'kept' });
    return;
  }
  endSustain(f, c);
}

/** The sustained ability ends, and every condition it carries with it. */
export function endSustain(f: FightState, c: Combatant): void {
  const ability = c.sustaining;
  if (!ability) return;
  c.sustaining = null;
  for (const other of f.combatants) {
    for (let i = other.conditions.length - 1; i >= 0; i--) {
      if (other.conditions[i]!.sustainer === c) removeConditionAt(f, other, i, 'ended');
    }
  }
  if (f.sink) f.emit({ type: 'sustain', round: f.round, actor: c.id, ability: ability.id, change: 'ended' });
}

/** Rows close up after someone of `side` fell (`positions.advance`). */
export function closeUp(f: FightState, side: Side): void {
  const moves = closeUpRows(f.combatants, side, f.system.rows);
  if (!f.sink) return;
  for (const m of moves) {
    f.emit({ type: 'move', round: f.round, target: m.combatant.id, from: m.from, to: m.to, chip: closeUpChip(m.combatant, m.from, m.to) });
  }
}
