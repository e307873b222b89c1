// Tuning one number to a win rate, on the mirror fixture (the image equals the hero at tier 3, so the heroes win
// about half of mirror-match): more image hit points lower the win rate, a number nobody reads moves nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knobsOf, withKnob } from '../../engine/balance/sensitivity';
import { tune } from '../../engine/balance/tune';
import { simulate } from '../../engine/sim/index';
import { load, mirrorDoc } from './helpers';
import { fuzz } from '../fuzz';

const doc = mirrorDoc();
const system = load(doc);
const base = { fight: 'mirror-match', fights: 400, seed: 5 };

describe('tuning a number to a win rate', () => {
  it("finds the image's hit points per tier that let the heroes win 80%, each value's rate what sim says of it", () => {
    const told: number[] = [];
    const r = tune(doc, system, { ...base, pointer: '/templates/0/tracks/hp', at: 1, target: 0.8 }, (tried) => told.push(tried));
    if (typeof r === 'string') throw new Error(r);
    // Told after each value fought: 1, 2, 3, ... up to every value tried.
    expect(told).toEqual(r.probes.map((_, i) => i + 1));
    // The same number named by where it stands in `10 + 5 * @tier`.
    expect(tune(doc, system, { ...base, pointer: '/templates/0/tracks/hp', span: { start: 5, end: 6 }, target: 0.8 })).toEqual(r);
    expect(r.knob.label).toBe('image · tracks.hp: 5 in 10 + 5 * @tier');
    expect(r.verdict).toMatch(/^(hit|between)$/);
    // Fewer hit points for the image: the heroes win more; the best value lies below the original 5.
    expect(r.best.to).toBeLessThan(5);
    expect(Math.abs(r.best.rate.value - 0.8)).toBeLessThan(0.1);
    expect(r.probes.map((p) => p.to)).toContain(5);
    expect(r.probes.map((p) => p.to)).toEqual([...r.probes.map((p) => p.to)].sort((a, b) => a - b));
    // Each value tried is the document with that number, fought as sim fights it (same seeds).
    const knobs = knobsOf(doc, 'mirror-match');
    if (typeof knobs === 'string') throw new Error(knobs);
    for (const p of [r.best, r.probes[0]!]) {
      const variant = load(withKnob(doc, knobs.find((k) => k.label === r.knob.label)!, p.to));
      expect(simulate(variant, 'mirror-match', { fights: base.fights, seed: base.seed }).wins.heroes / base.fights).toBe(p.rate.value);
    }
    // The best is the nearest of the values tried, and the target lies between two values tried.
    for (const p of r.probes) expect(Math.abs(p.rate.value - 0.8)).toBeGreaterThanOrEqual(Math.abs(r.best.rate.value - 0.8));
    expect(r.probes.some((p) => p.rate.value >= 0.8) && r.probes.some((p) => p.rate.value <= 0.8)).toBe(true);
  });

  it("tunes the chance a hero dies too: classic-d20's boss hit points per tier, each value's chance what sim says of it", async () => {
    const { readFileSync } = await import('node:fs');
    const classic = JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as typeof doc;
    const classicSystem = load(classic);
    const options = { fight: 'boss-tier-4', fights: 200, seed: 2, pointer: '/templates/3/tracks/hp', at: 1, target: 0.1, metric: 'died' as const };
    const r = tune(classic, classicSystem, options);
    if (typeof r === 'string') throw new Error(r);
    expect(r.metric).toBe('died');
    expect(r.knob.label).toBe('boss · tracks.hp: 25 in 30 + 25 * @tier');
    // A weaker boss kills fewer heroes here: the best value is below 25.
    expect(r.best.to).toBeLessThan(25);
    const knobs = knobsOf(classic, 'boss-tier-4');
    if (typeof knobs === 'string') throw new Error(knobs);
    const variant = load(withKnob(classic, knobs.find((k) => k.label === r.knob.label)!, r.best.to));
    expect(simulate(variant, 'boss-tier-4', { fights: 200, seed: 2 }).heroDied).toBe(r.best.rate.value);
    // The mirror has no death rule: nobody dies whatever the number.
    const none = tune(doc, system, { ...base, fights: 60, pointer: '/templates/0/tracks/hp', target: 0.1, metric: 'died' });
    expect(typeof none === 'string' ? none : none.verdict).toBe('flat');
    expect(tune(doc, system, { ...base, pointer: '/templates/0/tracks/hp', target: 0.1, metric: 'dead' as 'died' })).toBe("the metric is win (the heroes win), died (a hero dies) or rounds (mean rounds), got 'dead'");
  });

  it("tunes a fight's pace too: the image's hit points per tier for six rounds on average, each value's mean what sim says", () => {
    const r = tune(doc, system, { ...base, pointer: '/templates/0/tracks/hp', at: 1, target: 6, metric: 'rounds' });
    if (typeof r === 'string') throw new Error(r);
    expect(r.metric).toBe('rounds');
    // Fewer hit points, shorter fights: the floor of 0 per tier is tried (a step past it stops there), and gets there.
    expect(r.probes[0]!.to).toBe(0);
    expect(r.best.to).toBe(0);
    expect(r.verdict).toBe('hit');
    const knobs = knobsOf(doc, 'mirror-match');
    if (typeof knobs === 'string') throw new Error(knobs);
    for (const p of [r.best, r.probes[r.probes.length - 1]!]) {
      const variant = load(withKnob(doc, knobs.find((k) => k.label === r.knob.label)!, p.to));
      expect(simulate(variant, 'mirror-match', { fights: base.fights, seed: base.seed }).rounds.mean).toBeCloseTo(p.rate.value, 10);
    }
    expect(r.best.rate.low).toBeLessThan(r.best.rate.value);
    expect(tune(doc, system, { ...base, pointer: '/templates/0/tracks/hp', target: 0, metric: 'rounds' })).toBe('the target mean rounds must be a number above 0, got 0');
  });

  it('says when the number does not move the win rate, and when the budget of values runs out first', () => {
    const flat = tune(doc, system, { ...base, fights: 100, pointer: '/heroes/0/level', target: 0.9 });
    expect(typeof flat === 'string' ? flat : flat.verdict).toBe('flat');
    const short = tune(doc, system, { ...base, fights: 100, pointer: '/templates/0/combat/defence', target: 0.02, maxProbes: 3 });
    if (typeof short === 'string') throw new Error(short);
    expect(short.verdict).toBe('limit');
    expect(short.probes.length).toBeLessThanOrEqual(3);
  });

  it('refuses what it cannot tune, saying why', () => {
    expect(tune(doc, system, { ...base, pointer: '/templates/0/nope', target: 0.5 })).toMatch(/^the fight 'mirror-match' reads no number at \/templates\/0\/nope \(its numbers are at \/templates\/0\/tracks\/hp, /);
    expect(tune(doc, system, { ...base, pointer: '/templates/0/tracks/hp', at: 2, target: 0.5 })).toBe('/templates/0/tracks/hp holds 2 number(s) (at 0..1), not 2');
    expect(tune(doc, system, { ...base, pointer: '/templates/0/tracks/hp', target: 1.5 })).toMatch(/target win rate must be from 0 to 1/);
    expect(tune(doc, system, { ...base, pointer: '/templates/0/tracks/hp', span: { start: 1, end: 2 }, target: 0.5 })).toBe('/templates/0/tracks/hp holds no number at characters 1..2 of its formula (the document changed?)');
    expect(tune(doc, system, { ...base, fights: 0, pointer: '/templates/0/tracks/hp', target: 0.5 })).toMatch(/number of fights/);
    expect(tune(doc, system, { ...base, fight: 'nope', pointer: '/templates/0/tracks/hp', target: 0.5 })).toMatch(/unknown fight 'nope'/);
  });

  it('keeps its promises for any number of the fight, any target and any budget of values (property)', () => {
    const knobs = knobsOf(doc, 'mirror-match');
    if (typeof knobs === 'string') throw new Error(knobs);
    fc.assert(fc.property(
      fc.integer({ min: 0, max: knobs.length - 1 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 1000 }),
      (k, target, maxProbes, seed) => {
        const knob = knobs[k]!;
        const r = tune(doc, system, { fight: 'mirror-match', fights: 30, seed, pointer: knob.pointer, span: knob.span, target, maxProbes });
        if (typeof r === 'string') throw new Error(r);
        expect(r.knob).toEqual(knob);
        expect(r.probes.length).toBeGreaterThanOrEqual(1);
        expect(r.probes.length).toBeLessThanOrEqual(maxProbes);
        expect(r.probes.map((p) => p.to)).toContain(knob.value);
        expect(r.probes).toContain(r.best);
        for (let i = 1; i < r.probes.length; i++) expect(r.probes[i]!.to).toBeGreaterThan(r.probes[i - 1]!.to);
        for (const p of r.probes) {
          expect(p.to).toBeGreaterThanOrEqual(knob.pointer.endsWith('/level') || knob.label.includes(': die size ') ? 1 : 0);
          if (Number.isInteger(knob.value)) expect(Number.isInteger(p.to)).toBe(true);
          expect(Math.abs(p.rate.value - target)).toBeGreaterThanOrEqual(Math.abs(r.best.rate.value - target));
        }
        if (r.verdict === 'hit') expect(r.best.rate.low <= target && target <= r.best.rate.high).toBe(true);
      },
    ), fuzz(12, 40));
  });
});

