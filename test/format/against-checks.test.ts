// conditions[].against[].checks (format v1.1): an effect on checks against the holder taken only by the checks named.
// Fate's free invoke on a fresh consequence helps the foe's attack, not the defence the holder's own attacker rolls
// against it (an opposed check's defence is a check against the attacker), and its charge is not spent there.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../engine/schema';
import type { SystemDocument } from '../../engine/schema/document';
import { fightLog, loadSystem, type FightEvent, type System } from '../../engine/sim';
import { fuzz } from '../fuzz';

interface Doc {
  checks: Record<string, { roll: string }>;
  conditions: Record<string, unknown>[];
  fights: Record<string, unknown>[];
}

/** opposed-d20 with a mod `aim` read by the attack and the parry, and `marked` (+5 aim against its holder, once). */
function fixture(checks: string[] | null): Doc {
  const doc = JSON.parse(readFileSync(new URL('./opposed-d20.json', import.meta.url), 'utf8')) as Doc;
  doc.checks.attack!.roll = 'd20 + @stat + @mods.aim';
  doc.checks.parry!.roll = 'd20 + @stat + @mods.aim';
  doc.conditions.push({ id: 'marked', name: 'Marked', charges: 1, against: [{ mods: { aim: '5' }, ...(checks ? { checks } : {}) }] });
  doc.fights.push({ id: 'marked', heroes: [{ hero: 'fencer', conditions: ['marked'] }], enemies: [{ bestiary: 'dummy' }], maxRounds: 6 });
  return doc;
}

function load(doc: Doc): System {
  const loaded = loadSystem(doc as unknown as SystemDocument);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

type Check = Extract<FightEvent, { type: 'check' }>;
/** The checks made against the fencer, with the aim each had (its total less its die and stat), until Marked ends. */
function againstFencer(events: readonly FightEvent[]): { check: string; aim: number; marked: boolean }[] {
  let marked = true;
  const out: { check: string; aim: number; marked: boolean }[] = [];
  for (const e of events) {
    if (e.type === 'condition' && e.target === 'fencer' && e.condition === 'marked' && e.change === 'ended') marked = false;
    if (e.type !== 'check' || e.target !== 'fencer') continue;
    const c = e as Check;
    out.push({ check: c.check, aim: c.total - c.dice[0]!, marked });
  }
  return out;
}

describe('conditions[].against[].checks', () => {
  it('named: the dummy\'s parries against the marked fencer have no aim and spend nothing; its first slap has +5 and ends it', () => {
    const events = fightLog(load(fixture(['attack'])), 'marked', 3);
    const seen = againstFencer(events);
    const parries = seen.filter((s) => s.check === 'parry');
    const slaps = seen.filter((s) => s.check === 'attack');
    expect(parries.length).toBeGreaterThan(2);
    expect(slaps.length).toBeGreaterThan(2);
    for (const p of parries) expect(p.aim).toBe(0);
    expect(slaps.map((s) => s.aim)).toEqual([5, ...slaps.slice(1).map(() => 0)]);
    // Marked ends right after the first slap, whatever parries came before it.
    const ended = events.findIndex((e) => e.type === 'condition' && e.condition === 'marked' && e.change === 'ended');
    const firstSlap = events.findIndex((e) => e.type === 'check' && e.check === 'attack' && e.target === 'fencer');
    expect(ended).toBeGreaterThan(firstSlap);
    expect(events.slice(firstSlap + 1, ended).some((e) => e.type === 'check')).toBe(false);
  });

  it('without checks every check against the holder takes it: the first (a parry when the fencer strikes first) spends it', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const seen = againstFencer(fightLog(load(fixture(null)), 'marked', seed));
      expect(seen[0]!.aim, `seed ${seed}`).toBe(5);
      for (const s of seen.slice(1)) expect(s.aim).toBe(0);
    }
  });

  it('the checker refuses a check id it does not know, at the place', () => {
    const doc = fixture(['atack']);
    const found = checkSystem(JSON.stringify(doc)).diagnostics.filter((d) => d.severity === 'error');
    expect(found.map((d) => d.pointer)).toEqual([`/conditions/${doc.conditions.length - 1}/against/0/checks/0`]);
    expect(found[0]!.message).toMatch(/atack/);
  });

  it('property: a check against the marked holder takes the +5 exactly when it is named (or none are) and Marked is still on', () => {
    fc.assert(fc.property(fc.subarray(['attack', 'parry']), fc.boolean(), fc.integer({ min: 1, max: 10_000 }), (named, all, seed) => {
      const checks = all ? null : named;
      const seen = againstFencer(fightLog(load(fixture(checks)), 'marked', seed));
      let on = true;
      for (const s of seen) {
        const takes = on && (checks === null || checks.includes(s.check));
        expect(s.aim).toBe(takes ? 5 : 0);
        if (takes) on = false;
      }
    }), fuzz(2203, 40));
  });
});
