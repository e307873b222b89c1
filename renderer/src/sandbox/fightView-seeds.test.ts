// Real engine logs of the six seed systems (every fight, several seeds) through the sandbox's fold: every check chip
// carries its result (its colour and mark), names its target when it has one, says "Influenced by" at most once, and
// no chip shows the engine's word `untyped` or a combatant's id where its name belongs.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { fightLog, loadSystem, type FightEvent, type SystemDocument } from '../../../engine/index';
import { foldEvents } from './fightView';
import { outlineOf } from '../state/sandbox.svelte';

/** A system's text with no damage type anywhere (every blow is the engine's `untyped`). */
function withoutDamageTypes(text: string): string {
  const strip = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => strip(x));
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).filter(([k]) => !(k === 'type' || (k === 'types' && key === 'damage'))).map(([k, x]) => [k, strip(x, k)]));
    }
    return v;
  };
  return JSON.stringify(strip(JSON.parse(text)));
}

const SYSTEMS = ['classic-d20', 'forged', 'hope-and-fear', 'libra', 'success-based-live-action', 'twin-dice'];
const SEEDS = [1, 7, 42, 1234];

describe('the fold of real logs', () => {
  for (const id of [...SYSTEMS, 'twin-dice with no damage types']) {
    test(`${id}: every chip of every fight reads as a table would`, () => {
      const file = readFileSync(new URL(`../../../systems/${id.split(' ')[0]}.json`, import.meta.url), 'utf8');
      const text = id.includes(' ') ? withoutDamageTypes(file) : file;
      const loaded = loadSystem(JSON.parse(text) as SystemDocument);
      if (!loaded.ok) throw new Error(`${id} does not load`);
      const outline = outlineOf(text);
      let checks = 0, targeted = 0;
      for (const fight of loaded.system.fights.keys()) {
        for (const seed of SEEDS) {
          const events: FightEvent[] = fightLog(loaded.system, fight, seed);
          const view = foldEvents(events, events.length, outline.initiativeCheck, outline.names);
          const names = new Set(view.combatants.map((c) => c.name));
          const where = (i: number) => `${id} ${fight} seed ${seed} event ${i}: ${JSON.stringify(events[i])}`;
          for (const chip of view.chips) {
            const event = events[chip.index]!;
            const words = `${chip.text} ${chip.influence ?? ''}`;
            expect(words, where(chip.index)).not.toMatch(/\buntyped\b/);
            expect((words.match(/Influenced by/g) ?? []).length, where(chip.index)).toBeLessThanOrEqual(1);
            if (chip.actor !== null) expect(names.has(chip.actor), where(chip.index)).toBe(true);
            if (event.type === 'check') {
              checks++;
              // Every check that reached one of its outcomes carries that outcome's result (one whose outcomes none held,
              // or that was not attempted, has none).
              const check = (loaded.system.checks.get(event.check) ?? loaded.system.consequences?.check)!;
              const outcome = check.outcomes.find((o) => o.id === event.outcome);
              if (outcome) expect(chip.result, where(chip.index)).toBe(outcome.result);
              else expect(chip.result, where(chip.index)).toBeNull();
              if (event.target !== null) {
                targeted++;
                expect(chip.target, where(chip.index)).toBe(view.combatants.find((c) => c.id === event.target)!.name);
              }
              expect(chip.origin, where(chip.index)).toEqual({ pointer: event.formula });
            }
            if (event.type === 'damage') expect(chip.target, where(chip.index)).toBe(view.combatants.find((c) => c.id === event.target)!.name);
          }
        }
      }
      expect(checks).toBeGreaterThan(0);
      expect(targeted).toBeGreaterThan(0);
    });
  }
});

describe('moves by ability in real logs', () => {
  test('libra and classic-d20: after every ability that moves its user, the view has the user where it went', () => {
    let seen = 0;
    for (const id of ['libra', 'classic-d20']) {
      const text = readFileSync(new URL(`../../../systems/${id}.json`, import.meta.url), 'utf8');
      const loaded = loadSystem(JSON.parse(text) as SystemDocument);
      if (!loaded.ok) throw new Error(`${id} does not load`);
      const outline = outlineOf(text);
      for (const fight of loaded.system.fights.keys()) {
        for (const seed of SEEDS) {
          const events: FightEvent[] = fightLog(loaded.system, fight, seed);
          events.forEach((e, i) => {
            if (e.type !== 'ability') return;
            const to = outline.names.moves?.get(e.ability);
            if (to === undefined) return;
            const view = foldEvents(events, i + 1, outline.initiativeCheck, outline.names);
            expect(view.combatants.find((c) => c.id === e.actor)?.position, `${id} ${fight} seed ${seed} event ${i}`).toBe(to);
            seen++;
          });
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
