// Each change a request makes to a system's text: the formulas rewritten (folded where they add a number, limited
// by a test of `@tier` where the request names tiers), the values tier by tier, the fights touched, the rest of
// the file as it was; on every seed system.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../schema/check';
import { applyStatChange, combinedEdit, limitToTiers, planChange, tierTest, type ChangePlan } from './plan';

const seed = (id: string): string => readFileSync(`systems/${id}.json`, 'utf8');
const D20 = seed('classic-d20');

function plan(text: string, request: string): ChangePlan {
  const p = planChange(text, request);
  if (!p.ok) throw new Error(`refused: ${JSON.stringify(p)}`);
  return p;
}

/** The text outside the edits is the text as it was. */
function untouchedOutside(before: string, p: ChangePlan): void {
  let b = 0;
  let a = 0;
  for (const e of [...p.edits].sort((x, y) => x.start - y.start)) {
    expect(p.text.slice(a, a + (e.start - b))).toBe(before.slice(b, e.start));
    a += e.start - b + e.text.length;
    b = e.end;
  }
  expect(p.text.slice(a)).toBe(before.slice(b));
}

describe('the formula edits', () => {
  it('multiplies, rounding hit points up and other numbers down, with parentheses only where needed', () => {
    expect(applyStatChange('30 + 25 * @tier', { stat: 'hp', op: 'times', by: 1.25, said: '' })).toBe('ceil((30 + 25 * @tier) * 1.25)');
    expect(applyStatChange('2 + 3 * @tier', { stat: 'hp', op: 'times', by: 0.5, said: '' })).toBe('ceil((2 + 3 * @tier) / 2)');
    expect(applyStatChange('(@tier)d6 + @tier', { stat: 'damage', op: 'times', by: 2, said: '' })).toBe('((@tier)d6 + @tier) * 2');
    expect(applyStatChange('(@tier)d6 + @tier', { stat: 'damage', op: 'times', by: 0.8, said: '' })).toBe('floor(((@tier)d6 + @tier) * 0.8)');
    expect(applyStatChange('@dexterity', { stat: 'attack', op: 'times', by: 2, said: '' })).toBe('@dexterity * 2');
    expect(applyStatChange('max(1, @tier)', { stat: 'hp', op: 'times', by: 1.5, said: '' })).toBe('ceil(max(1, @tier) * 1.5)');
    expect(applyStatChange('7', { stat: 'hp', op: 'times', by: 1.25, said: '' })).toBe('9');
    expect(applyStatChange('7', { stat: 'damage', op: 'times', by: 0.5, said: '' })).toBe('3');
  });

  it('adds, folding a number the formula already adds at its top', () => {
    const plus = (f: string, by: number) => applyStatChange(f, { stat: 'defence', op: 'plus', by, said: '' });
    expect(plus('14 + @tier', 1)).toBe('15 + @tier');
    expect(plus('@tier + 3', 2)).toBe('@tier + 5');
    expect(plus('@tier + 3', -3)).toBe('@tier');
    expect(plus('@tier - 1', 3)).toBe('@tier + 2');
    expect(plus('12', -2)).toBe('10');
    expect(plus('1 + @tier', -1)).toBe('@tier');
    expect(plus('8 + 6 * @tier', 2)).toBe('10 + 6 * @tier');
    expect(plus('(@tier)d6 + @tier', 1)).toBe('(@tier)d6 + @tier + 1');
    expect(plus('max(0, 5 + @tier - @wound)', 1)).toBe('max(0, 5 + @tier - @wound) + 1');
    expect(plus('@tier > 3 ? 2 : 1', 1)).toBe('(@tier > 3 ? 2 : 1) + 1');
    expect(plus('let x = @tier in @x * 2', 1)).toBe('(let x = @tier in @x * 2) + 1');
    expect(plus('not a formula (', 1)).toBeNull();
  });

  it('limits a change to tiers with a test of @tier', () => {
    const range = { min: 1, max: 6 };
    expect(tierTest([3, 4, 5, 6], range)).toBe('@tier >= 3');
    expect(tierTest([1, 2], range)).toBe('@tier <= 2');
    expect(tierTest([4], range)).toBe('@tier == 4');
    expect(tierTest([2, 3, 4], range)).toBe('@tier >= 2 and @tier <= 4');
    expect(tierTest([1, 3, 5, 6], range)).toBe('@tier == 1 or @tier == 3 or @tier >= 5');
    expect(tierTest([2, 3, 5], range)).toBe('(@tier >= 2 and @tier <= 3) or @tier == 5');
    expect(limitToTiers('14 + @tier', '15 + @tier', [3, 4, 5, 6], range)).toBe('@tier >= 3 ? 15 + @tier : 14 + @tier');
    expect(limitToTiers('@tier > 2 ? 1 : 0', '@tier > 2 ? 2 : 1', [5], range)).toBe('@tier == 5 ? (@tier > 2 ? 2 : 1) : @tier > 2 ? 1 : 0');
  });
});

describe('planChange on classic-d20', () => {
  it('"deixe os chefes mais difíceis a partir do tier 3": the boss template at tiers 3–6, the boss fight, the rest of the file as it was', () => {
    const p = plan(D20, 'deixe os chefes mais difíceis a partir do tier 3');
    expect(p.formulas.map((f) => [f.pointer, f.before, f.after])).toEqual([
      ['/templates/3/tracks/hp', '30 + 25 * @tier', '@tier >= 3 ? ceil((30 + 25 * @tier) * 1.25) : 30 + 25 * @tier'],
      ['/templates/3/combat/defence', '14 + @tier', '@tier >= 3 ? 15 + @tier : 14 + @tier'],
    ]);
    expect(p.formulas[0]!.values.map((v) => [v.tier, v.before, v.after])).toEqual([[1, 55, 55], [2, 80, 80], [3, 105, 132], [4, 130, 163], [5, 155, 194], [6, 180, 225]]);
    expect(p.formulas[1]!.values.map((v) => v.after! - v.before!)).toEqual([0, 0, 1, 1, 1, 1]);
    expect(p.fights).toEqual(['boss-tier-4']);
    expect(p.pinned).toEqual([]);
    untouchedOutside(D20, p);
    expect(checkSystem(p.text).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const doc = JSON.parse(p.text) as { templates: { tracks: { hp: string } }[] };
    expect(doc.templates[3]!.tracks.hp).toBe(p.formulas[0]!.after);
  });

  it('"minions have half the hit points": every tier, no test of @tier; the fight with minions', () => {
    const p = plan(D20, 'minions have half the hit points');
    expect(p.formulas.map((f) => f.after)).toEqual(['ceil((2 + 3 * @tier) / 2)']);
    expect(p.formulas[0]!.values.map((v) => v.after)).toEqual([3, 4, 6, 7, 9, 10]);
    expect(p.fights).toEqual(['first-blood']);
  });

  it('"elites hit harder at tiers 5 and 6": damage means tier by tier; no fight has elites there', () => {
    const p = plan(D20, 'elites hit harder at tiers 5 and 6');
    expect(p.formulas.map((f) => [f.pointer, f.after])).toEqual([['/templates/2/combat/damage', '@tier >= 5 ? floor(((@tier + 1)d6 + @tier) * 1.25) : (@tier + 1)d6 + @tier']]);
    const [v5, v6] = p.formulas[0]!.values.slice(4);
    expect(v5!.before).toBeCloseTo(26, 6);
    expect(v5!.after! / v5!.before!).toBeGreaterThan(1.2);
    expect(v6!.after! / v6!.before!).toBeLessThan(1.26);
    expect(p.formulas[0]!.values.slice(0, 4).every((v) => v.before === v.after)).toBe(true);
    expect(p.fights).toEqual([]);
  });

  it('"this system is gridless" / "esse sistema é sem grade": the grid flag, written in place', () => {
    const p = plan(D20, 'esse sistema é sem grade');
    expect(p.grid).toEqual({ before: true, after: false });
    expect(p.edits).toHaveLength(1);
    expect(p.text).toBe(D20.replace('"grid": true', '"grid": false'));
    expect(plan(p.text, 'this system is gridless').edits).toEqual([]);
    const without = D20.replace('  "grid": true,\n', '');
    const added = plan(without, 'this system is gridless');
    expect((JSON.parse(added.text) as { grid: boolean }).grid).toBe(false);
  });

  it('refuses with what it understood and what it did not', () => {
    expect(planChange(D20, 'make bosses wobble from tier 3')).toMatchObject({ ok: false, understood: ['role boss', 'tiers 3–6'], notUnderstood: ['wobble'] });
    expect(planChange('{ not json', 'make bosses harder')).toMatchObject({ ok: false, missing: [expect.stringMatching(/JSON/)] });
  });

  it('an enemy entry with a pinned sheet is listed as pinned, and its fight is not touched', () => {
    const doc = JSON.parse(D20) as { fights: { id: string; enemies: Record<string, unknown>[] }[] };
    const fight = doc.fights.find((f) => f.id === 'boss-tier-4')!;
    fight.enemies[0]!.pinned = { tracks: { hp: 130 } };
    const p = plan(JSON.stringify(doc, null, 2), 'make bosses harder from tier 3');
    expect(p.pinned).toEqual([{ fight: 'boss-tier-4', pointer: `/fights/${doc.fights.indexOf(fight)}/enemies/0`, role: 'boss', tier: 4, count: 1 }]);
    expect(p.fights).toEqual([]);
  });
});

describe('on every seed system', () => {
  const ids = [...readdirSync('systems'), ...readdirSync('systems/games').map((f) => `games/${f}`)]
    .filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
  it.each(ids)('%s: the five requests of the issue plan edits that check, or refuse saying why', (id) => {
    const text = seed(id);
    for (const request of ['make bosses harder from tier 3', 'deixe os chefes mais difíceis a partir do tier 3', 'minions have half the hit points',
      'elites hit harder at tiers 5 and 6', 'this system is gridless', 'esse sistema é sem grade']) {
      const p = planChange(text, request);
      if (!p.ok) {
        expect(p.missing.length, `${id}: ${request}`).toBeGreaterThan(0);
        continue;
      }
      untouchedOutside(text, p);
      expect(checkSystem(p.text).diagnostics.filter((d) => d.severity === 'error'), `${id}: ${request}`).toEqual([]);
      for (const f of p.formulas) expect(f.after).not.toBe(f.before);
    }
  });

  it('forged (consequences mode): hit points are the harm levels an enemy falls after; no defence to change', () => {
    const p = plan(seed('forged'), 'make bosses harder from tier 3');
    expect(p.formulas.map((f) => [f.pointer, f.after])).toEqual([['/templates/3/harm', '@tier >= 3 ? 8 : 6']]);
    expect(p.notes.join('\n')).toMatch(/defence \+1 not made: it has no defence formula/);
    expect(p.fights).toEqual(['desperate-boss']);
  });

  it("hope-and-fear: the system's defence is the template's evasion attribute", () => {
    const p = plan(seed('hope-and-fear'), 'make bosses harder');
    expect(p.formulas.map((f) => [f.pointer, f.after])).toEqual([['/templates/3/tracks/hp', 'ceil((8 + 2 * @tier) * 1.25)'], ['/templates/3/attributes/evasion', '13 + @tier']]);
    expect(p.fights).toEqual(['boss-tier-2']);
  });

  it('success-based-live-action: a role by its template name ("elder vampires")', () => {
    const p = plan(seed('success-based-live-action'), 'elder vampires hit harder');
    expect(p.formulas.map((f) => f.pointer)).toEqual(['/templates/3/combat/damage']);
  });
});

describe('combinedEdit', () => {
  it('makes the edits one edit that gives the same text', () => {
    const p = plan(D20, 'make bosses harder from tier 3');
    expect(p.edits.length).toBe(2);
    const one = combinedEdit(D20, p)!;
    expect(D20.slice(0, one.start) + one.text + D20.slice(one.end)).toBe(p.text);
    expect(combinedEdit(D20, { edits: [], text: D20 })).toBeNull();
  });
});
