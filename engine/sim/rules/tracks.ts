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
