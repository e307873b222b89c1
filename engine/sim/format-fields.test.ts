// What used to be one system's habit built into the engine is a field of the format, with that habit as the default:
// the recharge die, the edge's words, an ability's `disengage`, the default position of consequences mode.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Ability, SystemDocument } from '../schema/document';
import { checkMeaning } from '../schema/meaning';
import { composeFight, fightLog, loadSystem, type FightEvent, type System } from './index';

const read = (path: string): SystemDocument => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as SystemDocument;
const mini = (): SystemDocument => read('../../test/fixtures/systems/mini-d20.json');

function load(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

function problems(doc: SystemDocument): string[] {
  const loaded = loadSystem(doc);
  return loaded.ok ? [] : loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`);
}

const withAbility = (doc: SystemDocument, id: string, change: Partial<Ability>): SystemDocument =>
  ({ ...doc, abilities: doc.abilities!.map((a) => (a.id === id ? { ...a, ...change } : a)) });

describe('recharge die', () => {
  const classic = read('../../systems/classic-d20.json');
  const withRecharge = (recharge: { min: number; die?: number }): SystemDocument => ({
    ...classic,
    bestiary: classic.bestiary!.map((c) => (c.id !== 'adult-black-dragon' ? c
      : { ...c, abilities: (c.abilities as Ability[]).map((a) => ({ ...a, recharge })) })),
  });
  const breaths = (doc: SystemDocument, seed: number): number => {
    const system = load(doc);
    const fight = composeFight(system, { heroes: ['fighter11', 'wizard11'], enemies: [{ bestiary: 'adult-black-dragon' }] });
    if (!fight.ok) throw new Error(fight.error);
    return fightLog(system, fight.fight, seed).filter((e) => e.type === 'ability' && e.ability === 'acid-breath').length;
  };

  it('is a d6 unless it says: { min: 5 } fights exactly as { min: 5, die: 6 }', () => {
    const system = load(classic), six = load(withRecharge({ min: 5, die: 6 }));
    const spec = { heroes: ['fighter11', 'wizard11'], enemies: [{ bestiary: 'adult-black-dragon' }] };
    const a = composeFight(system, spec), b = composeFight(six, spec);
    if (!a.ok || !b.ok) throw new Error('compose');
    for (let seed = 0; seed < 5; seed++) expect(fightLog(six, b.fight, seed)).toEqual(fightLog(system, a.fight, seed));
  });

  it('rolls the die it names: a d1000 that must show 1000 almost never recharges, a d2 showing 1 always does', () => {
    let rare = 0, always = 0;
    for (let seed = 0; seed < 10; seed++) {
      rare += breaths(withRecharge({ min: 1000, die: 1000 }), seed);
      always += breaths(withRecharge({ min: 1, die: 2 }), seed);
    }
    expect(rare).toBeLessThanOrEqual(11);
    expect(always).toBeGreaterThan(rare * 2);
  });

  it('refuses a min the die cannot show, saying where', () => {
    const compose = (doc: SystemDocument) => composeFight(load(doc), { heroes: ['fighter11'], enemies: [{ bestiary: 'adult-black-dragon' }] });
    const refused = compose(withRecharge({ min: 7 }));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/\/bestiary\/\d+\/abilities\/0\/recharge\/min: recharge min 7 is more than the d6 can show/);
    expect(compose(withRecharge({ min: 7, die: 8 })).ok).toBe(true);
    const checked = checkMeaning(withRecharge({ min: 7 })).filter((p) => p.pointer.endsWith('/recharge/min'));
    expect(checked.length).toBeGreaterThan(0);
    expect(checked[0]!.message).toBe('recharge min 7 is more than the d6 can show: it would never recharge');
    expect(checkMeaning(withRecharge({ min: 7, die: 8 })).filter((p) => p.pointer.endsWith('/recharge/min'))).toEqual([]);
  });
});

describe('disengage', () => {
  const leaves = (doc: SystemDocument): FightEvent[] =>
    fightLog(load(doc), 'walk-away', 1).filter((e) => e.type === 'reaction' && e.on === 'leave');

  it('an ability that says disengage: true leaves without provoking; false provokes even when a disengage word matches', () => {
    expect(leaves(mini())).toHaveLength(2);
    expect(leaves(withAbility(mini(), 'step-back', { disengage: true }))).toHaveLength(0);
    const worded = { ...mini(), combat: { ...mini().combat!, disengage: ['step'] } };
    expect(leaves(worded)).toHaveLength(0);
    expect(leaves(withAbility(worded, 'step-back', { disengage: false }))).toHaveLength(2);
  });
});

describe('edge words', () => {
  it('words an edge of +1 and -1 as the system says (default advantage / disadvantage)', () => {
    const doc = { ...mini(), combat: { ...mini().combat!, edgeWords: { advantage: 'boon', disadvantage: 'bane' } } };
    const checks = fightLog(load(doc), 'prone-target', 2).filter((e): e is Extract<FightEvent, { type: 'check' }> => e.type === 'check');
    const hero = checks.find((e) => e.actor === 'striker' && e.check === 'attack')!;
    expect(hero.influencedBy).toEqual(['Prone (near): boon']);
    expect(hero.chip).toContain('Influenced by: Prone (near): boon');
    expect(checks.find((e) => e.actor === 'dummy-1' && e.check === 'attack')!.influencedBy).toEqual(['Prone: bane']);
  });
});

describe('default position (consequences mode)', () => {
  const forged = read('../../systems/forged.json');
  const unplaced = (defaultPosition?: string): SystemDocument => ({
    ...forged,
    // Without harm slots, every harm is taken at the position's own level: the level tells the position.
    combat: { ...forged.combat!, consequences: { ...forged.combat!.consequences!, harm: { levels: forged.combat!.consequences!.harm.levels },
      ...(defaultPosition ? { defaultPosition } : {}) } },
    fights: forged.fights!.map(({ position: _, ...f }) => f),
  });
  const harmToHeroes = (doc: SystemDocument, position?: string): number[] => {
    const system = load(doc);
    const heroes = new Set(forged.heroes!.map((h) => h.id));
    return [0, 1, 2, 3, 4].map((seed) => fightLog(system, forged.fights![0]!.id, seed)
      .filter((e) => e.type === 'harm' && heroes.has(e.target)).map((e) => (e.type === 'harm' ? e.levels : 0)))
      .flat().filter((levels) => position === undefined || levels > 0);
  };

  it('a fight that names no position is risky unless the system says otherwise', () => {
    const risky = harmToHeroes(unplaced());
    expect(risky.length).toBeGreaterThan(0);
    expect(new Set(risky)).toEqual(new Set([2]));
    expect(new Set(harmToHeroes(unplaced('desperate')))).toEqual(new Set([3]));
  });

  it('refuses a default position that is not one of the positions', () => {
    expect(problems(unplaced('reckless'))).toEqual([
      "/combat/consequences/defaultPosition: unknown position 'reckless' (known: controlled, risky, desperate)",
    ]);
    expect(checkMeaning(unplaced('reckless')).map((p) => p.pointer)).toEqual(['/combat/consequences/defaultPosition']);
    expect(checkMeaning(unplaced('desperate'))).toEqual([]);
  });
});
