// Libra's `weak` and `killers` are data of the format: the system declares them under `lists` (killers with
// `weapon: true`, so a hero's weapon's killers join the hero's), and the engine knows only its own lists.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSystem } from '../sim/index';
import { checkSystem } from './check';
import type { SystemDocument } from './document';
import { declaredLists, ENGINE_LISTS, listNamesOf } from './lists';

const libra = JSON.parse(readFileSync(new URL('../../systems/libra.json', import.meta.url), 'utf8')) as SystemDocument;

function listsOf(doc: SystemDocument, hero: string): Record<string, readonly string[]> {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  const def = loaded.system.compose.hero(hero);
  if (typeof def === 'string') throw new Error(def);
  return Object.fromEntries(loaded.system.names.lists.map((name, i) => [name, def.lists[i] ?? []]));
}

describe('lists', () => {
  it('libra declares weak and killers; the engine alone knows resist, vulnerable, immune, tags, conditionImmune', () => {
    expect(ENGINE_LISTS).not.toContain('weak');
    expect(ENGINE_LISTS).not.toContain('killers');
    expect(declaredLists(libra)).toEqual([{ name: 'weak', weapon: false }, { name: 'killers', weapon: true }, { name: 'wields', weapon: true }]);
    expect(listNamesOf({})).toEqual([...ENGINE_LISTS]);
  });

  it("a declared list with weapon: true adds the weapon's list to the hero's (the knight's Broadsword kills beastmen)", () => {
    expect(listsOf(libra, 'knight').killers).toEqual(['beastman']);
    const notFromWeapon = { ...libra, lists: { ...libra.lists, killers: {} } } as SystemDocument;
    expect(listsOf(notFromWeapon, 'knight').killers).toEqual([]);
  });

  it('without the declaration a formula reading the list is an unknown reference', () => {
    const { lists: _lists, ...undeclared } = libra;
    const errors = checkSystem(JSON.stringify(undeclared, null, 1)).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.some((d) => d.message.includes('@attacker.killers'))).toBe(true);
    expect(checkSystem(JSON.stringify(libra, null, 1)).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
  });

  it("a hero's, weapon's or template's `lists` fills a declared list (Libra's weapon types); an undeclared name is an error where it is written", () => {
    expect(listsOf(libra, 'knight').wields).toEqual(['sword']);
    const loaded = loadSystem(libra);
    if (!loaded.ok) throw new Error('libra does not load');
    const ogre = loaded.system.compose.template('elite', 4);
    if (typeof ogre === 'string') throw new Error(ogre);
    expect(ogre.lists[loaded.system.names.lists.indexOf('wields')]).toEqual(['axe']);
    const heroes = (libra.heroes ?? []).map((h) => (h.id === 'knight' ? { ...h, weapon: { ...h.weapon!, lists: { wield: ['sword'] } } } : h));
    const errors = checkSystem(JSON.stringify({ ...libra, heroes }, null, 1)).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.pointer, d.message])).toEqual([['/heroes/0/weapon/lists/wield', expect.stringMatching(/unknown list `wield`.*did you mean `wields`/)]]);
  });
});
