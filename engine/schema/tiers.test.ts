// The tier range is a field of the format (`tiers`, default 1..6): a fight's template tier, what `@tier` may be, the
// loader, the balance grid and the dice hover's sweep read it, and a system without it checks and fights as before.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planGrid } from '../balance/grid';
import { loadSystem, composeFight, fightLog } from '../sim/index';
import { checkSystem } from './check';
import type { SystemDocument } from './document';
import { DocumentSymbols } from './symbols';
import { DEFAULT_TIERS, tierRangeOf, tiersOf } from './tiers';

const classic = JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as SystemDocument;
const role = classic.templates![0]!.role;

/** classic-d20 with a fight against its first template at `tier`, and the given `tiers` (none: the default). */
function withTier(tier: number, tiers?: { min?: number; max?: number }): SystemDocument {
  const fight = { id: 'tiered', heroes: classic.fights![0]!.heroes, enemies: [{ template: { role, tier }, count: 1 }] };
  return { ...classic, ...(tiers ? { tiers } : {}), fights: [...classic.fights!, fight] } as SystemDocument;
}

const errors = (doc: SystemDocument): string[] =>
  checkSystem(JSON.stringify(doc, null, 1)).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.pointer}: ${d.message}`);

describe('tiers', () => {
  it('default 1..6: a tier 7 is refused in the schema\'s own words, 6 checks clean', () => {
    expect(tierRangeOf(classic)).toEqual(DEFAULT_TIERS);
    expect(errors(withTier(6))).toEqual([]);
    const at = `/fights/${classic.fights!.length}/enemies/0/template/tier`;
    expect(errors(withTier(7))).toEqual([`${at}: \`fights[${classic.fights!.length}].enemies[0].template.tier\` must be at most 6; got 7`]);
    expect(errors(withTier(0))).toEqual([`${at}: \`fights[${classic.fights!.length}].enemies[0].template.tier\` must be at least 1; got 0`]);
  });

  it('a system with tiers 1..10 checks, loads and fights a tier 8 template; 11 is refused, naming the field', () => {
    const doc = withTier(8, { min: 1, max: 10 });
    expect(errors(doc)).toEqual([]);
    const loaded = loadSystem(doc);
    if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => d.message).join('\n'));
    const events = fightLog(loaded.system, 'tiered', 1);
    expect(events[0]!.type).toBe('fightStart');
    const at = `/fights/${classic.fights!.length}/enemies/0/template/tier`;
    expect(errors(withTier(11, { min: 1, max: 10 }))).toEqual([
      `${at}: \`fights[${classic.fights!.length}].enemies[0].template.tier\` must be at most 10; got 11 (the system's \`tiers\`)`,
    ]);
  });

  it('the loader refuses a tier outside the range, the default\'s and a system\'s', () => {
    const fight = { id: 'adhoc', heroes: classic.fights![0]!.heroes, enemies: [{ template: { role, tier: 8 }, count: 1 }] };
    const plain = loadSystem(classic);
    if (!plain.ok) throw new Error('classic loads');
    expect(composeFight(plain.system, fight)).toEqual({ ok: false, error: 'tier 8 is outside 1..6' });
    const wide = loadSystem({ ...classic, tiers: { min: 1, max: 10 } } as SystemDocument);
    if (!wide.ok) throw new Error('wide loads');
    expect(composeFight(wide.system, fight).ok).toBe(true);
  });

  it('@tier ranges over the system\'s tiers, and the balance grid\'s columns are its tiers', () => {
    expect(new DocumentSymbols(classic).tiers).toEqual({ min: 1, max: 6 });
    expect(new DocumentSymbols({ tiers: { min: 2, max: 9 } }).tiers).toEqual({ min: 2, max: 9 });
    const party = classic.parties?.[0]?.id;
    if (party === undefined) throw new Error('classic has a party');
    const plan = (doc: SystemDocument) => { const p = planGrid(doc, { party, fights: 1, seed: 1 }); if (typeof p === 'string') throw new Error(p); return p; };
    expect(plan(classic).tiers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(plan({ ...classic, tiers: { min: 3, max: 8 } } as SystemDocument).tiers).toEqual(tiersOf({ min: 3, max: 8 }));
    expect(planGrid(classic, { party, fights: 1, seed: 1, tiers: [7] })).toBe('tiers are 1..6, got 7');
  });

  it('a highest tier below the lowest is an error at tiers.max', () => {
    expect(errors({ ...classic, tiers: { min: 4, max: 2 } } as SystemDocument)).toEqual(['/tiers/max: the highest tier (2) is below the lowest (4)']);
  });
});
