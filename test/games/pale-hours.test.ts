// Pale Hours (systems/games/pale-hours.json), a d100 roll-under game with opposed melee: d100 at or under a skill
// succeeds, at or under half of it is a hard success, a fifth an extreme one; the one attacked answers with its own
// roll first (`checks.melee.vs`), dodging (a tie of levels goes to the dodger) or fighting back when its Fighting beats
// its Dodge (`prefer`: a tie goes to the attacker, a better level lands the defender's own blow, `counter`).
// Exact rates against closed form (the level chances floor(s/5), floor(s/2) - floor(s/5), s - floor(s/2) out of 100),
// through the CLI's `dist` on the system's own level outcomes and through the engine's exact chance of an opposed
// blow; simulated rates within 4.5σ; the exchanges read as played, event by event.
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../../engine/schema/document';
import { fightLog, type FightEvent } from '../../engine/sim/index';
import { exact, expectCleanGame, expectSampleFightsEnd, gameDocument, gamePath, gameText, loadGame, within } from './exact-and-simulated';

const ID = 'pale-hours';
const doc = gameDocument(ID);
const system = loadGame(doc);

/** The chance of each level of success at skill s: [failure, regular, hard, extreme]. */
const levels = (s: number): number[] => {
  const extreme = Math.floor(s / 5), hard = Math.floor(s / 2);
  return [(100 - s) / 100, (s - hard) / 100, (hard - extreme) / 100, extreme / 100];
};

/** The attacker's outcomes at skill a against a defender rolling at skill d, dodging or fighting back. */
function exchange(a: number, d: number, fightsBack: boolean): Record<string, number> {
  const pa = levels(a), pd = levels(d);
  const out: Record<string, number> = { extreme: 0, hard: 0, regular: 0, 'struck-back': 0, dodged: 0, miss: 0 };
  const names = ['miss', 'regular', 'hard', 'extreme'];
  for (let l = 0; l <= 3; l++) {
    for (let m = 0; m <= 3; m++) {
      const p = pa[l]! * pd[m]!;
      if (l >= 1 && (m < l || (fightsBack && m === l))) out[names[l]!]! += p;
      else if (fightsBack && m > l) out['struck-back']! += p;
      else if (!fightsBack && l >= 1) out.dodged! += p;
      else out.miss! += p;
    }
  }
  return out;
}
const hit = (r: Record<string, number>): number => r.extreme! + r.hard! + r.regular!;

/** A check's outcomes as one formula over its own roll: the index of the first outcome whose `when` holds. */
function outcomeIndex(d: SystemDocument, check: string): string {
  const c = d.checks![check]!;
  const arms = c.outcomes!.map((o, i) => [o.when.replaceAll('@total', '@t'), String(i)] as const);
  return `let t = ${c.roll} in ${arms.slice(0, -1).map(([w, i]) => `(${w}) ? ${i} : `).join('')}${arms.at(-1)![1]}`;
}

type Check = Extract<FightEvent, { type: 'check' }>;
const skillOf = (id: string): { fighting: number; dodge: number } => {
  const hero = doc.heroes!.find((h) => h.id === id);
  const creature = doc.bestiary!.find((b) => id.startsWith(`${b.id}-`));
  const a = (hero?.attributes ?? creature?.attributes) as Record<string, number>;
  return { fighting: a.fighting!, dodge: a.dodge! };
};

describe('Pale Hours: d100 roll-under with opposed melee', () => {
  it('checks with no problems through the CLI and the checker, and names itself after its file', () => {
    expectCleanGame(ID);
  });

  it('exact: the levels of success at skill s are floor(s/5), floor(s/2) - floor(s/5), s - floor(s/2) in 100, through dist on the dodge and fight-back outcomes', async () => {
    // The worked numbers: skill 60 is extreme 12 times in 100, hard 18, regular 30, a failure 40.
    expect(levels(60).map((p) => Math.round(p * 100))).toEqual([40, 30, 18, 12]);
    expect(levels(37).map((p) => Math.round(p * 100))).toEqual([63, 19, 11, 7]);
    for (const check of ['dodge', 'fight-back']) {
      expect(doc.checks![check]!.outcomes!.map((o) => o.degree)).toEqual(['3', '2', '1', '0']);
      for (const s of [1, 4, 25, 37, 50, 60, 65, 99]) {
        const pmf = await exact(outcomeIndex(doc, check), '--system', gamePath(ID), '--set', `stat=${s}`);
        // Outcome i is level 3 - i.
        [3, 2, 1, 0].forEach((level, i) => expect(pmf.get(i) ?? 0, `${check} at ${s}, level ${level}`).toBeCloseTo(levels(s)[level]!, 12));
      }
    }
  });

  it('exact: the chance a hand-played investigator is offered is the opposed closed form, against a dodger and against one who fights back', () => {
    /** The hit chance `who` is offered on its first turn of a duel between `hero` and one `enemy`. */
    const offered = (hero: string, enemy: string, who = hero): number => {
      const d = JSON.parse(gameText(ID)) as { fights: unknown[] };
      d.fights.push({ id: 'duel', heroes: [hero], enemies: [{ bestiary: enemy }], maxRounds: 5 });
      let chance: number | null | undefined;
      fightLog(loadGame(d as unknown as SystemDocument), 'duel', 1, (offer) => {
        if (chance === undefined && offer.actor === who && offer.attacks.length) chance = offer.attacks[0]!.hitChance[0] ?? null;
        return null;
      });
      expect(chance, `${who} in ${hero} against ${enemy}`).not.toBeNull();
      return chance!;
    };
    // The cultist's Fighting 40 beats its Dodge 25: it fights back. The hound's Dodge 50 beats its Fighting 35.
    expect(offered('sailor', 'cultist')).toBeCloseTo(hit(exchange(60, 40, true)), 12);
    expect(offered('librarian', 'cultist')).toBeCloseTo(hit(exchange(25, 40, true)), 12);
    expect(offered('sailor', 'hound')).toBeCloseTo(hit(exchange(60, 50, false)), 12);
    expect(offered('doctor', 'hound')).toBeCloseTo(hit(exchange(45, 50, false)), 12);
    // The creatures' side: the hound bites at 35 against the Sailor fighting back at 60, the Librarian dodging at 65.
    expect(offered('sailor', 'hound', 'hound-1')).toBeCloseTo(hit(exchange(35, 60, true)), 12);
    expect(offered('librarian', 'hound', 'hound-1')).toBeCloseTo(hit(exchange(35, 65, false)), 12);
    // The worked number: the Sailor hits a cultist .3 × .8 + .18 × .92 + .12 = 0.5256 of the time, a hound .3 × .5 + .18 × .75 + .12 × .9 = 0.393.
    expect(hit(exchange(60, 40, true))).toBeCloseTo(0.5256, 12);
    expect(hit(exchange(60, 50, false))).toBeCloseTo(0.393, 12);
  });

  it('simulated: every exchange of the cellar fight over 1,500 fights, against the closed form of the two skills, within 4.5σ', () => {
    // Each pair of attacker and defender skills (and whether the defender fought back) is its own population.
    const tallies = new Map<string, { n: number; outcomes: Record<string, number> }>();
    for (let seed = 1; seed <= 1500; seed++) {
      const events = fightLog(system, 'cellar', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || e.check !== 'melee') return;
        const a = skillOf(e.actor).fighting;
        const def = events[i - 1] as Check;
        const fightsBack = def.check === 'fight-back';
        const d = fightsBack ? skillOf(def.actor).fighting : skillOf(def.actor).dodge;
        const key = `${a} ${d} ${fightsBack}`;
        const t = tallies.get(key) ?? { n: 0, outcomes: {} };
        t.n++;
        t.outcomes[e.outcome!] = (t.outcomes[e.outcome!] ?? 0) + 1;
        tallies.set(key, t);
      });
    }
    // Sailor, Doctor, Librarian against cultists that fight back; cultists against the two who fight back and the
    // Librarian who dodges.
    expect([...tallies.keys()].sort()).toEqual(['25 40 true', '40 45 true', '40 60 true', '40 65 false', '45 40 true', '60 40 true']);
    for (const [key, t] of tallies) {
      const [a, d, fb] = key.split(' ');
      const closed = exchange(Number(a), Number(d), fb === 'true');
      expect(t.n, key).toBeGreaterThan(1000);
      for (const [outcome, p] of Object.entries(closed)) within(t.outcomes[outcome] ?? 0, t.n, p, `${key} ${outcome}`);
    }
  });

  it('reads as played: the defender answers first, dodging or fighting back by its better skill; a blow out-fought is the defender\'s', () => {
    let counters = 0, dodges = 0;
    for (let seed = 1; seed <= 100; seed++) {
      for (const fight of ['cellar', 'crypt', 'chapter-house']) {
        const events = fightLog(system, fight, seed);
        events.forEach((e, i) => {
          if (e.type !== 'check' || e.check !== 'melee') return;
          const def = events[i - 1] as Check;
          expect(def.type).toBe('check');
          expect(def.actor).toBe(e.target);
          expect(e.opposed).toEqual({ actor: def.actor, check: def.check, total: def.total, outcome: def.outcome });
          // The level each side reached, read off its own d100 and the skill it rolled under.
          const level = (roll: number, s: number) => (roll <= Math.floor(s / 5) ? 3 : roll <= Math.floor(s / 2) ? 2 : roll <= s ? 1 : 0);
          const known = doc.heroes!.some((h) => h.id === def.actor) || doc.bestiary!.some((b) => def.actor.startsWith(`${b.id}-`));
          if (known) {
            const s = skillOf(def.actor);
            expect(def.check).toBe(s.fighting > s.dodge ? 'fight-back' : 'dodge');
            expect(def.degree).toBe(level(def.dice[0]!, def.check === 'dodge' ? s.dodge : s.fighting));
          }
          const next = events[i + 1];
          if (e.outcome === 'struck-back') {
            counters++;
            expect(def.check).toBe('fight-back');
            expect(def.degree).toBeGreaterThan(0);
            expect(next).toMatchObject({ type: 'damage', actor: def.actor, target: e.actor });
            expect((next as { chip: string }).chip).toMatch(/strikes back: /);
          } else if (e.result === 'success') {
            expect(next).toMatchObject({ type: 'damage', actor: e.actor, target: def.actor });
          } else {
            if (e.outcome === 'dodged') { dodges++; expect(def.check).toBe('dodge'); }
            expect(next?.type).not.toBe('damage');
          }
        });
      }
    }
    expect(counters).toBeGreaterThan(100);
    expect(dodges).toBeGreaterThan(50);
  });

  it('an extreme success deals the weapon\'s most: the walking stick\'s 8, the boathook\'s 8 and its dice again', () => {
    let extremes = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const events = fightLog(system, 'cellar', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || e.check !== 'melee' || e.outcome !== 'extreme') return;
        const blow = events[i + 1] as Extract<FightEvent, { type: 'damage' }>;
        if (e.actor === 'doctor') expect(blow.rolled).toBe(8);
        if (e.actor === 'sailor') expect(blow.rolled).toBeGreaterThanOrEqual(9);
        if (e.actor === 'doctor' || e.actor === 'sailor') extremes++;
      });
    }
    expect(extremes).toBeGreaterThan(50);
  });

  it('has three sample fights, each of which ends', () => {
    expectSampleFightsEnd(system, doc, (stats) => {
      expect(stats.wins.heroes).toBeGreaterThan(40);
      expect(stats.wins.enemies).toBeGreaterThan(20);
    });
  });
});
