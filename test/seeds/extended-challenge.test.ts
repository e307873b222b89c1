// The live-action seed's extended challenges, in a fight (systems/success-based-live-action.json, fight
// `broken-ward`): "An extended challenge is done exactly like a normal challenge, except it does not end until the
// total degree of success ... is equal to some target degree of success. Each challenge is a round and the degree of
// success from that round is added to the previous degree of success to get a total. If any challenge is botched,
// the total is reduced to 0. A failure just indicates the degree of success does not increase."
// Victor unravels a Tremere's ward (Intelligence + Occult against difficulty 8, target degree 6) while the fight
// goes on; the ward falls when his total reaches 6.
import { describe, expect, test } from 'vitest';
import { runFight } from '../../engine/sim/index';
import type { FightEvent } from '../../engine/sim/index';
import { eventsOf, judge, loadRuntime, log, systemDocument, withFights } from './harness';

const doc = systemDocument('success-based-live-action');
// The shipped fight, and a quiet one for the long run of challenges: the Tremere is held (immobilized) inside his
// ward, so Victor is never cut down before he finishes, and the fight ends when Gouge can finally reach him.
const system = loadRuntime(withFights(doc, [{
  id: 'quiet-ward', heroes: [{ hero: 'victor', conditions: ['unravelling'] }, 'gouge'],
  enemies: [{ bestiary: 'tremere', conditions: ['warded', 'immobilized'] }], maxRounds: 60,
}]));
const TARGET = 6;
const SEEDS = 60;

interface Replay {
  /** The running total after each of Victor's challenges, as the seed's rule computes it from the log. */
  readonly totals: number[];
  /** What the total would be had a botch not reset it (to show the reset changed something). */
  readonly withoutReset: number[];
  readonly outcomes: string[];
  /** Index in the log of the event that ended the ward, or -1. */
  readonly wardFell: number;
  /** Index in the log of each of Victor's challenge checks. */
  readonly at: number[];
}

function replay(events: readonly FightEvent[]): Replay {
  const totals: number[] = [], withoutReset: number[] = [], outcomes: string[] = [], at: number[] = [];
  let total = 0, naive = 0, wardFell = -1;
  events.forEach((e, i) => {
    if (e.type === 'check' && e.actor === 'victor' && e.check === 'challenge') {
      const outcome = e.outcome ?? '';
      if (outcome === 'success' || outcome === 'rule-of-ten') {
        expect(e.degree).toBeGreaterThanOrEqual(1);
        total += e.degree!; naive += e.degree!;
      } else if (outcome === 'botch' || outcome === 'botch-difficulty-10') {
        total = 0;
      } // a failure: the total does not increase
      totals.push(total); withoutReset.push(naive); outcomes.push(outcome); at.push(i);
    }
    if (e.type === 'condition' && e.condition === 'warded' && e.change === 'ended' && wardFell < 0) wardFell = i;
  });
  return { totals, withoutReset, outcomes, wardFell, at };
}

describe('live action: an extended challenge in a fight (Victor unravels a ward)', () => {
  test('each challenge adds its degree of success, a failure adds nothing, a botch takes the total back to 0: the engine keeps exactly that total', () => {
    const progressIndex = system.trackCurrent[system.names.tracks.indexOf('progress')]!;
    let challenges = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      for (const fight of ['broken-ward', 'quiet-ward']) {
        const { totals } = replay(log(system, fight, seed));
        const victor = runFight(system, fight, seed).combatants.find((c) => c.id === 'victor')!;
        expect(victor.sheet[progressIndex]).toBe(totals.at(-1) ?? 0);
        challenges += totals.length;
      }
    }
    expect(challenges).toBeGreaterThan(SEEDS);
  });

  test('the ward falls in the act where the total first reaches the target degree 6, never before, and Victor then stops throwing for it', () => {
    let fell = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const events = log(system, 'quiet-ward', seed);
      const { totals, wardFell, at } = replay(events);
      const reached = totals.findIndex((t) => t >= TARGET);
      if (reached < 0) { expect(wardFell).toBe(-1); continue; }
      fell++;
      // The ward ends after that challenge and before anyone's next turn; no challenge of Victor's follows it.
      expect(wardFell).toBeGreaterThan(at[reached]!);
      expect(events.slice(at[reached]! + 1, wardFell).some((e) => e.type === 'turn')).toBe(false);
      expect(totals.length).toBe(reached + 1);
    }
    expect(fell).toBe(SEEDS);
  });

  test('a botch loses the progress already made: in some fights the ward would have fallen earlier without the reset, and it did not', () => {
    let resetMattered = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { totals, withoutReset, outcomes, wardFell, at } = replay(log(system, 'quiet-ward', seed));
      const botchAfterProgress = outcomes.some((o, i) => o === 'botch' && i > 0 && totals[i - 1]! > 0);
      if (!botchAfterProgress) continue;
      const naive = withoutReset.findIndex((t) => t >= TARGET);
      const real = totals.findIndex((t) => t >= TARGET);
      if (naive >= 0 && naive !== real) {
        resetMattered++;
        // Without the reset the ward would have fallen after challenge `naive`; it was still standing then.
        expect(wardFell < 0 || wardFell > at[naive]!).toBe(true);
      }
    }
    expect(resetMattered).toBeGreaterThan(0);
  });

  test('no blow harms the warded Tremere until the ward falls; afterwards blows do', () => {
    let blockedHits = 0, laterHarm = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const events = log(system, seed % 2 ? 'broken-ward' : 'quiet-ward', seed);
      const { wardFell } = replay(events);
      events.forEach((e, i) => {
        if (e.type !== 'damage' || e.target !== 'tremere-1') return;
        if (wardFell < 0 || i < wardFell) {
          expect(e.amount).toBe(0);
          expect(e.steps[0]).toMatch(/^Ward of Blood/);
          blockedHits++;
        } else if (e.amount > 0) laterHarm++;
      });
    }
    expect(blockedHits).toBeGreaterThan(0);
    expect(laterHarm).toBeGreaterThan(0);
  });

  test('a challenge is the unopposed challenge itself: target number 8 - floor(6 / 2) = 5, degree thrown - 5 + 1 capped at the total', () => {
    // Victor: Intelligence 3 + Occult 3 = 6 (unwounded). A 9 thrown: degree 5; a 5: degree 1; a 4: a failure.
    expect(judge(doc, 'challenge', { stat: 6, vs: 8, conditions: [] }, [4, 5])).toMatchObject({ outcome: 'success', degree: 5 });
    expect(judge(doc, 'challenge', { stat: 6, vs: 8, conditions: [] }, [2, 3])).toMatchObject({ outcome: 'success', degree: 1 });
    expect(judge(doc, 'challenge', { stat: 6, vs: 8, conditions: [] }, [1, 3]).outcome).toBe('failure');
    expect(judge(doc, 'challenge', { stat: 6, vs: 8, conditions: [] }, [5, 6]).outcome).toBe('botch');
    const checks = eventsOf(log(system, 'broken-ward', 1), 'check').filter((e) => e.check === 'challenge');
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every((e) => e.actor === 'victor' && e.vs === 8 && e.target === null)).toBe(true);
  });

  test('without a ward to work on (the coterie against the gang) Victor never spends an action on it', () => {
    for (let seed = 1; seed <= 10; seed++) {
      expect(eventsOf(log(system, 'coterie-vs-gang', seed), 'check').some((e) => e.check === 'challenge')).toBe(false);
    }
  });
});
