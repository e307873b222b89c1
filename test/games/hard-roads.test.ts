// Hard Roads (systems/games/hard-roads.json), a 2d6 moves game: 2d6 + stat, 10+ a full success, 7-9 a success at a
// cost, 6- a miss; foes never roll, the GM's move lands as harm only on a hero a 7-9 or a miss left Exposed, and a
// foe moves against whoever provoked it. Exact rates against closed form (counting the 36 throws of 2d6), through the
// CLI's `dist` on the system's own roll and outcomes; simulated rates within 4.5σ; the fights read as played.
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../../engine/schema/document';
import { fightLog, simulate, type FightEvent } from '../../engine/sim/index';
import { exact, expectCleanGame, expectSampleFightsEnd, gameDocument, gamePath, loadGame, ways2d6, within } from './exact-and-simulated';

const ID = 'hard-roads';
const doc = gameDocument(ID);
const system = loadGame(doc);

/** P(2d6 + stat >= t), counted by hand. */
const atLeast = (t: number, stat: number): number => {
  let w = 0;
  for (let s = 2; s <= 12; s++) if (s + stat >= t) w += ways2d6(s);
  return w / 36;
};
/** Full success, success at a cost, miss: 10+, 7-9, 6-. */
const closedForm = (stat: number): number[] => [atLeast(10, stat), atLeast(7, stat) - atLeast(10, stat), 1 - atLeast(7, stat)];

/** The check's outcomes as one formula over its own roll: the index of the first outcome whose `when` holds. */
function outcomeIndex(d: SystemDocument, check: string): string {
  const c = d.checks![check]!;
  const arms = c.outcomes!.map((o, i) => [o.when.replaceAll('@total', '@t'), String(i)] as const);
  return `let t = ${c.roll} in ${arms.slice(0, -1).map(([w, i]) => `(${w}) ? ${i} : `).join('')}${arms.at(-1)![1]}`;
}

type Check = Extract<FightEvent, { type: 'check' }>;

describe('Hard Roads: a 2d6 moves game', () => {
  it('checks with no problems through the CLI and the checker, and names itself after its file', () => {
    expectCleanGame(ID);
  });

  it('exact: 2d6 + stat gives 10+, 7-9 and 6- as the 36 throws count them, for every stat from -1 to +3', async () => {
    expect(doc.checks!.clash!.outcomes!.map((o) => o.id)).toEqual(['full', 'cost', 'miss']);
    // The worked numbers: +2 is a full success 15 times in 36, a cost 15, a miss 6; +0 is 6, 15 and 15.
    expect(closedForm(2).map((p) => Math.round(p * 36))).toEqual([15, 15, 6]);
    expect(closedForm(0).map((p) => Math.round(p * 36))).toEqual([6, 15, 15]);
    for (let stat = -1; stat <= 3; stat++) {
      const pmf = await exact(outcomeIndex(doc, 'clash'), '--system', gamePath(ID), '--set', `stat=${stat}`);
      closedForm(stat).forEach((p, i) => expect(pmf.get(i) ?? 0, `stat ${stat}, outcome ${i}`).toBeCloseTo(p, 12));
    }
  });

  it('exact at the heroes\' own sheets: the Brawler clashes with Hard +2, the Sniper with Sharp +3', async () => {
    const full = async (stat: string, at: string) => (await exact(`(2d6 + @${stat}) >= 10 ? 1 : 0`, '--system', gamePath(ID), '--at', at)).get(1);
    expect(await full('hard', 'Brawler')).toBeCloseTo(15 / 36, 12);
    expect(await full('sharp', 'Sniper')).toBeCloseTo(21 / 36, 12);
  });

  it('simulated: each hero\'s clashes over 3,000 raider fights fall within 4.5σ of the closed form', () => {
    const stats = simulate(system, 'raiders', { fights: 3000, seed: 22 });
    for (const [hero, stat] of [['brawler', 2], ['sniper', 3], ['medic', 1]] as const) {
      const tally = stats.combatants.find((c) => c.id === hero)!.checks.clash!;
      const n = (tally.full ?? 0) + (tally.cost ?? 0) + (tally.miss ?? 0);
      expect(n).toBeGreaterThan(2000);
      const [full, cost] = closedForm(stat);
      within(tally.full ?? 0, n, full!, `${hero} full`);
      within(tally.cost ?? 0, n, cost!, `${hero} cost`);
    }
  });

  it('the GM\'s move lands only on an Exposed hero, against the one who provoked that foe, less armour', () => {
    let hard = 0, soft = 0, provoked = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = fightLog(system, 'raiders', seed);
      const exposed = new Set<string>();
      const provoker = new Map<string, string>();
      const down = new Set<string>();
      events.forEach((e, i) => {
        if (e.type === 'down') down.add(e.target);
        if (e.type === 'condition' && e.condition === 'exposed') {
          if (e.change === 'ended') exposed.delete(e.target); else exposed.add(e.target);
        }
        if (e.type !== 'check') return;
        if (e.check === 'clash' && e.outcome !== 'full' && e.target) provoker.set(e.target, e.actor);
        if (e.check === 'clash') expect(e.outcome === 'full' ? e.total >= 10 : e.outcome === 'cost' ? e.total >= 7 && e.total <= 9 : e.total <= 6).toBe(true);
        if (e.check !== 'gm-move') return;
        const by = provoker.get(e.actor);
        if (by !== undefined && !down.has(by)) { expect(e.target).toBe(by); provoked++; }
        expect(e.outcome).toBe(exposed.has(e.target!) ? 'hard' : 'soft');
        const next = events.slice(i + 1).find((x) => x.type === 'damage' || x.type === 'turn');
        if (e.outcome === 'hard') {
          hard++;
          const armour = doc.heroes!.find((h) => h.id === e.target)!.attributes!.armour ?? 0;
          // A hanger-on's harm is 1; a raider's and a tier-3 enforcer's (2 + floor(3 / 4)) 2.
          const harm = e.actor.startsWith('minion-') ? 1 : 2;
          expect(next).toMatchObject({ type: 'damage', target: e.target, rolled: harm, amount: Math.max(0, harm - armour) });
        } else {
          soft++;
          expect(next?.type).not.toBe('damage');
        }
      });
    }
    expect(hard).toBeGreaterThan(50);
    expect(soft).toBeGreaterThan(50);
    expect(provoked).toBeGreaterThan(50);
  });

  it('a full success deals one more harm than a success at a cost; a miss deals none', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const events = fightLog(system, 'scavengers', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || e.check !== 'clash') return;
        const next = events.slice(i + 1).find((x) => x.type === 'damage' || x.type === 'turn');
        if (e.outcome === 'miss') expect(next?.type).not.toBe('damage');
        else expect(next).toMatchObject({ type: 'damage', actor: e.actor, rolled: e.outcome === 'full' ? 3 : 2 });
      });
    }
  });

  it('has three sample fights, each of which ends', () => {
    expectSampleFightsEnd(system, doc, (stats) => {
      expect(stats.wins.draw).toBe(0);
    });
  });
});
