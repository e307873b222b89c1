// The tier × role grid on a system built so the answers are known: the mirror fixture's enemy equals the hero at
// tier 3 (a fight that should be won half the time), is weaker below and stronger above.
import { describe, expect, it } from 'vitest';
import { planGrid, resolveParty, runGrid, type GridResult } from '../../engine/balance/grid';
import { runGridParallel } from '../../engine/cli/balance-workers/pool';
import { load, mirrorDoc } from './helpers';

const doc = mirrorDoc();
const system = load(doc);
const grid = (options: Partial<Parameters<typeof runGrid>[2]> = {}): GridResult => {
  const g = runGrid(doc, system, { party: 'solo', fights: 2000, seed: 7, ...options });
  if (typeof g === 'string') throw new Error(g);
  return g;
};

describe('tier × role grid', () => {
  const g = grid();
  const cell = (tier: number) => g.cells.find((c) => c.tier === tier)!;

  it('the symmetric tier is won about half the time (within 4σ), weaker tiers more, stronger tiers less', () => {
    const sigma = Math.sqrt(0.25 / 2000);
    expect(Math.abs(cell(3).winRate.value - 0.5)).toBeLessThan(4 * sigma);
    expect(cell(3).winRate.low).toBeLessThan(cell(3).winRate.value);
    const rates = [1, 2, 3, 4, 5, 6].map((t) => cell(t).winRate.value);
    for (let i = 1; i < rates.length; i++) expect(rates[i]!).toBeLessThan(rates[i - 1]!);
    // One hero: it goes down exactly when it does not win (draws aside).
    for (const c of g.cells) expect(c.heroDown.value + c.winRate.value + c.drawRate.value).toBeCloseTo(1, 10);
  });

  it('gives intervals around every number and a sandbox-ready fight per cell', () => {
    expect(g.cells).toHaveLength(6);
    for (const c of g.cells) {
      expect(c.rounds.low).toBeLessThan(c.rounds.value);
      expect(c.rounds.high).toBeGreaterThan(c.rounds.value);
      expect(c.fight.enemies).toEqual([{ template: { role: 'image', tier: c.tier }, count: 1 }]);
    }
  });

  it('flags the cells where the budget disagrees on purpose (flat 50% expected at every budget)', () => {
    expect(cell(3).budget?.verdict).toBe('agrees');
    expect(cell(1).budget?.verdict).toBe('easier-in-play');
    expect(cell(1).budget?.note).toMatch(/^harder by budget, easier in play/);
    expect(cell(6).budget?.verdict).toBe('harder-in-play');
    expect(cell(6).budget?.budget).toBe(6);
  });

  it('is reproducible: the same seed gives the same grid, another seed another', () => {
    expect(grid({ fights: 300 })).toEqual(grid({ fights: 300 }));
    expect(grid({ fights: 300, seed: 8 }).cells[2]!.winRate.value).not.toBe(grid({ fights: 300 }).cells[2]!.winRate.value);
  });

  it('gives the same grid on two workers as on one, each telling the cells done as they finish', async () => {
    const onTwo: number[] = [];
    const parallel = await runGridParallel(doc, { party: 'solo', fights: 300, seed: 7 }, 2, undefined, undefined, (done) => onTwo.push(done));
    const onOne: number[] = [];
    const one = runGrid(doc, system, { party: 'solo', fights: 300, seed: 7 }, (done) => onOne.push(done));
    expect(parallel).toEqual(one);
    expect(onOne).toEqual([1, 2, 3, 4, 5, 6]);
    expect(onTwo).toEqual([1, 2, 3, 4, 5, 6]);
  }, 60_000);

  it('takes a fight id as the party, with its positions', () => {
    const party = resolveParty(doc, 'mirror-match');
    expect(typeof party === 'string' ? party : party.heroes).toEqual([{ hero: 'duelist' }]);
    expect(resolveParty(doc, 'nobody')).toMatch(/unknown party 'nobody' \(parties: solo, mirror-match \(fight\), easy \(fight\)\)/);
    expect(planGrid(doc, { party: 'solo', fights: 1, seed: 1, roles: ['boss'] })).toMatch(/unknown template role 'boss'/);
  });
});

describe('a hero who goes down and gets back up', () => {
  it('counts as a hero going down, though standing at the end', async () => {
    const { runFight } = await import('../../engine/sim/index');
    const { deriveSeed } = await import('../../engine/dice/rng');
    const { runBatch } = await import('../../engine/balance/batch');
    // Two duelists against two images; a dying hero rolls a death save each round and is back up on 2-20.
    const base = mirrorDoc();
    const revive = {
      ...base,
      checks: { ...base.checks, death: { roll: 'd20', outcomes: [{ id: 'up', when: '@natural >= 2', result: 'success' as const, crit: true }, { id: 'fail', when: 'true', result: 'fail' as const }] } },
      combat: { ...base.combat!, death: { enabled: true, save: { check: 'death' } } },
      heroes: [...base.heroes!, { ...base.heroes![0]!, id: 'second', name: 'Second' }],
      fights: [{ id: 'pair', heroes: ['duelist', 'second'], enemies: [{ template: { role: 'image', tier: 3 }, count: 2 }] }],
    };
    const sys = load(revive);
    const fights = 400;
    let downAtEnd = 0;
    for (let i = 0; i < fights; i++) {
      const r = runFight(sys, 'pair', deriveSeed(9, i));
      if (r.combatants.some((c) => c.side === 'heroes' && c.down)) downAtEnd++;
    }
    const state = runBatch(sys, sys.fights.get('pair')!, { fights, seed: 9 });
    expect(state.heroDown).toBeGreaterThan(downAtEnd);
  });
});

describe('a hero who dies', () => {
  it('is counted from the fight itself: the fights whose log leaves some hero dead', async () => {
    const { fightLog, loadSystem } = await import('../../engine/sim/index');
    const { deriveSeed } = await import('../../engine/dice/rng');
    const { runBatch } = await import('../../engine/balance/batch');
    const { readFileSync } = await import('node:fs');
    const loaded = loadSystem(JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')));
    if (!loaded.ok) throw new Error('classic-d20 does not load');
    const sys = loaded.system;
    // boss-tier-4: the level-11 wizard dies in about a quarter of the fights (death saves), often the party does not.
    const fights = 200;
    let died = 0;
    for (let i = 0; i < fights; i++) {
      const last = new Map<string, string>();
      const heroes = new Set<string>();
      for (const e of fightLog(sys, 'boss-tier-4', deriveSeed(4, i))) {
        if (e.type === 'fightStart') for (const c of e.combatants) if (c.side === 'heroes') heroes.add(c.id);
        if (e.type === 'down') last.set(e.target, e.state);
        else if (e.type === 'heal') last.delete(e.target);
      }
      if ([...heroes].some((h) => last.get(h) === 'dead')) died++;
    }
    const state = runBatch(sys, sys.fights.get('boss-tier-4')!, { fights, seed: 4 });
    expect(state.heroDied).toBe(died);
    expect(died).toBeGreaterThan(0);
    expect(state.heroDied).toBeLessThan(state.heroDown);
  });

  it('never happens in a system without a death rule, though heroes go down; the CLI then says so in a line', async () => {
    expect(grid().cells.every((c) => c.heroDied.value === 0 && c.heroDied.high > 0)).toBe(true);
    expect(grid().cells.some((c) => c.heroDown.value > 0)).toBe(true);
    const { formatGrid } = await import('../../engine/cli/sim-grid');
    const text = formatGrid(grid({ fights: 50 }));
    expect(text).toContain('\na hero dies: in no fight of any cell');
    expect(text).not.toMatch(/\na hero dies\n/);
  });
});
