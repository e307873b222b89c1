// What moves the needle, on the mirror fixture: the hero's and the image's numbers are symmetric, so the ranking
// is known in shape: more enemy hit points or damage lowers the win rate, and a no-op number moves nothing.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { knobsOf, sensitivity, sensitivityPart, withKnob } from '../../engine/balance/sensitivity';
import type { SystemDocument } from '../../engine/schema/document';
import { simulate } from '../../engine/sim/index';
import { finishSensitivity, type SensitivityPart } from '../../engine/balance/sensitivity-merge';
import { load, mirrorDoc } from './helpers';

const doc = mirrorDoc();

describe('what moves the needle', () => {
  it('finds the constants of the templates the fight uses and the heroes\' numbers', () => {
    const knobs = knobsOf(doc, 'mirror-match');
    if (typeof knobs === 'string') throw new Error(knobs);
    expect(knobs.map((k) => k.label)).toEqual([
      'image · tracks.hp: 10 in 10 + 5 * @tier', 'image · tracks.hp: 5 in 10 + 5 * @tier', 'image · combat.defence: 12 in 12',
      'image · combat.attack: 2 in 2', 'image · combat.damage: dice count 1 in 1d6', 'image · combat.damage: die size 6 in 1d6', 'duelist · level',
    ]);
    const hp = withKnob(doc, knobs[1]!, 6);
    expect(hp.templates![0]!.tracks!.hp).toBe('10 + 6 * @tier');
    expect(doc.templates![0]!.tracks!.hp).toBe('10 + 5 * @tier');
    expect(knobsOf(doc, 'nope')).toMatch(/unknown fight 'nope'/);
  });

  it('finds a bestiary creature\'s numbers: defence, hit points, attack bonus and damage constants', () => {
    const withBeast = {
      ...doc,
      bestiary: [{ id: 'wolf', name: 'Wolf', defence: 13, hp: 11, attacks: [{ id: 'bite', bonus: 4, damage: '2d4 + 2' }] }],
      fights: [{ id: 'wolves', heroes: ['duelist'], enemies: [{ bestiary: 'wolf', count: 2 }] }],
    };
    const knobs = knobsOf(withBeast, 'wolves');
    if (typeof knobs === 'string') throw new Error(knobs);
    expect(knobs.map((k) => k.label)).toEqual([
      'wolf · defence', 'wolf · hp', 'wolf · bite bonus', 'wolf · bite damage: dice count 2 in 2d4 + 2',
      'wolf · bite damage: die size 4 in 2d4 + 2', 'wolf · bite damage: 2 in 2d4 + 2', 'duelist · level',
    ]);
    expect(withKnob(withBeast, knobs[5]!, 3).bestiary![0]!.attacks[0]!.damage).toBe('2d4 + 3');
    const r = sensitivity(withBeast, load(withBeast), { fight: 'wolves', fights: 200, seed: 1 });
    expect(typeof r === 'string' ? r : r.nudges.length).toBe(13); // 6 knobs × ±1, and level 2 (never 0)
  });

  it('ranks the nudges: the enemy\'s damage dice move most, the hero\'s level (read by nothing) not at all', () => {
    const r = sensitivity(doc, load(doc), { fight: 'mirror-match', fights: 1500, seed: 5 });
    if (typeof r === 'string') throw new Error(r);
    const top = r.nudges[0]!;
    expect(top.knob.label).toBe('image · combat.damage: dice count 1 in 1d6');
    expect(top.to).toBe(0); // no damage at all: the hero always wins
    expect(top.winRate.value).toBe(1);
    const oneDieMore = r.nudges.find((n) => n.knob.label === top.knob.label && n.to === 2)!;
    expect(oneDieMore.delta).toBeLessThan(-0.2);
    expect(oneDieMore.significant).toBe(true);
    for (let i = 1; i < r.nudges.length; i++) expect(Math.abs(r.nudges[i]!.delta)).toBeLessThanOrEqual(Math.abs(r.nudges[i - 1]!.delta));
    const level = r.nudges.find((n) => n.knob.label === 'duelist · level')!;
    expect(level.delta).toBe(0);
    expect(level.significant).toBe(false);
    const moreHp = r.nudges.find((n) => n.knob.label.startsWith('image · tracks.hp: 5') && n.to === 6)!;
    expect(moreHp.delta).toBeLessThan(0);
    expect(moreHp.significant).toBe(true);
  });

  it('tells its progress: every variant counted once, fought or skipped, ending at the total', () => {
    const seen: [number, number][] = [];
    const r = sensitivity(doc, load(doc), { fight: 'mirror-match', fights: 20, seed: 5 }, (done, total) => seen.push([done, total]));
    if (typeof r === 'string') throw new Error(r);
    const total = seen[0]![1];
    expect(seen.map(([done]) => done)).toEqual([...Array(total + 1).keys()]);
    expect(seen.every(([, t]) => t === total)).toBe(true);
    // Each variant is a nudge, or skipped, or a level below 1 left out.
    expect(r.nudges.length + r.skipped.length).toBeLessThanOrEqual(total);
  });

  it('splits among workers by variant: the parts of any split, merged in any order, give the one-run answer', () => {
    // A die of one face: its -1 variant cannot load, so the merge carries skipped variants too.
    const withBeast = {
      ...doc,
      bestiary: [{ id: 'wolf', name: 'Wolf', defence: 13, hp: 11, attacks: [{ id: 'bite', bonus: 4, damage: '2d1 + 2' }] }],
      fights: [{ id: 'wolves', heroes: ['duelist'], enemies: [{ bestiary: 'wolf', count: 2 }] }],
    };
    const system = load(withBeast);
    const options = { fight: 'wolves', fights: 150, seed: 3 };
    const whole = sensitivity(withBeast, system, options);
    if (typeof whole === 'string') throw new Error(whole);
    expect(whole.skipped.map((v) => `${v.label} → ${v.to}`)).toEqual(['wolf · bite damage: die size 1 in 2d1 + 2 → 0']);
    for (const of of [2, 3, 5]) {
      const told: number[] = [];
      const parts = Array.from({ length: of }, (_, index) => {
        const part = sensitivityPart(withBeast, system, options, { index, of }, (done, total) => { if (done === total) told.push(total); });
        if (typeof part === 'string') throw new Error(part);
        return part;
      });
      // Every variant is some share's, once.
      expect(told.reduce((a, b) => a + b, 0)).toBe(parts[0]!.variants);
      expect(parts.map((p) => p.rows.length + p.skipped.length).reduce((a, b) => a + b, 0)).toBe(whole.nudges.length + whole.skipped.length);
      expect(finishSensitivity([...parts].reverse())).toEqual(whole);
    }
  });

  it('refuses a share that is no share, and parts of different runs', () => {
    const system = load(doc);
    const options = { fight: 'mirror-match', fights: 60, seed: 1 };
    expect(sensitivityPart(doc, system, options, { index: 2, of: 2 })).toBe("a needle's share must be a whole index below its whole count, got 2 of 2");
    expect(sensitivityPart(doc, system, options, { index: 0, of: 0 })).toMatch(/share must be/);
    const a = sensitivityPart(doc, system, options, { index: 0, of: 2 }) as SensitivityPart;
    const b = sensitivityPart(doc, system, { ...options, seed: 2 }, { index: 1, of: 2 }) as SensitivityPart;
    expect(() => finishSensitivity([a, b])).toThrow(/parts are of different runs/);
    expect(() => finishSensitivity([])).toThrow(/at least one part/);
  });
});

describe('what moves the needle, by another measure', () => {
  it('ranks by the mean rounds: each nudge\'s rounds what sim says of its variant, its change against the original', () => {
    const system = load(doc);
    const options = { fight: 'mirror-match', fights: 300, seed: 2, metric: 'rounds' as const };
    const r = sensitivity(doc, system, options);
    if (typeof r === 'string') throw new Error(r);
    expect(r.metric).toBe('rounds');
    const base = simulate(system, 'mirror-match', { fights: 300, seed: 2 });
    expect(r.measure.value).toBeCloseTo(base.rounds.mean, 10);
    expect(r.measure.low).toBeLessThan(r.measure.value);
    expect(r.winRate.value).toBe(base.wins.heroes / 300); // the win rate is still given
    const byWin = sensitivity(doc, system, { ...options, metric: 'win' });
    if (typeof byWin === 'string') throw new Error(byWin);
    for (const n of r.nudges) {
      const variant = simulate(load(withKnob(doc, n.knob, n.to)), 'mirror-match', { fights: 300, seed: 2 });
      expect(n.measure.value, `${n.knob.label} → ${n.to}`).toBeCloseTo(variant.rounds.mean, 10);
      expect(n.delta).toBeCloseTo(variant.rounds.mean - base.rounds.mean, 10);
      expect(n.winRate.value).toBe(variant.wins.heroes / 300);
      // The same variant under the win metric: the same fights, the same win rate.
      const twin = byWin.nudges.find((w) => w.knob.pointer === n.knob.pointer && w.knob.span?.start === n.knob.span?.start && w.to === n.to)!;
      expect(twin.winRate).toEqual(n.winRate);
    }
    // More enemy hit points make the fight longer: a significant rise in rounds.
    const moreHp = r.nudges.find((n) => n.knob.label.startsWith('image · tracks.hp: 5') && n.to === 6)!;
    expect(moreHp.delta).toBeGreaterThan(0);
    expect(moreHp.significant).toBe(true);
    // The win metric's measure is its win rate.
    expect(byWin.measure).toEqual(byWin.winRate);
    for (const n of byWin.nudges) expect(n.measure).toEqual(n.winRate);
  });

  it('ranks by the chance a hero dies, each nudge\'s chance what sim says of its variant', () => {
    const classic = JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as SystemDocument;
    const system = load(classic);
    const r = sensitivity(classic, system, { fight: 'boss-tier-4', fights: 60, seed: 1, metric: 'died' });
    if (typeof r === 'string') throw new Error(r);
    const base = simulate(system, 'boss-tier-4', { fights: 60, seed: 1 });
    expect(r.measure.value).toBeCloseTo(base.heroDied, 12); // sim gives the share
    expect(r.measure.value).toBeGreaterThan(0); // the boss kills heroes: this needle has something to rank
    for (const n of r.nudges.slice(0, 6)) {
      const variant = simulate(load(withKnob(classic, n.knob, n.to)), 'boss-tier-4', { fights: 60, seed: 1 });
      expect(n.measure.value, `${n.knob.label} → ${n.to}`).toBeCloseTo(variant.heroDied, 12);
      expect(n.delta).toBeCloseTo(variant.heroDied - base.heroDied, 12);
    }
    expect(Math.abs(r.nudges[0]!.delta)).toBeGreaterThan(0);
  });

  it('splits among workers by any measure, and refuses a metric that is none or parts of different measures', () => {
    const system = load(doc);
    const options = { fight: 'easy', fights: 120, seed: 3, metric: 'rounds' as const };
    const whole = sensitivity(doc, system, options);
    if (typeof whole === 'string') throw new Error(whole);
    const parts = [0, 1].map((index) => sensitivityPart(doc, system, options, { index, of: 2 }) as SensitivityPart);
    expect(finishSensitivity([parts[1]!, parts[0]!])).toEqual(whole);
    const byWin = sensitivityPart(doc, system, { ...options, metric: 'win' }, { index: 1, of: 2 }) as SensitivityPart;
    expect(() => finishSensitivity([parts[0]!, byWin])).toThrow(/parts are of different runs/);
    expect(sensitivity(doc, system, { ...options, metric: 'dead' as 'died' })).toBe("the metric is win (the heroes win), died (a hero dies) or rounds (mean rounds), got 'dead'");
  });
});

