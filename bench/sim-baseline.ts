// The baseline of bench/sim.bench.ts: the same fight as classic-d20's `bench-4v4` (fighter, wizard, rogue and
// cleric at level 5 against four tier-2 standard enemies), written by hand in TypeScript with every number fixed:
// what a programmer would write for this one fight, with no formulas, no data and no events.
import { createRng, type SeededRng } from '../engine/dice/rng';

interface Unit {
  hero: boolean;
  hp: number;
  maxHp: number;
  ac: number;
  dexSave: number;
  wisSave: number;
  conSave: number;
  init: number;
  initiative: number;
  down: boolean;
  paralyzed: boolean;
  reactionUsed: boolean;
  kind: 'fighter' | 'wizard' | 'rogue' | 'cleric' | 'enemy';
}

const unit = (kind: Unit['kind'], hp: number, ac: number, init: number, dexSave: number, wisSave: number, conSave: number): Unit => ({
  hero: kind !== 'enemy', hp, maxHp: hp, ac, dexSave, wisSave, conSave, init, initiative: 0, down: false, paralyzed: false,
  reactionUsed: false, kind,
});

const dice = (rng: SeededRng, n: number, sides: number): number => {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += rng.die(sides);
  return sum;
};

export interface BaselineResult {
  heroesWon: boolean;
  rounds: number;
}

export function baselineFight(seed: number): BaselineResult {
  const rng = createRng(seed);
  const fighter = unit('fighter', 49, 18, 1, 1, 1, 6);
  const wizard = unit('wizard', 32, 15, 2, 2, 4, 2);
  const rogue = unit('rogue', 38, 15, 4, 7, 1, 2);
  const cleric = unit('cleric', 38, 18, 0, 0, 7, 2);
  const heroes = [fighter, wizard, rogue, cleric];
  const enemies = [unit('enemy', 20, 14, 2, 2, 2, 2), unit('enemy', 20, 14, 2, 2, 2, 2), unit('enemy', 20, 14, 2, 2, 2, 2), unit('enemy', 20, 14, 2, 2, 2, 2)];
  const all = [...heroes, ...enemies];
  let surge = 1, secondWind = 1, slots1 = 4, slots2 = 3;
  let held: Unit | null = null;
  let sustaining = false;
  for (const u of all) u.initiative = rng.die(20) + u.init;
  const order = all.slice().sort((a, b) => b.initiative - a.initiative || (a.hero === b.hero ? 0 : a.hero ? -1 : 1));
  const lowest = (side: Unit[]): Unit | null => {
    let best: Unit | null = null;
    for (const u of side) if (!u.down && (!best || u.hp < best.hp)) best = u;
    return best;
  };
  const alive = (side: Unit[]): boolean => side.some((u) => !u.down);
  const hurt = (target: Unit, amount: number): void => {
    target.hp = Math.max(0, target.hp - amount);
    if (target.hp === 0) {
      target.down = true;
      if (target === wizard) { sustaining = false; if (held) { held.paralyzed = false; held = null; } }
      return;
    }
    if (target === wizard && sustaining && amount > 0 && rng.die(20) + wizard.conSave < Math.max(10, Math.floor(amount / 2))) {
      sustaining = false;
      if (held) { held.paralyzed = false; held = null; }
    }
  };
  const attack = (target: Unit, bonus: number, dmg: (crit: boolean) => number): void => {
    const adv = target.paralyzed;
    const d = adv ? Math.max(rng.die(20), rng.die(20)) : rng.die(20);
    if (d === 1) return;
    const crit = d === 20 || (target.paralyzed && d + bonus >= target.ac);
    if (!crit && d + bonus < target.ac) return;
    hurt(target, dmg(crit));
  };
  let round = 0;
  while (alive(heroes) && alive(enemies) && round < 100) {
    round++;
    for (const u of all) u.reactionUsed = false;
    for (const actor of order) {
      if (actor.down || !alive(heroes) || !alive(enemies)) continue;
      if (actor.paralyzed) {
        if (rng.die(20) + actor.wisSave >= 15) { actor.paralyzed = false; }
        continue;
      }
      switch (actor.kind) {
        case 'fighter': {
          if (secondWind && actor.hp < actor.maxHp / 2) { secondWind = 0; actor.hp = Math.min(actor.maxHp, actor.hp + rng.die(10) + 5); }
          let actions = 1;
          if (surge) { surge = 0; actions = 2; }
          for (let a = 0; a < actions * 2; a++) {
            const t = lowest(enemies);
            if (!t) break;
            attack(t, 6, (crit) => dice(rng, crit ? 2 : 1, 8) + 3);
          }
          break;
        }
        case 'wizard': {
          const t = lowest(enemies);
          if (!t) break;
          if (!sustaining && slots2 > 0) {
            slots2--;
            sustaining = true; // concentration holds even when the target saved
            if (rng.die(20) + t.wisSave < 15) { t.paralyzed = true; held = t; }
          } else if (slots1 > 0) {
            slots1--;
            const dmg = dice(rng, 3, 6);
            for (const e of enemies) if (!e.down) hurt(e, rng.die(20) + e.dexSave >= 15 ? Math.floor(dmg / 2) : dmg);
          } else {
            attack(t, 7, (crit) => dice(rng, crit ? 4 : 2, 10));
          }
          break;
        }
        case 'rogue': {
          const t = lowest(enemies);
          if (t) attack(t, 7, (crit) => dice(rng, crit ? 2 : 1, 8) + 4 + dice(rng, crit ? 6 : 3, 6));
          break;
        }
        case 'cleric': {
          let worst: Unit | null = null;
          for (const h of heroes) if (!h.down && h.hp < h.maxHp && (!worst || h.hp / h.maxHp < worst.hp / worst.maxHp)) worst = h;
          if (worst && slots1 > 0) { slots1--; worst.hp = Math.min(worst.maxHp, worst.hp + rng.die(4) + 4); }
          const t = lowest(enemies);
          if (t && rng.die(20) + t.dexSave < 15) hurt(t, dice(rng, 2, 8));
          break;
        }
        case 'enemy': {
          const t = lowest(heroes);
          if (!t) break;
          const d = rng.die(20);
          if (d === 1) break;
          let total = d + 5;
          if (t === wizard && d !== 20 && total >= t.ac && total - t.ac < 5 && !t.reactionUsed && slots1 > 0) { slots1--; t.reactionUsed = true; total -= 5; }
          if (d !== 20 && total < t.ac) break;
          let dmg = dice(rng, d === 20 ? 4 : 2, 6) + 2;
          if (t === rogue && !t.reactionUsed) { t.reactionUsed = true; dmg = Math.floor(dmg / 2); }
          hurt(t, dmg);
          break;
        }
      }
    }
  }
  return { heroesWon: alive(heroes) && !alive(enemies), rounds: round };
}
