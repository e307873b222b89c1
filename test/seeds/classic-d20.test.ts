// Worked examples of `fights-under-your-rules.pt.txt` (rules-format.md) on the real systems/classic-d20.json,
// fought by the real engine. Each test searches seeded fights for the situation it needs and asserts the rule held
// every time it came up (and that it did come up).
import { describe, expect, test } from 'vitest';
import { composeFight, fightLog, type FightEvent } from '../../engine/sim/index';
import { eventsOf, loadRuntime, systemDocument, withFights } from './harness';

const doc = systemDocument('classic-d20');
const system = loadRuntime(doc);

function adHoc(spec: Parameters<typeof composeFight>[1]) {
  const composed = composeFight(system, spec);
  if (!composed.ok) throw new Error(composed.error);
  return composed.fight;
}

function logs(fight: ReturnType<typeof adHoc> | string, seeds: number, sys = system): FightEvent[][] {
  return Array.from({ length: seeds }, (_, i) => fightLog(sys, fight, i + 1));
}

/** Events of one actor's turn: from its `turn` event to the next `turn` or `round`. */
function turnsOf(events: readonly FightEvent[], actor: string): FightEvent[][] {
  const turns: FightEvent[][] = [];
  let current: FightEvent[] | null = null;
  for (const e of events) {
    if (e.type === 'turn' || e.type === 'round' || e.type === 'fightEnd') {
      current = e.type === 'turn' && e.actor === actor ? [] : null;
      if (current) turns.push(current);
      continue;
    }
    current?.push(e);
  }
  return turns;
}

describe('classic d20: the seed examples', () => {
  test('the attack chip reads d20 (14) + 3 Strength + 2 prof = 19 vs 13 · Hit (fighter 1, Strength 16, against defence 13)', () => {
    // A tier-2 minion's defence is 11 + 2 = 13; the level-1 fighter strikes with Strength (+3) and proficiency (+2).
    const fight = adHoc({ heroes: ['fighter1'], enemies: [{ template: { role: 'minion', tier: 2 }, count: 3 }] });
    const chips = logs(fight, 200)
      .flatMap((l) => eventsOf(l, 'check'))
      .filter((c) => c.actor === 'fighter1' && c.check === 'attack' && c.dice.length === 1 && c.dice[0] === 14);
    expect(chips.length).toBeGreaterThan(0);
    for (const c of chips) expect(c.chip).toBe('d20 (14) + 3 Strength + 2 prof = 19 vs 13 · Hit');
  });

  test('Extra Attack: a level-5 fighter makes two attacks per Action, a level-11 fighter three', () => {
    for (const [hero, perAction] of [['fighter5', 2], ['fighter11', 3]] as const) {
      const fight = adHoc({ heroes: [hero], enemies: [{ template: { role: 'boss', tier: 6 } }] });
      for (const events of logs(fight, 20)) {
        for (const turn of turnsOf(events, hero)) {
          if (turn.some((e) => e.type === 'ability') || turn.some((e) => e.type === 'fightEnd')) continue;
          const attacks = eventsOf(turn, 'check').filter((c) => c.check === 'attack' && c.actor === hero);
          if (attacks.length) expect(attacks).toHaveLength(perAction);
        }
      }
    }
  });

  test("Action Surge grants a second Action whose attacks are really rolled (fighter 5: 2 + 2 attacks)", () => {
    const fight = adHoc({ heroes: ['fighter5'], enemies: [{ template: { role: 'boss', tier: 6 } }] });
    let surges = 0;
    let foughtTurns = 0;
    for (const events of logs(fight, 30)) {
      if (turnsOf(events, 'fighter5').length > 0) foughtTurns++;
      for (const turn of turnsOf(events, 'fighter5')) {
        if (!eventsOf(turn, 'ability').some((a) => a.ability === 'action-surge')) continue;
        if (eventsOf(turn, 'down').length) continue;
        surges++;
        const attacks = eventsOf(turn, 'check').filter((c) => c.check === 'attack' && c.actor === 'fighter5');
        expect(attacks).toHaveLength(4);
        for (const a of attacks) expect(a.dice).toHaveLength(1);
      }
    }
    // Once per fight, on the fighter's first turn (the order says so and the track holds one use).
    expect(foughtTurns).toBeGreaterThan(20);
    expect(surges).toBe(foughtTurns);
  });

  test('NO TIME: attacks past the turn budget in a scripted turn are marked and do not happen', () => {
    const scripted = withFights(doc, [
      { id: 'scripted', heroes: [{ hero: 'fighter1', plan: ['attack', 'attack', 'attack'] } as never], enemies: [{ template: { role: 'boss', tier: 6 }, conditions: ['stunned'] }], maxRounds: 1 },
      { id: 'scripted5', heroes: [{ hero: 'fighter5', plan: ['attack', 'attack', 'attack'] } as never], enemies: [{ template: { role: 'boss', tier: 6 }, conditions: ['stunned'] }], maxRounds: 1 },
    ]);
    const sys = loadRuntime(scripted);
    for (const [fight, hero, rolled] of [['scripted', 'fighter1', 1], ['scripted5', 'fighter5', 2]] as const) {
      const events = fightLog(sys, fight, 7);
      const attacks = eventsOf(events, 'check').filter((c) => c.actor === hero && c.check === 'attack');
      const noTime = eventsOf(events, 'noTime').filter((n) => n.actor === hero);
      expect(attacks).toHaveLength(rolled);
      expect(noTime.map((n) => n.attack)).toEqual(Array.from({ length: 3 - rolled }, (_, i) => rolled + i + 1));
    }
  });

  test('a faster enemy strikes first, and a hero it drops never acts', () => {
    // A lone level-1 wizard against a tier-6 boss: whoever rolls higher initiative goes first, every round.
    const fight = adHoc({ heroes: ['wizard1'], enemies: [{ template: { role: 'boss', tier: 6 } }] });
    let droppedFirst = 0;
    for (const events of logs(fight, 60)) {
      const init = new Map(eventsOf(events, 'check').filter((c) => c.check === 'initiative').map((c) => [c.actor, c.total]));
      const turns = eventsOf(events, 'turn').filter((t) => t.round === 1).map((t) => t.actor);
      const order = [...turns];
      const sorted = [...order].sort((a, b) => (init.get(b) ?? 0) - (init.get(a) ?? 0) || (a === 'wizard1' ? -1 : 1));
      expect(order).toEqual(sorted);
      const down = eventsOf(events, 'down').find((d) => d.target === 'wizard1');
      if (down && down.round === 1 && (init.get('boss-1') ?? 0) > (init.get('wizard1') ?? 0)) {
        droppedFirst++;
        const after = events.slice(events.indexOf(down));
        expect(after.some((e) => (e.type === 'turn' || e.type === 'check' || e.type === 'ability') && 'actor' in e && e.actor === 'wizard1')).toBe(false);
      }
    }
    expect(droppedFirst).toBeGreaterThan(0);
  });

  test('Shield (+5 defence as a reaction) turns a hit into a miss: no damage follows', () => {
    const fight = adHoc({ heroes: ['fighter5', 'wizard5'], enemies: [{ template: { role: 'standard', tier: 3 }, count: 3 }] });
    let shields = 0;
    for (const events of logs(fight, 40)) {
      events.forEach((e, i) => {
        if (e.type !== 'reaction' || e.ability !== 'shield') return;
        shields++;
        const hit = events.slice(0, i).reverse().find((x) => x.type === 'check' && x.check === 'attack');
        expect(hit && hit.type === 'check' && hit.target).toBe('wizard5');
        if (!hit || hit.type !== 'check' || hit.vs === null) return;
        // Within Shield's 5: the order fired; the same roll is judged again against defence + 5.
        expect(hit.total - hit.vs).toBeLessThan(5);
        expect(e.chip).toBe(`Shield: defence ${hit.vs + 5} · Miss`);
        const next = events[i + 1];
        expect(next?.type === 'damage' && next.target === 'wizard5').toBe(false);
      });
    }
    expect(shields).toBeGreaterThan(0);
  });

  test('concentration: a failed Constitution save on being hurt ends Hold Person, and the paralysis with it', () => {
    const fight = adHoc({ heroes: ['fighter5', 'wizard5'], enemies: [{ template: { role: 'standard', tier: 3 }, count: 3 }] });
    let lost = 0;
    for (const events of logs(fight, 40)) {
      events.forEach((e, i) => {
        if (e.type !== 'check' || e.check !== 'sustain') return;
        const damage = events.slice(0, i).reverse().find((x) => x.type === 'damage');
        expect(damage?.type === 'damage' && damage.target === 'wizard5' && damage.amount > 0).toBe(true);
        if (damage?.type === 'damage') expect(e.vs).toBe(Math.max(10, Math.floor(damage.amount / 2)));
        if (e.outcome !== 'lost') return;
        lost++;
        const after = events.slice(i + 1, i + 4);
        expect(after.some((x) => x.type === 'sustain' && x.ability === 'hold-person' && x.change === 'ended')).toBe(true);
        const held = new Set<string>();
        for (const x of events.slice(0, i)) {
          if (x.type === 'condition' && x.condition === 'paralyzed') x.change === 'applied' ? held.add(x.target) : held.delete(x.target);
        }
        for (const target of held) {
          expect(after.some((x) => x.type === 'condition' && x.condition === 'paralyzed' && x.target === target && x.change === 'ended')).toBe(true);
        }
      });
    }
    expect(lost).toBeGreaterThan(0);
  });

  test('paralyzed: attacks against it have advantage, and a hit from near is a crit', () => {
    const fight = adHoc({
      heroes: ['fighter5'],
      enemies: [{ template: { role: 'elite', tier: 2 }, count: 2, conditions: ['paralyzed'] }],
    });
    let hits = 0;
    for (const events of logs(fight, 30)) {
      const held = new Set(['elite-1', 'elite-2']);
      for (const e of events) {
        if (e.type === 'condition' && e.condition === 'paralyzed' && e.change !== 'applied') held.delete(e.target);
        if (e.type !== 'check' || e.check !== 'attack' || !e.target || !held.has(e.target)) continue;
        expect(e.dice).toHaveLength(2); // advantage: 2d20kh1
        expect(e.influencedBy.join(' · ')).toContain('Paralyzed');
        if (e.outcome === 'miss' || e.outcome === 'fumble' || e.actor !== 'fighter5') continue;
        // A hit from near is a crit: the longsword's dice are doubled (1d8 + 3 → 2d8 + 3).
        hits++;
        const damage = events.slice(events.indexOf(e) + 1).find((x) => x.type === 'damage' && x.actor === 'fighter5');
        expect(damage?.type === 'damage' && damage.chip).toMatch(/^2d8 \(\d+, \d+\)/);
      }
    }
    expect(hits).toBeGreaterThan(0);
  });

  test("prone: advantage for attackers near, disadvantage for attackers far, and the prone one's own attacks at disadvantage", () => {
    const fight = adHoc({
      heroes: [{ hero: 'fighter5', position: 'near' }, { hero: 'wizard1', position: 'far' }],
      enemies: [{ template: { role: 'elite', tier: 3 }, count: 1, conditions: ['prone'] }],
    });
    let near = 0;
    let far = 0;
    let own = 0;
    for (const events of logs(fight, 30)) {
      for (const e of eventsOf(events, 'check')) {
        if (e.check !== 'attack') continue;
        const influence = e.influencedBy.join(' · ');
        if (e.actor === 'fighter5') { near++; expect(e.dice).toHaveLength(2); expect(influence).toMatch(/Prone \(near\): advantage/); }
        if (e.actor === 'wizard1') { far++; expect(e.dice).toHaveLength(2); expect(influence).toMatch(/Prone \(far\): disadvantage/); }
        if (e.actor === 'elite-1') { own++; expect(e.dice).toHaveLength(2); expect(influence).toMatch(/Prone: disadvantage/); }
      }
    }
    expect(near).toBeGreaterThan(0);
    expect(far).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(0);
  });

  test('Burning Hands: one damage roll, each enemy saves, half on a success', () => {
    const fight = adHoc({ heroes: ['wizard5'], enemies: [{ template: { role: 'standard', tier: 1 }, count: 3 }] });
    let halves = 0;
    for (const events of logs(fight, 20)) {
      events.forEach((e, i) => {
        if (e.type !== 'ability' || e.ability !== 'burning-hands') return;
        const damages = eventsOf(events.slice(i + 1, i + 1 + 3 * e.targets.length), 'damage').filter((d) => d.actor === 'wizard5');
        // The chip names the one roll: `3d6 (2, 2, 5) = 9 (saved: half) fire`.
        const rolls = damages.map((d) => Number(/= (\d+)/.exec(d.chip)?.[1]));
        expect(new Set(rolls).size).toBe(1);
        for (const [k, d] of damages.entries()) {
          const save = events.slice(i, events.indexOf(d)).reverse().find((x) => x.type === 'check' && x.check === 'save.dex');
          expect(save?.type === 'check' && save.actor).toBe(d.target);
          if (save?.type === 'check' && save.outcome === 'saved') { halves++; expect(d.amount).toBe(Math.floor(rolls[k]! / 2)); }
          else expect(d.amount).toBe(rolls[k]);
        }
      });
    }
    expect(halves).toBeGreaterThan(0);
  });
});
