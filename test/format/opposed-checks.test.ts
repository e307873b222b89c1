// Opposed checks (issue 22, item 2): a check's `vs` names the defender's check; the defender rolls it first with its
// own edge, mods and stat (a hero, a bestiary creature, a template), and the outcomes read both sides (`@vs.total`,
// `@vs.outcome`, `@vs.roll.*`); a `counter` outcome hurts the attacker (Call of Cthulhu's fight back).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../engine/schema';
import { validateEvent } from '../../engine/schema/generated/validators';
import type { SystemDocument } from '../../engine/schema/document';
import { fightLog, loadSystem, simulate, type FightEvent, type System } from '../../engine/sim';
import { fuzz } from '../fuzz';

/** The fixture as the tests change it (the document's own types are read-only). */
interface Doc {
  checks: Record<string, Record<string, unknown>>;
  bestiary: { attributes?: Record<string, number> }[];
  heroes: { attributes?: Record<string, number>; weapon: { stat: string } }[];
}

const fixture = (): Doc => JSON.parse(readFileSync(new URL('./opposed-d20.json', import.meta.url), 'utf8')) as Doc;

function load(doc: Doc): System {
  const loaded = loadSystem(doc as unknown as SystemDocument);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

type Check = Extract<FightEvent, { type: 'check' }>;
const isCheck = (e: FightEvent): e is Check => e.type === 'check';

/** Rate of each outcome of the attack check over `fights` fights, and the 4.5σ band of a rate p over that many checks. */
function rates(system: System, fight: string, fights: number): { rate: (outcome: string) => number; band: (p: number) => number } {
  const stats = simulate(system, fight, { fights, seed: 22 });
  const tally = stats.checks.attack!;
  const n = Object.values(tally).reduce((a, b) => a + b, 0);
  return { rate: (o) => (tally[o] ?? 0) / n, band: (p) => 4.5 * Math.sqrt((p * (1 - p)) / n) };
}

describe('opposed checks: outcome rates against closed form (d20 vs d20)', () => {
  const system = load(fixture());

  it('d20 against a parrying d20: a hit when higher, 190/400; never countered by one who only parries', () => {
    const { rate, band } = rates(system, 'even', 400);
    expect(Math.abs(rate('hit') - 190 / 400)).toBeLessThan(band(190 / 400));
    expect(rate('countered')).toBe(0);
  });

  it('the defender rolls with its own edge: against 2d20kh1 (Guarding) a hit is sum (a-1)^2 / 8000 = 2470/8000', () => {
    const { rate, band } = rates(system, 'guarded', 400);
    expect(Math.abs(rate('hit') - 2470 / 8000)).toBeLessThan(band(2470 / 8000));
  });

  it('fight back: a duelist (Dexterity 5, riposte) prefers its riposte and wins with d20 + 5 > d20, 280/400; a hit 105/400', () => {
    const { rate, band } = rates(system, 'fight-back', 400);
    expect(Math.abs(rate('countered') - 280 / 400)).toBeLessThan(band(280 / 400));
    expect(Math.abs(rate('hit') - 105 / 400)).toBeLessThan(band(105 / 400));
    expect(Math.abs(rate('miss') - 15 / 400)).toBeLessThan(band(15 / 400));
  });
});

describe('opposed checks in the log', () => {
  const system = load(fixture());

  it("the defender's check comes first, the attack names it as opposed and meets its total; a counter hurts the attacker", () => {
    const events = fightLog(system, 'fight-back', 3);
    let counters = 0, taken = 0;
    events.forEach((e, i) => {
      expect(validateEvent(e), JSON.stringify(validateEvent.errors)).toBe(true);
      if (!isCheck(e) || e.check !== 'attack') return;
      const before = events[i - 1]!;
      expect(before).toMatchObject({ type: 'check', actor: 'duelist-1', check: 'riposte', target: 'fencer', outcome: 'riposte' });
      const parry = before as Check;
      // The duelist's own Dexterity: its roll is its die + 5.
      expect(parry.total).toBe(parry.dice[0]! + 5);
      expect(e.opposed).toEqual({ actor: 'duelist-1', check: 'riposte', total: parry.total, outcome: 'riposte' });
      expect(e.vs).toBe(parry.total);
      if (e.outcome === 'countered') {
        counters++;
        const next = events[i + 1]!;
        expect(next).toMatchObject({ type: 'damage', actor: 'duelist-1', target: 'fencer', amount: 2, chip: 'Duelist strikes back: 2 = 2' });
        taken += (next as Extract<FightEvent, { type: 'damage' }>).amount;
      }
    });
    expect(counters).toBeGreaterThan(10);
    const fencer = events.filter((e): e is Extract<FightEvent, { type: 'damage' }> => e.type === 'damage' && e.target === 'fencer');
    expect(fencer.reduce((sum, d) => sum + d.amount, 0)).toBe(taken);
  });

  it("a template defends with its own sheet (tier 3: Dexterity 3), and a defender's edge is named on its roll", () => {
    const mooks = fightLog(system, 'mooks', 1).filter(isCheck).filter((e) => e.check === 'parry');
    expect(mooks.length).toBe(20);
    for (const e of mooks) expect(e.total).toBe(e.dice[0]! + 3);
    const guarded = fightLog(system, 'guarded', 1).filter(isCheck).filter((e) => e.check === 'parry');
    for (const e of guarded) {
      expect(e.influencedBy).toEqual(['Guarding: advantage']);
      expect(e.total).toBe(Math.max(...e.dice));
    }
  });

  it('a check without vs is rolled as before: no defender roll, no opposed field', () => {
    const doc = fixture();
    delete doc.checks.attack!.vs;
    doc.checks.attack!.outcomes = [{ id: 'hit', when: '@total >= @vs', result: 'success' }, { id: 'miss', when: 'true', result: 'fail' }];
    const events = fightLog(load(doc), 'even', 1).filter(isCheck);
    expect(events.some((e) => e.check === 'parry')).toBe(false);
    expect(events.filter((e) => e.check === 'attack').every((e) => !('opposed' in e) && e.vs === 10)).toBe(true);
  });
});

describe('opposed checks in the checker', () => {
  const errorsOf = (change: (doc: Doc) => void, severity = 'error') => {
    const doc = fixture();
    change(doc);
    return checkSystem(JSON.stringify(doc, null, 2)).diagnostics.filter((d) => d.severity === severity).map((d) => `${d.pointer}: ${d.message}`);
  };

  it('the fixture checks clean', () => {
    expect(errorsOf(() => undefined)).toEqual([]);
  });

  it("an unknown defender's check, an opposed defender's check and @vs.* outside an opposed check are named where they are", () => {
    const found = errorsOf((doc) => {
      doc.checks.attack!.vs = { check: 'pary', prefer: [{ check: 'attack', when: '@riposte >= 1' }] };
      doc.checks.parry!.outcomes = [{ id: 'parry', when: '@vs.total > 0', result: 'success' }];
    });
    expect(found.some((m) => m.startsWith('/checks/attack/vs/check: ') && m.includes('`parry`'))).toBe(true);
    expect(found.some((m) => m.startsWith('/checks/attack/vs/prefer/0/check: ') && m.includes('itself opposed'))).toBe(true);
    expect(found.some((m) => m.startsWith('/checks/parry/outcomes/0/when'))).toBe(true);
  });

  it("the outcomes read the defender's roll tags (@vs.roll.Blade), and a misspelt one is refused", () => {
    expect(errorsOf((doc) => {
      (doc.checks.attack!.outcomes as Record<string, unknown>[])[0]!.when = '@total > @vs.total and @vs.roll.Blade < 20';
    })).toEqual([]);
    expect(errorsOf((doc) => {
      (doc.checks.attack!.outcomes as Record<string, unknown>[])[0]!.when = '@total > @vs.totl';
    }).some((m) => m.startsWith('/checks/attack/outcomes/0/when'))).toBe(true);
  });

  it('a counter outcome in a check with no vs is warned about at the outcome', () => {
    const found = errorsOf((doc) => {
      doc.checks.parry!.outcomes = [{ id: 'parry', when: 'true', result: 'success', counter: true }];
    }, 'warning');
    expect(found.some((m) => m.startsWith('/checks/parry/outcomes/0/counter: '))).toBe(true);
  });
});

describe('opposed checks: property', () => {
  it("every attack is judged against the defender's roll just before it, with both sides' own numbers", () => {
    fc.assert(fc.property(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 10_000 }),
      (attack, dex, guarding, riposte, seed) => {
        const doc = fixture();
        doc.heroes[0]!.weapon.stat = String(attack);
        doc.bestiary[0]!.attributes = { dex, riposte: riposte ? 1 : 0 };
        const system = load(doc);
        const events = fightLog(system, guarding ? 'guarded' : 'even', seed);
        let attacks = 0;
        events.forEach((e, i) => {
          if (!isCheck(e) || e.check !== 'attack') return;
          attacks++;
          const d = events[i - 1] as Check;
          expect(d.type).toBe('check');
          expect(d.actor).toBe('dummy-1');
          expect(d.check).toBe(riposte ? 'riposte' : 'parry');
          const die = guarding && !riposte ? Math.max(...d.dice) : d.dice[0]!;
          expect(d.total).toBe(die + dex);
          expect(e.total).toBe(e.dice[0]! + attack);
          expect(e.opposed).toEqual({ actor: 'dummy-1', check: d.check, total: d.total, outcome: d.outcome });
          const expected = e.total > d.total ? 'hit' : riposte && d.total > e.total ? 'countered' : 'miss';
          expect(e.outcome).toBe(expected);
          const next = events[i + 1];
          if (expected === 'countered') expect(next).toMatchObject({ type: 'damage', actor: 'dummy-1', target: 'fencer', amount: 1 });
          else if (expected === 'hit') expect(next).toMatchObject({ type: 'damage', actor: 'fencer', target: 'dummy-1' });
          else expect(next?.type).not.toBe('damage');
        });
        expect(attacks).toBe(50);
      }), fuzz(2202, 40));
  });
});

describe('opposed checks: the exact chance a hand-played hero is offered', () => {
  const system = load(fixture());
  /** The hit chance of the fencer's attack on its one foe, as the chooser is offered it on its first turn. */
  const offered = (fight: string): number | null => {
    let chance: number | null | undefined;
    fightLog(system, fight, 1, (offer) => {
      if (chance === undefined && offer.attacks.length) chance = offer.attacks[0]!.hitChance[0] ?? null;
      return null;
    });
    return chance ?? null;
  };

  it('walks the defender\'s roll too: 190/400 against a parrying d20, 2470/8000 against 2d20kh1, 105/400 against the riposte', () => {
    expect(offered('even')).toBeCloseTo(190 / 400, 12);
    expect(offered('guarded')).toBeCloseTo(2470 / 8000, 12);
    // Against the duelist a success is a hit only: its riposte's counter is the attacker's fail.
    expect(offered('fight-back')).toBeCloseTo(105 / 400, 12);
  });

  it("a defender whose check it may not attempt (its `requires` false) meets the blow with 0, as in the fight: d20 > 0 always", () => {
    const doc = fixture();
    doc.checks.parry!.requires = '@dex > 100';
    const unable = load(doc);
    let chance: number | null | undefined;
    const events = fightLog(unable, 'even', 1, (offer) => {
      if (chance === undefined && offer.attacks.length) chance = offer.attacks[0]!.hitChance[0] ?? null;
      return null;
    });
    expect(chance).toBeCloseTo(1, 12);
    const attacks = events.filter(isCheck).filter((e) => e.check === 'attack');
    expect(attacks.length).toBeGreaterThan(0);
    for (const a of attacks) expect([a.vs, a.outcome]).toEqual([0, 'hit']);
  });
});
