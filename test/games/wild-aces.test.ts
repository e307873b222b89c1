// Wild Aces (systems/games/wild-aces.json), a trait-and-wild-die game: a trait die d4-d12 (and a d6 wild die for a
// Wild Card, the higher kept), every die acing; 4 or the foe's Parry to hit, a raise per 4 over; damage against
// Toughness: Shaken on reaching it, a Wound per raise, a Wound for a Shaken target Shaken again; a Spirit roll at the
// start of a turn shakes it off. Exact rates against closed form (exploding dice by hand), through the CLI's `dist`
// on the system's own roll and damage; simulated first-roll rates within 4.5σ; Shaken, Wounds and Jokers as played.
import { describe, expect, it } from 'vitest';
import { fightLog, type FightEvent } from '../../engine/sim/index';
import { chance, expectCleanGame, expectSampleFightsEnd, gameDocument, gamePath, loadGame } from './exact-and-simulated';

const ID = 'wild-aces';
const doc = gameDocument(ID);
const system = loadGame(doc);
const roll = doc.checks!.fighting!.roll;

/** P(dX! >= t) by hand: a face below X stops, X aces and rolls again, added. */
function acing(x: number, t: number): number {
  if (t <= 1) return 1;
  if (t <= x) return (x - t + 1) / x;
  return acing(x, t - x) / x;
}
/** P(a Wild Card's max(dX!, d6!) >= t). */
const wildCard = (x: number, t: number): number => 1 - (1 - acing(x, t)) * (1 - acing(6, t));
/** P(dX! = v) by hand. */
const acingExactly = (x: number, v: number): number => acing(x, v) - acing(x, v + 1);
/** P(dA! + dB! >= t), the sum over the first die's values (the tail past 200 is below 1e-40 here). */
function sumAtLeast(a: number, b: number, t: number): number {
  let p = 0;
  for (let v = 1; v <= 200; v++) p += acingExactly(a, v) * acing(b, t - v);
  return p;
}

type Check = Extract<FightEvent, { type: 'check' }>;

/** |k - Σp| within 4.5 standard deviations of a sum of Bernoulli trials with chances ps. */
function withinMixed(k: number, ps: readonly number[], what: string): void {
  const mean = ps.reduce((s, p) => s + p, 0);
  const sd = Math.sqrt(ps.reduce((s, p) => s + p * (1 - p), 0));
  expect(ps.length, what).toBeGreaterThan(500);
  expect(Math.abs(k - mean), `${what}: ${k} against ${mean.toFixed(1)} (sd ${sd.toFixed(1)})`).toBeLessThanOrEqual(4.5 * sd);
}

const sheet = (id: string) => doc.heroes!.find((h) => h.id === id)!.attributes!;

/**
 * Toughness (2 + half Vigor + armour) of everyone in the showdown: the heroes' and the grizzly's from their sheets,
 * the tier-2 boss's and tier-1 elites' from their templates (Vigor min(12, 8 + 2 floor(tier / 3)) = 8, armour 2).
 */
function toughness(id: string): number {
  const of = (a: { vigor?: number; armour?: number }) => 2 + Math.floor((a.vigor ?? 6) / 2) + (a.armour ?? 0);
  if (id.startsWith('boss-') || id.startsWith('elite-')) return 8;
  if (id.startsWith('grizzly-')) return of(doc.bestiary!.find((c) => c.id === 'grizzly')!.attributes!);
  return of(sheet(id));
}

describe('Wild Aces: trait die and wild die', () => {
  it('checks with no problems through the CLI and the checker, and names itself after its file', () => {
    expectCleanGame(ID);
  });

  it('exact: a Wild Card keeps the higher of its acing trait die and wild die, an Extra rolls the trait die alone', async () => {
    // The worked numbers: a d8 Wild Card makes 4 with 1 - (3/8)(1/2) = 13/16; a raise on 8 (a d8 aces 1 time in 8).
    expect(wildCard(8, 4)).toBe(13 / 16);
    expect(acing(8, 8)).toBe(1 / 8);
    expect(acing(6, 8)).toBe(5 / 36);
    const at = (x: number, wild: number, wounds = 0) =>
      ['--system', gamePath(ID), '--set', `stat=${x}`, '--set', `wild=${wild}`, '--set', 'mods.trait=0', '--set', `wounds=${wounds}`];
    for (const x of [4, 6, 8, 10, 12]) {
      for (const t of [4, 5, 6, 8, 12, 13]) {
        expect(await chance(`(${roll}) >= ${t}`, ...at(x, 1)), `Wild Card d${x} >= ${t}`).toBeCloseTo(wildCard(x, t), 12);
        expect(await chance(`(${roll}) >= ${t}`, ...at(x, 0)), `Extra d${x} >= ${t}`).toBeCloseTo(acing(x, t), 12);
      }
      // Two Wounds are -2: as hard as two more on the target.
      expect(await chance(`(${roll}) >= 4`, ...at(x, 1, 2))).toBeCloseTo(wildCard(x, 6), 12);
    }
  });

  it('exact: a blow Shakes when Strength + weapon reach Toughness, and wounds on each 4 over, through dist on the weapon', async () => {
    const sabre = doc.heroes!.find((h) => h.id === 'marshal')!.weapon!.damage;
    // The Marshal's own sheet (holding no Joker), a plain hit.
    const at = ['--system', gamePath(ID), '--at', 'Marshal', '--set', "outcome='hit'"];
    // The Marshal's d8 + d6 against a Toughness of 7 (another Marshal: 2 + 8/2 + 1).
    for (const t of [5, 7, 9, 11, 15]) {
      expect(await chance(`(${sabre}) >= ${t}`, ...at), `d8! + d6! >= ${t}`).toBeCloseTo(sumAtLeast(8, 6, t), 12);
    }
    // The Toughness step: below it -1 (nothing taken, no Shaken); reaching it a Wound per 4 over, at least one for a
    // target Shaken already; the Wounds track then takes it all, and Shaken goes on at 0 or more.
    const step = doc.combat!.damage!.steps![0]!.value;
    expect(doc.combat!.damage!.apply).toEqual({ tracks: [{ track: 'hp' }], conditions: [{ when: '@damage >= 0', apply: 'shaken' }] });
    for (const t of [5, 7, 9]) {
      for (let d = 0; d <= 25; d++) {
        for (const shaken of [false, true]) {
          const m = d - t;
          const wounds = m < 0 ? -1 : Math.max(Math.floor(m / 4), shaken ? 1 : 0);
          const p = await chance(`(${step}) == ${wounds}`, '--set', `damage=${d}`, '--set', `target.toughness=${t}`, '--set', `target.conditions=${shaken ? 'shaken,' : ','}`);
          expect(p, `${d} against Toughness ${t}, shaken ${shaken}`).toBe(1);
        }
      }
    }
  });

  it('exact: the chance offered to a hand-played hero walks the acing dice (You play), every sample fight, both sides', () => {
    // The walk of an acing die is endless; it leaves out branches under 1e-12 (once it threw "more than 100 explosions").
    const parry = (fighting: number) => 2 + Math.floor(fighting / 2);
    for (const hero of ['marshal', 'gunslinger', 'brawler']) {
      const d = JSON.parse(JSON.stringify(doc)) as { fights: unknown[] };
      d.fights.push({ id: 'duel', heroes: [hero], enemies: [{ bestiary: 'coyote' }], maxRounds: 5 });
      let offered: number | null | undefined;
      fightLog(loadGame(d as unknown as typeof doc), 'duel', 1, (offer) => {
        if (offered === undefined && offer.actor === hero && offer.attacks.length) offered = offer.attacks[0]!.hitChance[0] ?? null;
        return null;
      });
      const x = sheet(hero).fighting as number;
      expect(offered, hero).toBeCloseTo(wildCard(x, parry(6)), 9);
    }
    for (const fight of ['coyotes', 'saloon', 'showdown']) {
      let offers = 0;
      fightLog(system, fight, 1, (offer) => {
        for (const a of offer.attacks) for (const c of a.hitChance) { expect(c).not.toBeNull(); expect(c!).toBeGreaterThan(0); expect(c!).toBeLessThanOrEqual(1); }
        offers++;
        return null;
      });
      expect(offers, fight).toBeGreaterThan(0);
    }
  });

  it('simulated: first rolls of the Marshal (d8 + wild die) and of the Gunhands (d8, Extras) within 4.5σ of closed form', () => {
    const marshal = sheet('marshal');
    const hits: number[] = [], raises: number[] = [];
    let hit = 0, raised = 0;
    const extra: number[] = [];
    let extraHit = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      const events = fightLog(system, 'saloon', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || e.check !== 'fighting' || e.influencedBy.length !== 0) return;
        const wounds = Number(/- (\d+) wounds/.exec(e.roll)![1]);
        if (wounds !== 0 || e.vs === null) return;
        const rerolled = events[i - 1]?.type === 'reaction';
        if (e.actor === 'marshal') {
          hits.push(wildCard(marshal.fighting!, e.vs)); raises.push(wildCard(marshal.fighting!, e.vs + 4));
          if (!rerolled && (e.outcome === 'hit' || e.outcome === 'raise')) hit++;
          if (!rerolled && e.outcome === 'raise') raised++;
        }
        if (e.actor.startsWith('standard-')) {
          // Tier 2 Gunhands fight with a d8, no wild die.
          extra.push(acing(8, e.vs));
          if (e.outcome === 'hit' || e.outcome === 'raise') extraHit++;
        }
      });
    }
    withinMixed(hit, hits, 'Marshal hits');
    withinMixed(raised, raises, 'Marshal raises');
    withinMixed(extraHit, extra, 'Gunhand hits');
  });

  it('damage as played: Shaken on reaching Toughness, a Wound per raise, a Wound for the Shaken; Shaken loses the turn unless Spirit shakes it off', () => {
    let wounded = 0, lost = 0, recovered = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const events = fightLog(system, 'showdown', seed);
      const shaken = new Set<string>();
      const hp = new Map<string, number>();
      for (const e of events) if (e.type === 'fightStart') for (const c of e.combatants) hp.set(c.id, c.hp);
      events.forEach((e, i) => {
        if (e.type === 'condition' && e.condition === 'shaken') { if (e.change === 'applied') shaken.add(e.target); else shaken.delete(e.target); }
        if (e.type === 'damage') {
          const margin = e.rolled - toughness(e.target);
          const wounds = margin < 0 ? 0 : Math.max(Math.floor(margin / 4), shaken.has(e.target) ? 1 : 0);
          // The event's amount is the margin past the steps; what the Wounds track took is its split.
          const took = (e.split ?? []).reduce((sum, part) => sum + part.amount, 0);
          expect(took, e.chip).toBe(Math.min(wounds, hp.get(e.target)!));
          expect(e.chip.includes('+Shaken'), e.chip).toBe(margin >= 0 && !shaken.has(e.target));
          hp.set(e.target, e.hp);
          if (took > 0) wounded++;
        }
        if (e.type === 'turn' && shaken.has(e.actor)) {
          const spirit = events[i + 1] as Check;
          expect(spirit).toMatchObject({ type: 'check', actor: e.actor, check: 'spirit', vs: 4 });
          const rest = events.slice(i + 2);
          const end = rest.findIndex((x) => x.type === 'turn' || x.type === 'round' || x.type === 'fightEnd');
          const acts = rest.slice(0, end < 0 ? rest.length : end).some((x) => (x.type === 'check' && x.check !== 'spirit' && x.actor === e.actor) || (x.type === 'ability' && x.actor === e.actor));
          if (spirit.outcome === 'recovered') { recovered++; expect(rest[0]).toMatchObject({ type: 'condition', condition: 'shaken', change: 'saved' }); expect(acts).toBe(true); }
          else { lost++; expect(acts).toBe(false); }
        }
      });
    }
    expect(wounded).toBeGreaterThan(100);
    expect(lost).toBeGreaterThan(20);
    expect(recovered).toBeGreaterThan(20);
  });

  it('a Joker gives +2 to its holder\'s trait rolls that round; a benny rerolls a miss', () => {
    let jokers = 0, bennies = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const events = fightLog(system, 'saloon', seed);
      let round = 0;
      const holders = new Set<string>();
      events.forEach((e, i) => {
        if (e.type === 'round') { round = e.round; holders.clear(); }
        if (e.type === 'draw' && e.joker) holders.add(e.target);
        if (e.type === 'check' && (e.check === 'fighting' || e.check === 'shooting') && e.round === round) {
          expect(e.roll.includes('+ 2 mods.trait'), e.chip).toBe(holders.has(e.actor));
          if (holders.has(e.actor)) jokers++;
        }
        if (e.type === 'reaction' && e.on === 'roll') {
          bennies++;
          const [, before] = /: (-?\d+) →/.exec(e.chip)!;
          const check = events[i + 1] as Check;
          expect(Number(before)).toBeLessThan(check.vs ?? 4);
        }
      });
    }
    expect(jokers).toBeGreaterThan(10);
    expect(bennies).toBeGreaterThan(100);
  });

  it('has three sample fights, each of which ends', () => {
    expectSampleFightsEnd(system, doc, (stats) => {
      expect(stats.wins.heroes).toBeGreaterThan(50);
    });
  });
});
