// Balance diff on the mirror fixture: changes built so the answer is known.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffSystems, type DiffResult } from '../../engine/balance/diff';
import type { SystemDocument } from '../../engine/schema/document';
import { load, mirrorDoc } from './helpers';

const base = mirrorDoc();
const diff = (b: SystemDocument, fights = 2000): DiffResult => {
  const d = diffSystems(load(base), load(b), { fights, seed: 3 });
  if (typeof d === 'string') throw new Error(d);
  return d;
};
const withHeroDamage = (damage: string): SystemDocument => ({
  ...base, heroes: base.heroes!.map((h) => ({ ...h, weapon: { ...h.weapon!, damage } })),
});

describe('balance diff', () => {
  it('a renamed description changes nothing: same dice, same fights, no significant change', () => {
    const d = diff({ ...base, description: 'renamed' });
    expect(d.compared.map((c) => c.fight)).toEqual(['mirror-match', 'easy']);
    for (const c of d.compared) {
      expect(c.winRate.delta).toBe(0);
      expect(c.winRate.significant).toBe(false);
      expect(c.rounds.significant).toBe(false);
      expect(c.a).toEqual(c.b);
    }
  });

  it('the same damage distribution rolled differently (7 - 1d6 for 1d6) is not a significant change', () => {
    const d = diff(withHeroDamage('7 - 1d6'));
    const c = d.compared.find((x) => x.fight === 'mirror-match')!;
    expect(c.winRate.delta).not.toBe(0); // other dice, other fights ...
    expect(c.winRate.significant).toBe(false); // ... but no real change
    expect(c.winRate.interval.low).toBeLessThan(0);
    expect(c.winRate.interval.high).toBeGreaterThan(0);
  });

  it('doubled hero damage is a significant rise in win rate and a drop in rounds', () => {
    const d = diff(withHeroDamage('2 * 1d6'));
    const c = d.compared.find((x) => x.fight === 'mirror-match')!;
    expect(c.winRate.significant).toBe(true);
    expect(c.winRate.interval.low).toBeGreaterThan(0.2);
    expect(c.rounds.significant).toBe(true);
    expect(c.rounds.delta).toBeLessThan(0);
    // Paired differences are tighter than independent batches would be.
    expect(c.winRate.pAdjusted).toBeLessThanOrEqual(1);
    expect(c.winRate.pUnpaired).toBeLessThan(0.001);
  });

  it('lists fights present in only one version, and refuses an unknown fight', () => {
    const b = { ...base, fights: [base.fights![0]!, { id: 'new', heroes: ['duelist'], enemies: [{ template: { role: 'image', tier: 2 } }] }] };
    const d = diff(b, 50);
    expect(d.onlyInA).toEqual(['easy']);
    expect(d.onlyInB).toEqual(['new']);
    expect(d.compared.map((c) => c.fight)).toEqual(['mirror-match']);
    expect(diffSystems(load(base), load(b), { fights: 10, seed: 1, fight: 'nope' })).toMatch(/unknown fight 'nope'/);
  });

  it('tells its progress in fights fought in both versions, every hundred, up to every fight of every compared fight', () => {
    const seen: [number, number][] = [];
    diffSystems(load(base), load(withHeroDamage('1d8')), { fights: 250, seed: 3 }, { a: 'a', b: 'b' }, (done, total) => seen.push([done, total]));
    // Two fights in both versions, 250 times each: 500, reported at 100, 200, ... 500.
    expect(seen).toEqual([[100, 500], [200, 500], [300, 500], [400, 500], [500, 500]]);
  });

  it('the same seed gives the same diff', () => {
    const b = withHeroDamage('1d8');
    expect(diff(b, 300)).toEqual(diff(b, 300));
  });
});

describe('balance diff: the chance a hero dies', () => {
  const classicDoc = (): SystemDocument =>
    JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as SystemDocument;
  const harderDeathSaves = (doc: SystemDocument): SystemDocument => {
    const death = doc.checks!.death!;
    return { ...doc, checks: { ...doc.checks, death: { ...death, outcomes: death.outcomes!.map((o) => (o.id === 'stable' ? { ...o, when: '@natural >= 15' } : o)) } } };
  };

  it('death saves that stabilise on 15 instead of 10 kill significantly more heroes', () => {
    const a = classicDoc();
    const d = diffSystems(load(a), load(harderDeathSaves(a)), { fights: 400, seed: 5, fight: 'boss-tier-4' });
    if (typeof d === 'string') throw new Error(d);
    const c = d.compared[0]!;
    expect(c.heroDied).toBeDefined();
    expect(c.heroDied!.delta).toBeGreaterThan(0);
    expect(c.heroDied!.significant).toBe(true);
    expect(c.heroDied!.b.value).toBeGreaterThan(c.heroDied!.a.value);
  });

  it('is compared only where a hero died in either version (the mirror system has no death rule)', () => {
    const d = diff({ ...base, description: 'renamed' });
    for (const c of d.compared) expect(c.heroDied).toBeUndefined();
    const a = classicDoc();
    const same = diffSystems(load(a), load({ ...a, description: 'renamed' }), { fights: 200, seed: 5, fight: 'boss-tier-4' });
    if (typeof same === 'string') throw new Error(same);
    expect(same.compared[0]!.heroDied).toMatchObject({ delta: 0, significant: false });
  });
});
