// Outcomes judged off the check's frame must answer exactly as their `when` formulas do, for every roll: the six seed
// systems' checks, every frame test they make, against the compiled formula on random and edge facts.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../dice/rng';
import { parseFormula } from '../formula/index';
import type { SystemDocument } from '../schema/document';
import { loadSystem } from './index';
import { rollTestHolds, rollTestOf } from './roll-test';
import { newCheckFrame, newScope } from './state';
import { fuzz } from '../../test/fuzz';

const SYSTEMS = ['classic-d20', 'libra', 'success-based-live-action', 'forged', 'hope-and-fear', 'twin-dice'];
const fact = fc.oneof(fc.integer({ min: -30, max: 60 }), fc.constantFrom(0, 1, 10, 11, 19, 20, 21, -1, 2 ** 31, Number.NaN));

describe('outcomes judged off the frame', () => {
  it.each(SYSTEMS)('%s: each frame test answers as its when formula, on any roll', (id) => {
    const doc = JSON.parse(readFileSync(new URL(`../../systems/${id}.json`, import.meta.url), 'utf8')) as SystemDocument;
    const loaded = loadSystem(doc);
    if (!loaded.ok) throw new Error(`${id} does not load`);
    const system = loaded.system;
    const scope = newScope(system.placeholder, system.names);
    const frame = newCheckFrame(createRng(1), scope);
    scope.check = frame;
    const tested = [...system.checks.values()].flatMap((c) => c.outcomes).filter((o) => o.test !== null);
    for (const o of tested) {
      fc.assert(fc.property(fact, fact, fact, (natural, total, vs) => {
        frame.natural = natural; frame.total = total; frame.vs = vs;
        expect(rollTestHolds(o.test!, frame), `${o.when.source} with natural ${natural}, total ${total}, vs ${vs}`).toBe(o.when.untraced(frame.ctx) === true);
      }), fuzz(11, 200));
    }
    // classic-d20's attack and saves are decided this way (the reason for the shortcut).
    if (id === 'classic-d20') expect(tested.map((o) => o.when.source)).toEqual(expect.arrayContaining(['@natural == 1', '@natural == 20', '@total >= @vs']));
  });

  it('takes one comparison of roll facts and numbers, and nothing else', () => {
    const of = (text: string) => rollTestOf(parseFormula(text).ast ?? null);
    for (const text of ['@natural == 20', '@total >= @vs', '@total == 1', '1 < @natural', '@vs != @total', '@total <= 11']) expect(of(text), text).not.toBeNull();
    for (const text of ['true', '@total - @vs < 5', '@total >= @vs and @natural > 1', '@stat > @vs', '@roll.high == 6', 'has(@conditions, \'x\')', '@total + 1', '-1 < @total']) {
      expect(of(text), text).toBeNull();
    }
    expect(rollTestOf(null)).toBeNull();
  });
});
