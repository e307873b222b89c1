// A partial reroll (`react.keep`, issue 22 item 9: a push): a `react.on: "roll"` decision that rolls the check again
// but keeps the dice of the first roll showing the faces it names, each in its place in the pool, optionally only
// those of one tagged term; and `@roll.<Tag>.faces`, the dice of a tagged term, for an outcome that reads a pool's
// base dice apart from its skill dice. On the fixture mini-d20, a gambler rolls a pool at a post of defence 1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ability, SystemDocument } from '../schema/document';
import { checkSystem } from '../schema/check';
import { fightLog, type FightEvent, type System } from './index';
import { loadOrThrow, miniD20 } from '../../test/fixtures/mini-d20';
import { fuzz } from '../../test/fuzz';

interface Options {
  readonly roll: string;
  readonly keep?: readonly { faces: number[]; tag?: string }[] | null;
  readonly when?: string;
  readonly outcomes?: readonly Record<string, unknown>[];
  readonly checks?: readonly string[];
}

function system({ roll, keep = [{ faces: [6] }], when = '@total < @vs', outcomes, checks = ['attack'] }: Options): SystemDocument {
  const doc = miniD20();
  const push = { id: 'push', name: 'Push', uses: 'reaction', react: { on: 'roll', checks, ...(keep ? { keep } : {}) } };
  return {
    ...doc,
    checks: {
      ...doc.checks,
      attack: {
        roll,
        outcomes: outcomes ?? [
          { id: 'hit', when: '@total >= @vs', result: 'success' },
          { id: 'miss', when: 'true', result: 'fail' },
        ],
      },
    },
    abilities: [...(doc.abilities ?? []), ...(keep !== null ? [push as unknown as Ability] : [])],
    heroes: [{
      id: 'gambler', name: 'Gambler', level: 1, attributes: { con: 100, dex: 10 },
      weapon: { name: 'Knife', damage: '0', stat: '0', reach: 'near' },
      ...(keep !== null ? { abilities: ['push'], orders: [{ use: 'push', when }] } : {}),
    }],
    bestiary: [{ id: 'post', name: 'Post', defence: 1, hp: 1000, attacks: [{ id: 'none', name: 'Nothing', bonus: -100, damage: '0' }] }],
    fights: [{ id: 'practice', heroes: ['gambler'], enemies: [{ bestiary: 'post' }], maxRounds: 20 }],
  } as unknown as SystemDocument;
}

type Check = Extract<FightEvent, { type: 'check' }>;
type Reaction = Extract<FightEvent, { type: 'reaction' }>;

/** Each push of the gambler with the check event that follows it (the roll that stands). */
function pushes(events: readonly FightEvent[]): { push: Reaction; after: Check }[] {
  const out: { push: Reaction; after: Check }[] = [];
  events.forEach((e, i) => {
    if (e.type !== 'reaction' || e.on !== 'roll') return;
    out.push({ push: e, after: events.slice(i + 1).find((x): x is Check => x.type === 'check')! });
  });
  return out;
}

const attacks = (events: readonly FightEvent[]): Check[] =>
  events.filter((e): e is Check => e.type === 'check' && e.actor === 'gambler' && e.check === 'attack');

function rate(s: System, fights: number, outcome = 'hit'): { k: number; n: number } {
  let k = 0, n = 0;
  for (let seed = 0; seed < fights; seed++) for (const a of attacks(fightLog(s, 'practice', seed))) { n++; if (a.outcome === outcome) k++; }
  return { k, n };
}

const within = ({ k, n }: { k: number; n: number }, p: number) =>
  expect(Math.abs(k - n * p), `${k}/${n} against ${p}`).toBeLessThan(4.5 * Math.sqrt(n * p * (1 - p)));

describe('a partial reroll (`react.keep`)', () => {
  it('keeps each die that showed a kept face, in its place, and rolls the others anew; the event says which', () => {
    // Pushing every roll of 4d6cs>=6, keeping sixes and ones: those stay where they were.
    const s = loadOrThrow(system({ roll: '4d6cs>=6', keep: [{ faces: [6, 1] }], when: 'true' }));
    let changed = 0, seen = 0;
    for (let seed = 0; seed < 40; seed++) {
      for (const { push, after } of pushes(fightLog(s, 'practice', seed))) {
        expect(push.dice).toHaveLength(4);
        expect(push.kept).toEqual(push.dice!.map((d) => d === 6 || d === 1));
        expect(after.dice).toHaveLength(4);
        push.dice!.forEach((d, i) => {
          if (push.kept![i]) expect(after.dice[i]).toBe(d);
          else { seen++; if (after.dice[i] !== d) changed++; }
        });
        const stayed = push.dice!.filter((_, i) => push.kept![i]);
        expect(push.chip).toBe(`Push, keeping ${stayed.length ? stayed.join(', ') : 'none'}: ${push.dice!.filter((d) => d === 6).length} → ${after.total} · ${after.outcomeName ?? after.outcome}`);
      }
    }
    // A die rolled anew shows another face than its first 5 times in 6.
    expect(seen).toBeGreaterThan(300);
    within({ k: changed, n: seen }, 5 / 6);
  });

  it('a push of every miss of 3d6cs>=6 keeping the ones: hits 1 - (5/6)^3 (13/15)^3 of the time', () => {
    // A miss has no six; each of its dice is a one 1 time in 5 (kept, still no six) or rerolled (a six 1 time in 6).
    const s = loadOrThrow(system({ roll: '3d6cs>=6', keep: [{ faces: [1] }] }));
    within(rate(s, 400), 1 - (5 / 6) ** 3 * (13 / 15) ** 3);
  });

  it('without `keep` the same decision rerolls everything: 1 - (5/6)^6', () => {
    const doc = system({ roll: '3d6cs>=6', keep: [{ faces: [1] }] });
    const push = (doc.abilities ?? []).find((a) => a.id === 'push')!;
    const whole = { ...doc, abilities: [...(doc.abilities ?? []).filter((a) => a !== push), { ...push, react: { on: 'roll', checks: ['attack'], reroll: true } }] } as SystemDocument;
    within(rate(loadOrThrow(whole), 400), 1 - (5 / 6) ** 6);
  });

  it('an entry with `tag` keeps only the dice of that term: the base dice keep their ones, the skill dice do not', () => {
    const s = loadOrThrow(system({
      roll: '3d6cs>=6[Base] + 3d6cs>=6[Skill]',
      keep: [{ faces: [6] }, { tag: 'Base', faces: [1] }], when: 'true',
    }));
    let skillOnes = 0, skillOnesRerolled = 0;
    for (let seed = 0; seed < 60; seed++) {
      for (const { push, after } of pushes(fightLog(s, 'practice', seed))) {
        push.dice!.forEach((d, i) => {
          const base = i < 3;
          expect(push.kept![i]).toBe(d === 6 || (base && d === 1));
          if (push.kept![i]) expect(after.dice[i]).toBe(d);
          if (!base && d === 1) { skillOnes++; if (after.dice[i] !== 1) skillOnesRerolled++; }
        });
      }
    }
    expect(skillOnes).toBeGreaterThan(50);
    expect(skillOnesRerolled).toBeGreaterThan(skillOnes / 2);
  });

  it('a Fate die keeps its face (the draw comes back, not the face): 4dF keeping the pluses', () => {
    const s = loadOrThrow(system({ roll: '4dF', keep: [{ faces: [1] }], when: 'true' }));
    let kept = 0;
    for (let seed = 0; seed < 30; seed++) {
      for (const { push, after } of pushes(fightLog(s, 'practice', seed))) {
        push.dice!.forEach((d, i) => { if (d === 1) { kept++; expect(after.dice[i]).toBe(1); } });
        for (const d of after.dice) expect([-1, 0, 1]).toContain(d);
      }
    }
    expect(kept).toBeGreaterThan(50);
  });

  it('exploding dice keep their places: a kept 6 of 2d6! explodes again into the die after it', () => {
    const s = loadOrThrow(system({ roll: '2d6!', keep: [{ faces: [6] }], when: 'true', outcomes: [{ id: 'hit', when: 'true', result: 'success' }] }));
    let kept = 0;
    for (let seed = 0; seed < 60; seed++) {
      for (const { push, after } of pushes(fightLog(s, 'practice', seed))) {
        push.dice!.forEach((d, i) => { if (d === 6) { kept++; expect(after.dice[i]).toBe(6); expect(after.dice.length).toBeGreaterThan(i + 1); } });
      }
    }
    expect(kept).toBeGreaterThan(20);
  });

  it('outcomes read a tagged term\'s dice as `@roll.<Tag>.faces`: ones on the base dice only', () => {
    const s = loadOrThrow(system({
      roll: '3d6cs>=6[Base] + 3d6cs>=6[Skill]', keep: null,
      outcomes: [
        { id: 'bane', when: 'count(@roll.Base.faces, 1) >= 1', result: 'fail' },
        { id: 'clean', when: 'true', result: 'success' },
      ],
    }));
    for (let seed = 0; seed < 20; seed++) {
      for (const a of attacks(fightLog(s, 'practice', seed))) {
        expect(a.outcome).toBe(a.dice.slice(0, 3).includes(1) ? 'bane' : 'clean');
      }
    }
    within(rate(s, 100, 'bane'), 1 - (5 / 6) ** 3);
  });

  it('taking it gives its holder the ability\'s gain and applies first: the new roll reads them (a push adds a stress die)', () => {
    const base = system({ roll: '(1 + @stress)d6cs>=6', keep: [{ faces: [6] }], when: 'true' });
    const doc = {
      ...base,
      tracks: { ...base.tracks, stress: { name: 'Stress', max: '10', start: '0' } },
      conditions: [...(base.conditions ?? []), { id: 'pushed', name: 'Pushed', rounds: 0 }],
      abilities: base.abilities!.map((a) => (a.id === 'push' ? { ...a, gain: [{ track: 'stress', amount: '1' }], applies: ['pushed'] } : a)),
    } as SystemDocument;
    const events = fightLog(loadOrThrow(doc), 'practice', 3);
    const found = pushes(events);
    expect(found.length).toBeGreaterThan(3);
    found.slice(0, 9).forEach(({ push, after }, n) => {
      // The n-th push rolled 1 + n dice, and its reroll 2 + n: the stress it took is in the new roll (to Stress 10).
      expect(push.dice).toHaveLength(1 + n);
      expect(after.dice).toHaveLength(2 + n);
      const i = events.indexOf(push);
      expect(events.slice(i - 2, i).map((e) => e.type)).toEqual(['gain', 'condition']);
    });
  });

  it('the checker: a tag no answered roll has is an error at its place; `keep` needs `on: "roll"`; faces are whole', () => {
    const errors = (doc: SystemDocument) => checkSystem(JSON.stringify(doc, null, 1)).diagnostics.filter((d) => d.severity === 'error');
    expect(errors(system({ roll: '3d6cs>=6[Base] + 2d6cs>=6[Skill]', keep: [{ faces: [6] }, { tag: 'Base', faces: [1] }] }))).toEqual([]);
    const at = (miniD20().abilities ?? []).length;
    const typo = errors(system({ roll: '3d6cs>=6[Base]', keep: [{ tag: 'Bas', faces: [1] }] }));
    expect(typo.map((d) => [d.pointer, d.message])).toEqual([[`/abilities/${at}/react/keep/0/tag`, 'no roll this reroll answers has a term tagged `Bas`; did you mean `Base`?']]);
    const untagged = errors(system({ roll: '3d6cs>=6', keep: [{ tag: 'Base', faces: [1] }] }));
    expect(untagged[0]!.message).toContain('they have no tagged terms');
    const onHit = system({ roll: '3d6cs>=6' });
    (onHit.abilities!.at(-1)!.react as { on: string }).on = 'hit';
    expect(errors(onHit).map((d) => d.pointer)).toContain(`/abilities/${at}/react/keep`);
    const half = system({ roll: '3d6cs>=6', keep: [{ faces: [5.5] }] });
    expect(errors(half).map((d) => d.pointer)).toContain(`/abilities/${at}/react/keep/0/faces/0`);
    const empty = system({ roll: '3d6cs>=6', keep: [{ faces: [] }] });
    expect(errors(empty).map((d) => d.pointer)).toContain(`/abilities/${at}/react/keep/0/faces`);
  });

  it('property: any pool, kept faces and seed, a kept die stands where it was, the pool keeps its size, the others are dice', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 4 }), fc.subarray([1, 2, 3, 4, 5, 6], { minLength: 1 }),
      fc.integer({ min: 0, max: 1e6 }),
      (base, skill, faces, seed) => {
        const roll = skill > 0 ? `${base}d6cs>=6[Base] + ${skill}d6cs>=6[Skill]` : `${base}d6cs>=6[Base]`;
        const s = loadOrThrow(system({ roll, keep: [{ tag: 'Base', faces }], when: 'true' }));
        const found = pushes(fightLog(s, 'practice', seed));
        expect(found.length).toBeGreaterThan(0);
        for (const { push, after } of found) {
          expect(after.dice).toHaveLength(base + skill);
          push.dice!.forEach((d, i) => {
            expect(push.kept![i]).toBe(i < base && faces.includes(d));
            if (push.kept![i]) expect(after.dice[i]).toBe(d);
            expect(after.dice[i]).toBeGreaterThanOrEqual(1);
            expect(after.dice[i]).toBeLessThanOrEqual(6);
          });
          expect(after.total).toBe(after.dice.filter((d) => d === 6).length);
        }
      },
    ), fuzz(0x6b656570, 25));
  });
});
