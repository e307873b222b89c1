// The grid cells a change asked in words moves, and their balance diff: "make bosses harder from tier 3" on
// classic-d20 moves the boss cells at tiers 3–6 and no other, and the party wins them less often.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planChange } from '../editor/change/plan';
import type { SystemDocument } from '../schema/document';
import { loadSystem } from '../sim/index';
import type { System } from '../sim/model';
import { changedCells, defaultParty, diffCells } from './cell-diff';

const D20 = readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8');

function load(text: string): { doc: SystemDocument; system: System } {
  const doc = JSON.parse(text) as SystemDocument;
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics[0]!.message);
  return { doc, system: loaded.system };
}

describe('the grid cells of a change', () => {
  const plan = planChange(D20, 'make bosses harder from tier 3');
  if (!plan.ok) throw new Error('refused');

  it('are the changed role at each tier whose value moved', () => {
    expect(changedCells(plan.formulas)).toEqual([3, 4, 5, 6].map((tier) => ({ role: 'boss', tier })));
    expect(changedCells([{ role: 'minion', values: [{ tier: 1, before: 5, after: 5 }, { tier: 2, before: 8, after: 4 }] }])).toEqual([{ role: 'minion', tier: 2 }]);
  });

  it('are fought before and after with the same seeds, the party the first of the document', () => {
    const a = load(D20);
    const b = load(plan.text);
    expect(defaultParty(a.doc)).toBe('adventurers-5');
    const diff = diffCells(a.doc, a.system, b.system, { party: 'pair-11', cells: changedCells(plan.formulas), fights: 120, seed: 1 });
    if (typeof diff === 'string') throw new Error(diff);
    expect(diff.party).toEqual({ id: 'pair-11', name: 'Fighter and wizard, level 11' });
    expect(diff.cells.map((c) => `${c.role} ${c.tier}`)).toEqual(['boss 3', 'boss 4', 'boss 5', 'boss 6']);
    // The grid's names: the party against as many enemies as it has heroes.
    expect(diff.compared.map((c) => c.fight)).toEqual([3, 4, 5, 6].map((t) => `pair-11 vs 2 boss T${t}`));
    for (const c of diff.compared) expect([c.a.fights, c.b.fights]).toEqual([120, 120]);
    // Harder bosses (+25% hit points, +1 defence): the heroes win less often, over the four cells together.
    const wins = (side: 'a' | 'b') => diff.compared.reduce((sum, c) => sum + c.winRate[side].value, 0);
    expect(wins('b')).toBeLessThan(wins('a'));
    // At tier 3, where the pair still mostly wins, the drop is beyond chance (paired, Holm-corrected).
    expect(diff.compared[0]!.winRate.a.value).toBeGreaterThan(0.8);
    expect(diff.compared[0]!.winRate.significant).toBe(true);
  });

  it('the same system on both sides moves nothing', () => {
    const a = load(D20);
    const diff = diffCells(a.doc, a.system, a.system, { cells: [{ role: 'minion', tier: 1 }], fights: 50, seed: 3 });
    if (typeof diff === 'string') throw new Error(diff);
    expect(diff.compared[0]!.winRate.delta).toBe(0);
    expect(diff.compared[0]!.rounds.delta).toBe(0);
  });

  it('says what is wrong with a cell it cannot fight', () => {
    const a = load(D20);
    expect(diffCells(a.doc, a.system, a.system, { cells: [{ role: 'dragon', tier: 1 }], fights: 10, seed: 1 })).toMatch(/unknown template role 'dragon'/);
    expect(diffCells(a.doc, a.system, a.system, { cells: [], fights: 10, seed: 1 })).toBe('no cell to compare');
  });
});
