// Last Light (systems/games/last-light.json), a d6 success-pool game with pushing: base + skill + gear dice, each 6 a
// success; a roll with no six may be pushed once, rerolling every die but the base and gear dice's ones (a partial
// reroll, `react.keep`), and after a push each base 1 is strain on Strength and each gear 1 wears the kit down.
// Exact rates against closed form (binomials by hand) and through the CLI's `dist` on the system's own roll and on
// the push its `keep` describes; simulated rates within 4.5σ; the push read event by event.
import { describe, expect, it } from 'vitest';
import { fightLog, type FightEvent } from '../../engine/sim/index';
import { chance, expectCleanGame, expectSampleFightsEnd, gameDocument, gamePath, loadGame, within } from './exact-and-simulated';

const ID = 'last-light';
const doc = gameDocument(ID);
const system = loadGame(doc);
const roll = doc.checks!.attack!.roll;
const push = doc.abilities!.find((a) => a.id === 'push')!;

/** No six on n dice. */
const blank = (n: number): number => (5 / 6) ** n;
/** A die with no six, pushed: it stays a 1 (1 time in 5) or is rolled again (and misses 5 times in 6): 13/15. */
const KEPT_ONE_OR_MISS = 1 / 5 + (4 / 5) * (5 / 6);
/** Success with a push of every failure: base b, skill k, gear g. */
const pushed = (b: number, k: number, g: number): number => 1 - blank(b + k + g) * KEPT_ONE_OR_MISS ** (b + g) * blank(k);

/**
 * The pushed roll as one formula, from the system's own `keep`: each term's dice that keep no face are counted and
 * rolled again when the first roll had no six (a d6 shows 1-6; the faces a term keeps are the untagged entries' and
 * its own tag's).
 */
function pushFormula(): string {
  const keep = push.react!.keep!;
  const terms = [['Base', 'stat'], ['Skill', 'skill'], ['Gear', 'gear']] as const;
  const lets = terms.map(([tag, n]) => `let ${tag.toLowerCase()}Dice = (@${n})d6 in `).join('');
  const sixes = terms.map(([tag]) => `count(@${tag.toLowerCase()}Dice.faces, 6)`).join(' + ');
  const rerolled = terms.map(([tag]) => {
    const kept = new Set(keep.filter((k) => k.tag === undefined || k.tag === tag).flatMap((k) => k.faces));
    const faces = [1, 2, 3, 4, 5, 6].filter((f) => !kept.has(f));
    return faces.map((f) => `count(@${tag.toLowerCase()}Dice.faces, ${f})`).join(' + ') || '0';
  }).join(' + ');
  return `${lets}(${sixes}) > 0 ? 1 : ((${rerolled})d6cs>=6 > 0 ? 1 : 0)`;
}

type Check = Extract<FightEvent, { type: 'check' }>;
type Reaction = Extract<FightEvent, { type: 'reaction' }>;
type Gain = Extract<FightEvent, { type: 'gain' }>;

/** Each of a hero's attacks: its push (if any), the roll that stands, and the gains its outcome gave. */
function attacksOf(events: readonly FightEvent[], hero: string): { push: Reaction | null; check: Check; gains: Gain[] }[] {
  const out: { push: Reaction | null; check: Check; gains: Gain[] }[] = [];
  events.forEach((e, i) => {
    if (e.type !== 'check' || e.actor !== hero || e.check !== 'attack') return;
    const before = events[i - 1];
    const gains: Gain[] = [];
    // Its outcome's gains follow it (a strain that breaks the hero puts a `down` among them).
    for (const x of events.slice(i + 1)) { if (x.type === 'down') continue; if (x.type !== 'gain') break; gains.push(x); }
    out.push({ push: before?.type === 'reaction' && before.on === 'roll' ? before : null, check: e, gains });
  });
  return out;
}

describe('Last Light: a d6 pool with pushing', () => {
  it('checks with no problems through the CLI and the checker, and names itself after its file', () => {
    expectCleanGame(ID);
  });

  it('exact: at least one six on b + k + g dice is 1 - (5/6)^(b+k+g), through dist on the system\'s own roll', async () => {
    // The worked number: the Scout's 4 + 2 dice find a six 1 - 15625/46656 = 31031/46656 of the time.
    expect(1 - blank(6)).toBeCloseTo(31031 / 46656, 15);
    for (const [b, k, g] of [[1, 0, 0], [3, 2, 1], [4, 2, 0], [2, 1, 3], [5, 5, 3]] as const) {
      const p = await chance(`(${roll}) >= 1`, '--system', gamePath(ID), '--set', `stat=${b}`, '--set', `skill=${k}`, '--set', `gear=${g}`);
      expect(p, `${b}+${k}+${g}`).toBeCloseTo(1 - blank(b + k + g), 12);
    }
  });

  it('exact: pushing every failure succeeds 1 - (5/6)^n (13/15)^(b+g) (5/6)^k, through dist on the push `keep` describes', async () => {
    expect(push.react!.keep).toEqual([{ faces: [6] }, { tag: 'Base', faces: [1] }, { tag: 'Gear', faces: [1] }]);
    // The Scout: 1 - (5/6)^6 (13/15)^4 (5/6)^2, about 0.8654.
    expect(pushed(4, 2, 0)).toBeCloseTo(1 - (5 / 6) ** 8 * (13 / 15) ** 4, 15);
    for (const [b, k, g] of [[1, 0, 0], [3, 2, 1], [4, 2, 0], [2, 0, 2]] as const) {
      const p = await chance(`(${pushFormula()}) == 1`, '--system', gamePath(ID), '--set', `stat=${b}`, '--set', `skill=${k}`, '--set', `gear=${g}`);
      expect(p, `${b}+${k}+${g}`).toBeCloseTo(pushed(b, k, g), 12);
    }
  });

  it('simulated: the Scout\'s first rolls, its pushes and their strain over 1,500 fights, each within 4.5σ', () => {
    // Agility 4, Shooting 2, no gear: six dice every time.
    let rolls = 0, blanks = 0, pushes = 0, pushedHits = 0, baseOnes = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      for (const a of attacksOf(fightLog(system, 'husks', seed), 'scout')) {
        expect(a.check.dice).toHaveLength(6);
        rolls++;
        const first = a.push ? a.push.dice! : a.check.dice;
        if (!first.includes(6)) blanks++;
        if (!a.push) continue;
        pushes++;
        if (a.check.outcome === 'success') pushedHits++;
        baseOnes += a.check.dice.slice(0, 4).filter((d) => d === 1).length;
      }
    }
    within(blanks, rolls, blank(6), 'first roll with no six');
    within(pushedHits, pushes, 1 - KEPT_ONE_OR_MISS ** 4 * blank(2), 'a pushed roll finds a six');
    // Each base die of a pushed roll shows a 1 one time in three (kept 1/5, else rerolled 1/6): 4 dice a push.
    within(baseOnes, pushes * 4, 1 / 3, 'base ones after a push');
  });

  it('a push keeps the base and gear ones where they were, costs a strain per base 1 and a gear die per gear 1; no push, no cost', () => {
    let pushes = 0, unpushedOnes = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const events = fightLog(system, 'nest', seed);
      for (const hero of ['marshal', 'scout', 'medic']) {
        for (const a of attacksOf(events, hero)) {
          const base = a.check.roll.match(/^(\d+)d6/)![1]!;
          const nBase = Number(base);
          const nGear = Number(/\+ (\d+)d6cs>=6\[Gear\]/.exec(a.check.roll)![1]);
          const baseOnes = a.check.dice.slice(0, nBase).filter((d) => d === 1).length;
          const gearOnes = a.check.dice.slice(a.check.dice.length - nGear).filter((d) => d === 1).length;
          const strain = a.gains.find((g) => g.track === 'hp')?.amount ?? 0;
          const worn = a.gains.find((g) => g.track === 'gear')?.amount ?? 0;
          if (!a.push) {
            if (baseOnes + gearOnes > 0) unpushedOnes++;
            expect([strain, worn]).toEqual([0, 0]);
            continue;
          }
          pushes++;
          const first = a.push.dice!;
          expect(first).not.toContain(6);
          expect(a.check.dice).toHaveLength(first.length);
          first.forEach((d, i) => {
            const kept = d === 1 && (i < nBase || i >= first.length - nGear);
            expect(a.push!.kept![i]).toBe(kept);
            if (kept) expect(a.check.dice[i]).toBe(1);
          });
          expect(baseOnes + strain).toBe(0);
          expect(gearOnes + worn, JSON.stringify([a.check.chip, a.gains])).toBe(0);
        }
      }
    }
    expect(pushes).toBeGreaterThan(100);
    expect(unpushedOnes).toBeGreaterThan(100);
  });

  it('wounds cost dice: the Marshal\'s base dice up close are its Strength as it stands', () => {
    for (let seed = 1; seed <= 60; seed++) {
      let hp = 4;
      for (const e of fightLog(system, 'husks', seed)) {
        if (e.type === 'damage' && e.target === 'marshal') hp = e.hp;
        if (e.type === 'gain' && e.target === 'marshal' && e.track === 'hp') hp = e.value;
        if (e.type === 'check' && e.actor === 'marshal' && e.check === 'attack') expect(e.roll.startsWith(`${hp}d6cs>=6[Base]`)).toBe(true);
      }
    }
  });

  it('has three sample fights, each of which ends', () => {
    expectSampleFightsEnd(system, doc, (stats) => {
      expect(stats.wins.heroes).toBeGreaterThan(20);
    });
  });
});
