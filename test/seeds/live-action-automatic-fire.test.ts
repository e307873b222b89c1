// Success-based live action's automatic fire (`success-based-live-action.txt`: "A weapon on full auto does 5 more
// damage than usual and the entire clip is used up. A three round Burst does 2 extra damage. Spraying does an extra
// five damage spread evenly between the number of targets. If it does not divide evenly, the extra damage goes to the
// earliest targets hit."), on the real systems/success-based-live-action.json in the real engine.
import { describe, expect, test } from 'vitest';
import { fightLog, type FightEvent } from '../../engine/sim/index';
import { eventsOf, loadRuntime, systemDocument, withFights } from './harness';

const doc = systemDocument('success-based-live-action');

/** Each use of an ability in a log, with the blows it struck: for each target its check's degree and, on a hit, the damage rolled. */
function uses(events: readonly FightEvent[], ability: string): { actor: string; targets: readonly string[]; blows: { target: string; degree: number; rolled: number | null }[] }[] {
  const out: { actor: string; targets: readonly string[]; blows: { target: string; degree: number; rolled: number | null }[] }[] = [];
  let current: (typeof out)[number] | null = null;
  for (const e of events) {
    if (e.type === 'turn' || e.type === 'round' || (e.type === 'ability' && e.ability !== ability)) current = null;
    if (e.type === 'ability' && e.ability === ability) { current = { actor: e.actor, targets: e.targets, blows: [] }; out.push(current); continue; }
    if (!current) continue;
    if (e.type === 'check' && e.check === 'attack' && e.actor === current.actor) current.blows.push({ target: e.target!, degree: e.degree ?? 0, rolled: null });
    if (e.type === 'damage' && e.actor === current.actor) current.blows[current.blows.length - 1]!.rolled = e.rolled;
  }
  return out;
}

describe('live action: automatic fire (burst, full-auto, spray)', () => {
  test('spray: 5 extra damage split evenly between the targets (@attack.targets), the remainder to the earliest hit (@attack.hits)', () => {
    const system = loadRuntime(doc);
    let sprays = 0, allHit = 0, firstMissed = 0;
    for (let seed = 1; seed <= 40; seed++) {
      for (const u of uses(fightLog(system, 'drive-by', seed), 'spray')) {
        sprays++;
        const n = u.targets.length;
        expect(u.blows.map((b) => b.target)).toEqual(u.targets);
        let hitsBefore = 0;
        let extraTotal = 0;
        for (const b of u.blows) {
          if (b.rolled === null) continue;
          const extra = Math.floor(5 / n) + (hitsBefore < 5 % n ? 1 : 0);
          expect(b.rolled).toBe(2 + Math.floor(b.degree / 2) + extra);
          extraTotal += extra;
          hitsBefore++;
        }
        if (hitsBefore === n) { allHit++; expect(extraTotal).toBe(5); }
        // The first target missed, a later one hit: the remainder goes to the first one hit, not to the first aimed at.
        if (u.blows[0]!.rolled === null && hitsBefore > 0 && 5 % n > 0) firstMissed++;
      }
    }
    expect(sprays).toBeGreaterThan(40);
    expect(allHit).toBeGreaterThan(5);
    expect(firstMissed).toBeGreaterThan(5);
  });

  test('spray at a single foe puts all 5 extra on it (@attack.targets 1)', () => {
    const system = loadRuntime(withFights(doc, [{ id: 'one-target', heroes: ['gouge'], enemies: [{ bestiary: 'shooter' }], maxRounds: 20 }]));
    let hits = 0;
    for (let seed = 1; seed <= 30; seed++) {
      for (const u of uses(fightLog(system, 'one-target', seed), 'spray')) {
        expect(u.targets).toEqual(['gouge']);
        for (const b of u.blows) if (b.rolled !== null) { hits++; expect(b.rolled).toBe(2 + 5 + Math.floor(b.degree / 2)); }
      }
    }
    expect(hits).toBeGreaterThan(10);
  });

  test('a three-round burst does 2 extra damage; full-auto 5 extra, only with a full clip, which it empties', () => {
    const system = loadRuntime(doc);
    let bursts = 0, autos = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const events = fightLog(system, 'drive-by', seed);
      for (const u of uses(events, 'burst')) for (const b of u.blows) if (b.rolled !== null) { bursts++; expect(b.rolled).toBe(4 + Math.floor(b.degree / 2)); }
      for (const u of uses(events, 'full-auto')) for (const b of u.blows) if (b.rolled !== null) { autos++; expect(b.rolled).toBe(7 + Math.floor(b.degree / 2)); }
      // The enforcer's clip holds 9: between reloads (and before the first) he spends 3 a burst and 9 on full-auto,
      // which needs the clip full, never more than the clip; a reload fills the clip to 9 (hurt, he reloads early to
      // go full-auto).
      let spent = 0;
      for (const e of events) {
        if (e.type === 'ability' && e.actor === 'enforcer-1') {
          if (e.ability === 'burst') spent += 3;
          if (e.ability === 'full-auto') { expect(spent).toBe(0); spent += 9; }
          expect(spent).toBeLessThanOrEqual(9);
        }
        if (e.type === 'gain' && e.target === 'enforcer-1' && e.track === 'clip') {
          expect(e.amount).toBe(spent);
          expect(e.value).toBe(9);
          spent = 0;
        }
      }
    }
    expect(bursts).toBeGreaterThan(30);
    expect(autos).toBeGreaterThan(5);
  });

  test('a plain blow reads @attack.targets 1 and @attack.hits 0', () => {
    const plain = {
      ...doc,
      bestiary: doc.bestiary!.map((c) => (c.id === 'gunman'
        ? { ...c, attacks: [{ ...c.attacks[0]!, damage: '100 * @attack.targets + 10 * @attack.hits' }] } : c)),
    };
    const system = loadRuntime(withFights(plain, [{ id: 'plain', heroes: ['gouge', 'damien'], enemies: [{ bestiary: 'gunman' }], maxRounds: 20 }]));
    let hits = 0;
    for (let seed = 1; seed <= 20; seed++) {
      for (const d of eventsOf(fightLog(system, 'plain', seed), 'damage')) if (d.actor.startsWith('gunman')) { hits++; expect(d.rolled).toBe(100); }
    }
    expect(hits).toBeGreaterThan(5);
  });
});
