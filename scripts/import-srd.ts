// Imports the 334 SRD 5.1 monsters (data/srd5e/5e-SRD-Monsters.json) into the Classic d20 bestiary
// (systems/classic-d20.json), replacing its `bestiary` section and leaving every other byte of the file alone.
// Run: npx tsx scripts/import-srd.ts
//
// Content: System Reference Document 5.1 by Wizards of the Coast LLC, CC BY 4.0
// (https://creativecommons.org/licenses/by/4.0/); JSON packaging by the 5e-database project (MIT), see data/srd5e/.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Ability, Creature, CreatureAttack } from '../engine/schema/document';

// ---------------------------------------------------------------------------------------------------------------
// The slice of the 5e-database monster record that the import reads.

interface SrdReference { readonly index: string; readonly name: string }
interface SrdDamage {
  readonly damage_type?: SrdReference;
  readonly damage_dice?: string;
  readonly choose?: number;
  readonly from?: { readonly options: readonly SrdDamage[] };
}
interface SrdDc {
  readonly dc_type: SrdReference;
  readonly dc_value: number;
  readonly success_type?: string;
}
interface SrdMultiattackItem {
  readonly option_type?: string;
  readonly action_name?: string;
  readonly count?: number | string;
  readonly type?: string;
  readonly items?: readonly SrdMultiattackItem[];
}
interface SrdBreathOption {
  readonly option_type?: string;
  readonly name?: string;
  readonly dc?: SrdDc;
  readonly damage?: readonly SrdDamage[];
}
interface SrdAction {
  readonly name: string;
  readonly desc?: string;
  readonly attack_bonus?: number;
  readonly damage?: readonly SrdDamage[];
  readonly dc?: SrdDc;
  readonly usage?: { readonly type: string; readonly dice?: string; readonly min_value?: number; readonly times?: number };
  readonly multiattack_type?: string;
  readonly actions?: readonly SrdMultiattackItem[];
  readonly action_options?: { readonly from: { readonly options: readonly SrdMultiattackItem[] } };
  readonly options?: { readonly from: { readonly options: readonly SrdBreathOption[] } };
}
export interface SrdMonster {
  readonly index: string;
  readonly name: string;
  readonly size: string;
  readonly type: string;
  readonly subtype?: string;
  readonly alignment: string;
  readonly armor_class: readonly { readonly value: number }[];
  readonly hit_points: number;
  readonly strength: number;
  readonly dexterity: number;
  readonly constitution: number;
  readonly intelligence: number;
  readonly wisdom: number;
  readonly charisma: number;
  readonly proficiencies: readonly { readonly value: number; readonly proficiency: SrdReference }[];
  readonly damage_vulnerabilities: readonly string[];
  readonly damage_resistances: readonly string[];
  readonly damage_immunities: readonly string[];
  readonly condition_immunities: readonly SrdReference[];
  readonly challenge_rating: number;
  readonly special_abilities?: readonly { readonly name: string; readonly desc: string }[];
  readonly actions?: readonly SrdAction[];
}

// ---------------------------------------------------------------------------------------------------------------
// Conversion

const DAMAGE_TYPES = new Set([
  'acid', 'bludgeoning', 'cold', 'fire', 'force', 'lightning', 'necrotic', 'piercing', 'poison', 'psychic', 'radiant',
  'slashing', 'thunder',
]);

/** Conditions of systems/classic-d20.json that a creature's hit can inflict, by the word its text uses. */
const INFLICTED_CONDITIONS: readonly (readonly [RegExp, string])[] = [
  [/\bparalyzed\b/i, 'paralyzed'],
  [/\bstunned\b/i, 'stunned'],
  [/\brestrained\b/i, 'restrained'],
  [/\bpoisoned\b/i, 'poisoned'],
  [/\bfrightened\b/i, 'frightened'],
  [/\bblinded\b/i, 'blinded'],
  [/\bknocked prone\b|\bfalls? prone\b/i, 'prone'],
];

export function slug(name: string): string {
  return name.toLowerCase().replace(/\([^)]*\)/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/**
 * Damage words of the SRD lists, read as damage types. "Bludgeoning, piercing, and slashing from nonmagical weapons"
 * becomes the three physical types: the sample heroes carry nonmagical weapons. Qualifiers the format cannot test
 * (silvered, adamantine, "damage from spells") are dropped, each noted in the creature's description.
 */
export function damageTypesOf(entries: readonly string[]): { types: string[]; dropped: string[] } {
  const types: string[] = [];
  const dropped: string[] = [];
  for (const entry of entries) {
    const words = entry.toLowerCase();
    if (DAMAGE_TYPES.has(words)) { types.push(words); continue; }
    const named = [...DAMAGE_TYPES].filter((t) => new RegExp(`\\b${t}\\b`).test(words));
    if (named.length > 0 && /nonmagical/.test(words)) { types.push(...named); continue; }
    dropped.push(entry);
  }
  return { types: [...new Set(types)], dropped };
}

/** `2d6+4` → `2d6 + 4`; a bare number stays a number. */
export function formulaOfDice(dice: string): string {
  return dice.replace(/\s+/g, '').replace(/([+-])/g, ' $1 ');
}

/** The damage parts of an action, a choice resolved to its first option (one-handed, the first element). */
function damageParts(damage: readonly SrdDamage[] | undefined): { dice: string; type: string }[] {
  const parts: { dice: string; type: string }[] = [];
  for (const part of damage ?? []) {
    const chosen = part.from?.options[0] ?? part;
    if (chosen.damage_dice && chosen.damage_type) parts.push({ dice: chosen.damage_dice, type: chosen.damage_type.index });
  }
  return parts;
}

/** Mean of a dice formula like `2d6+4`, to order a creature's attacks by what they deal. */
export function meanOfDice(dice: string): number {
  let total = 0;
  for (const term of dice.replace(/\s+/g, '').replace(/-/g, '+-').split('+')) {
    if (term === '') continue;
    const m = /^(-?)(\d*)d(\d+)$/.exec(term);
    if (m) total += (m[1] === '-' ? -1 : 1) * Number(m[2] || '1') * (Number(m[3]) + 1) / 2;
    else total += Number(term);
  }
  return total;
}

function reachOf(action: SrdAction): 'near' | 'far' {
  return /^ranged/i.test(action.desc ?? '') ? 'far' : 'near';
}

/**
 * On a battle map, in 5-foot squares: a melee attack's reach past 5 feet ("reach 10 ft.": 2), a ranged one's range and
 * long range ("range 150/600 ft.": 30 and 120; "range 150 ft.": 30 with none); nothing for a 5-foot reach.
 */
function squaresOf(action: SrdAction, reach: 'near' | 'far'): { squares?: number; long?: number } {
  const desc = action.desc ?? '';
  if (reach === 'near') {
    const r = /reach (\d+) ft/.exec(desc);
    const feet = r ? Number(r[1]) : 5;
    return feet > 5 ? { squares: Math.ceil(feet / 5) } : {};
  }
  const g = /range (\d+)(?:\/(\d+))? ft/.exec(desc);
  if (!g) return {};
  const squares = Math.max(1, Math.ceil(Number(g[1]) / 5));
  return g[2] !== undefined ? { squares, long: Math.max(squares, Math.ceil(Number(g[2]) / 5)) } : { squares };
}

function attackOf(action: SrdAction): CreatureAttack | undefined {
  if (action.attack_bonus === undefined) return undefined;
  const parts = damageParts(action.damage);
  if (parts.length === 0) return undefined;
  const first = parts[0]!;
  // Further parts (a dragon bite's fire) keep their own type: each is resisted, doubled or ignored on its own.
  const more = parts.slice(1).map((p) => ({ damage: formulaOfDice(p.dice), type: p.type }));
  const attack: CreatureAttack = {
    id: slug(action.name),
    name: action.name,
    bonus: action.attack_bonus,
    damage: formulaOfDice(first.dice),
    type: first.type,
    reach: reachOf(action),
    ...squaresOf(action, reachOf(action)),
    ...(more.length > 0 ? { parts: more } : {}),
  };
  // A hit that forces a save against a condition ("DC 10 Constitution saving throw or be paralyzed").
  const desc = action.desc ?? '';
  const written = /DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw/.exec(desc);
  const dc = action.dc
    ? { check: `save.${action.dc.dc_type.index}`, value: action.dc.dc_value }
    : written ? { check: `save.${written[2]!.slice(0, 3).toLowerCase()}`, value: Number(written[1]) } : undefined;
  const inflicted = dc ? INFLICTED_CONDITIONS.find(([words]) => words.test(desc)) : undefined;
  if (dc && inflicted) return { ...attack, applies: [inflicted[1]], save: { check: dc.check, dc: String(dc.value) } };
  return attack;
}

function multiattackItems(action: SrdAction): readonly SrdMultiattackItem[] {
  if (action.actions && action.actions.length > 0) return action.actions;
  const options = action.action_options?.from.options ?? [];
  // The first option is the creature's main routine (e.g. "three melee attacks"); later ones are alternatives.
  for (const option of options) {
    const items = option.option_type === 'multiple' ? option.items ?? [] : [option];
    if (items.length > 0) return items;
  }
  return [];
}

function multiattackOf(actions: readonly SrdAction[], attacks: readonly CreatureAttack[]): string[] | undefined {
  const multi = actions.find((a) => a.multiattack_type !== undefined || a.name === 'Multiattack');
  if (!multi) return undefined;
  const ids = new Set(attacks.map((a) => a.id));
  const sequence: string[] = [];
  for (const item of multiattackItems(multi)) {
    const id = slug(item.action_name ?? '');
    if (!ids.has(id)) continue;
    const count = Math.max(1, Number(item.count ?? 1) || 1);
    for (let i = 0; i < count; i += 1) sequence.push(id);
  }
  return sequence.length > 0 ? sequence : undefined;
}

/** A recharge breath weapon (or any recharge area ability with damage): a saving throw each hero rolls. */
function breathOf(action: SrdAction): Ability | undefined {
  if (action.usage?.type !== 'recharge on roll') return undefined;
  const options: SrdBreathOption[] = action.options
    ? [...action.options.from.options]
    : [{ name: action.name, dc: action.dc, damage: action.damage }];
  const option = options.find((o) => o.dc && damageParts(o.damage).length > 0);
  if (!option?.dc) return undefined;
  const parts = damageParts(option.damage);
  const desc = action.desc ?? '';
  const half = option.dc.success_type === 'half' || /half as much/i.test(desc);
  return {
    id: slug(option.name ?? action.name),
    name: option.name ?? action.name,
    kind: 'Action',
    description: `Recharge ${action.usage.min_value ?? 6}–6. ${desc}`.slice(0, 600),
    uses: 'action',
    target: 'enemies',
    save: { check: `save.${option.dc.dc_type.index}`, dc: String(option.dc.dc_value), ...(half ? { half: true } : {}) },
    damage: parts.map((p) => formulaOfDice(p.dice)).join(' + '),
    type: parts[0]!.type,
    recharge: { min: action.usage.min_value ?? 6 },
  };
}

function regenerationOf(monster: SrdMonster): Creature['regeneration'] {
  const trait = monster.special_abilities?.find((s) => /^Regeneration/.test(s.name));
  if (!trait) return undefined;
  const amount = /regains (\d+) hit points/.exec(trait.desc);
  if (!amount) return undefined;
  const stop = /takes (.+?) damage/.exec(trait.desc);
  const stoppedBy = stop ? [...DAMAGE_TYPES].filter((t) => new RegExp(`\\b${t}\\b`).test(stop[1]!)) : [];
  return { amount: Number(amount[1]), ...(stoppedBy.length > 0 ? { stoppedBy } : {}) };
}

/** One SRD monster as a Classic d20 creature. */
export function convertMonster(monster: SrdMonster): Creature {
  const actions = monster.actions ?? [];
  const unsorted = actions.map(attackOf).filter((a): a is CreatureAttack => a !== undefined);
  // Without a multiattack a creature makes its first attack once: put its hardest-hitting one first.
  const meanOf = (a: CreatureAttack): number => [a.damage, ...(a.parts ?? []).map((p) => p.damage)]
    .reduce((sum, dice) => sum + meanOfDice(dice.replace(/ /g, '')), 0);
  const attacks = [...unsorted].sort((a, b) => meanOf(b) - meanOf(a));
  const multiattack = multiattackOf(actions, attacks);
  const abilities = actions.map(breathOf).filter((a): a is Ability => a !== undefined);
  const resist = damageTypesOf(monster.damage_resistances);
  const vulnerable = damageTypesOf(monster.damage_vulnerabilities);
  const immune = damageTypesOf(monster.damage_immunities);
  const dropped = [...resist.dropped, ...vulnerable.dropped, ...immune.dropped];
  const scores: Record<string, number> = {
    str: monster.strength, dex: monster.dexterity, con: monster.constitution,
    int: monster.intelligence, wis: monster.wisdom, cha: monster.charisma,
  };
  // Saving-throw proficiencies as `saves` by the system's check id (`save.dex`: the SRD's whole bonus), which
  // replace the check's own `stat` when the creature rolls that save.
  const saves: Record<string, number> = {};
  for (const p of monster.proficiencies) {
    const m = /^saving-throw-(\w+)$/.exec(p.proficiency.index);
    if (m && scores[m[1]!] !== undefined) saves[`save.${m[1]}`] = p.value;
  }
  const tags = [monster.type, ...(monster.subtype ? [monster.subtype] : []), monster.size.toLowerCase()]
    .map((t) => t.toLowerCase());
  const regeneration = regenerationOf(monster);
  const creature: Creature & { conditionImmune?: string[] } = {
    id: monster.index,
    name: monster.name,
    ...(dropped.length > 0 ? { description: `Also (not modelled): ${dropped.join('; ')}.` } : {}),
    size: monster.size,
    type: monster.type,
    challenge: monster.challenge_rating,
    defence: monster.armor_class[0]?.value ?? 10,
    hp: monster.hit_points,
    attributes: scores,
    ...(Object.keys(saves).length > 0 ? { saves } : {}),
    attacks,
    ...(multiattack ? { multiattack } : {}),
    ...(regeneration ? { regeneration } : {}),
    ...(abilities.length > 0 ? { abilities } : {}),
    ...(resist.types.length > 0 ? { resist: resist.types } : {}),
    ...(vulnerable.types.length > 0 ? { vulnerable: vulnerable.types } : {}),
    ...(immune.types.length > 0 ? { immune: immune.types } : {}),
    ...(monster.condition_immunities.length > 0 ? { conditionImmune: monster.condition_immunities.map((c) => c.index) } : {}),
    tags,
  };
  return creature;
}

export function importMonsters(monsters: readonly SrdMonster[]): Creature[] {
  return monsters.map(convertMonster);
}

/**
 * The system text with its `bestiary` replaced by these creatures (one a line, so the file stays readable and diffs
 * stay small), inserted before `heroes` when there is none. Every other byte is kept.
 */
export function withBestiary(systemText: string, creatures: readonly Creature[]): string {
  const body = `[\n${creatures.map((c) => `    ${JSON.stringify(c)}`).join(',\n')}\n  ]`;
  const tree = parseTree(systemText);
  if (!tree) throw new Error('the system file is not JSON');
  const existing = findNodeAtLocation(tree, ['bestiary']);
  if (existing) return systemText.slice(0, existing.offset) + body + systemText.slice(existing.offset + existing.length);
  const heroes = findNodeAtLocation(tree, ['heroes'])?.parent;
  if (!heroes) throw new Error('the system file has neither `bestiary` nor `heroes`');
  return `${systemText.slice(0, heroes.offset)}"bestiary": ${body},\n  ${systemText.slice(heroes.offset)}`;
}

export function loadSrdMonsters(root: string): SrdMonster[] {
  return JSON.parse(readFileSync(resolve(root, 'data/srd5e/5e-SRD-Monsters.json'), 'utf8')) as SrdMonster[];
}

function main(): void {
  const root = resolve(import.meta.dirname, '..');
  const creatures = importMonsters(loadSrdMonsters(root));
  const systemPath = resolve(root, 'systems/classic-d20.json');
  writeFileSync(systemPath, withBestiary(readFileSync(systemPath, 'utf8'), creatures));
  const withMulti = creatures.filter((c) => c.multiattack).length;
  const withBreath = creatures.filter((c) => (c.abilities ?? []).length > 0).length;
  const regenerating = creatures.filter((c) => c.regeneration).length;
  process.stdout.write(
    `imported ${creatures.length} SRD monsters into systems/classic-d20.json ` +
      `(${withMulti} with multiattack, ${withBreath} with recharge saving-throw abilities, ${regenerating} regenerating)\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
