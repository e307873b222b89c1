// Chrome Rain (systems/games/chrome-rain.json), a hits-pool game with glitches and passes: a pool of d6, each 5 or 6
// a hit; more than half the dice showing 1 is a glitch (rattled: two dice short on the next roll), a glitch with no hit
// a critical glitch (the gun jams: the next action is lost). Attacks are opposed by Reaction + Intuition dice
// (`checks.attack.vs`) and land on net hits; damage is the weapon's value plus net hits, less the soak dice's hits;
// stun fills the stun monitor (`damage.apply`, its overflow spilling into the physical one), and a full stun monitor
// knocks its holder out (`tracks[].downs`); every three boxes filled cost a die (a derived `wounds`). Initiative is
// rolled each round and every full ten past the first gives another pass (`turn.initiative.passes`).
// Exact rates against closed form (binomial and multinomial counts by hand) through the CLI's `dist` on the system's
// own roll and outcomes; simulated rates within 4.5σ; passes, glitches and stun read event by event.
import { describe, expect, it } from 'vitest';
import { fightLog, type FightEvent } from '../../engine/sim/index';
import { choose, exact, expectCleanGame, expectSampleFightsEnd, gameDocument, gamePath, loadGame, within } from './exact-and-simulated';

const ID = 'chrome-rain';
const doc = gameDocument(ID);
const system = loadGame(doc);

/** P(h hits on n dice): each die a hit 1 time in 3. */
const hits = (n: number, h: number): number => choose(n, h) * (1 / 3) ** h * (2 / 3) ** (n - h);
/** P(k ones and h hits on n dice) (the rest 2-4, half the faces). */
const onesAndHits = (n: number, k: number, h: number): number =>
  k + h > n ? 0 : choose(n, k) * choose(n - k, h) * (1 / 6) ** k * (1 / 3) ** h * (1 / 2) ** (n - k - h);
/** The attack's outcomes at n dice against a defence of m dice. */
function closedForm(n: number, m: number): Record<string, number> {
  const out: Record<string, number> = { 'critical-glitch': 0, 'glitch-hit': 0, glitch: 0, hit: 0, miss: 0 };
  for (let k = 0; k <= n; k++) {
    for (let h = 0; h + k <= n; h++) {
      const p = onesAndHits(n, k, h);
      const glitch = 2 * k > n;
      for (let d = 0; d <= m; d++) {
        const q = p * hits(m, d);
        if (glitch && h === 0) out['critical-glitch']! += q;
        else if (glitch && h > d) out['glitch-hit']! += q;
        else if (glitch) out.glitch! += q;
        else if (h > d) out.hit! += q;
        else out.miss! += q;
      }
    }
  }
  return out;
}
/** P(glitch) on n dice: more than half of them ones. */
const glitch = (n: number): number => { let p = 0; for (let k = Math.floor(n / 2) + 1; k <= n; k++) p += choose(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k); return p; };
/** P(critical glitch) on n dice: more than half ones and no hit. */
const critical = (n: number): number => { let p = 0; for (let k = Math.floor(n / 2) + 1; k <= n; k++) p += onesAndHits(n, k, 0); return p; };
/** Passes at an initiative score, as the system's formula reads them. */
const passesAt = (i: number): number => Math.min(4, 1 + Math.floor((i - 1) / 10));

/** The attack's outcomes as one formula over an attack pool of n dice and a defence of m: the first outcome's index. */
function exchangeFormula(n: number, m: number): string {
  const arms = doc.checks!.attack!.outcomes!.map((o, i) => [o.when
    .replaceAll('@roll.Pool.faces', '@p.faces').replaceAll('@vs.total', 'count(@q.faces, 5, 6)').replaceAll('@total', 'count(@p.faces, 5, 6)'), String(i)] as const);
  return `let p = ${n}d6 in let q = ${m}d6 in ${arms.slice(0, -1).map(([w, i]) => `(${w}) ? ${i} : `).join('')}${arms.at(-1)![1]}`;
}

type Check = Extract<FightEvent, { type: 'check' }>;
type Damage = Extract<FightEvent, { type: 'damage' }>;

describe('Chrome Rain: a hits pool with glitches and passes', () => {
  it('checks with no problems through the CLI and the checker, and names itself after its file', () => {
    expectCleanGame(ID);
  });

  it('exact: hits on a pool of n dice are binomial (n, 1/3), less a die per three boxes, through dist on the system\'s roll', async () => {
    // The worked number: 12 dice find no hit (2/3)^12 = 4096/531441 of the time.
    expect(hits(12, 0)).toBeCloseTo(4096 / 531441, 15);
    for (const [n, wounds] of [[1, 0], [6, 0], [12, 0], [12, 3], [4, 5]] as const) {
      const pmf = await exact(doc.checks!.attack!.roll, '--system', gamePath(ID), '--set', `stat=${n}`, '--set', `wounds=${wounds}`, '--set', 'mods.pool=0');
      const dice = Math.max(0, n - wounds);
      for (let h = 0; h <= dice; h++) expect(pmf.get(h) ?? 0, `${n} - ${wounds} dice, ${h} hits`).toBeCloseTo(hits(dice, h), 12);
    }
  });

  it('exact: glitch, critical glitch, hit and miss against a defence pool, through dist on the system\'s outcomes', async () => {
    expect(doc.checks!.attack!.outcomes!.map((o) => o.id)).toEqual(['critical-glitch', 'glitch-hit', 'glitch', 'hit', 'miss']);
    // The worked numbers: one die glitches on its 1 (1/6) and then has no hit, a critical glitch; two dice glitch only
    // on two ones (1/36); three on two or three ones, 3 · 5/216 + 1/216 = 16/216.
    expect([glitch(1), critical(1), glitch(2), glitch(3)]).toEqual([1 / 6, 1 / 6, 1 / 36, 16 / 216].map((x) => expect.closeTo(x, 15)));
    for (const [n, m] of [[1, 1], [3, 2], [5, 3], [6, 2]] as const) {
      const pmf = await exact(exchangeFormula(n, m));
      const closed = closedForm(n, m);
      Object.values(closed).forEach((p, i) => expect(pmf.get(i) ?? 0, `${n} against ${m}, outcome ${i}`).toBeCloseTo(p, 12));
      expect(closed['critical-glitch']! + closed['glitch-hit']! + closed.glitch!).toBeCloseTo(glitch(n), 14);
      expect(closed['critical-glitch']).toBeCloseTo(critical(n), 14);
    }
  });

  it('simulated: each die a hit 1 time in 3, glitches and exchanges by pool size, over 1,000 fights, within 4.5σ', () => {
    let dice = 0, hitDice = 0;
    const byPool = new Map<number, { n: number; glitches: number; critical: number }>();
    const exchanges = new Map<string, { n: number; outcomes: Record<string, number> }>();
    for (let seed = 1; seed <= 1000; seed++) {
      const events = fightLog(system, 'alley', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || (e.check !== 'attack' && e.check !== 'defence')) return;
        // A roll not rattled is its pool (a rattled one is two dice short, still a plain pool of what it has).
        dice += e.dice.length;
        hitDice += e.dice.filter((d) => d >= 5).length;
        const n = e.dice.length;
        const t = byPool.get(n) ?? { n: 0, glitches: 0, critical: 0 };
        t.n++;
        const ones = e.dice.filter((d) => d === 1).length;
        if (2 * ones > n) t.glitches++;
        if (2 * ones > n && !e.dice.some((d) => d >= 5)) t.critical++;
        byPool.set(n, t);
        if (e.check !== 'attack') return;
        // The defender's roll comes first (a glitch's condition event may follow it).
        const def = events.slice(0, i).findLast((x): x is Check => x.type === 'check')!;
        expect([def.check, def.actor, e.opposed!.total]).toEqual(['defence', e.target, def.total]);
        const key = `${n} ${def.dice.length}`;
        const x = exchanges.get(key) ?? { n: 0, outcomes: {} };
        x.n++;
        x.outcomes[e.outcome!] = (x.outcomes[e.outcome!] ?? 0) + 1;
        exchanges.set(key, x);
      });
    }
    within(hitDice, dice, 1 / 3, 'a die is a hit');
    let pools = 0;
    for (const [n, t] of byPool) {
      if (t.n < 500) continue;
      pools++;
      within(t.glitches, t.n, glitch(n), `${n} dice glitch`);
      within(t.critical, t.n, critical(n), `${n} dice critical glitch`);
    }
    expect(pools).toBeGreaterThanOrEqual(6);
    let pairs = 0;
    for (const [key, x] of exchanges) {
      if (x.n < 1000) continue;
      pairs++;
      const [n, m] = key.split(' ').map(Number) as [number, number];
      for (const [outcome, p] of Object.entries(closedForm(n, m))) within(x.outcomes[outcome] ?? 0, x.n, p, `${key} ${outcome}`);
    }
    expect(pairs).toBeGreaterThanOrEqual(4);
  });

  it('passes: everyone\'s first action in turn order, then the second of those with 11 or more, up to four', () => {
    let second = 0, third = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const events = fightLog(system, 'extraction', seed);
      let score = new Map<string, number>();
      let turns: string[] = [];
      const close = () => {
        // Cut the round's turns into passes: a pass holds each actor once, those with at least that many passes.
        const taken = new Map<string, number>();
        let pass = 1, inPass = new Set<string>();
        for (const a of turns) {
          const k = (taken.get(a) ?? 0) + 1;
          taken.set(a, k);
          if (k > pass) { pass = k; inPass = new Set(); }
          expect(k, `${a} on pass ${pass}`).toBe(pass);
          expect(inPass.has(a)).toBe(false);
          inPass.add(a);
          expect(passesAt(score.get(a)!)).toBeGreaterThanOrEqual(k);
        }
        for (const [a, k] of taken) { if (k >= 2) second++; if (k >= 3) third++; expect(k).toBeLessThanOrEqual(passesAt(score.get(a)!)); }
      };
      for (const e of events) {
        if (e.type === 'round') { close(); score = new Map(); turns = []; }
        if (e.type === 'check' && e.check === 'initiative') score.set(e.actor, e.total);
        if (e.type === 'turn') turns.push(e.actor);
      }
      close();
    }
    expect(second).toBeGreaterThan(200);
    expect(third).toBeGreaterThan(20);
  });

  it('a glitch rattles the roller (its next roll two dice short), a critical glitch jams it (its next turn lost)', () => {
    let rattled = 0, jams = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const events = fightLog(system, 'club', seed);
      events.forEach((e, i) => {
        if (e.type !== 'check' || (e.check !== 'attack' && e.check !== 'defence')) return;
        const ones = e.dice.filter((d) => d === 1).length;
        if (2 * ones <= e.dice.length) return;
        const later = events.slice(i + 1);
        if (later.some((x) => x.type === 'down' && x.target === e.actor)) return;
        const nextRoll = later.find((x): x is Check => x.type === 'check' && x.actor === e.actor && (x.check === 'attack' || x.check === 'defence'));
        // The condition events right after the roll (a charge of Rattled it used ends first).
        const upon = later.slice(0, later.findIndex((x) => x.type !== 'condition')).map((x) => x.type === 'condition' ? `${x.target} ${x.condition} ${x.change}` : '');
        if (e.outcome === 'critical-glitch') {
          jams++;
          expect(upon).toContain(`${e.actor} jammed applied`);
          // Its next turn passes with no attack of its own.
          const t = later.findIndex((x) => x.type === 'turn' && x.actor === e.actor);
          if (t >= 0) {
            const until = later.slice(t + 1).findIndex((x) => x.type === 'turn' || x.type === 'round' || x.type === 'fightEnd');
            expect(later.slice(t + 1, t + 1 + until).some((x) => x.type === 'check' && x.actor === e.actor && x.check === 'attack')).toBe(false);
          }
        } else {
          expect(upon.some((u) => u === `${e.actor} rattled applied` || u === `${e.actor} rattled refreshed`), upon.join()).toBe(true);
        }
        if (nextRoll && e.outcome !== 'critical-glitch') {
          rattled++;
          expect(nextRoll.influencedBy.join(' ')).toMatch(/Rattled \(glitch\): pool -2/);
          // Two dice short of its pool: the same roll without the -2 would have had two more.
          expect(nextRoll.roll).toMatch(/^\d+d6cs>=5\[Pool\]/);
        }
      });
    }
    expect(rattled).toBeGreaterThan(20);
    expect(jams).toBeGreaterThan(5);
  });

  it('stun fills the stun monitor and spills into the physical one; a full stun monitor knocks its holder out', () => {
    let knockedOut = 0, spilled = 0, physical = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const events = fightLog(system, 'club', seed);
      events.forEach((e, i) => {
        if (e.type !== 'damage') return;
        const d = e as Damage;
        if (d.damageType === 'stun') {
          if (d.split!.length) expect(d.split![0]!.track).toBe('stun');
          if (d.split!.length > 1) { spilled++; expect(d.split![0]!.value).toBe(0); expect(d.split![1]!.track).toBe('hp'); }
        } else {
          if (d.split!.length) physical++;
          for (const t of d.split!) expect(t.track).toBe('hp');
        }
        const out = d.split!.some((t) => t.value === 0);
        const next = events.slice(i + 1).find((x) => x.type === 'down' || x.type === 'damage' || x.type === 'fightEnd');
        expect(next?.type === 'down' && next.target === d.target, d.chip).toBe(out);
        if (out && d.hp > 0) knockedOut++;
      });
    }
    expect(knockedOut).toBeGreaterThan(100);
    expect(spilled).toBeGreaterThan(5);
    expect(physical).toBeGreaterThan(100);
  });

  it('has three sample fights, each of which ends', () => {
    expectSampleFightsEnd(system, doc, (stats) => {
      expect(stats.wins.heroes).toBeGreaterThan(40);
      expect(stats.wins.enemies).toBeGreaterThan(2);
    });
  });
});
