// document → runtime System: every formula compiled once, every sheet built once (heroes, template and bestiary
// enemies), every fight resolved to combatant definitions. Problems come back as diagnostics, never as throws.
import type { Ability, Creature, CreatureAttack, DamageApply, EnemyNumbers, Fight, Hero, Order, PinnedSheet, PinnedValue, SystemDocument, Template, Weapon } from '../schema/document';
import { tierRangeOf } from '../schema/tiers';
import type { SimDiagnostic } from './formulas';
import {
  indexCombatant, type AbilityDef, type AttackProfile, type Combatant, type CombatantDef, type ConsequencesDef, type DamageApplyDef, type FightDef, type FightEntryDef,
  type Formula, type OrderDef, type System,
} from './model';
import { blankCombatant } from './state';
import { fightMap, mapRules } from './map/load';
import { WALL, type FightMapDef, type MapRules } from './map/types';
import { RulesLoader, titleCase, isRecord } from './load-rules';
import { cardSet, loadCards } from './load-cards';
import type { CardDef, CardSet } from './card-model';

export type LoadResult = { readonly ok: true; readonly system: System } | { readonly ok: false; readonly diagnostics: readonly SimDiagnostic[] };

/** ` (known: a, b, c)` after an unknown name: the names there are (at most 12), or nothing when there are none. */
function knownList(known: readonly string[]): string {
  return known.length ? ` (known: ${known.slice(0, 12).join(', ')})` : '';
}

class Loader extends RulesLoader {
  private position: string | null = null;
  /** The system's own cards (`cards`), which every combatant holds: loaded once, by loadSystem. */
  systemCards: CardDef[] = [];

  /** A combatant's cards: the system's, then those of its own list at `pointer`. */
  cardsOf(own: Parameters<typeof loadCards>[1], pointer: string): CardSet | null {
    return cardSet(this.systemCards, loadCards(this, own, pointer, this.hpTrackId()));
  }

  private rulesOfMap: MapRules | null | undefined;

  /** The system's map rules (`map`; a `grid: true` system without them has the defaults), or null: no fight on squares. */
  get mapRules(): MapRules | null {
    if (this.rulesOfMap === undefined) {
      this.rulesOfMap = this.doc.map || this.doc.grid === true ? mapRules(this, this.doc.map, this.doc.combat?.reaction?.opportunity === true) : null;
    }
    return this.rulesOfMap;
  }

  /** A fight's map; only a system with map rules has fights on squares. */
  fightMap(m: NonNullable<Fight['map']>, p: string): FightMapDef | null {
    if (!this.mapRules) { this.error(p, "a fight on a map needs a system played on squares ('grid': true, or 'map' rules)"); return null; }
    return fightMap(this, m, p, this.mapRules);
  }

  hero(id: string): CombatantDef | string {
    const cached = this.heroDefs.get(id);
    if (cached) return cached;
    const index = (this.doc.heroes ?? []).findIndex((h) => h.id === id);
    if (index < 0) return `unknown hero '${id}'${knownList((this.doc.heroes ?? []).map((h) => h.id))}`;
    const def = this.buildHero(this.doc.heroes![index]!, `/heroes/${index}`);
    this.heroDefs.set(id, def);
    return def;
  }

  buildHero(h: Hero, p: string): CombatantDef {
    const classes = this.names.classes;
    const classLevels = classes.map((c) => h.classes?.[c] ?? 0);
    for (const c of Object.keys(h.classes ?? {})) if (!this.index.classIndex.has(c)) this.error(`${p}/classes/${c}`, `unknown class '${c}'`);
    const ownDerived = new Map<string, { formula: Formula; refs: Set<string> }>();
    for (const [name, text] of Object.entries(h.derived ?? {})) {
      const formula = this.compile(text, `${p}/derived/${name}`);
      ownDerived.set(name, { formula, refs: new Set(formula.refs) });
    }
    const attrs = this.doc.attributes ?? {};
    const { self, live, liveNames } = this.buildSheet({
      key: h.id, name: h.name, side: 'heroes', level: h.level, tier: 0, role: 'hero', classLevels,
      attributes: (a) => h.attributes?.[a] ?? attrs[a]?.default ?? 0, ownDerived,
      trackMax: () => null, trackStart: (t) => h.tracks?.[t] ?? null,
      lists: this.listsOf(h, h.weapon),
      pointer: p,
    });
    // Multiclass: the class granting the most attacks wins, never summed; @level is that class's level.
    let classAttacks = 1;
    for (const [ci, c] of classes.entries()) {
      const formula = this.doc.classes?.[c]?.attacks;
      if (!formula || !classLevels[ci]) continue;
      const f = this.compile(formula, `/classes/${c}/attacks`);
      Object.assign(self, { level: classLevels[ci] });
      classAttacks = Math.max(classAttacks, this.evalNumber(f, self, `/classes/${c}/attacks`));
      Object.assign(self, { level: h.level });
    }
    Object.assign(self, { classAttacks });
    const check = this.mainCheck(`${p}/weapon`);
    const weapon: Weapon | undefined = h.weapon;
    const attack: AttackProfile[] = check ? [this.profile({
      name: weapon?.name ?? 'Unarmed', check, stat: this.pin(this.compile(weapon?.stat ?? '0', `${p}/weapon/stat`), self, liveNames, `${p}/weapon/stat`),
      damage: this.compile(weapon?.damage ?? this.doc.combat?.attack?.damage ?? '0', weapon ? `${p}/weapon/damage` : '/combat/attack/damage', true),
      type: this.typeOf(weapon?.type, undefined, weapon?.name), reach: weapon?.reach ?? 'near', span: this.span(weapon, `${p}/weapon`),
      reads: this.readsFor(weapon?.reads, `${p}/weapon/reads`), speed: this.formulas.maybe(weapon?.speed, `${p}/weapon/speed`),
      applies: [], save: null, parts: this.damageParts(weapon?.parts, `${p}/weapon/parts`),
    })] : [];
    const abilities = (h.abilities ?? []).flatMap((id, i) => {
      const a = this.abilities.get(id);
      if (!a) { this.error(`${p}/abilities/${i}`, `unknown ability '${id}'`); return []; }
      return [a];
    });
    const orders: OrderDef[] = (h.orders ?? []).flatMap((o, i) => {
      const a = this.abilities.get(o.use);
      if (!a) { this.error(`${p}/orders/${i}/use`, `unknown ability '${o.use}'`); return []; }
      return [{ ability: a, when: this.formulas.maybe(o.when, `${p}/orders/${i}/when`) }];
    });
    const slots: number[] = [];
    for (const [level, count] of Object.entries(h.slots ?? {})) slots[Number(level)] = count;
    const defenceText = this.doc.combat?.attack?.defence;
    return {
      key: h.id, name: h.name, side: 'heroes', sheet: self.sheet, level: h.level, tier: 0, role: 'hero', classLevels,
      classAttacks, lists: self.lists, attacks: attack, attacksPerAction: this.fixedAttacks(self, liveNames), attacksInTurn: false,
      defence: defenceText === undefined ? null : this.pin(this.compile(defenceText, '/combat/attack/defence'), self, liveNames, '/combat/attack/defence'),
      defenceValue: defenceText === undefined ? 0 : null,
      abilities, orders, slots: Array.from(slots, (v) => v ?? 0), regeneration: null, focus: h.focus ?? null, picks: this.picksOf(h.picks),
      plan: h.plan ?? null, harm: 0, position: h.position ?? null, ownType: null,
      consequencePosition: null, consequenceEffect: null, liveDerived: live,
      conditions: this.conditionIds(h.conditions, `${p}/conditions`), indexes: indexCombatant(abilities, orders),
      cards: this.cardsOf(h.cards, `${p}/cards`),
    };
  }

  template(role: string, tier: number): CombatantDef | string {
    const key = `${role}:${tier}`;
    const cached = this.templateDefs.get(key);
    if (cached) return cached;
    const index = (this.doc.templates ?? []).findIndex((t) => t.role === role);
    if (index < 0) return `no template for role '${role}'${knownList((this.doc.templates ?? []).map((t) => t.role))}`;
    const { min, max } = tierRangeOf(this.doc);
    if (!Number.isInteger(tier) || tier < min || tier > max) return `tier ${tier} is outside ${min}..${max}`;
    const def = this.buildTemplate(this.doc.templates![index]!, tier, `/templates/${index}`);
    this.templateDefs.set(key, def);
    return def;
  }

  /**
   * A template enemy with the sheet it was given (`pinned`): its numbers win over the template's formulas (a number
   * is written as that number's formula), so a later change of the template leaves it as it is.
   */
  pinnedTemplate(role: string, tier: number, pinned: PinnedSheet): CombatantDef | string {
    const index = (this.doc.templates ?? []).findIndex((t) => t.role === role);
    if (index < 0 || typeof this.template(role, tier) === 'string') return this.template(role, tier);
    const t = this.doc.templates![index]!;
    const text = (v: PinnedValue): string => (typeof v === 'number' ? String(v) : v);
    const over = (base: Readonly<Record<string, string>> | undefined, pins: Readonly<Record<string, PinnedValue>> | undefined) =>
      pins ? { ...base, ...Object.fromEntries(Object.entries(pins).map(([k, v]) => [k, text(v)])) } : base;
    const c = pinned.combat ?? {};
    const combat: Record<string, string | number | undefined> = { ...t.combat };
    for (const key of ['defence', 'attack', 'damage', 'attacks'] as const) if (c[key] !== undefined) combat[key] = text(c[key]);
    const sheet: Template = {
      ...t, attributes: over(t.attributes, pinned.attributes), tracks: over(t.tracks, pinned.tracks), combat,
      ...(pinned.harm !== undefined ? { harm: text(pinned.harm) } : {}),
    };
    return this.buildTemplate(sheet, tier, `/templates/${index}`);
  }

  buildTemplate(t: Template, tier: number, p: string): CombatantDef {
    const attrs = this.doc.attributes ?? {};
    const defaultAttr = this.formulas.maybe(t.defaults?.attribute, `${p}/defaults/attribute`);
    const attrFormulas = new Map(Object.entries(t.attributes ?? {}).map(([k, v]) => [k, this.compile(v, `${p}/attributes/${k}`)]));
    const trackFormulas = new Map(Object.entries(t.tracks ?? {}).map(([k, v]) => [k, this.compile(v, `${p}/tracks/${k}`)]));
    const name = t.name ?? titleCase(t.role);
    const { self, live, liveNames } = this.buildSheet({
      key: `${t.role}-${tier}`, name, side: 'enemies', level: tier, tier, role: t.role, classLevels: [],
      attributes: (a, s) => {
        const f = attrFormulas.get(a) ?? defaultAttr;
        return f ? this.evalNumber(f, s, `${p}/attributes/${a}`) : attrs[a]?.default ?? 0;
      },
      ownDerived: new Map(),
      trackMax: (id, s) => { const f = trackFormulas.get(id); return f ? this.evalNumber(f, s, `${p}/tracks/${id}`) : null; },
      trackStart: () => null,
      lists: this.listsOf(t),
      pointer: p,
    });
    const check = this.mainCheck(`${p}/combat`);
    const c = t.combat ?? {};
    const attacksFormula = this.formulas.maybe(c.attacks, `${p}/combat/attacks`);
    // Its own count, when given, is what its attack action makes (0 included), whatever the action's `attacks` says.
    const ownAttacks = attacksFormula ? Math.max(0, Math.min(50, Math.floor(this.evalNumber(attacksFormula, self, `${p}/combat/attacks`)))) || 0 : null;
    const attacks = ownAttacks ?? 1;
    const harmFormula = this.formulas.maybe(t.harm, `${p}/harm`);
    const defenceFormula = this.formulas.maybe(c.defence, `${p}/combat/defence`)
      ?? (this.doc.combat?.attack?.defence ? this.compile(this.doc.combat.attack.defence, '/combat/attack/defence') : null);
    const defence = defenceFormula ? this.pin(defenceFormula, self, liveNames, `${p}/combat/defence`) : null;
    Object.assign(self, { classAttacks: attacks });
    const abilities = this.enemyAbilities(t.abilities, p, c.type);
    const orders = this.enemyOrders(abilities, t.orders, p);
    return {
      key: `${t.role}-${tier}`, name, side: 'enemies', sheet: self.sheet, level: tier, tier, role: t.role, classLevels: [],
      classAttacks: attacks, lists: self.lists,
      attacks: check ? [this.profile({
        name, check, stat: this.pin(this.compile(c.attack ?? '0', `${p}/combat/attack`), self, liveNames, `${p}/combat/attack`),
        damage: this.compile(c.damage ?? this.doc.combat?.attack?.damage ?? '0', c.damage ? `${p}/combat/damage` : '/combat/attack/damage', true),
        type: this.typeOf(c.type, undefined, name), reach: c.reach ?? 'near', span: this.span(c, `${p}/combat`), reads: this.readsFor(undefined, p), speed: null,
        applies: [], save: null,
      })] : [],
      attacksPerAction: ownAttacks ?? this.fixedAttacks(self, liveNames), attacksInTurn: false,
      defence, defenceValue: defence ? null : 0,
      abilities, orders, slots: [], regeneration: null, focus: null, picks: this.picksOf(t.picks), plan: null,
      harm: harmFormula ? this.evalNumber(harmFormula, self, `${p}/harm`) : 3, position: null, ownType: c.type ?? null,
      consequencePosition: null, consequenceEffect: null, liveDerived: live, conditions: [], indexes: indexCombatant(abilities, orders),
      cards: this.cardsOf(t.cards, `${p}/cards`),
    };
  }

  creature(id: string): CombatantDef | string {
    const cached = this.creatureDefs.get(id);
    if (cached) return cached;
    const index = (this.doc.bestiary ?? []).findIndex((c) => c.id === id);
    if (index < 0) return `unknown creature '${id}' in the bestiary`;
    const def = this.buildCreature(this.doc.bestiary![index]!, `/bestiary/${index}`, id);
    this.creatureDefs.set(id, def);
    return def;
  }

  buildCreature(c: Creature | EnemyNumbers, p: string, key: string): CombatantDef {
    const attrs = this.doc.attributes ?? {};
    const name = c.name ?? titleCase(key);
    const extraLists: Record<string, readonly string[]> = {};
    for (const [k, v] of Object.entries(c)) {
      if (Array.isArray(v) && v.every((x) => typeof x === 'string') && k !== 'multiattack' && k !== 'abilities') extraLists[k] = v as string[];
    }
    const creatureType = (c as Creature).type;
    if (creatureType) extraLists.tags = [...(extraLists.tags ?? []), creatureType];
    const trackValues = (c as Creature).tracks ?? {};
    const level = Math.max(1, Math.round((c as Creature).challenge ?? 1));
    const { self, live, liveNames } = this.buildSheet({
      key, name, side: 'enemies', level, tier: 0, role: 'creature', classLevels: [],
      attributes: (a) => c.attributes?.[a] ?? attrs[a]?.default ?? 0, ownDerived: new Map(),
      trackMax: (id) => (id === this.hpTrackId() ? c.hp : trackValues[id] ?? null), trackStart: () => null,
      lists: extraLists, pointer: p,
    });
    const check = this.mainCheck(`${p}/attacks`);
    const byId = new Map<string, AttackProfile>();
    const ownType = c.damageType ?? null;
    c.attacks.forEach((a: CreatureAttack, i) => {
      if (!check) return;
      const saveCheck = a.save ? this.checkRef(a.save.check, `${p}/attacks/${i}/save/check`) : null;
      byId.set(a.id, this.profile({
        name: a.name ?? titleCase(a.id), check, stat: this.pin(this.compile(a.bonus, `${p}/attacks/${i}/bonus`), self, liveNames, `${p}/attacks/${i}/bonus`),
        damage: this.compile(a.damage, `${p}/attacks/${i}/damage`, true), type: this.typeOf(a.type, ownType ?? undefined, a.name ?? a.id),
        reach: a.reach ?? 'near', span: this.span(a, `${p}/attacks/${i}`), reads: this.readsFor(undefined, p), speed: null,
        applies: this.conditionIds(a.applies, `${p}/attacks/${i}/applies`),
        save: a.save && saveCheck ? { check: saveCheck, dc: this.compile(a.save.dc, `${p}/attacks/${i}/save/dc`), half: a.save.half === true } : null,
        parts: this.damageParts(a.parts, `${p}/attacks/${i}/parts`),
      }));
    });
    const routine: AttackProfile[] = [];
    for (const [i, id] of (c.multiattack ?? []).entries()) {
      const a = byId.get(id);
      if (a) routine.push(a); else this.error(`${p}/multiattack/${i}`, `unknown attack '${id}'`);
    }
    // No multiattack: one attack an action, its attacks used in turn (the first, then the next, round the list).
    const inTurn = routine.length === 0 && byId.size > 1;
    if (routine.length === 0) routine.push(...byId.values());
    const abilities = this.enemyAbilities((c as Creature).abilities, p, ownType ?? undefined);
    const regen = (c as Creature).regeneration;
    const orders = this.enemyOrders(abilities, (c as Creature).orders, p);
    return {
      key, name, side: 'enemies', sheet: self.sheet, level, tier: 0, role: 'creature', classLevels: [],
      classAttacks: inTurn ? 1 : Math.max(1, routine.length), lists: self.lists, attacks: routine,
      attacksPerAction: inTurn ? 1 : routine.length || 1, attacksInTurn: inTurn,
      ...this.creatureDefence(c.defence, self, liveNames, `${p}/defence`), abilities, orders, slots: [],
      regeneration: regen ? { amount: this.compile(regen.amount, `${p}/regeneration/amount`), stoppedBy: regen.stoppedBy ?? [] } : null,
      focus: null, picks: this.picksOf((c as Creature).picks), plan: null, harm: (c as EnemyNumbers).harm ?? 3, position: (c as Creature).position ?? null, ownType,
      consequencePosition: null, consequenceEffect: null, liveDerived: live, conditions: [], indexes: indexCombatant(abilities, orders),
      cards: this.cardsOf((c as Creature).cards, `${p}/cards`),
      ...((c as Creature).saves ? { saves: new Map(Object.entries((c as Creature).saves!)) } : {}),
    };
  }

  /** A creature's defence: a number as it is, a formula over its own sheet pinned when it reads nothing that changes. */
  creatureDefence(defence: number | string, self: Combatant, live: ReadonlySet<string>, pointer: string): Pick<CombatantDef, 'defence' | 'defenceValue'> {
    if (typeof defence === 'number') return { defence: null, defenceValue: defence };
    const formula = this.pin(this.compile(defence, pointer), self, live, pointer);
    return formula.constant !== null ? { defence: null, defenceValue: formula.constant } : { defence: formula, defenceValue: null };
  }

  /**
   * An enemy's standing orders: those written (`orders`, each naming one of its own abilities), then each reaction it
   * has that no order names, used whenever the moment comes (all of them when it has no orders).
   */
  enemyOrders(abilities: readonly AbilityDef[], written: readonly Order[] | undefined, p: string): OrderDef[] {
    const orders: OrderDef[] = (written ?? []).flatMap((o, i) => {
      const a = abilities.find((x) => x.id === o.use);
      if (!a) { this.error(`${p}/orders/${i}/use`, `'${o.use}' is not one of its abilities`); return []; }
      return [{ ability: a, when: this.formulas.maybe(o.when, `${p}/orders/${i}/when`) }];
    });
    for (const a of abilities) if (a.react && !orders.some((o) => o.ability === a)) orders.push({ ability: a, when: null });
    return orders;
  }

  /** An enemy's abilities: ids of the system's, or its own (typed by its own damage type when they name none). */
  enemyAbilities(list: readonly (string | Ability)[] | undefined, p: string, ownType: string | undefined): AbilityDef[] {
    return (list ?? []).flatMap((a, i) => {
      if (typeof a === 'string') {
        const found = this.abilities.get(a);
        if (!found) this.error(`${p}/abilities/${i}`, `unknown ability '${a}'`);
        return found ? [found] : [];
      }
      return [this.ability(a, `${p}/abilities/${i}`, ownType)];
    });
  }

  /** A combatant built after load (an ad-hoc fight): its own problems come back as the error. */
  guarded(build: () => CombatantDef | string): CombatantDef | string {
    const before = this.diagnostics.length + this.formulas.diagnostics.length;
    const def = build();
    const all = [...this.diagnostics, ...this.formulas.diagnostics];
    if (all.length > before) return all.slice(before).map((d) => `${d.pointer}: ${d.message}`).join('; ');
    return def;
  }

  hpTrackId(): string {
    return this.doc.combat?.consequences?.harm?.track ?? (this.trackIds.includes('hp') ? 'hp' : this.trackIds[0] ?? 'hp');
  }

  // ----- fights ---------------------------------------------------------------------------------------------

  fight(f: Fight, p: string): FightDef | null {
    const heroes: FightEntryDef[] = [];
    const enemies: FightEntryDef[] = [];
    let ok = true;
    f.heroes.forEach((entry, i) => {
      const id = typeof entry === 'string' ? entry : entry.hero;
      const def = this.hero(id);
      if (typeof def === 'string') { this.error(`${p}/heroes/${i}`, `fight '${f.id}': ${def}`); ok = false; return; }
      const e = typeof entry === 'string' ? undefined : entry;
      heroes.push({
        def: e?.plan ? { ...def, plan: e.plan } : def,
        count: 1, idBase: id,
        position: e?.position ?? f.positions?.[id] ?? def.position ?? 'near',
        conditions: [...def.conditions, ...this.conditionIds(e?.conditions, `${p}/heroes/${i}/conditions`)],
        arrives: this.arrival(e?.arrives, `${p}/heroes/${i}/arrives`),
      });
    });
    f.enemies.forEach((entry, i) => {
      let def: CombatantDef | string;
      if (entry.template && entry.pinned) def = this.pinnedTemplate(entry.template.role, entry.template.tier, entry.pinned);
      else if (entry.template) def = this.template(entry.template.role, entry.template.tier);
      else if (entry.bestiary !== undefined) def = this.creature(entry.bestiary);
      else if (entry.numbers) def = this.buildCreature(entry.numbers, `${p}/enemies/${i}/numbers`, entry.id ?? 'enemy');
      else def = 'an enemy entry needs a template, a bestiary id or numbers';
      if (typeof def === 'string') { this.error(`${p}/enemies/${i}`, `fight '${f.id}': ${def}`); ok = false; return; }
      const idBase = entry.id ?? (entry.template ? entry.template.role : entry.bestiary ?? def.key);
      const count = entry.count ?? 1;
      if (!Number.isInteger(count) || count < 0 || count > 1000) { this.error(`${p}/enemies/${i}/count`, 'count must be a whole number 0..1000'); ok = false; return; }
      enemies.push({
        def, count, idBase,
        position: entry.position ?? f.positions?.[idBase] ?? def.position ?? 'near',
        conditions: this.conditionIds(entry.conditions, `${p}/enemies/${i}/conditions`),
        arrives: this.arrival(entry.arrives, `${p}/enemies/${i}/arrives`),
      });
    });
    if (!ok) return null;
    const map = f.map ? this.fightMap(f.map, `${p}/map`) : null;
    if (f.map && !map) return null;
    if (map) {
      const open = map.terrain.reduce((n, t) => n + (t & WALL ? 0 : 1), 0);
      const count = heroes.length + enemies.reduce((n, e) => n + e.count, 0);
      if (count > open) { this.error(`${p}/map`, `fight '${f.id}': ${count} combatants on a map with ${open} open squares`); return null; }
    }
    return {
      id: f.id, name: f.name ?? f.id, heroes, enemies, maxRounds: Math.max(1, Math.min(10_000, f.maxRounds ?? 100)),
      position: f.position ?? this.defaultPosition(), effect: f.effect ?? 'standard',
      ...(map ? { map } : {}),
    };
  }

  /** A fight entry's arrival round (default 1). */
  arrival(arrives: number | undefined, pointer: string): number {
    if (arrives === undefined) return 1;
    if (!Number.isInteger(arrives) || arrives < 1 || arrives > 10_000) { this.error(pointer, 'arrives must be a whole round number 1..10000'); return 1; }
    return arrives;
  }

  /** The heroes' position when a fight names none (`combat.consequences.defaultPosition`, else `risky`). */
  defaultPosition(): string {
    if (this.position !== null) return this.position;
    const rules = this.doc.combat?.consequences;
    const position = rules?.defaultPosition ?? 'risky';
    if (rules?.defaultPosition !== undefined && !Object.hasOwn(rules.position, position)) {
      this.error('/combat/consequences/defaultPosition', `unknown position '${position}'${knownList(Object.keys(rules.position))}`);
    }
    this.position = position;
    return position;
  }

  /** `combat.damage.apply`, its track ids as indexes; null when absent (a blow lowers the hit points only). */
  damageApply(apply: DamageApply | undefined): DamageApplyDef | null {
    if (!apply) return null;
    const at = '/combat/damage/apply';
    const tracks = apply.tracks.map((t, i) => {
      const track = this.trackIds.indexOf(t.track);
      if (track < 0) this.error(`${at}/tracks/${i}/track`, `unknown track '${t.track}'`);
      return { track: Math.max(0, track), name: t.track, amount: this.formulas.maybe(t.amount, `${at}/tracks/${i}/amount`), downs: t.downs === true };
    });
    const conditions = (apply.conditions ?? []).map((c, i) => {
      for (const key of ['apply', 'remove'] as const) {
        const id = c[key];
        if (id !== undefined && !this.conditions.has(id)) this.error(`${at}/conditions/${i}/${key}`, `unknown condition '${id}'`);
      }
      return { when: this.compile(c.when, `${at}/conditions/${i}/when`), apply: c.apply ?? null, remove: c.remove ?? null };
    });
    return { tracks, conditions };
  }

  consequences(): ConsequencesDef | null {
    const c = this.doc.combat?.consequences;
    if (this.doc.combat?.mode !== 'consequences') return null;
    if (!c) { this.error('/combat', "consequences mode needs 'combat.consequences'"); return null; }
    const check = this.check('consequences', { roll: c.roll, outcomes: c.outcomes }, '/combat/consequences');
    return {
      roll: check.roll, check,
      position: new Map(Object.entries(c.position).map(([k, v]) => [k, v.harm])),
      effect: new Map(Object.entries(c.effect)),
      harmLevels: c.harm.levels, harmSlots: c.harm.slots ?? [],
    };
  }
}

export function loadSystem(doc: SystemDocument): LoadResult {
  if (!isRecord(doc)) return { ok: false, diagnostics: [{ pointer: '', message: 'a system document is a JSON object' }] };
  let loader: Loader;
  try {
    loader = new Loader(doc);
    loader.loadTracks();
    loader.loadChecks();
    loader.loadConditions();
    loader.loadTurnAndAbilities();
    loader.systemCards = loadCards(loader, doc.cards, '/cards', loader.hpTrackId());
  } catch (err) {
    return { ok: false, diagnostics: [{ pointer: '', message: `cannot load the system: ${err instanceof Error ? err.message : String(err)}` }] };
  }
  const l = loader;
  // The map rules are checked even when no fight is fought on a map.
  void l.mapRules;
  const fights = new Map<string, FightDef>();
  (doc.fights ?? []).forEach((f, i) => {
    const def = l.fight(f, `/fights/${i}`);
    if (def) fights.set(f.id, def);
  });
  const combat = doc.combat;
  const initiativeRule = doc.turn?.initiative;
  const initiativeCheck = initiativeRule?.check !== undefined ? l.checkRef(initiativeRule.check, '/turn/initiative/check') : null;
  const sustainCheck = combat?.sustain ? l.checkRef(combat.sustain.check, '/combat/sustain/check') : null;
  const deathSaveCheck = combat?.death?.save ? l.checkRef(combat.death.save.check, '/combat/death/save/check') : null;
  const hpId = l.hpTrackId();
  const hpTrack = l.trackIds.indexOf(hpId);
  if (hpTrack < 0) l.error('/tracks', `the system needs a hit-point track ('${hpId}')`);
  const consequences = l.consequences();
  const attackAction = Math.max(0, l.actions.findIndex((a) => a.attacks !== null));
  const system: System = {
    id: doc.id, name: doc.name, mode: combat?.mode === 'consequences' ? 'consequences' : 'numbers', grid: doc.grid === true,
    names: l.names, sheetSize: l.sheetSize, trackCurrent: l.trackCurrent, trackMax: l.trackMax, hpTrack: Math.max(0, hpTrack),
    checks: l.checks, tallyKeys: l.tallyKeys, conditions: l.conditions, actions: l.actions, actionLimit: l.formulas.maybe(doc.turn?.limit, '/turn/limit'), attackAction,
    initiative: initiativeCheck || initiativeRule?.deck ? {
      check: initiativeCheck, everyRound: initiativeRule?.when === 'round' || !!initiativeRule?.deck, ties: initiativeRule?.ties ?? 'heroes',
      deck: initiativeRule?.deck ? {
        ranks: initiativeRule.deck.ranks ?? 13, suits: initiativeRule.deck.suits ?? 4, jokers: initiativeRule.deck.jokers ?? 0,
        jokerApplies: l.conditionIds(initiativeRule.deck.joker?.applies, '/turn/initiative/deck/joker/applies'), reshuffle: initiativeRule.deck.reshuffle ?? 'joker',
      } : null,
      passes: l.formulas.maybe(initiativeRule?.passes, '/turn/initiative/passes'),
    } : null,
    clock: doc.turn?.clock ? {
      cost: l.compile(doc.turn.clock.cost, '/turn/clock/cost'), while: l.compile(doc.turn.clock.while, '/turn/clock/while'),
      again: l.gains(doc.turn.clock.again, '/turn/clock/again'),
    } : null,
    countedTracks: l.trackIds.flatMap((id, track) => {
      const types = doc.tracks?.[id]?.counts;
      return types?.length ? [{ track, types }] : [];
    }),
    damageSteps: (combat?.damage?.steps ?? []).map((s, i) => ({
      id: s.id, name: s.name ?? titleCase(s.id), when: l.formulas.maybe(s.when, `/combat/damage/steps/${i}/when`),
      value: l.compile(s.value, `/combat/damage/steps/${i}/value`), type: s.type ?? null,
    })),
    damageApply: l.damageApply(combat?.damage?.apply),
    critPolicy: combat?.attack?.crit ?? 'dice',
    reactionPer: combat?.reaction?.per ?? 'round',
    opportunity: combat?.reaction?.opportunity === true,
    sustain: combat?.sustain && sustainCheck ? { check: sustainCheck, dc: l.compile(combat.sustain.dc, '/combat/sustain/dc') } : null,
    canTarget: l.formulas.maybe(combat?.targeting?.canTarget, '/combat/targeting/canTarget'),
    remembersAttackers: l.picksUsed('last-attacker'),
    decidesRolls: l.decidesRolls(),
    keepsDice: l.keepsDice(),
    deathEnabled: combat?.death?.enabled ?? true,
    deathSave: deathSaveCheck ? { check: deathSaveCheck, successes: combat?.death?.save?.successes ?? 3, failures: combat?.death?.save?.failures ?? 3 } : null,
    fights, consequences,
    edgeWords: { positive: combat?.edgeWords?.advantage ?? 'advantage', negative: combat?.edgeWords?.disadvantage ?? 'disadvantage' },
    defaultPosition: l.defaultPosition(),
    rows: doc.positions?.rows ?? [], advanceRows: doc.positions?.advance === true,
    placeholder: blankCombatant(l.sheetSize, l.names.lists.length),
    compose: {
      template: (role, tier) => l.guarded(() => l.template(role, tier)),
      bestiary: (id) => l.guarded(() => l.creature(id)),
      hero: (id) => l.guarded(() => l.hero(id)),
    },
  };
  const diagnostics = [...l.diagnostics, ...l.formulas.diagnostics];
  if (diagnostics.length) return { ok: false, diagnostics };
  return { ok: true, system };
}
