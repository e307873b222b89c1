// The party against each template, before any fight is run (the Rules outline's template curves): for every role and
// tier, the chance the party's attacks hit the template's defence and how many rounds its damage per round takes to
// bring the template's hit points down ("the boss at tier 4 takes 9 rounds to fall").
//
// Exact, from the fight code's own pieces: each hero and the template are the combatants a fight of the two would
// hold (composeFight), the hit chance is `chanceOfSuccess` (every result of the attack roll's dice walked, the check's
// own outcomes read, as the sandbox's "You play" offers it), the crit chance the same walk with only the check's crit
// outcomes counted, and a hit's damage the mean of its damage formula's exact distribution (its parts added) on the
// hero's sheet, a crit's by the system's crit policy (dice doubled, the total doubled, or none). Damage per round is,
// for each hero, its attacks in one attack action times the mean over its attack profiles of hit chance × damage plus
// crit chance × the crit's extra; rounds to fall are hit points over it. What it leaves out, said where it is shown:
// damage steps (resistances), spells and abilities, reactions, conditions, and the template's own attacks back.
import { distributionOf } from '../formula/distribution';
import type { UserFunction, Value } from '../formula/types';
import type { SystemDocument } from '../schema/document';
import { tierRangeOf, tiersOf } from '../schema/tiers';
import { FightRunner } from '../sim/fight';
import { composeFight, loadSystem } from '../sim/index';
import { doubleDice } from '../sim/formulas';
import type { AttackProfile, CheckDef, Combatant, Formula, System } from '../sim/model';
import { chanceOfSuccess } from '../sim/rules/checks';
import { resolveParty } from './grid';
import { defenceOf, fillReads } from '../sim/rules/damage';

/** One hero's weapon against one template at one tier. */
export interface HeroOdds {
  readonly hero: string;
  /** Mean over its attack profiles of the exact chance one attack hits (null: a roll too big to walk). */
  readonly hitChance: number | null;
  /** The same for a crit (an outcome marked `crit`), part of the hit chance. */
  readonly critChance: number | null;
  /** Mean damage of one hit that is not a crit (before damage steps); null when a damage formula has no exact distribution. */
  readonly damagePerHit: number | null;
  readonly attacks: number;
  /** attacks × mean over profiles of (hit chance × damage per hit + crit chance × a crit's extra damage). */
  readonly damagePerRound: number | null;
}

export interface OddsCell {
  readonly tier: number;
  readonly defence: number;
  readonly hp: number;
  /** The party's attack bonus against this defence: the mean of its heroes' hit chances. */
  readonly hitChance: number | null;
  /** The whole party's expected damage in one round. */
  readonly damagePerRound: number | null;
  /** hp / damagePerRound (null when the party deals none). */
  readonly rounds: number | null;
  readonly heroes: readonly HeroOdds[];
}

export interface OddsRow {
  readonly role: string;
  readonly cells: readonly (OddsCell | null)[];
}

export interface PartyOdds {
  /** The party read (a document party or a fight's heroes, as the grid reads `--party`; by default the first party, else the first fight's heroes, else the first four heroes). */
  readonly party: { readonly id: string; readonly name: string; readonly heroes: readonly string[] };
  /** The parties to choose from (`parties`). */
  readonly parties: readonly { readonly id: string; readonly name: string }[];
  readonly tiers: readonly number[];
  readonly rows: readonly OddsRow[];
}

/** At most this many heroes of a party are read. */
const MAX_HEROES = 12;

/** The party odds of a document, or why there are none (the document does not load, or has no heroes or templates). */
export function partyOdds(doc: SystemDocument, partyId?: string): PartyOdds | string {
  const templates = (doc.templates ?? []).filter((t) => typeof t.role === 'string');
  if (templates.length === 0) return 'the system has no templates';
  const loaded = loadSystem(doc);
  if (!loaded.ok) return `the system does not load yet (${loaded.diagnostics[0]?.pointer ?? ''}: ${loaded.diagnostics[0]?.message ?? ''})`;
  const system = loaded.system;
  if (system.mode !== 'numbers') return 'template odds are for a numbers-mode system (attack rolls against defence)';
  const party = partyOf(doc, partyId);
  if (typeof party === 'string') return party;
  const tiers = tiersOf(tierRangeOf(doc));
  const functions = new Map<string, UserFunction>(Object.entries(doc.functions ?? {}).map(([k, f]) => [k, { params: f.params, body: f.body }]));
  // A hero's hit chance is the same against every template of one defence (when nothing else of the target is read),
  // and its damage the same against all: worked out once.
  const memo = new Map<string, number | null>();
  const rows = templates.map((template) => ({
    role: template.role,
    cells: tiers.map((tier) => cellOf(system, functions, party.heroes, template.role, tier, memo)),
  }));
  return {
    party,
    parties: (doc.parties ?? []).map((p) => ({ id: p.id, name: p.name ?? p.id })),
    tiers,
    rows,
  };
}

function partyOf(doc: SystemDocument, partyId: string | undefined): PartyOdds['party'] | string {
  const heroIds = new Set((doc.heroes ?? []).map((h) => h.id));
  const id = partyId ?? doc.parties?.[0]?.id ?? doc.fights?.[0]?.id;
  if (id === undefined) {
    const heroes = [...heroIds].slice(0, 4);
    return heroes.length ? { id: 'heroes', name: heroes.join(', '), heroes } : 'the system has no heroes';
  }
  // As the grid reads it (grid.ts): a party of `parties`, else the heroes of the fight with that id.
  const party = resolveParty(doc, id);
  if (typeof party === 'string') return party;
  const heroes = party.heroes.map((h) => (typeof h === 'string' ? h : h.hero)).filter((h) => heroIds.has(h)).slice(0, MAX_HEROES);
  return heroes.length ? { id: party.id, name: party.name, heroes } : `the party '${party.id}' names no hero of the system`;
}

function cellOf(system: System, functions: ReadonlyMap<string, UserFunction>, heroes: readonly string[], role: string, tier: number,
  memo: Map<string, number | null>): OddsCell | null {
  const composed = composeFight(system, { heroes, enemies: [{ template: { role, tier }, count: 1 }] });
  if (!composed.ok) return null;
  const f = new FightRunner(system, composed.fight, 1);
  f.reset(1);
  const enemy = f.combatants.find((c) => c.side === 'enemies');
  if (!enemy) return null;
  const hp = enemy.sheet[system.trackCurrent[system.hpTrack]!]!;
  const defence = defenceOf(f, enemy);
  const odds = f.combatants.filter((c) => c.side === 'heroes').map((hero) => heroOdds(f, functions, hero, enemy, `${role}@${tier}`, defence, memo));
  const chances = odds.map((o) => o.hitChance);
  const hitChance = chances.length > 0 && chances.every((c) => c !== null) ? chances.reduce<number>((a, c) => a + c!, 0) / chances.length : null;
  const perRound = odds.map((o) => o.damagePerRound);
  const damagePerRound = perRound.every((d) => d !== null) ? perRound.reduce<number>((a, d) => a + d!, 0) : null;
  const rounds = damagePerRound !== null && damagePerRound > 0 ? hp / damagePerRound : null;
  return { tier, defence, hp, hitChance, damagePerRound, rounds, heroes: odds };
}

function heroOdds(f: FightRunner, functions: ReadonlyMap<string, UserFunction>, hero: Combatant, enemy: Combatant, cell: string, defence: number,
  memo: Map<string, number | null>): HeroOdds {
  const profiles = hero.def.attacks;
  const attacks = attacksPerAction(f, hero);
  if (profiles.length === 0) return { hero: hero.id, hitChance: 0, critChance: 0, damagePerHit: 0, attacks, damagePerRound: 0 };
  let chanceSum = 0, critSum = 0, damageSum = 0, expected = 0;
  let noChance = false, noDamage = false;
  profiles.forEach((profile, p) => {
    const against = readsTarget(profile.check, profile) ? cell : `defence ${defence}`;
    const damageAgainst = damageReadsTarget(profile) ? cell : 'any';
    // A roll too big to walk at one tier (pools of dice, opposed) is given up for the higher ones too: their rolls only grow.
    const gaveUp = memo.has(`${hero.id}|${p}|too big`);
    const chance = gaveUp ? null : remember(memo, `${hero.id}|${p}|hit|${against}`, () => hitChance(f, hero, enemy, profile, profile.check));
    const crit = gaveUp || chance === null ? null : remember(memo, `${hero.id}|${p}|crit|${against}`, () => hitChance(f, hero, enemy, profile, critsOnly(profile.check)));
    if (chance === null) memo.set(`${hero.id}|${p}|too big`, null);
    const damage = remember(memo, `${hero.id}|${p}|damage|${damageAgainst}`, () => damageOf(f, functions, hero, enemy, profile, false));
    const critDamage = remember(memo, `${hero.id}|${p}|critDamage|${damageAgainst}`, () => damageOf(f, functions, hero, enemy, profile, true));
    if (chance === null || crit === null) noChance = true;
    else { chanceSum += chance; critSum += crit; }
    if (damage === null || critDamage === null) noDamage = true;
    else damageSum += damage;
    if (chance !== null && crit !== null && damage !== null && critDamage !== null) expected += chance * damage + crit * (critDamage - damage);
  });
  const n = profiles.length;
  return {
    hero: hero.id,
    hitChance: noChance ? null : chanceSum / n,
    critChance: noChance ? null : critSum / n,
    damagePerHit: noDamage ? null : damageSum / n,
    attacks,
    damagePerRound: noChance || noDamage ? null : (attacks * expected) / n,
  };
}

/** `work()` once per key; a rule the walk cannot follow (an endless explosion) is no number (null), not an error. */
function remember(memo: Map<string, number | null>, key: string, work: () => number | null): number | null {
  if (memo.has(key)) return memo.get(key)!;
  let value: number | null;
  try {
    value = work();
  } catch {
    value = null;
  }
  memo.set(key, value);
  return value;
}

const readsTargetRef = (formula: Formula | null | undefined): boolean => !!formula && formula.refs.some((r) => r.startsWith('target.') || r === 'target');

/** Whether the check reads more of the target than the defence it meets (an opposed roll, `@target.*` in a test). */
function readsTarget(check: CheckDef, profile: AttackProfile): boolean {
  return check.vs !== null || readsTargetRef(profile.roll) || readsTargetRef(check.requires) || check.outcomes.some((o) => readsTargetRef(o.when));
}

function damageReadsTarget(profile: AttackProfile): boolean {
  return readsTargetRef(profile.damage) || profile.parts.some((p) => readsTargetRef(p.damage));
}

/** The check with only its crit outcomes counting as a success: chanceOfSuccess of it is the chance of a crit. */
function critsOnly(check: CheckDef): CheckDef {
  return { ...check, outcomes: check.outcomes.map((o) => (o.crit ? o : { ...o, result: 'fail' as const })) };
}

/** As the turn reads it: a creature's multiattack, else the attack action's `attacks` on the hero's sheet, else one. */
function attacksPerAction(f: FightRunner, actor: Combatant): number {
  if (actor.def.attacksPerAction !== null) return actor.def.attacksPerAction;
  const action = f.system.actions[f.system.attackAction];
  if (!action?.attacks) return 1;
  return Math.max(0, Math.floor(f.value(action.attacks, actor)));
}

/** The exact chance one attack with `profile` hits `target`, as the turn offers it to a chooser (rules/turn.ts). */
function hitChance(f: FightRunner, actor: Combatant, target: Combatant, profile: AttackProfile, check: CheckDef): number | null {
  const s = f.scope;
  const stat = s.stat, melee = s.melee;
  fillReads(f, actor, profile);
  s.stat = f.value(profile.stat, actor);
  s.melee = profile.reach === 'near';
  try {
    return chanceOfSuccess(f, check, actor, target, defenceOf(f, target), profile.reach, profile);
  } finally { s.stat = stat; s.melee = melee; s.readsOwner = null; }
}

/**
 * A hit's mean damage: its damage formula's and its parts' exact means, read on the attacker's sheet against the
 * target's; a crit's by the system's policy (rules/damage.ts rollDamage: every dice count doubled, or the total).
 */
function damageOf(f: FightRunner, functions: ReadonlyMap<string, UserFunction>, actor: Combatant, target: Combatant, profile: AttackProfile, crit: boolean): number | null {
  const formulas: Formula[] = [...(profile.damage ? [profile.damage] : []), ...profile.parts.map((p) => p.damage)];
  const stat = f.value(profile.stat, actor);
  const policy = f.system.critPolicy;
  let total = 0;
  for (const formula of formulas) {
    if (formula.constant !== null) { total += crit && policy === 'total' ? 2 * formula.constant : formula.constant; continue; }
    if (!formula.ast) return null;
    const ast = crit && policy === 'dice' && formula.doubled ? doubleDice(formula.ast) : formula.ast;
    const result = distributionOf(ast, { resolve: (path) => readOn(f.system, actor, target, stat, crit, path), functions });
    if (!result.ok) return null;
    total += crit && policy === 'total' ? 2 * result.mean : result.mean;
  }
  return total;
}

/** What `@path` reads in a blow of `actor` on `target`, from their sheets; undefined for what a blow alone does not fix. */
function readOn(system: System, actor: Combatant, target: Combatant, stat: number, crit: boolean, path: readonly string[]): Value | undefined {
  const [head, ...rest] = path;
  if (head === 'target') return sheetRead(system, target, rest);
  if (head === 'attacker' || head === 'self' || head === 'source') return sheetRead(system, actor, rest);
  const name = path.join('.');
  if (name === 'stat') return stat;
  if (name === 'crit') return crit;
  if (name === 'edge' || name === 'clock') return 0;
  return sheetRead(system, actor, path);
}

function sheetRead(system: System, c: Combatant, path: readonly string[]): Value | undefined {
  const name = path.join('.');
  const names = system.names;
  const a = names.attributes.indexOf(name);
  if (a >= 0) return c.sheet[a];
  const d = names.derived.indexOf(name);
  if (d >= 0) return c.sheet[names.attributes.length + d];
  const t = names.tracks.indexOf(name);
  if (t >= 0) return c.sheet[system.trackCurrent[t]!];
  if (name.endsWith('.max')) {
    const m = names.tracks.indexOf(name.slice(0, -4));
    if (m >= 0) return c.sheet[system.trackMax[m]!];
  }
  switch (name) {
    case 'level': return c.level;
    case 'tier': return c.tier;
    case 'role': return c.role;
    case 'id': return c.id;
    case 'side': return c.side;
    case 'position': return c.position;
    case 'conditions': return c.conditionIds;
    case 'class.attacks': return c.classAttacks;
  }
  const cls = /^class\.(.+)\.level$/.exec(name);
  if (cls) {
    const i = names.classes.indexOf(cls[1]!);
    return i >= 0 ? c.classLevels[i] ?? 0 : 0;
  }
  const l = names.lists.indexOf(name);
  if (l >= 0) return c.lists[l] ?? [];
  return undefined;
}
