// Difficulty budget: the expectation curve, a fight's price, and a budget that disagrees with play on purpose.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { budgetReport, expectedWinRate, fightBudget, formatBudget, judgeBudget } from '../../engine/balance/budget';
import type { SystemDocument } from '../../engine/schema/document';
import { load, mirrorDoc } from './helpers';

const doc = mirrorDoc();

describe('difficulty budget', () => {
  it('reads the expectation on straight lines between points, flat beyond the ends', () => {
    const expect3 = [{ budget: 10, winRate: 0.2 }, { budget: 2, winRate: 0.9 }, { budget: 6, winRate: 0.5 }];
    expect(expectedWinRate(expect3, 0)).toBe(0.9);
    expect(expectedWinRate(expect3, 4)).toBeCloseTo(0.7, 10);
    expect(expectedWinRate(expect3, 8)).toBeCloseTo(0.35, 10);
    expect(expectedWinRate(expect3, 99)).toBe(0.2);
  });

  it('prices a fight as the sum over its enemies, reading tier, role and the party', () => {
    const priced: SystemDocument = { ...doc, encounters: { budget: "@tier * (@role == 'image' ? 2 : 1) + @party.size + @party.level", expect: [{ budget: 0, winRate: 0.5 }] } };
    const fight = { heroes: ['duelist'], enemies: [{ template: { role: 'image', tier: 3 }, count: 2 }] };
    expect(fightBudget(priced, fight)).toBe(2 * (3 * 2 + 1 + 1));
    expect(fightBudget({ ...doc, encounters: { budget: '@nope', expect: [] } }, fight)).toMatch(/encounters.budget/);
  });

  it('flags only when the whole interval is outside expectation ± tolerance', () => {
    const e = { budget: '@tier', expect: [{ budget: 1, winRate: 0.5 }], tolerance: 0.1 };
    const state = (wins: number, fights: number) => ({ fights, heroWins: wins, enemyWins: fights - wins, draws: 0, heroDown: 0, heroDied: 0, rounds: { n: 0, mean: 0, m2: 0 } });
    expect(judgeBudget(e, 1, state(7, 10)).verdict).toBe('agrees'); // 70% of 10 fights: too few to say
    expect(judgeBudget(e, 1, state(700, 1000)).verdict).toBe('easier-in-play');
    expect(judgeBudget(e, 1, state(300, 1000)).verdict).toBe('harder-in-play');
    expect(judgeBudget(e, 1, state(300, 1000)).note).toMatch(/^easier by budget, harder in play/);
  });

  it("reports every document fight: the mirror's budget expects 50% everywhere, so the easy fight disagrees", () => {
    const report = budgetReport(doc, load(doc), { fights: 1000, seed: 2 });
    if (typeof report === 'string') throw new Error(report);
    const verdicts = Object.fromEntries(report.map((r) => [r.fight, 'verdict' in r.judgement ? r.judgement.verdict : r.judgement.error]));
    expect(verdicts).toEqual({ 'mirror-match': 'agrees', easy: 'easier-in-play' });
    const { encounters: _none, ...plain } = doc;
    expect(budgetReport(plain, load(plain), { fights: 1, seed: 1 })).toMatch(/no `encounters` budget/);
  });

  it('shows a budget to two decimals at most, in notes too', () => {
    expect(formatBudget(8)).toBe('8');
    expect(formatBudget(28 / 3)).toBe('9.33');
    expect(formatBudget(4.666666666666666)).toBe('4.67');
    const e = { budget: '@tier', expect: [{ budget: 1, winRate: 0.1 }], tolerance: 0.1 };
    const state = { fights: 1000, heroWins: 900, enemyWins: 100, draws: 0, heroDown: 0, heroDied: 0, rounds: { n: 0, mean: 0, m2: 0 } };
    expect(judgeBudget(e, 22.615384615384613, state).note).toContain('budget 22.62 expects 10%');
  });

  it("prices classic-d20's sample fights with its own XP-style budget, party by party", async () => {
    const classic = JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as SystemDocument;
    // Four level-5 adventurers against four tier-2 standards: 4 × 2 × 1 / (4 × (5 + 2)) × 28 = 8.
    expect(fightBudget(classic, { heroes: ['fighter5', 'wizard5', 'rogue5', 'cleric5'], enemies: [{ template: { role: 'standard', tier: 2 }, count: 4 }] })).toBe(8);
    const report = budgetReport(classic, load(classic), { fights: 200, seed: 1 });
    if (typeof report === 'string') throw new Error(report);
    expect(report.map((r) => r.fight)).toEqual((classic.fights ?? []).map((f) => f.id));
    for (const r of report) expect('verdict' in r.judgement, `${r.fight} is priced`).toBe(true);
    // Beside budget and play, the chance a hero dies: the boss fight kills (death saves), as the batch counts it.
    const boss = report.find((r) => r.fight === 'boss-tier-4')!;
    const { runBatch } = await import('../../engine/balance/batch');
    const system = load(classic);
    expect(boss.heroDied!.value * 200).toBeCloseTo(runBatch(system, system.fights.get('boss-tier-4')!, { fights: 200, seed: 1 }).heroDied, 9);
    expect(boss.heroDied!.value).toBeGreaterThan(0);
  });
});
