// The fight's rules beyond a plain blow, each on the fixture system mini-d20 with what the test needs added to it (a
// creature, a hero, a fight): several damage types in one blow, save bonuses, conditions a save applies, condition
// immunities, a target condition that makes a hit a crit, template enemies' abilities, death saves, outcome gains.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Creature, Fight, Hero, SystemDocument } from '../schema/document';
import { fightLog, loadSystem, type FightEvent, type System } from './index';

const fixture = (): SystemDocument =>
  JSON.parse(readFileSync(new URL('../../test/fixtures/systems/mini-d20.json', import.meta.url), 'utf8')) as SystemDocument;

function load(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

/** mini-d20 with extra creatures, heroes and fights. */
function withExtras(extra: { bestiary?: Creature[]; heroes?: Hero[]; fights?: Fight[] }, change?: (doc: SystemDocument) => SystemDocument): System {
  const doc = fixture();
  const merged: SystemDocument = {
    ...doc,
    bestiary: [...(doc.bestiary ?? []), ...(extra.bestiary ?? [])],
    heroes: [...(doc.heroes ?? []), ...(extra.heroes ?? [])],
    fights: [...(doc.fights ?? []), ...(extra.fights ?? [])],
  };
  return load(change ? change(merged) : merged);
}

const ofType = <T extends FightEvent['type']>(events: readonly FightEvent[], type: T): Extract<FightEvent, { type: T }>[] =>
  events.filter((e): e is Extract<FightEvent, { type: T }> => e.type === type);

const tank = (id: string, more: Partial<Hero> = {}): Hero => ({
  id, name: id, level: 1, attributes: { con: 50, dex: 10 }, weapon: { name: 'Stick', damage: '0', stat: '-100', reach: 'near' }, ...more,
});

describe('a blow with several damage types', () => {
  const system = withExtras({
    bestiary: [{
      id: 'wyrmling', name: 'Wyrmling', defence: 10, hp: 500,
      attacks: [{ id: 'bite', name: 'Bite', bonus: 100, damage: '4', type: 'piercing', parts: [{ damage: '6', type: 'fire' }] }],
    }],
    heroes: [tank('fire-warded', { immune: ['piercing'], resist: ['fire'] }), tank('plain')],
    fights: [
      { id: 'warded', heroes: ['fire-warded'], enemies: [{ bestiary: 'wyrmling' }], maxRounds: 3 },
      { id: 'plain', heroes: ['plain'], enemies: [{ bestiary: 'wyrmling' }], maxRounds: 3 },
    ],
  });

  it('runs each part through the damage steps with its own type (piercing ignored, fire halved)', () => {
    const events = fightLog(system, 'warded', 1);
    const hits = ofType(events, 'damage').filter((e) => e.actor === 'wyrmling-1');
    expect(hits.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < hits.length; i += 2) {
      expect(hits[i]).toMatchObject({ damageType: 'piercing', rolled: 4, amount: 0, steps: ['Immune'] });
      expect(hits[i + 1]).toMatchObject({ damageType: 'fire', rolled: 6, amount: 3, steps: ['Resist'] });
    }
  });

  it('adds the parts up on a target with no defences', () => {
    const events = fightLog(system, 'plain', 1);
    const hits = ofType(events, 'damage').filter((e) => e.actor === 'wyrmling-1');
    expect(hits.map((h) => h.amount).slice(0, 2)).toEqual([4, 6]);
    expect(hits[1]!.hp).toBe(110 - 10);
  });

  it('refuses a part whose formula does not parse, saying where', () => {
    const doc = fixture();
    const loaded = loadSystem({
      ...doc,
      bestiary: [{ id: 'bad', name: 'Bad', defence: 10, hp: 5, attacks: [{ id: 'bite', bonus: 1, damage: '1', parts: [{ damage: '2d', type: 'fire' }] }] }],
      fights: [{ id: 'x', heroes: ['striker'], enemies: [{ bestiary: 'bad' }] }],
    });
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.diagnostics.some((d) => d.pointer === '/bestiary/0/attacks/0/parts/0/damage')).toBe(true);
  });
});

describe("a creature's save bonuses", () => {
  const withStat = (doc: SystemDocument): SystemDocument => ({
    ...doc, checks: { ...doc.checks, 'save.dex': { ...doc.checks!['save.dex']!, roll: 'd20 + @stat', stat: '@dex.mod' } },
  });
  const system = withExtras({
    bestiary: [
      { id: 'nimble', name: 'Nimble', defence: 10, hp: 400, attributes: { dex: 14 }, saves: { 'save.dex': 9 }, attacks: [{ id: 'poke', bonus: -100, damage: '0' }] },
      { id: 'clumsy', name: 'Clumsy', defence: 10, hp: 400, attributes: { dex: 14 }, attacks: [{ id: 'poke', bonus: -100, damage: '0' }] },
    ],
    fights: [{ id: 'saves', heroes: ['caster'], enemies: [{ bestiary: 'nimble' }, { bestiary: 'clumsy' }], maxRounds: 3 }],
  }, withStat);

  it("replace the check's stat for that check (save.dex +9), and the sheet's stat serves the others (+2)", () => {
    const saves = ofType(fightLog(system, 'saves', 4), 'check').filter((e) => e.check === 'save.dex');
    const bonus = (actor: string): number[] => [...new Set(saves.filter((e) => e.actor === actor).map((e) => e.total - e.dice[0]!))];
    expect(bonus('nimble-1')).toEqual([9]);
    expect(bonus('clumsy-1')).toEqual([2]);
  });

  it('label the stat on the chip as a weapon stat is labelled', () => {
    const save = ofType(fightLog(system, 'saves', 4), 'check').find((e) => e.check === 'save.dex' && e.actor === 'clumsy-1')!;
    expect(save.chip).toMatch(/^d20 \(\d+\) \+ 2 Dexterity = \d+ vs 15/);
  });
});

describe('a condition applied by a save', () => {
  const withCon = (doc: SystemDocument): SystemDocument => ({
    ...doc, checks: { ...doc.checks, 'save.con': { roll: 'd20 + @con.mod', outcomes: [{ id: 'saved', when: '@total >= @vs', result: 'success' }, { id: 'failed', when: 'true', result: 'fail' }] } },
  });
  const system = withExtras({
    bestiary: [{
      id: 'ghast', name: 'Ghast', defence: 10, hp: 400,
      attacks: [{ id: 'claws', name: 'Claws', bonus: 100, damage: '1', applies: ['paralyzed'], save: { check: 'save.con', dc: '10' } }],
    }],
    heroes: [tank('victim', { attributes: { con: 10, dex: 10 } })],
    fights: [{ id: 'ghast', heroes: ['victim'], enemies: [{ bestiary: 'ghast' }], maxRounds: 6 }],
  }, withCon);

  it("keeps the DC and check of the save that applied it (the creature's DC 10 Con save, not the condition's spell DC)", () => {
    let repeats = 0;
    let paralysed = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const events = fightLog(system, 'ghast', seed);
      for (const applied of ofType(events, 'condition').filter((e) => e.condition === 'paralyzed' && e.change === 'applied')) {
        expect(applied.dc).toBe(10);
        paralysed++;
      }
      // The victim's own saves, rolled at the end of its turns while paralyzed: each the applying save again.
      const turnSaves = ofType(events, 'check').filter((e) => e.actor === 'victim' && e.check.startsWith('save.'));
      const applyingSaves = turnSaves.length;
      expect(turnSaves.every((e) => e.check === 'save.con' && e.vs === 10)).toBe(true);
      repeats += applyingSaves;
    }
    expect(paralysed).toBeGreaterThan(0);
    expect(repeats).toBeGreaterThan(paralysed);
  });

  it("still reads the condition's own DC when no save applied it (a fight's starting condition)", () => {
    const start = withExtras({
      heroes: [tank('held', { attributes: { con: 10, dex: 10 } })],
      fights: [{ id: 'held', heroes: [{ hero: 'held', conditions: ['paralyzed'] }], enemies: [{ template: { role: 'dummy', tier: 1 } }], maxRounds: 2 }],
    });
    const events = fightLog(start, 'held', 1);
    const save = ofType(events, 'check').find((e) => e.actor === 'held' && e.check === 'save.dex');
    expect(save?.vs).toBe(15); // mini-d20: paralyzed saves save.dex against @source.spell.dc, 15
  });
});

describe('condition immunities', () => {
  const withCon = (doc: SystemDocument): SystemDocument => ({
    ...doc,
    checks: { ...doc.checks, 'save.con': { roll: 'd20 - 100', outcomes: [{ id: 'saved', when: '@total >= @vs', result: 'success' }, { id: 'failed', when: 'true', result: 'fail' }] } },
    templates: (doc.templates ?? []).map((t) => (t.role === 'dummy' ? { ...t, conditionImmune: ['prone'] } : t)),
  });
  const system = withExtras({
    bestiary: [
      { id: 'ghast', name: 'Ghast', defence: 10, hp: 400, attacks: [{ id: 'claws', bonus: 100, damage: '1', applies: ['paralyzed'], save: { check: 'save.con', dc: '10' } }] },
      { id: 'rock', name: 'Rock', defence: 10, hp: 400, conditionImmune: ['prone'], attacks: [{ id: 'none', bonus: -100, damage: '0' }] },
      { id: 'pebble', name: 'Pebble', defence: 10, hp: 400, attacks: [{ id: 'none', bonus: -100, damage: '0' }] },
    ],
    heroes: [tank('unmovable', { conditionImmune: ['paralyzed'] }), tank('movable')],
    fights: [
      { id: 'immune-hero', heroes: ['unmovable'], enemies: [{ bestiary: 'ghast' }], maxRounds: 3 },
      { id: 'plain-hero', heroes: ['movable'], enemies: [{ bestiary: 'ghast' }], maxRounds: 3 },
      {
        id: 'prone-start', heroes: ['movable'], maxRounds: 1,
        enemies: [{ bestiary: 'rock', conditions: ['prone'] }, { bestiary: 'pebble', conditions: ['prone'] }, { template: { role: 'dummy', tier: 1 }, conditions: ['prone'] }],
      },
    ],
  }, withCon);
  const applied = (events: readonly FightEvent[], condition: string): string[] =>
    ofType(events, 'condition').filter((e) => e.condition === condition && e.change === 'applied').map((e) => e.target);

  it("keep a creature's hit from paralysing an immune hero (the same hit paralyses one who is not)", () => {
    expect(applied(fightLog(system, 'immune-hero', 1), 'paralyzed')).toEqual([]);
    expect(applied(fightLog(system, 'plain-hero', 1), 'paralyzed')).toEqual(['movable']);
  });

  it('keep starting conditions off immune creatures and template enemies', () => {
    expect(applied(fightLog(system, 'prone-start', 1), 'prone')).toEqual(['pebble-1']);
  });
});

describe('a hit that a target condition turns into a crit', () => {
  const critCheck = (doc: SystemDocument): SystemDocument => ({ ...doc, combat: { ...doc.combat!, attack: { ...doc.combat!.attack!, check: 'attack-crit' } } });
  const fights: Fight[] = [{ id: 'held', heroes: ['striker'], enemies: [{ template: { role: 'dummy', tier: 1 }, conditions: ['paralyzed'] }], maxRounds: 1 }];

  it("reads as the check's crit outcome, on the event, the chip and what influenced it", () => {
    const system = withExtras({ fights }, critCheck);
    let hits = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const first = ofType(fightLog(system, 'held', seed), 'check').find((e) => e.actor === 'striker' && e.check === 'attack-crit')!;
      // A miss stays a miss; a natural 20 (the highest kept die under advantage) is a crit of its own.
      if (first.total < 15 || Math.max(...first.dice) === 20) continue;
      hits++;
      expect(first.outcome).toBe('crit');
      expect(first.chip).toMatch(/· Crit/);
      expect(first.influencedBy).toContain('Paralyzed (near): crit');
    }
    expect(hits).toBeGreaterThan(0);
  });

  it('keeps the hit outcome of a check with no crit outcome, and still says what made it a crit', () => {
    const system = withExtras({ fights });
    const hit = ofType(fightLog(system, 'held', 1), 'check').find((e) => e.actor === 'striker' && e.outcome === 'hit');
    expect(hit?.influencedBy).toContain('Paralyzed (near): crit');
  });
});

describe('template enemies with abilities', () => {
  const withShield = (abilities: NonNullable<SystemDocument['templates']>[number]['abilities']) => (doc: SystemDocument): SystemDocument => ({
    ...doc, templates: (doc.templates ?? []).map((t) => (t.role === 'dummy' ? { ...t, abilities } : t)),
  });
  const fights: Fight[] = [{ id: 'shielded', heroes: ['striker'], enemies: [{ template: { role: 'dummy', tier: 1 } }], maxRounds: 5 }];

  it("use a system reaction by id whenever the moment comes (Shield on a hit, paid from the enemy's own track)", () => {
    const system = withExtras({ fights }, withShield(['shield']));
    const reactions = ofType(fightLog(system, 'shielded', 3), 'reaction').filter((e) => e.actor === 'dummy-1');
    expect(reactions.length).toBeGreaterThan(0);
    expect(reactions.every((e) => e.ability === 'shield' && e.on === 'hit')).toBe(true);
  });

  it('use an ability of their own: an unbreakable guard turns every hit into a miss', () => {
    const system = withExtras({ fights }, withShield([{ id: 'guard', name: 'Guard', uses: 'reaction', react: { on: 'hit', defence: '1000' } }]));
    const events = fightLog(system, 'shielded', 3);
    expect(ofType(events, 'reaction').filter((e) => e.ability === 'guard').length).toBeGreaterThan(0);
    expect(ofType(events, 'damage').filter((e) => e.target === 'dummy-1')).toEqual([]);
  });

  it('name an unknown ability id clearly', () => {
    const loaded = loadSystem(withShield(['no-such'])({ ...fixture(), fights }));
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.diagnostics.map((d) => d.message).join('\n')).toMatch(/unknown ability 'no-such'/);
  });
});

describe('death saves of a dying hero', () => {
  const withDeathSaves = (doc: SystemDocument): SystemDocument => ({
    ...doc,
    checks: {
      ...doc.checks,
      death: { roll: 'd20', outcomes: [
        { id: 'revive', when: '@natural == 20', result: 'success', crit: true },
        { id: 'steady', when: '@natural >= 10', result: 'success' },
        { id: 'slipping', when: '@natural == 1', result: 'fail', botch: true },
        { id: 'failed', when: 'true', result: 'fail' },
      ] },
    },
    combat: { ...doc.combat!, death: { enabled: true, save: { check: 'death' } } },
  });
  const system = withExtras({
    heroes: [tank('frail', { attributes: { con: 0, dex: 10 } }), tank('stout')],
    fights: [{ id: 'dying', heroes: ['frail', 'stout'], enemies: [{ template: { role: 'sure-hitter', tier: 1 } }], maxRounds: 8 }],
  }, withDeathSaves);

  it('count successes to stable and failures to dead (a botch twice), a crit back up with 1 hit point', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const events = fightLog(system, 'dying', seed);
      let successes = 0, failures = 0;
      const expected: string[] = [];
      for (const e of events) {
        if (e.type === 'check' && e.check === 'death') {
          expect(e.actor).toBe('frail');
          if (e.outcome === 'revive') { expected.push('up'); successes = 0; failures = 0; continue; }
          if (e.outcome === 'steady') successes++; else failures += e.outcome === 'slipping' ? 2 : 1;
          if (failures >= 3) { expected.push('dead'); successes = 0; failures = 0; } else if (successes >= 3) { expected.push('stable'); successes = 0; failures = 0; }
        }
      }
      const resolved = events.flatMap((e) => {
        if (e.type === 'down' && e.target === 'frail' && e.state !== 'down') return [e.state];
        if (e.type === 'heal' && e.target === 'frail') return ['up'];
        return [];
      });
      expect(resolved).toEqual(expected);
      for (const r of resolved) seen.add(r);
      // A hero back up is in the fight again: it takes a turn or is struck (the fewest hit points draw the blow).
      if (resolved.includes('up')) {
        const at = events.findIndex((e) => e.type === 'heal' && e.target === 'frail');
        expect(events.slice(at).some((e) => (e.type === 'turn' && e.actor === 'frail') || (e.type === 'damage' && e.target === 'frail'))).toBe(true);
      }
    }
    expect([...seen].sort()).toEqual(['dead', 'stable', 'up']);
  });

  it('are not rolled when the system defines none (the hero stays down)', () => {
    const plain = withExtras({
      heroes: [tank('frail', { attributes: { con: 0, dex: 10 } }), tank('stout')],
      fights: [{ id: 'dying', heroes: ['frail', 'stout'], enemies: [{ template: { role: 'sure-hitter', tier: 1 } }], maxRounds: 8 }],
    });
    const events = fightLog(plain, 'dying', 1);
    expect(ofType(events, 'down').filter((e) => e.target === 'frail').map((e) => e.state)).toEqual(['down']);
  });
});

describe('an outcome gain reads the outcome (extended challenges)', () => {
  it('a hit adds its degree to a progress track, and the damage that reads the track sees the running total', () => {
    const doc = fixture();
    const changed = {
      ...doc,
      tracks: { ...doc.tracks, progress: { name: 'Progress', max: '1000', start: '0' } },
      checks: {
        ...doc.checks,
        attack: {
          ...doc.checks!.attack!,
          outcomes: doc.checks!.attack!.outcomes!.map((o) =>
            o.id === 'hit' ? { ...o, degree: '@total - @vs + 1', gain: [{ track: 'progress', amount: '@degree' }] } : o),
        },
      },
      combat: { ...doc.combat!, attack: { ...doc.combat!.attack!, damage: '@progress' } },
      heroes: (doc.heroes ?? []).map((h) => (h.weapon ? { ...h, weapon: { ...h.weapon, damage: '@progress', parts: undefined } } : h)),
    } as SystemDocument;
    const system = load(changed);
    const heroIds = new Set((changed.heroes ?? []).map((h) => h.id));
    const progress = new Map<string, number>();
    let checked = 0;
    for (const seed of [1, 2, 3]) {
      progress.clear();
      let lastHit: string | null = null;
      for (const e of fightLog(system, 'duel', seed)) {
        if (e.type === 'check' && e.check === 'attack' && heroIds.has(e.actor)) {
          lastHit = e.outcome === 'hit' ? e.actor : null;
          if (e.outcome === 'hit') progress.set(e.actor, (progress.get(e.actor) ?? 0) + e.total - (e.vs ?? 0) + 1);
        } else if (e.type === 'damage' && lastHit === e.actor) {
          expect(e.rolled).toBe(progress.get(e.actor));
          checked += 1;
          lastHit = null;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
