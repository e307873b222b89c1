// The fight engine against the spec's rules, on the fixture system test/fixtures/systems/mini-d20.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../schema/document';
import { composeFight, createFightStepper, fightLog, loadSystem, runFight, simulate, type FightEvent, type System } from './index';

const fixture = (name: string): SystemDocument =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/systems/${name}.json`, import.meta.url), 'utf8')) as SystemDocument;

function load(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

const mini = load(fixture('mini-d20'));
const ofType = <T extends FightEvent['type']>(events: FightEvent[], type: T): Extract<FightEvent, { type: T }>[] =>
  events.filter((e): e is Extract<FightEvent, { type: T }> => e.type === type);

describe('loading', () => {
  it('refuses a system whose formulas do not parse, saying where', () => {
    const doc = fixture('mini-d20');
    const bad = { ...doc, derived: { ...doc.derived, 'str.mod': 'floor((@str - 10) / ' } };
    const loaded = loadSystem(bad);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.diagnostics.some((d) => d.pointer === '/derived/str.mod')).toBe(true);
  });

  it('names an unknown hero in a fight clearly', () => {
    const doc = fixture('mini-d20');
    const loaded = loadSystem({ ...doc, fights: [{ id: 'x', heroes: ['nobody'], enemies: [] }] });
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.diagnostics[0]!.message).toMatch(/unknown hero 'nobody'/);
  });

  it('names enemies <id>-1, <id>-2 and builds template sheets from the tier', () => {
    const start = fightLog(mini, 'skirmish', 1)[0]!;
    if (start.type !== 'fightStart') throw new Error('first event');
    expect(start.combatants.map((c) => c.id)).toEqual(['fighter5', 'mage', 'standard-1', 'standard-2', 'standard-3']);
    expect(start.combatants[2]!.hp).toBe(14); // 8 + 6 * tier 1
  });

  it('recomputes a derived value that reads a track whenever the track changes', () => {
    // `wounded` reads the hit points; a defence that reads `wounded` drops by 5 once the hero is below half.
    const doc = fixture('mini-d20');
    const wounding = load({
      ...doc, combat: { ...doc.combat!, attack: { ...doc.combat!.attack!, defence: '10 + @dex.mod + @armor - 5 * @wounded' } },
      fights: [{ id: 'wearing', heroes: ['fighter5'], enemies: [{ template: { role: 'standard', tier: 3 }, count: 2 }] }],
    });
    let checked = 0, whileWounded = 0;
    for (let seed = 0; seed < 20; seed++) {
      const events = fightLog(wounding, 'wearing', seed);
      const start = events[0]!;
      if (start.type !== 'fightStart') throw new Error('first event');
      const max = start.combatants.find((c) => c.id === 'fighter5')!.hp;
      let hp = max;
      for (const e of events) {
        if (e.type === 'damage' && e.target === 'fighter5') hp = e.hp;
        if (e.type === 'heal' && e.target === 'fighter5') hp += e.amount;
        if (e.type !== 'check' || e.target !== 'fighter5' || e.check !== 'attack') continue;
        const wounded = hp < max / 2;
        expect(e.vs, `seed ${seed}: fighter5 at ${hp}/${max}`).toBe(wounded ? 16 - 5 : 16);
        checked++;
        if (wounded) whileWounded++;
      }
    }
    expect(checked).toBeGreaterThan(whileWounded);
    expect(whileWounded).toBeGreaterThan(0);
  });
});

describe('the turn', () => {
  it('marks attacks past the budget NO TIME', () => {
    const events = fightLog(mini, 'no-time', 5);
    const attacks = ofType(events, 'check').filter((e) => e.check === 'attack' && e.actor === 'striker');
    expect(attacks).toHaveLength(1);
    expect(ofType(events, 'noTime').map((e) => e.attack)).toEqual([2, 3]);
  });

  it("rolls Action Surge's extra action for real (2 actions x 2 attacks, the fifth is NO TIME)", () => {
    const events = fightLog(mini, 'surge', 5);
    const attacks = ofType(events, 'check').filter((e) => e.check === 'attack' && e.actor === 'fighter5');
    expect(attacks).toHaveLength(4);
    expect(attacks.every((a) => a.dice.length >= 1)).toBe(true);
    expect(ofType(events, 'noTime').map((e) => e.attack)).toEqual([5]);
  });

  it('lets a faster enemy strike first, and a hero it drops never acts', () => {
    for (let seed = 0; seed < 20; seed++) {
      const events = fightLog(mini, 'fast-enemy', seed);
      expect(ofType(events, 'turn').some((e) => e.actor === 'slow-hero')).toBe(false);
      expect(ofType(events, 'down')[0]!.target).toBe('slow-hero');
    }
  });

  it('ends every fight by maxRounds at the latest (a draw)', () => {
    const result = runFight(mini, 'd20-plus-5', 3);
    expect(result.rounds).toBe(10);
    expect(result.winner).toBe('draw');
  });
});

describe('blows and conditions', () => {
  it('reads prone near as advantage for the attacker, and its own edge as disadvantage', () => {
    const events = fightLog(mini, 'prone-target', 2);
    const hero = ofType(events, 'check').find((e) => e.actor === 'striker' && e.check === 'attack')!;
    expect(hero.influencedBy).toEqual(['Prone (near): advantage']);
    expect(hero.dice).toHaveLength(2);
    expect(hero.chip).toContain('Influenced by: Prone (near): advantage');
    const dummy = ofType(events, 'check').find((e) => e.actor === 'dummy-1' && e.check === 'attack')!;
    expect(dummy.influencedBy).toEqual(['Prone: disadvantage']);
  });

  it('turns a hit on a paralyzed target in reach into a crit (dice doubled)', () => {
    let crits = 0;
    for (let seed = 0; seed < 30; seed++) {
      let paralyzed = false;
      for (const e of fightLog(mini, 'paralyzed-target', seed)) {
        if (e.type === 'condition') paralyzed = e.change === 'applied';
        if (e.type !== 'damage' || e.actor !== 'fighter5') continue;
        if (paralyzed) { expect(e.chip).toMatch(/^2d8 /); crits++; } else expect(e.chip).toMatch(/^1d8 /);
      }
    }
    expect(crits).toBeGreaterThan(10);
  });

  it('ends a condition on a successful save at the end of the holder turn, against the DC captured when applied', () => {
    let saved = 0;
    for (let seed = 0; seed < 40; seed++) {
      const events = fightLog(mini, 'paralyzed-target', seed);
      const condition = ofType(events, 'condition').find((e) => e.change === 'applied')!;
      expect(condition.dc).toBe(15);
      const save = ofType(events, 'check').find((e) => e.check === 'save.dex');
      if (save && save.total >= 15) {
        expect(ofType(events, 'condition').some((e) => e.change === 'saved')).toBe(true);
        saved++;
      }
    }
    expect(saved).toBeGreaterThan(0);
  });

  it('shows the seed chip shape: d20 (n) + 3 Strength + 0 prof = t vs d · Hit', () => {
    const events = fightLog(mini, 'duel', 4);
    const chip = ofType(events, 'check').find((e) => e.actor === 'fighter5' && e.check === 'attack')!.chip;
    expect(chip).toMatch(/^d20 \(\d+\) \+ 3 Strength \+ 0 prof = \d+ vs 14 · (Hit|Miss)$/);
  });

  it('lets Shield turn a hit into a miss by re-judging the same roll', () => {
    let turned = 0;
    for (let seed = 0; seed < 200 && turned < 3; seed++) {
      const events = fightLog(mini, 'skirmish', seed);
      for (let i = 0; i < events.length; i++) {
        const e = events[i]!;
        if (e.type !== 'reaction' || e.ability !== 'shield') continue;
        const hit = events[i - 1]!;
        if (hit.type !== 'check') throw new Error('a reaction follows its check');
        expect(hit.outcome).toBe('hit');
        expect(hit.total - hit.vs! < 5).toBe(true);
        if (e.success) {
          turned++;
          expect(hit.total).toBeLessThan(hit.vs! + 5);
          expect(events[i + 1]?.type === 'damage' && (events[i + 1] as { target: string }).target === 'mage').toBe(false);
        }
      }
    }
    expect(turned).toBeGreaterThan(0);
  });

  it("types a creature's blow from the attack's words, halves what it resists, and regeneration stops on fire", () => {
    let stopped = 0;
    let regenerated = 0;
    for (let seed = 0; seed < 20; seed++) {
      const events = fightLog(mini, 'troll', seed);
      for (const d of ofType(events, 'damage')) if (d.actor === 'troll-1') expect(['slashing', 'piercing']).toContain(d.damageType);
      for (const r of ofType(events, 'regenerate')) {
        if (r.stopped) stopped++; else regenerated++;
      }
    }
    expect(stopped).toBeGreaterThan(0);
    expect(regenerated).toBeGreaterThan(0);
  });
});

describe('leaving', () => {
  it('walking away from foes provokes their opportunity attacks; a teleport does not', () => {
    const walk = fightLog(mini, 'walk-away', 1);
    const provoked = ofType(walk, 'reaction').filter((e) => e.on === 'leave');
    expect(provoked.map((e) => e.actor)).toEqual(['sure-hitter-1', 'sure-hitter-2']);
    const teleport = fightLog(mini, 'teleport-away', 1);
    expect(ofType(teleport, 'reaction')).toHaveLength(0);
    expect(ofType(teleport, 'ability').map((e) => e.ability)).toEqual(['misty-step']);
  });
});

describe('stepper and ad-hoc fights', () => {
  it('steps through the same fight runFight gives, event by event and turn by turn', () => {
    const log = fightLog(mini, 'skirmish', 9);
    const stepper = createFightStepper(mini, 'skirmish', 9);
    const stepped: FightEvent[] = [];
    const firstTurn = stepper.nextTurn();
    stepped.push(...firstTurn);
    for (let e = stepper.next(); e; e = stepper.next()) stepped.push(e);
    expect(stepped).toEqual(log);
    expect(firstTurn.at(-1)!.type === 'turn' || log[firstTurn.length]!.type === 'turn').toBe(true);
  });

  it('composes a fight from heroes and enemies by role and tier or bestiary id', () => {
    const composed = composeFight(mini, { heroes: ['fighter5'], enemies: [{ template: { role: 'standard', tier: 3 }, count: 2 }, { bestiary: 'troll' }] });
    expect(composed.ok).toBe(true);
    if (!composed.ok) return;
    const stats = simulate(mini, composed.fight, { fights: 50, seed: 1 });
    expect(stats.combatants.map((c) => c.id)).toEqual(['fighter5', 'standard-1', 'standard-2', 'troll-1']);
    expect(composeFight(mini, { heroes: ['nobody'], enemies: [] })).toEqual({ ok: false, error: expect.stringMatching(/unknown hero 'nobody'/) });
    expect(composeFight(mini, { heroes: [], enemies: [{ template: { role: 'standard', tier: 9 } }] }).ok).toBe(false);
  });
});

describe('formula failures mid-fight', () => {
  it('stop the fight with a clear SimError naming the fight, round and turn', () => {
    const doc = fixture('mini-d20');
    const broken = load({ ...doc, combat: { ...doc.combat!, attack: { ...doc.combat!.attack!, defence: '10 / (@hp - @hp)' } } });
    expect(() => runFight(broken, 'duel', 1)).toThrowError(/fight 'duel', round 1, .*'s turn: .*division by zero/);
  });
});

describe('a check says the number it met only when its outcomes read one', () => {
  it('a death save decided by its die reads `d20 (11) = 11 · Stable` with vs null; attacks and saves keep `vs`', () => {
    const classic = load(JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as SystemDocument);
    expect(classic.checks.get('death')!.readsVs).toBe(false);
    expect(classic.checks.get('attack')!.readsVs).toBe(true);
    // boss-tier-4, seed 1: the wizard goes down and rolls death saves; the fighter attacks; spells make dex saves.
    const checks = ofType(fightLog(classic, 'boss-tier-4', 1), 'check');
    const deathSaves = checks.filter((c) => c.check === 'death');
    expect(deathSaves.length).toBeGreaterThan(0);
    for (const c of deathSaves) {
      expect(c.vs).toBeNull();
      // The outcome's name, and no number met (`Natural 1: two failures` holds a colon and spaces).
      expect(c.chip).toMatch(/^d20 \(\d+\) = \d+ · [\w :]+$/);
      expect(c.chip).not.toContain(' vs ');
    }
    const attacks = checks.filter((c) => c.check === 'attack');
    expect(attacks.length).toBeGreaterThan(0);
    for (const c of attacks) {
      expect(c.vs).toEqual(expect.any(Number));
      expect(c.chip).toContain(` vs ${c.vs} · `);
    }
  });
});
