// Enemies keep their sheets: `fights[].enemies[].pinned` (the sheet given when brought in) wins over the template,
// so a template change leaves pinned enemies as they were while the others follow it; pinning writes the sheet the
// template gives now; the checker reads the field.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../schema/check';
import type { SystemDocument } from '../../schema/document';
import { fightLog, loadSystem } from '../../sim/index';
import { planChange } from './plan';
import { pinFightEdit, pinnedSheet, templateRoster } from './pin';

const D20 = readFileSync('systems/classic-d20.json', 'utf8');

function load(text: string) {
  const checked = checkSystem(text);
  expect(checked.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const loaded = loadSystem(checked.document as SystemDocument);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  return loaded.system;
}

function startHp(text: string, fight: string): Record<string, number> {
  const start = fightLog(load(text), fight, 5)[0]!;
  if (start.type !== 'fightStart') throw new Error('no fightStart');
  return Object.fromEntries(start.combatants.filter((c) => c.side === 'enemies').map((c) => [c.id, c.hp]));
}

const apply = (text: string, e: { start: number; end: number; text: string }): string => text.slice(0, e.start) + e.text + text.slice(e.end);

describe('pinned sheets', () => {
  it("pinnedSheet: the boss at tier 4 as classic-d20's template gives it, numbers where they are fixed, the damage formula as it is", () => {
    const sheet = pinnedSheet(JSON.parse(D20), 'boss', 4)!;
    expect(sheet.tracks).toEqual({ hp: 130, counterspell: 1 });
    expect(sheet.combat).toEqual({ defence: 18, attack: 9, damage: '(@tier + 1)d8 + 2 * @tier' });
    expect(sheet.attributes).toMatchObject({ str: 20, dex: 20, armor: 0, str_save: 2, cha_save: 2 });
    expect(pinnedSheet(JSON.parse(D20), 'dragon', 4)).toBeNull();
  });

  it('a formula that reads what changes in a fight stays a formula (live action: defence after wounds)', () => {
    const live = JSON.parse(readFileSync('systems/success-based-live-action.json', 'utf8'));
    const sheet = pinnedSheet(live, 'boss', 2)!;
    expect((sheet.combat as Record<string, unknown>).defence).toBe('max(0, 5 + @tier - @wound)');
    expect((sheet.tracks as Record<string, unknown>).hp).toBe(7);
  });

  it('pinning a fight writes the sheets in place, checks clean, and fights exactly as before', () => {
    const edit = pinFightEdit(D20, 'boss-tier-4');
    if (typeof edit === 'string') throw new Error(edit);
    const pinned = apply(D20, edit);
    expect(D20.slice(0, edit.start)).toBe(pinned.slice(0, edit.start));
    expect(templateRoster(JSON.parse(pinned), 'boss-tier-4').map((r) => [r.role, r.tier, r.pinned])).toEqual([['boss', 4, true], ['elite', 3, true]]);
    expect(fightLog(load(pinned), 'boss-tier-4', 9)).toEqual(fightLog(load(D20), 'boss-tier-4', 9));
    expect(pinFightEdit(pinned, 'boss-tier-4')).toMatch(/pinned already/);
    expect(pinFightEdit(D20, 'nope')).toMatch(/no enemies from a template/);
  });

  it('a template change does not rewrite pinned enemies; unpinned ones follow it; `change` names the pinned ones', () => {
    const edit = pinFightEdit(D20, 'boss-tier-4');
    if (typeof edit === 'string') throw new Error(edit);
    const pinned = apply(D20, edit);
    const unpinnedChange = planChange(D20, 'make bosses harder from tier 3');
    const pinnedChange = planChange(pinned, 'make bosses harder from tier 3');
    if (!unpinnedChange.ok || !pinnedChange.ok) throw new Error('refused');
    expect(startHp(D20, 'boss-tier-4')['boss-1']).toBe(130);
    expect(startHp(unpinnedChange.text, 'boss-tier-4')['boss-1']).toBe(163);
    expect(startHp(pinnedChange.text, 'boss-tier-4')['boss-1']).toBe(130);
    expect(fightLog(load(pinnedChange.text), 'boss-tier-4', 3)).toEqual(fightLog(load(D20), 'boss-tier-4', 3));
    expect(pinnedChange.pinned.map((p) => [p.fight, p.role, p.tier])).toEqual([['boss-tier-4', 'boss', 4]]);
    expect(pinnedChange.fights).toEqual([]);
    expect(unpinnedChange.fights).toEqual(['boss-tier-4']);
  });

  it('a pin names only what it keeps: the rest follows the template', () => {
    const doc = JSON.parse(D20) as { fights: { id: string; enemies: Record<string, unknown>[] }[] };
    doc.fights.find((f) => f.id === 'boss-tier-4')!.enemies[0]!.pinned = { tracks: { hp: 77 } };
    expect(startHp(JSON.stringify(doc), 'boss-tier-4')['boss-1']).toBe(77);
  });

  it('the checker reads it: a pin needs a template; unknown attributes and tracks are named; a formula is checked in its context', () => {
    const doc = JSON.parse(D20) as { fights: { id: string; enemies: Record<string, unknown>[] }[] };
    const fight = doc.fights.findIndex((f) => f.id === 'boss-tier-4');
    const enemies = doc.fights[fight]!.enemies;
    enemies[0]!.pinned = { tracks: { hq: 5 }, attributes: { strr: 3 }, combat: { damage: '2d6 + @nope' } };
    enemies.push({ bestiary: JSON.parse(D20).bestiary[0].id, pinned: { tracks: { hp: 3 } } });
    const messages = checkSystem(JSON.stringify(doc)).diagnostics.map((d) => `${d.pointer}: ${d.message}`);
    expect(messages).toEqual(expect.arrayContaining([
      expect.stringMatching(new RegExp(`^/fights/${fight}/enemies/0/pinned/tracks/hq: unknown track \`hq\``)),
      expect.stringMatching(new RegExp(`^/fights/${fight}/enemies/0/pinned/attributes/strr: unknown attribute \`strr\`.*did you mean \`str\``)),
      expect.stringMatching(new RegExp(`^/fights/${fight}/enemies/0/pinned/combat/damage: .*nope`)),
      expect.stringMatching(new RegExp(`^/fights/${fight}/enemies/${enemies.length - 1}/pinned: a pinned sheet keeps a template enemy's numbers`)),
    ]));
  });
});
