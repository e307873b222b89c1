// Success-based live action's blood (`success-based-live-action.txt`: "a character may do one extra unpenalized
// action for every dot of celerity they have (assuming they pay the blood cost)"; "Blood can be spent ... to heal a
// non-aggravated wound level"), on the real systems/success-based-live-action.json in the real engine.
import { describe, expect, test } from 'vitest';
import { fightLog, type FightEvent } from '../../engine/sim/index';
import type { SystemDocument } from '../../engine/schema/document';
import { eventsOf, loadRuntime, systemDocument } from './harness';

const doc = systemDocument('success-based-live-action');

/** Per round, one combatant's acts and the blood it paid (negative `gain`s of `blood`), and its blood at the round's start. */
function celerityRounds(events: readonly FightEvent[], who: string): { round: number; acts: number; paid: number; bloodAtStart: number; payBeforeAct: boolean }[] {
  const rows = new Map<number, { round: number; acts: number; paid: number; bloodAtStart: number; payBeforeAct: boolean }>();
  let blood = 10;
  let round = 0;
  let lastWasPay = false;
  for (const e of events) {
    if (e.type === 'round') { round = e.round; rows.set(round, { round, acts: 0, paid: 0, bloodAtStart: blood, payBeforeAct: true }); }
    const row = rows.get(round);
    if (e.type === 'gain' && e.target === who && e.track === 'blood') { blood = e.value; if (row && e.amount < 0) row.paid -= e.amount; lastWasPay = true; continue; }
    if (e.type === 'turn' && e.actor === who && row) {
      row.acts++;
      // Every act after the first is paid for just before it.
      if (row.acts > 1 && !lastWasPay) row.payBeforeAct = false;
    }
    lastWasPay = false;
  }
  return [...rows.values()];
}

describe('live action: Celerity costs blood (one blood point for every action after the first of a round)', () => {
  test('Damien (Celerity 4) pays a point just before each extra action, and with his pool empty acts once a round', () => {
    const system = loadRuntime(doc);
    let paidRounds = 0, dryRounds = 0;
    for (let seed = 1; seed <= 40; seed++) {
      for (const r of celerityRounds(fightLog(system, 'coterie-vs-gang', seed), 'damien')) {
        if (r.acts === 0) continue;
        expect(r.acts).toBeLessThanOrEqual(5);
        expect(r.paid).toBe(r.acts - 1);
        expect(r.paid).toBeLessThanOrEqual(r.bloodAtStart);
        expect(r.payBeforeAct).toBe(true);
        if (r.paid > 0) paidRounds++;
        if (r.bloodAtStart === 0) { expect(r.acts).toBe(1); dryRounds++; }
      }
    }
    expect(paidRounds).toBeGreaterThan(20);
    expect(dryRounds).toBeGreaterThan(20);
  });

  test("the Tremere neonate (Celerity 1, a bestiary creature) pays for its second action too", () => {
    const system = loadRuntime(doc);
    let second = 0;
    for (let seed = 1; seed <= 30; seed++) {
      for (const r of celerityRounds(fightLog(system, 'broken-ward', seed), 'tremere-1')) {
        if (r.acts === 0) continue;
        expect(r.paid).toBe(r.acts - 1);
        if (r.acts === 2) second++;
      }
    }
    expect(second).toBeGreaterThan(20);
  });
});

/** The document with Gouge starting the fight hurt: `tracks` his starting track values. */
function hurtGouge(tracks: Record<string, number>): SystemDocument {
  return { ...doc, heroes: doc.heroes!.map((h) => (h.id === 'gouge' ? { ...h, tracks } : h)) };
}

/** The events of Gouge's first turn of a fight. */
function firstTurn(events: readonly FightEvent[], who: string): FightEvent[] {
  const start = events.findIndex((e) => e.type === 'turn' && e.actor === who);
  const end = events.findIndex((e, i) => i > start && e.type === 'turn');
  return events.slice(start, end < 0 ? undefined : end);
}

/** The events of each of one combatant's turns, in order. */
function turns(events: readonly FightEvent[], who: string): FightEvent[][] {
  const out: FightEvent[][] = [];
  let current: FightEvent[] | null = null;
  for (const e of events) {
    if (e.type === 'turn') { current = e.actor === who ? [] : null; if (current) out.push(current); }
    if (current) current.push(e);
  }
  return out;
}

const mends = (turn: readonly FightEvent[]) => eventsOf(turn, 'ability').filter((a) => a.ability === 'mend').length;
const swings = (turn: readonly FightEvent[], who: string) => eventsOf(turn, 'check').filter((c) => c.actor === who && c.check === 'attack').length;

describe('live action: blood heals a wound level that is not aggravated (the ability `mend`)', () => {
  test('Gouge at 3 of 7 health levels spends his action to heal one level, and strikes no blow that turn', () => {
    const system = loadRuntime(hurtGouge({ hp: 3 }));
    for (let seed = 1; seed <= 10; seed++) {
      const turn = turns(fightLog(system, 'alley-brawl', seed), 'gouge')[0]!;
      expect(mends(turn)).toBe(1);
      expect(eventsOf(turn, 'heal').map((h) => [h.target, h.track, h.amount])).toEqual([['gouge', 'hp', 1]]);
      expect(swings(turn, 'gouge')).toBe(0);
    }
  });

  test('it costs a blood point: with one point left he mends once, then fights on (Wounded) for want of blood', () => {
    const system = loadRuntime(hurtGouge({ hp: 1, blood: 1 }));
    for (let seed = 1; seed <= 10; seed++) {
      const [first, second] = turns(fightLog(system, 'alley-brawl', seed), 'gouge');
      expect(mends(first!)).toBe(1);
      if (!second) continue;
      expect(mends(second)).toBe(0);
    }
  });

  test('an aggravated level is never healed: 6 levels lost, 5 aggravated, he mends once and then fights', () => {
    const system = loadRuntime(hurtGouge({ hp: 1, aggravated: 5 }));
    let fought = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const [first, second] = turns(fightLog(system, 'alley-brawl', seed), 'gouge');
      expect(mends(first!)).toBe(1);
      if (!second) continue;
      // Unless a thug's club took another level meanwhile, only aggravated levels are left to heal.
      if (mends(second) === 0) { fought++; expect(swings(second, 'gouge')).toBe(1); }
    }
    expect(fought).toBeGreaterThan(5);
    const none = loadRuntime(hurtGouge({ hp: 3, aggravated: 4 }));
    expect(mends(turns(fightLog(none, 'alley-brawl', 1), 'gouge')[0]!)).toBe(0);
  });

  test("aggravated damage taken is counted on the `aggravated` track (the Tremere's claws), other damage is not", () => {
    const system = loadRuntime(doc);
    let counted = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const events = fightLog(system, 'broken-ward', seed);
      const hp = new Map<string, number>(), agg = new Map<string, number>();
      events.forEach((e, i) => {
        if (e.type === 'fightStart') for (const c of e.combatants) { hp.set(c.id, c.hp); agg.set(c.id, 0); }
        if (e.type === 'heal' && e.track === 'hp') hp.set(e.target, hp.get(e.target)! + e.amount);
        if (e.type !== 'damage') return;
        const taken = hp.get(e.target)! - e.hp;
        hp.set(e.target, e.hp);
        const next = events[i + 1];
        const isCount = next?.type === 'gain' && next.track === 'aggravated' && next.target === e.target;
        if (e.damageType === 'aggravated' && taken > 0) {
          counted++;
          expect(isCount).toBe(true);
          if (next?.type === 'gain') { expect(next.value).toBe(Math.min(7, agg.get(e.target)! + taken)); agg.set(e.target, next.value); }
        } else expect(isCount).toBe(false);
      });
    }
    expect(counted).toBeGreaterThan(30);
  });
});
