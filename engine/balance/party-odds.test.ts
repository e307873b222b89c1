// The party against each template, checked against hand computations on classic-d20 (d20 + bonus ≥ defence, a natural
// 1 misses, a natural 20 hits) and a constructed system where only the check's outcomes tell the answer.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../schema/document';
import { partyOdds, type PartyOdds } from './party-odds';

const classic = JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as SystemDocument;

function odds(doc: SystemDocument, party?: string): PartyOdds {
  const out = partyOdds(doc, party);
  if (typeof out === 'string') throw new Error(out);
  return out;
}

const cellAt = (o: PartyOdds, role: string, tier: number) => o.rows.find((r) => r.role === role)!.cells[o.tiers.indexOf(tier)]!;

describe('partyOdds', () => {
  it('reads the level-11 pair against the tier-4 boss as a hand computation does', () => {
    const o = odds(classic, 'pair-11');
    expect(o.party.heroes).toEqual(['fighter11', 'wizard11']);
    expect(o.tiers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(o.rows.map((r) => r.role)).toEqual(['minion', 'standard', 'elite', 'boss']);
    const boss = cellAt(o, 'boss', 4);
    // The boss at tier 4: defence 14 + 4 = 18, hit points 30 + 25 × 4 = 130.
    expect(boss.defence).toBe(18);
    expect(boss.hp).toBe(130);
    // Fighter 11: d20 + 5 (str 20) + 4 (proficiency at level 11) ≥ 18 → a natural 9..20: 12/20, a natural 20 a crit:
    // 1/20; a greatsword 2d6 + 5 averages 12, on a crit its dice doubled, 4d6 + 5, 19; three attacks (level 11).
    const [fighter, wizard] = boss.heroes;
    expect(fighter!.hitChance).toBeCloseTo(12 / 20, 12);
    expect(fighter!.critChance).toBeCloseTo(1 / 20, 12);
    expect(fighter!.damagePerHit).toBeCloseTo(12, 12);
    expect(fighter!.attacks).toBe(3);
    expect(fighter!.damagePerRound).toBeCloseTo(3 * (0.6 * 12 + 0.05 * (19 - 12)), 12);
    // Wizard 11: d20 − 1 (str 8) + 4 ≥ 18 → a natural 15..20: 6/20; a quarterstaff 1d6 − 1 averages 2.5, 2d6 − 1 on a
    // crit 6; one attack.
    expect(wizard!.hitChance).toBeCloseTo(6 / 20, 12);
    expect(wizard!.critChance).toBeCloseTo(1 / 20, 12);
    expect(wizard!.damagePerHit).toBeCloseTo(2.5, 12);
    expect(wizard!.damagePerRound).toBeCloseTo(0.3 * 2.5 + 0.05 * (6 - 2.5), 12);
    expect(boss.hitChance).toBeCloseTo((0.6 + 0.3) / 2, 12);
    expect(boss.damagePerRound).toBeCloseTo(22.65 + 0.925, 12);
    expect(boss.rounds).toBeCloseTo(130 / 23.575, 12);
  });

  it('takes the first party by default and reads every role at every tier', () => {
    const o = odds(classic);
    expect(o.party.id).toBe('adventurers-5');
    expect(o.parties.map((p) => p.id)).toEqual(['adventurers-5', 'pair-1', 'pair-11']);
    for (const row of o.rows) {
      expect(row.cells).toHaveLength(6);
      // A higher tier has more defence and more hit points: the party hits less and needs more rounds.
      for (let i = 1; i < row.cells.length; i++) {
        expect(row.cells[i]!.hitChance!).toBeLessThan(row.cells[i - 1]!.hitChance!);
        expect(row.cells[i]!.rounds!).toBeGreaterThan(row.cells[i - 1]!.rounds!);
      }
    }
    // The level-5 four against the tier-5 boss (defence 19, 155 hit points): the boss takes nine rounds to fall.
    expect(Math.ceil(cellAt(o, 'boss', 5).rounds!)).toBe(9);
    expect(cellAt(o, 'boss', 5).rounds!).toBeGreaterThan(8);
  });

  it("reads the check's own outcomes: a natural 1 misses however low the defence", () => {
    const doc = structuredClone(classic) as { templates: { role: string; combat: { defence: string } }[] } & SystemDocument;
    doc.templates.find((t) => t.role === 'minion')!.combat.defence = '2';
    const minion = cellAt(odds(doc as SystemDocument, 'pair-11'), 'minion', 1);
    // d20 + 9 ≥ 2 always, but the attack's first outcome is `@natural == 1` → fail: 19/20, not 1.
    expect(minion.heroes[0]!.hitChance).toBeCloseTo(19 / 20, 12);
    expect(minion.heroes[1]!.hitChance).toBeCloseTo(19 / 20, 12);
  });

  it('says why there are no odds', () => {
    expect(partyOdds(classic, 'nobody')).toMatch(/unknown party 'nobody' \(parties: adventurers-5, pair-1, pair-11, bench-4v4 \(fight\)/);
    // A fight's heroes are a party too, as the grid reads it.
    expect((partyOdds(classic, 'boss-tier-4') as PartyOdds).party.heroes).toEqual(['fighter11', 'wizard11']);
    expect(partyOdds({ ...classic, templates: [] } as SystemDocument)).toBe('the system has no templates');
  });

  it('every seed system and game gives its odds or says why, and a number it cannot work out exactly is left out', () => {
    const files = [...readdirSync('systems').filter((f) => f.endsWith('.json')).map((f) => `systems/${f}`),
      ...readdirSync('systems/games').filter((f) => f.endsWith('.json')).map((f) => `systems/games/${f}`)];
    for (const file of files) {
      const o = partyOdds(JSON.parse(readFileSync(file, 'utf8')) as SystemDocument);
      if (typeof o === 'string') { expect(o, file).toMatch(/numbers-mode/); continue; }
      for (const row of o.rows) for (const c of row.cells) if (c?.hitChance !== null && c?.hitChance !== undefined) expect(c.hitChance, file).toBeGreaterThanOrEqual(0);
    }
    // twin-dice's damage reads the roll (`@roll.high + 6`): a hit chance, but no damage mean apart from the roll, so no rounds.
    const twin = odds(JSON.parse(readFileSync('systems/twin-dice.json', 'utf8')) as SystemDocument);
    const cell = twin.rows[0]!.cells[0]!;
    expect(cell.hitChance).toBeGreaterThan(0);
    expect(cell.rounds).toBeNull();
    // wild-aces' trait and wild dice ace without end: the hit chance walks their branches down to 1e-12 (once no number).
    const aces = odds(JSON.parse(readFileSync('systems/games/wild-aces.json', 'utf8')) as SystemDocument);
    for (const row of aces.rows) for (const c of row.cells) {
      expect(c!.hitChance).toBeGreaterThan(0);
      expect(c!.hitChance).toBeLessThanOrEqual(1);
    }
  });
});
