// Long Odds (systems/games/long-odds.json), a 4dF shifts-and-stress game: 4dF + skill against the defender's 4dF +
// Athletics (`checks.attack.vs`), the difference the shifts: 1+ hits for that many, 3+ with style, a tie the attacker's
// boost (+2 on its next attack, `charges: 1`), a defence by 3+ the defender's boost. Shifts fill stress boxes first,
// then the mild (2), moderate (4) and severe (6) consequences, each used once (`combat.damage.apply`), each leaving an
// opening a foe's next attack may use for +2 (`against[].checks`); a shift more takes the target out. A fate point
// invokes +2 after the roll when that turns the exchange (`react.on: "roll"`, `bonus`).
// Exact rates against closed form (the 4dF counts 1, 4, 10, 16, 19, 16, 10, 4, 1 of 81, convolved for the exchange),
// through the CLI's `dist` on the system's own rolls and outcomes and through the engine's exact chance of an opposed
// blow; simulated rates within 4.5σ; stress, consequences, boosts and invokes read event by event.
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../../engine/schema/document';
import { fightLog, type FightEvent } from '../../engine/sim/index';
import { exact, expectCleanGame, expectSampleFightsEnd, gameDocument, gamePath, gameText, loadGame, within } from './exact-and-simulated';

const ID = 'long-odds';
const doc = gameDocument(ID);
const system = loadGame(doc);

/** 4dF: ways of -4..+4 out of 81. */
const FOUR_DF = [1, 4, 10, 16, 19, 16, 10, 4, 1];
/** The exchange's dice, 4dF less 4dF (the same as 8dF): P(k) for k = -8..8, convolved here. */
const EIGHT_DF: number[] = (() => {
  const out = new Array<number>(17).fill(0);
  FOUR_DF.forEach((x, i) => FOUR_DF.forEach((y, j) => { out[i - j + 8]! += (x * y) / 81 / 81; }));
  return out;
})();
const diceDiff = (k: number): number => (k < -8 || k > 8 ? 0 : EIGHT_DF[k + 8]!);
/** P(shifts >= s) when the attacker's skill is a and the defender's d. */
const shiftsAtLeast = (s: number, a: number, d: number): number => {
  let p = 0;
  for (let k = -8; k <= 8; k++) if (k + a - d >= s) p += diceDiff(k);
  return p;
};
/** The attack's outcomes at skills a against d, in the system's order. */
const closedForm = (a: number, d: number): Record<string, number> => ({
  style: shiftsAtLeast(3, a, d),
  hit: shiftsAtLeast(1, a, d) - shiftsAtLeast(3, a, d),
  tie: shiftsAtLeast(0, a, d) - shiftsAtLeast(1, a, d),
  'defended-style': 1 - shiftsAtLeast(-2, a, d),
  defended: shiftsAtLeast(-2, a, d) - shiftsAtLeast(0, a, d),
});

/** The attack's outcomes as one formula over both rolls (skills a and d written in): the first outcome's index. */
function exchangeFormula(a: number, d: number): string {
  const attack = doc.checks!.attack!, defend = doc.checks!.defend!;
  const mine = attack.roll.replaceAll('@stat', String(a)).replaceAll('@mods.invoke', '0');
  const theirs = defend.roll.replaceAll('@stat', String(d));
  const arms = attack.outcomes!.map((o, i) => [o.when.replaceAll('@vs.total', '@v').replaceAll('@total', '@t'), String(i)] as const);
  return `let t = ${mine} in let v = ${theirs} in ${arms.slice(0, -1).map(([w, i]) => `(${w}) ? ${i} : `).join('')}${arms.at(-1)![1]}`;
}

type Check = Extract<FightEvent, { type: 'check' }>;
type Damage = Extract<FightEvent, { type: 'damage' }>;
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const heroSkills = (id: string): Record<string, number> => doc.heroes!.find((h) => h.id === id)!.attributes as Record<string, number>;

describe('Long Odds: 4dF, shifts, stress and consequences', () => {
  it('checks with no problems through the CLI and the checker, and names itself after its file', () => {
    expectCleanGame(ID);
  });

  it('exact: 4dF + skill is 1, 4, 10, 16, 19, 16, 10, 4, 1 in 81 about the skill, through dist on the defence roll', async () => {
    expect(sum(FOUR_DF)).toBe(81);
    expect(sum(EIGHT_DF)).toBeCloseTo(1, 14);
    // The worked number: the dice of an exchange tie (4dF - 4dF = 0) 1 + 16 + 100 + 256 + 361 + 256 + 100 + 16 + 1 = 1107 in 6561.
    expect(diceDiff(0)).toBeCloseTo(1107 / 6561, 15);
    for (const s of [0, 2, 4]) {
      const pmf = await exact(doc.checks!.defend!.roll, '--system', gamePath(ID), '--set', `stat=${s}`);
      FOUR_DF.forEach((w, i) => expect(pmf.get(i - 4 + s) ?? 0, `skill ${s}, ${i - 4}`).toBeCloseTo(w / 81, 12));
    }
  });

  it('exact: style, hit, tie, defended and defended with style for skill pairs, through dist on both rolls and the outcomes', async () => {
    expect(doc.checks!.attack!.outcomes!.map((o) => o.id)).toEqual(['style', 'hit', 'tie', 'defended-style', 'defended']);
    for (const [a, d] of [[4, 2], [2, 2], [1, 4], [5, 0]] as const) {
      const pmf = await exact(exchangeFormula(a, d), '--system', gamePath(ID));
      Object.values(closedForm(a, d)).forEach((p, i) => expect(pmf.get(i) ?? 0, `${a} against ${d}, outcome ${i}`).toBeCloseTo(p, 12));
    }
    // +4 against +2 hits (1 shift or more) when 4dF - 4dF >= -1: 0.8... = sum of the 8dF counts from -1 up.
    expect(shiftsAtLeast(1, 4, 2)).toBeCloseTo(EIGHT_DF.slice(7).reduce((a, b) => a + b, 0), 15);
  });

  it('exact: the chance a hand-played hero is offered against a thug is the opposed closed form', () => {
    const thug = doc.bestiary!.find((b) => b.id === 'thug')!.attributes as Record<string, number>;
    for (const hero of ['pugilist', 'aviatrix', 'professor']) {
      const d = JSON.parse(gameText(ID)) as { fights: unknown[] };
      d.fights.push({ id: 'duel', heroes: [hero], enemies: [{ bestiary: 'thug' }], maxRounds: 5 });
      let chance: number | null | undefined;
      fightLog(loadGame(d as unknown as SystemDocument), 'duel', 1, (offer) => {
        if (chance === undefined && offer.actor === hero && offer.attacks.length) chance = offer.attacks[0]!.hitChance[0] ?? null;
        return null;
      });
      const s = heroSkills(hero);
      const skill = hero === 'aviatrix' ? s.shoot! : s.fight!;
      expect(chance, hero).toBeCloseTo(shiftsAtLeast(1, skill, thug.athletics!), 12);
    }
  });

  it('simulated: the dice of every plain exchange follow 4dF - 4dF, and the foes\' outcomes the closed form of the skills, within 4.5σ', () => {
    const diffs = new Map<number, number>();
    let exchanges = 0;
    const foes = new Map<string, { n: number; outcomes: Record<string, number> }>();
    for (let seed = 1; seed <= 1500; seed++) {
      const events = fightLog(system, 'docks', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || e.check !== 'attack') return;
        // The defender's roll comes first (before a fate point spent on the attack).
        const def = events.slice(0, i).findLast((x): x is Check => x.type === 'check')!;
        expect([def.check, def.actor]).toEqual(['defend', e.target]);
        // Plain: no boost, no opening, on either roll (what a roll has is known before its dice).
        if (e.influencedBy.length || def.influencedBy.length) return;
        exchanges++;
        const k = sum(e.dice) - sum(def.dice);
        diffs.set(k, (diffs.get(k) ?? 0) + 1);
        if (e.actor.startsWith('thug-')) {
          // A thug (Fight 2) never invokes: its outcome is its first roll's.
          const key = `2 ${heroSkills(def.actor).athletics}`;
          const t = foes.get(key) ?? { n: 0, outcomes: {} };
          t.n++;
          t.outcomes[e.outcome!] = (t.outcomes[e.outcome!] ?? 0) + 1;
          foes.set(key, t);
        }
      });
    }
    expect(exchanges).toBeGreaterThan(20_000);
    for (let k = -6; k <= 6; k++) within(diffs.get(k) ?? 0, exchanges, diceDiff(k), `4dF - 4dF = ${k}`);
    expect([...foes.keys()].sort()).toEqual(['2 2', '2 3']);
    for (const [key, t] of foes) {
      const [a, d] = key.split(' ').map(Number) as [number, number];
      for (const [outcome, p] of Object.entries(closedForm(a, d))) within(t.outcomes[outcome] ?? 0, t.n, p, `${key} ${outcome}`);
    }
  });

  it('shifts fill the stress boxes, then each consequence once (up to 2, 4, 6), then take the target out; a fresh consequence leaves an opening', () => {
    let consequences = 0, takenOut = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const events = fightLog(system, 'zeppelin', seed);
      // The three heroes' tracks from their sheets (stress 2 + 1 at Physique 1 + 1 at Physique 3).
      const state = new Map<string, Record<string, number>>();
      for (const h of doc.heroes!) {
        const phys = (h.attributes as Record<string, number>).physique!;
        state.set(h.id, { stress: 2 + (phys >= 1 ? 1 : 0) + (phys >= 3 ? 1 : 0), mild: 2, moderate: 4, severe: 6, hp: 1 });
      }
      const full: Record<string, number> = { mild: 2, moderate: 4, severe: 6 };
      events.forEach((e, i) => {
        if (e.type !== 'damage' || !state.has(e.target)) return;
        const d = e as Damage;
        const t = state.get(e.target)!;
        const before = { ...t };
        let left = d.rolled;
        const expected: { track: string; amount: number; value: number }[] = [];
        for (const track of ['stress', 'mild', 'moderate', 'severe', 'hp']) {
          const usable = track in full ? (t[track] === full[track] ? t[track]! : 0) : t[track]!;
          const take = Math.min(left, usable);
          if (take > 0) { t[track]! -= take; left -= take; expected.push({ track, amount: take, value: t[track]! }); }
        }
        expect(d.split, d.chip).toEqual(expected);
        // Each consequence first used puts its condition and an opening on the target, right after the blow.
        const fresh = ['mild', 'moderate', 'severe'].filter((c) => before[c] === full[c] && t[c]! < full[c]!);
        const names: Record<string, string> = { mild: 'bruised', moderate: 'wounded', severe: 'maimed' };
        const after = events.slice(i + 1).filter((x) => x.type === 'condition' && x.target === e.target && x.round === e.round).map((x) => (x as { condition: string }).condition);
        for (const c of fresh) { consequences++; expect(after).toContain(names[c]); expect(after).toContain('opening'); }
        if (t.hp === 0) { takenOut++; expect(events.slice(i + 1).some((x) => x.type === 'down' && x.target === e.target)).toBe(true); }
      });
    }
    expect(consequences).toBeGreaterThan(200);
    expect(takenOut).toBeGreaterThan(100);
  });

  it('an opening helps the foe\'s next attack by +2, never the defence rolled against its holder; a boost the holder\'s next attack', () => {
    let openings = 0, boosts = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const events = fightLog(system, 'zeppelin', seed);
      const boosted = new Set<string>();
      const open = new Set<string>();
      let lastCheck: Check | null = null;
      events.forEach((e) => {
        // An opening is spent by the attack on its holder, never by a defence its holder's attacker rolls.
        if (e.type === 'condition' && e.condition === 'opening' && e.change === 'ended') {
          expect([lastCheck?.check, lastCheck?.target]).toEqual(['attack', e.target]);
        }
        if (e.type === 'check') lastCheck = e;
        if (e.type === 'condition') {
          const set = e.condition === 'boost' ? boosted : e.condition === 'opening' ? open : null;
          if (set && e.change === 'applied') set.add(e.target); else if (set && e.change === 'ended') set.delete(e.target);
          return;
        }
        if (e.type !== 'check' || e.check === 'initiative') return;
        // The skill is the roll's first number after the dice: what is left of the total is mods (and an invoke).
        const mods = e.total - sum(e.dice) - Number(/\) \+ (\d+) /.exec(e.roll)![1]);
        if (e.check === 'defend') { expect(mods).toBe(0); return; }
        const bonus = (boosted.has(e.actor) ? 2 : 0) + (open.has(e.target!) ? 2 : 0);
        if (boosted.has(e.actor)) boosts++;
        if (open.has(e.target!)) openings++;
        // An invoke adds its +2 after the roll, on the total but not the chip's mods.
        const invoked = /Invoke/.test(JSON.stringify(events[events.indexOf(e) - 1]));
        expect(mods - (invoked ? 2 : 0), e.chip).toBe(bonus);
      });
    }
    expect(openings).toBeGreaterThan(50);
    expect(boosts).toBeGreaterThan(20);
  });

  it('a fate point is spent only when +2 turns a tie or a near miss into a hit, and the outcome reads the new total', () => {
    let invokes = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const events = fightLog(system, 'gang', seed);
      const fate = new Map(doc.heroes!.map((h) => [h.id, (h.attributes as Record<string, number>).refresh!]));
      events.forEach((e, i) => {
        if (e.type !== 'check' || e.check !== 'attack' || !fate.has(e.actor)) return;
        const before = events[i - 1]!;
        const first = e.total - (before.type === 'reaction' ? 2 : 0);
        const vs = e.opposed!.total;
        const would = fate.get(e.actor)! > 0 && first <= vs && first + 2 > vs;
        expect(before.type === 'reaction', e.chip).toBe(would);
        if (before.type === 'reaction') {
          invokes++;
          fate.set(e.actor, fate.get(e.actor)! - 1);
          expect(e.result).toBe('success');
          expect(e.degree).toBe(e.total - vs);
        }
      });
    }
    expect(invokes).toBeGreaterThan(200);
  });

  it('has three sample fights, each of which ends', () => {
    expectSampleFightsEnd(system, doc, (stats) => {
      expect(stats.wins.heroes).toBeGreaterThan(40);
      expect(stats.wins.enemies).toBeGreaterThan(10);
    });
  });
});
