// Checks of a fight's event log shared by the property tests (engine/sim/properties.test.ts on the fixture,
// test/seeds/random-fights.property.test.ts on the six seed systems).
import { expect } from 'vitest';
import type { FightEvent } from '../engine/sim/index';

/**
 * Replays a log's hit points: each damage event's `hp` must be the last known hit points less its amount, and
 * nothing may raise them but a heal or regeneration event. Harm (consequences mode) takes hit points from heroes only;
 * an enemy's harm is counted in levels. `dealt` hears what each blow took, as the engine counts a combatant's damage
 * dealt: the hit points a damage event removed, or a harm event's amount.
 */
export function checkHitPoints(events: readonly FightEvent[], hpTrack: string, dealt?: (actor: string, amount: number) => void): void {
  const hp = new Map<string, number>();
  const heroes = new Set<string>();
  for (const e of events) {
    switch (e.type) {
      case 'fightStart':
        for (const c of e.combatants) { hp.set(c.id, c.hp); if (c.side === 'heroes') heroes.add(c.id); }
        break;
      case 'damage':
        expect(e.amount, JSON.stringify(e)).toBeGreaterThanOrEqual(0);
        expect(e.hp, JSON.stringify(e)).toBe(Math.max(0, hp.get(e.target)! - e.amount));
        dealt?.(e.actor, hp.get(e.target)! - e.hp);
        hp.set(e.target, e.hp);
        break;
      case 'harm':
        expect(e.amount, JSON.stringify(e)).toBeGreaterThanOrEqual(0);
        dealt?.(e.actor, e.amount);
        if (heroes.has(e.target)) hp.set(e.target, Math.max(0, hp.get(e.target)! - e.amount));
        break;
      case 'heal':
        expect(e.amount, JSON.stringify(e)).toBeGreaterThanOrEqual(0);
        if (e.track === hpTrack) hp.set(e.target, hp.get(e.target)! + e.amount);
        break;
      case 'regenerate':
        hp.set(e.target, hp.get(e.target)! + e.amount);
        break;
      case 'gain':
        if (e.track === hpTrack) {
          expect(e.value, JSON.stringify(e)).toBe(hp.get(e.target)! + e.amount);
          hp.set(e.target, e.value);
        }
        break;
      default:
        break;
    }
  }
}
