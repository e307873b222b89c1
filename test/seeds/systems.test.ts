// Every seed system: checks clean, loads into the engine, and fights each of its (at least three) sample fights.
import { describe, expect, test } from 'vitest';
import { checkSystem } from '../../engine/schema/check';
import { simulate } from '../../engine/sim/index';
import { loadRuntime, systemDocument, systemText } from './harness';

const SYSTEMS = ['classic-d20', 'libra', 'success-based-live-action', 'forged', 'hope-and-fear', 'twin-dice'] as const;

describe.each(SYSTEMS)('%s', (id) => {
  const doc = systemDocument(id);

  test('checks clean, points at ../schemas/system.schema.json, and names itself after its file', () => {
    expect(checkSystem(systemText(id)).diagnostics).toEqual([]);
    expect(doc.$schema).toBe('../schemas/system.schema.json');
    expect(doc.id).toBe(id);
  });

  test('has at least three sample fights, each of which runs to an end', () => {
    const system = loadRuntime(doc);
    expect((doc.fights ?? []).length).toBeGreaterThanOrEqual(3);
    for (const fight of doc.fights ?? []) {
      const stats = simulate(system, fight.id, { fights: 50, seed: 11 });
      expect(stats.wins.heroes + stats.wins.enemies + stats.wins.draw).toBe(50);
      expect(stats.rounds.max).toBeLessThanOrEqual(fight.maxRounds ?? 100);
    }
  });
});
