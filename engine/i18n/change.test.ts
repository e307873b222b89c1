// The change box's lines in Portuguese: what every documented request understood, what the refused ones miss and the
// plans' notes, on classic-d20, all through the translation layer; English left as it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planChange } from '../editor/change/plan';
import { isChangeTextTranslated, translateChangeText } from './change';

const D20 = readFileSync('systems/classic-d20.json', 'utf8');
const REQUESTS = [
  'make bosses harder from tier 3', 'deixe os chefes mais difíceis a partir do tier 3', 'minions have half the hit points',
  'os lacaios têm metade dos pontos de vida', 'minions have 50% of the hit points', 'minions get double damage', 'minions deal 3 times the damage',
  'minions have 50% more hit points', 'reduce minion damage by 20%', 'minions get +2 defence', 'minions have 2 more AC',
  'elites hit harder at tiers 5 and 6', 'make everyone easier', 'bosses hit more often', 'elites hit less often', 'minions hit softer',
  'bosses have more hit points', 'bosses have less defence', 'this system is gridless', 'esse sistema é sem grade', 'this system uses a grid',
  'make bosses wobble', 'hello', '', 'bosses 50%', 'bosses have hit points', 'bosses have 2 defence', 'bosses have 50% damage',
  'make bosses harder and this system is gridless', 'bosses harder and +2 defence', 'bosses have 0 times the damage',
  'bosses have 100% less damage', 'make dragons harder', 'bosses harder tiers 5 to 2', 'bosses harder at tier 9', 'minions have 1% more defence',
];

function lines(): string[] {
  const out: string[] = [];
  for (const request of REQUESTS) {
    const p = planChange(D20, request);
    out.push(...p.understood, ...(p.ok ? p.notes : p.missing));
  }
  return [...new Set(out)];
}

describe('translateChangeText', () => {
  it('knows every line the documented requests give', () => {
    const all = lines();
    expect(all.length).toBeGreaterThan(30);
    expect(all.filter((l) => !isChangeTextTranslated(l))).toEqual([]);
  });

  it('in Portuguese, keeping roles, tiers and amounts', () => {
    const pt = (l: string) => translateChangeText(l, 'pt-BR');
    expect(planChange(D20, 'deixe os chefes mais difíceis a partir do tier 3').understood.map(pt))
      .toEqual(['papel boss', 'tiers 3–6', 'pontos de vida +25% (mais difícil)', 'defesa +1 (mais difícil)']);
    expect(pt('roles minion, elite')).toBe('papéis minion, elite');
    expect(pt('hit points −50% (×0.5) (half)')).toBe('pontos de vida −50% (×0.5) (metade)');
    expect(pt('which enemies (roles: minion, standard, elite, boss)?')).toBe('quais inimigos (papéis: minion, standard, elite, boss)?');
    expect(pt('fights without a grid')).toBe('lutas sem grade');
    expect(translateChangeText('role boss', 'en')).toBe('role boss');
    expect(pt('something new')).toBe('something new');
  });
});
