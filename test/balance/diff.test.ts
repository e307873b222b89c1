// Balance diff on the mirror fixture: changes built so the answer is known.
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

  it('the same seed gives the same diff', () => {
    const b = withHeroDamage('1d8');
    expect(diff(b, 300)).toEqual(diff(b, 300));
  });
});
