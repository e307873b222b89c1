// Track gains: what an outcome, an ability or a reaction adds to (or takes from) its holder's tracks (`gain`), kept
// within 0 and the maximum, each change a `gain` event; a gain that empties the hit points puts its holder down.
import type { Combatant, TrackGain } from '../model';
import type { FightState } from '../fight-state';
import { gainChip } from './chips';
import { goDown } from './falling';

/** Each of `gains` on `holder`, its amounts evaluated on the holder (a fall they cause names nobody as its cause). */
export function gainTracks(f: FightState, holder: Combatant, gains: readonly TrackGain[]): void {
  for (let i = 0; i < gains.length; i++) {
    const g = gains[i]!;
    if (holder.down) return;
    const change = f.gainTrack(holder, g.track, f.value(g.amount, holder));
    if (change === 0) continue;
    const value = holder.sheet[f.system.trackCurrent[g.track]!]!;
    if (f.sink) {
      const track = f.system.names.tracks[g.track]!;
      f.emit({ type: 'gain', round: f.round, target: holder.id, track, amount: change, value, chip: gainChip(holder, track, change, value) });
    }
    if (g.track === f.system.hpTrack && value <= 0) goDown(f, holder, null);
  }
}

/** Whether `holder` has every amount of `costs` in its tracks (each evaluated on it, with the scope as it stands). */
export function canPayTracks(f: FightState, holder: Combatant, costs: readonly TrackGain[]): boolean {
  for (let i = 0; i < costs.length; i++) {
    const c = costs[i]!;
    if (holder.sheet[f.system.trackCurrent[c.track]!]! < f.value(c.amount, holder)) return false;
  }
  return true;
}

/** `costs` taken from the holder's tracks, each change a `gain` event (negative); emptied hit points put it down. */
export function payTracks(f: FightState, holder: Combatant, costs: readonly TrackGain[]): void {
  for (let i = 0; i < costs.length; i++) {
    const c = costs[i]!;
    if (holder.down) return;
    const change = f.gainTrack(holder, c.track, -f.value(c.amount, holder));
    if (change === 0) continue;
    const value = holder.sheet[f.system.trackCurrent[c.track]!]!;
    if (f.sink) {
      const track = f.system.names.tracks[c.track]!;
      f.emit({ type: 'gain', round: f.round, target: holder.id, track, amount: change, value, chip: gainChip(holder, track, change, value) });
    }
    if (c.track === f.system.hpTrack && value <= 0) goDown(f, holder, null);
  }
}

/** Hit points `taken` by damage of `type`, added to each track that counts that type (`tracks.<id>.counts`). */
export function countDamage(f: FightState, target: Combatant, type: string, taken: number): void {
  const counted = f.system.countedTracks;
  for (let i = 0; i < counted.length; i++) {
    const c = counted[i]!;
    if (!c.types.includes(type)) continue;
    const change = f.gainTrack(target, c.track, taken);
    if (change === 0 || !f.sink) continue;
    const value = target.sheet[f.system.trackCurrent[c.track]!]!;
    const track = f.system.names.tracks[c.track]!;
    f.emit({ type: 'gain', round: f.round, target: target.id, track, amount: change, value, chip: gainChip(target, track, change, value) });
  }
}
