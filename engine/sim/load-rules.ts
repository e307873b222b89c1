// The rules half of loading a system (load.ts is the other): the sheet layout and formula factory, checks, conditions,
// abilities, turn actions, tracks, the order of derived values and the sheets built from them, attack profiles.
import { createRng } from '../dice/rng';
import type { EvalContext } from '../formula/runtime';
import type { UserFunction } from '../formula/types';
import type { Ability, Check, DamagePart, SystemDocument, Outcome, TargetPick, TrackAmount } from '../schema/document';
import { mayRoll, someNode } from '../formula/nodes';
import { walkGraph } from '../formula/graph';
import { declaredLists, listNamesOf } from '../schema/lists';
import { parseFormula } from '../formula/parse';
import { FormulaFactory, withConstant, type SimDiagnostic } from './formulas';
import {
  attackProfile, type AbilityDef, type ActionDef, type AttackProfile, type CheckDef, type Combatant, type CombatantDef,
  type ConditionDef, type DamagePartDef, type Formula, type LiveDerived, type ModDef, type OpposedDef, type OutcomeDef, type Scope, type Side,
  type IndexNames, type TrackGain,
} from './model';
import type { Span } from './map/types';
import { createLabeler, createResolver, selfSheetIndex, type SheetIndex } from './scope';
import { blankCombatant, newCheckFrame, newScope } from './state';
import { rollTestOf } from './roll-test';
import { NO_DAMAGE_TYPE } from './rules/chips';


export function titleCase(id: string): string {
  return id.length ? id[0]!.toUpperCase() + id.slice(1).replace(/[-_]/g, ' ') : id;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A read written as a bare name (`second: willpower`) reads that attribute. */
function readSource(text: string, index: SheetIndex): string {
  return /^[A-Za-z_][\w.]*$/.test(text) && (index.sheetIndexOf.has(text) || index.trackCurrent.has(text)) ? `@${text}` : text;
}


export class RulesLoader {
  readonly diagnostics: SimDiagnostic[] = [];
  readonly index: SheetIndex;
  readonly names: IndexNames;
  readonly formulas: FormulaFactory;
  readonly checks = new Map<string, CheckDef>();
  readonly conditions = new Map<string, ConditionDef>();
  readonly abilities = new Map<string, AbilityDef>();
  readonly sheetSize: number;
  readonly trackCurrent: number[] = [];
  readonly trackMax: number[] = [];
  readonly trackIds: string[];
  readonly actions: ActionDef[] = [];
  readonly scope: Scope;
  readonly ctx: EvalContext;
  readonly systemReads: Map<string, Formula> = new Map();
  protected readonly systemDerived = new Map<string, Formula>();
  protected readonly derivedRefs = new Map<string, Set<string>>();
  readonly templateDefs = new Map<string, CombatantDef | string>();
  readonly creatureDefs = new Map<string, CombatantDef | string>();
  readonly heroDefs = new Map<string, CombatantDef | string>();

  /** Whom a combatant strikes when its own `picks` says nothing: the system's `combat.targeting.picks`. */
  get defaultPicks(): TargetPick { return this.doc.combat?.targeting?.picks ?? 'fewest-hp'; }

  /** A combatant's rule for picking its target (its own, else the system's); null for the default, the fewest hit points. */
  picksOf(own: TargetPick | undefined): Exclude<TargetPick, 'fewest-hp'> | null {
    const picks = own ?? this.defaultPicks;
    return picks === 'fewest-hp' ? null : picks;
  }

  /** Whether any ability, the system's or a template's or creature's own, is a decision after the roll. */
  decidesRolls(): boolean {
    const d = this.doc;
    const own = [...(d.templates ?? []), ...(d.bestiary ?? [])].flatMap((c) => (c as { abilities?: readonly (string | Ability)[] }).abilities ?? []);
    return [...(d.abilities ?? []), ...own].some((a) => typeof a !== 'string' && a.react?.on === 'roll');
  }

  /** Whether any decision after the roll keeps some of its dice (`react.keep`, a partial reroll). */
  keepsDice(): boolean {
    const d = this.doc;
    const own = [...(d.templates ?? []), ...(d.bestiary ?? [])].flatMap((c) => (c as { abilities?: readonly (string | Ability)[] }).abilities ?? []);
    return [...(d.abilities ?? []), ...own].some((a) => typeof a !== 'string' && a.react?.on === 'roll' && a.react.keep !== undefined);
  }

  /** Whether the system or any of its heroes, creatures or templates picks its target by `kind`. */
  picksUsed(kind: TargetPick): boolean {
    const d = this.doc;
    return this.defaultPicks === kind || [...(d.heroes ?? []), ...(d.bestiary ?? []), ...(d.templates ?? [])].some((c) => c.picks === kind);
  }

  constructor(readonly doc: SystemDocument) {
    const attributes = Object.keys(doc.attributes ?? {});
    const derivedNames = new Set(Object.keys(doc.derived ?? {}));
    for (const hero of doc.heroes ?? []) for (const name of Object.keys(hero.derived ?? {})) derivedNames.add(name);
    const derived = [...derivedNames];
    this.trackIds = Object.keys(doc.tracks ?? {});
    const readNames = new Set(Object.keys(doc.combat?.attack?.reads ?? {}));
    for (const hero of doc.heroes ?? []) for (const name of Object.keys(hero.weapon?.reads ?? {})) readNames.add(name);
    const modNames = new Set<string>();
    for (const c of doc.conditions ?? []) {
      for (const name of Object.keys(c.mods ?? {})) modNames.add(name);
      for (const a of c.against ?? []) for (const name of Object.keys(a.mods ?? {})) modNames.add(name);
    }
    const reactions = (doc.abilities ?? []).filter((a) => a.react).map((a) => a.id);
    const classes = Object.keys(doc.classes ?? {});
    this.names = {
      attributes, derived, tracks: this.trackIds, lists: listNamesOf(doc), reads: [...readNames], mods: [...modNames],
      reactions, classes,
    };
    const sheetIndexOf = new Map<string, number>();
    attributes.forEach((a, i) => sheetIndexOf.set(a, i));
    derived.forEach((d, i) => { if (!sheetIndexOf.has(d)) sheetIndexOf.set(d, attributes.length + i); });
    let next = attributes.length + derived.length;
    const trackCurrentMap = new Map<string, number>();
    const trackMaxMap = new Map<string, number>();
    for (const t of this.trackIds) {
      trackCurrentMap.set(t, next); this.trackCurrent.push(next++);
      trackMaxMap.set(`${t}.max`, next); this.trackMax.push(next++);
    }
    this.sheetSize = next;
    const labels = new Map<string, string>();
    for (const [id, a] of Object.entries(doc.attributes ?? {})) labels.set(id, a.name);
    for (const [id, t] of Object.entries(doc.tracks ?? {})) labels.set(id, t.name);
    this.index = {
      sheetIndexOf, trackCurrent: trackCurrentMap, trackMax: trackMaxMap,
      classIndex: new Map(classes.map((c, i) => [c, i])),
      listIndex: new Map(this.names.lists.map((l, i) => [l, i])),
      readIndex: new Map([...readNames].map((r, i) => [r, i])),
      modIndex: new Map([...modNames].map((m, i) => [m, i])),
      reactionIndex: new Map(reactions.map((r, i) => [r, i])),
      labels, names: this.names,
    };
    // Each body parsed once here; the compiler and the call graph read its tree instead of parsing it again.
    const functions = new Map<string, UserFunction>(Object.entries(doc.functions ?? {}).map(([k, f]) => [k, { params: f.params, body: f.body, ast: parseFormula(f.body).ast }]));
    this.formulas = new FormulaFactory({
      resolve: createResolver(this.index), label: createLabeler(this.index), functions,
      sheetIndex: (path) => selfSheetIndex(this.index, path),
    });
    const placeholder = blankCombatant(this.sheetSize, this.names.lists.length);
    this.scope = newScope(placeholder, this.names);
    this.ctx = newCheckFrame(createRng(0), this.scope).ctx;
  }

  error(pointer: string, message: string): void {
    this.diagnostics.push({ pointer, message });
  }

  /** Compile one formula of the document at `pointer` (its problems become diagnostics there). */
  compile(source: string | number | boolean, pointer: string, damage = false): Formula {
    return this.formulas.compile(source, pointer, damage);
  }

  /**
   * A hero's or a template's lists: the engine's and the system's declared ones (`lists`), each from the field of
   * its name; a declared list with `weapon: true` adds the weapon's list of that name (a hero's killers).
   */
  listsOf(source: object, weapon?: object): Record<string, readonly string[]> {
    const own = source as Record<string, unknown>;
    const lists: Record<string, readonly string[]> = {};
    // A declared list is written as a key of its own (a creature's) or inside `lists` (a hero's, weapon's, template's).
    const read = (from: Record<string, unknown> | undefined, name: string): readonly string[] => {
      const v = from?.[name];
      const inLists = (from?.lists as Record<string, unknown> | undefined)?.[name];
      if (Array.isArray(inLists)) return Array.isArray(v) ? [...(v as string[]), ...(inLists as string[])] : inLists as string[];
      return Array.isArray(v) ? (v as string[]) : [];
    };
    for (const name of this.names.lists) lists[name] = read(own, name);
    for (const list of declaredLists(this.doc)) {
      if (list.weapon && weapon) lists[list.name] = [...read(own, list.name), ...read(weapon as Record<string, unknown>, list.name)];
    }
    return lists;
  }

  /** Evaluate a load-time formula on a combatant under construction. */
  evalNumber(formula: Formula, self: Combatant, pointer: string): number {
    this.scope.self = self; this.scope.target = self; this.scope.attacker = self; this.scope.source = self;
    this.ctx.diceLeft = 10_000;
    try {
      const v = formula.run(this.ctx);
      return typeof v === 'number' ? v : v === true ? 1 : 0;
    } catch (err) {
      this.error(pointer, err instanceof Error ? err.message : String(err));
      return 0;
    }
  }

  // ----- checks, conditions, abilities --------------------------------------------------------------------------

  readonly tallyKeys: [string, string][] = [];

  outcome(o: Outcome, pointer: string, checkId: string): OutcomeDef {
    this.tallyKeys.push([checkId, o.id]);
    return {
      tally: this.tallyKeys.length - 1,
      id: o.id, name: o.name ?? titleCase(o.id), when: this.compile(o.when, `${pointer}/when`), test: rollTestOf(this.formulas.parsedAst(o.when)), result: o.result,
      crit: o.crit === true, botch: o.botch === true, degree: this.formulas.maybe(o.degree, `${pointer}/degree`),
      applies: o.applies ?? [], inflicts: o.inflicts ?? [], removes: o.removes ?? [], removesOwn: o.removesOwn ?? [],
      gain: this.gains(o.gain, `${pointer}/gain`), provokes: o.provokes === true,
      effects: (o.applies?.length ?? 0) + (o.inflicts?.length ?? 0) + (o.removes?.length ?? 0) + (o.removesOwn?.length ?? 0) + (o.gain?.length ?? 0) > 0
        || o.provokes === true,
      counter: o.counter === true,
    };
  }

  gains(list: readonly TrackAmount[] | undefined, pointer: string): TrackGain[] {
    return (list ?? []).map((g, i) => {
      const track = this.trackIds.indexOf(g.track);
      if (track < 0) this.error(`${pointer}/${i}/track`, `unknown track '${g.track}'`);
      return { track: Math.max(0, track), amount: this.compile(g.amount, `${pointer}/${i}/amount`) };
    });
  }

  loadChecks(): void {
    for (const [id, c] of Object.entries(this.doc.checks ?? {})) this.checks.set(id, this.check(id, c, `/checks/${id}`));
    // An opposed check names the defender's checks: resolved once they all exist.
    for (const [id, c] of Object.entries(this.doc.checks ?? {})) {
      if (!c.vs) continue;
      const at = `/checks/${id}/vs`;
      const named = (ref: string, pointer: string): CheckDef => {
        const def = this.checks.get(ref);
        if (!def) this.error(pointer, `unknown check '${ref}'`);
        else if (this.doc.checks?.[ref]?.vs) this.error(pointer, `the defender's check '${ref}' is itself opposed`);
        return def ?? this.checks.get(id)!;
      };
      const vs: OpposedDef = {
        check: named(c.vs.check, `${at}/check`),
        prefer: (c.vs.prefer ?? []).map((p, i) => ({ check: named(p.check, `${at}/prefer/${i}/check`), when: this.compile(p.when, `${at}/prefer/${i}/when`) })),
      };
      (this.checks.get(id) as { vs: OpposedDef | null }).vs = vs;
    }
  }

  check(id: string, c: Check, pointer: string): CheckDef {
    this.tallyKeys.push([id, 'rolled']);
    const rolledTally = this.tallyKeys.length - 1;
    // A check that may not be attempted (`requires`) tallies that as `not-attempted`.
    if (c.requires !== undefined) this.tallyKeys.push([id, 'not-attempted']);
    const notAttemptedTally = this.tallyKeys.length - 1;
    const outcomes = (c.outcomes ?? []).map((o, i) => this.outcome(o, `${pointer}/outcomes/${i}`, id));
    const def: CheckDef = {
      rolledTally, notAttemptedTally,
      id, name: c.name ?? titleCase(id), roll: this.compile(c.roll, `${pointer}/roll`),
      combine: c.edge?.combine ?? 'cancel', edgeMax: c.edge?.max ?? 1,
      outcomes,
      stat: this.formulas.maybe(c.stat, `${pointer}/stat`),
      requires: this.formulas.maybe(c.requires, `${pointer}/requires`),
      readsVs: c.vs !== undefined || outcomes.some((o) => o.when.refs.includes('vs') || (o.degree?.refs.includes('vs') ?? false)),
      vs: null,
    };
    // A check with its own stat labels `@stat` on its chip (`+ 5 Con save`), as a weapon's attack does.
    if (!def.stat) return def;
    // Written out, not spread: every check keeps one object shape (the engine's reads of a check stay monomorphic).
    return { rolledTally: def.rolledTally, notAttemptedTally: def.notAttemptedTally, id, name: def.name, roll: this.rollFor(def, def.stat), combine: def.combine, edgeMax: def.edgeMax, outcomes: def.outcomes, stat: def.stat, requires: def.requires, readsVs: def.readsVs, vs: null };
  }

  checkRef(id: string | undefined, pointer: string): CheckDef | null {
    if (id === undefined) return null;
    const c = this.checks.get(id);
    if (!c) this.error(pointer, `unknown check '${id}'`);
    return c ?? null;
  }

  mods(record: Readonly<Record<string, string>> | undefined, pointer: string): ModDef[] {
    return Object.entries(record ?? {}).map(([name, value]) => ({
      mod: this.index.modIndex.get(name) ?? 0, name, value: this.compile(value, `${pointer}/${name}`),
    }));
  }

  loadConditions(): void {
    (this.doc.conditions ?? []).forEach((c, i) => {
      const p = `/conditions/${i}`;
      const saveCheck = c.save ? this.checkRef(c.save.check, `${p}/save/check`) : null;
      this.conditions.set(c.id, {
        id: c.id, name: c.name ?? titleCase(c.id), edge: this.formulas.maybe(c.edge, `${p}/edge`),
        mods: this.mods(c.mods, `${p}/mods`), checks: c.checks ?? null,
        against: (c.against ?? []).map((a, j) => ({
          edge: this.formulas.maybe(a.edge, `${p}/against/${j}/edge`), mods: this.mods(a.mods, `${p}/against/${j}/mods`),
          vs: this.formulas.maybe(a.vs, `${p}/against/${j}/vs`), crit: a.crit === true, reach: a.reach ?? null, checks: a.checks ?? null,
        })),
        noActions: c.noActions === true,
        noReactions: c.noReactions ?? c.noActions === true,
        endsOnDamage: c.endsOnDamage === true,
        flees: c.flees === true,
        save: c.save && saveCheck ? { check: saveCheck, dc: this.compile(c.save.dc, `${p}/save/dc`), at: c.save.at ?? 'turnEnd' } : null,
        atZero: c.atZero ?? null,
        duration: c.rounds === undefined ? null : this.compile(c.rounds, `${p}/rounds`),
        charges: c.charges ?? 0,
        endsAtStart: c.ends === 'turnStart' && c.rounds !== undefined,
        endsOnSourceTurn: c.ends === 'sourceTurnEnd' && c.rounds !== undefined,
        refresh: c.refresh === true,
      });
    });
  }

  conditionIds(ids: readonly string[] | undefined, pointer: string): string[] {
    for (const [i, id] of (ids ?? []).entries()) if (!this.conditions.has(id)) this.error(`${pointer}/${i}`, `unknown condition '${id}'`);
    return [...(ids ?? [])];
  }

  typeOf(explicit: string | undefined, own: string | undefined, words: string | undefined): string {
    if (explicit) return explicit;
    if (own) return own;
    const text = (words ?? '').toLowerCase();
    for (const [word, type] of Object.entries(this.doc.combat?.damage?.types?.words ?? {})) {
      if (text.includes(word.toLowerCase())) return type;
    }
    return this.doc.combat?.damage?.types?.default ?? NO_DAMAGE_TYPE;
  }

  /** Whether a read's name is also a sheet value's (`ws`): it then reads the wielder's during its blows only. */
  shadowsSheet(name: string): boolean {
    return this.index.sheetIndexOf.has(name) || this.index.trackCurrent.has(name) || this.index.trackMax.has(name);
  }

  readsFor(own: Readonly<Record<string, string>> | undefined, pointer: string): (Formula | null)[] {
    return this.names.reads.map((name) => {
      const text = own?.[name];
      if (text !== undefined) return this.compile(readSource(String(text), this.index), `${pointer}/${name}`);
      // A read named like a sheet value that neither the weapon nor the system gives is the wielder's own value.
      return this.systemReads.get(name) ?? (this.shadowsSheet(name) ? this.compile(`@self.${name}`, pointer) : null);
    });
  }

  ability(a: Ability, pointer: string, ownType?: string): AbilityDef {
    const uses = a.uses ?? 'action';
    const actionIndex = this.actions.findIndex((x) => x.id === uses);
    if (uses !== 'reaction' && uses !== 'free' && actionIndex < 0) this.error(`${pointer}/uses`, `unknown action '${uses}' (the turn's actions, 'reaction' or 'free')`);
    const attackCheck = a.attack ? this.checkRef(a.attack.check, `${pointer}/attack/check`) : null;
    const saveCheck = a.save ? this.checkRef(a.save.check, `${pointer}/save/check`) : null;
    const challengeCheck = a.challenge ? this.checkRef(a.challenge.check, `${pointer}/challenge/check`) : null;
    const type = this.typeOf(a.attack?.type ?? a.type, ownType, a.name ?? a.id);
    const removesOnly = (a.removes?.length ?? 0) > 0 && !a.attack && !a.save && !a.damage && !a.heal && !a.challenge
      && !(a.applies?.length) && !(a.gain?.length) && !(a.grants?.length);
    const span = this.span(a.attack, `${pointer}/attack`);
    const attack: AttackProfile | null = a.attack && attackCheck ? this.profile({
      name: a.name ?? titleCase(a.id), check: attackCheck, stat: this.compile(a.attack.stat ?? '0', `${pointer}/attack/stat`),
      damage: this.compile(a.attack.damage, `${pointer}/attack/damage`, true), type, reach: a.attack.reach ?? 'far', span,
      reads: this.readsFor(undefined, `${pointer}/attack`), speed: this.formulas.maybe(a.speed, `${pointer}/speed`),
      applies: [], save: null,
    }) : null;
    const cost = (a.cost ?? []).map((c, i) => {
      if ('slot' in c) return { slot: c.slot, amount: this.compile(1, `${pointer}/cost/${i}`) };
      const track = this.trackIds.indexOf(c.track);
      if (track < 0) this.error(`${pointer}/cost/${i}/track`, `unknown track '${c.track}'`);
      return { track: Math.max(0, track), amount: this.compile(c.amount, `${pointer}/cost/${i}/amount`) };
    });
    const healTrack = a.heal ? this.trackIds.indexOf(a.heal.track) : -1;
    if (a.heal && healTrack < 0) this.error(`${pointer}/heal/track`, `unknown track '${a.heal.track}'`);
    const target = a.target === 'allies' ? 'ally' : (a.target ?? (a.attack || a.save || a.damage ? 'enemy' : 'self'));
    const reactionFlag = this.index.reactionIndex.get(a.id) ?? -1;
    return {
      id: a.id, name: a.name ?? titleCase(a.id), kind: a.kind ?? 'Ability', uses, actionIndex, target,
      targets: null, cost, gain: this.gains(a.gain, `${pointer}/gain`), attack,
      save: a.save && saveCheck ? { check: saveCheck, dc: this.compile(a.save.dc, `${pointer}/save/dc`), half: a.save.half === true } : null,
      damage: this.formulas.maybe(a.damage, `${pointer}/damage`, true), type,
      heal: a.heal ? { amount: this.compile(a.heal.amount, `${pointer}/heal/amount`), track: Math.max(0, healTrack) } : null,
      applies: this.conditionIds(a.applies, `${pointer}/applies`), sustained: a.sustained === true,
      grants: (a.grants ?? []).map((g, i) => {
        const action = this.actions.findIndex((x) => x.id === g.action);
        if (action < 0) this.error(`${pointer}/grants/${i}/action`, `unknown action '${g.action}'`);
        return { action: Math.max(0, action), count: this.compile(g.count, `${pointer}/grants/${i}/count`) };
      }),
      react: a.react ? {
        on: a.react.on, defence: this.formulas.maybe(a.react.defence, `${pointer}/react/defence`),
        check: this.checkRef(a.react.check, `${pointer}/react/check`),
        when: this.formulas.maybe(a.react.when, `${pointer}/react/when`), reactionFlag, cancels: a.react.cancels === true,
        kinds: a.react.kinds ?? null, checks: a.react.checks ?? null, reroll: a.react.reroll === true || a.react.keep !== undefined,
        keep: a.react.keep ? a.react.keep.map((k) => ({ faces: k.faces.slice(), tag: k.tag ?? null })) : null,
        bonus: this.formulas.maybe(a.react.bonus, `${pointer}/react/bonus`),
      } : null,
      recharge: a.recharge ? this.recharge(a.recharge.min, a.recharge.die ?? 6, `${pointer}/recharge`) : null,
      speed: this.formulas.maybe(a.speed, `${pointer}/speed`),
      move: a.move ?? null,
      teleport: a.teleport === true,
      swap: this.swap(a, pointer),
      disengage: a.disengage ?? (this.doc.combat?.disengage ?? []).some((w) => `${a.id} ${a.name ?? ''}`.toLowerCase().includes(w.toLowerCase())),
      offensive: (target === 'enemy' || target === 'enemies') && (a.attack !== undefined || a.save !== undefined || a.damage !== undefined || (a.applies?.length ?? 0) > 0),
      reach: a.attack?.reach ?? 'far',
      span,
      challenge: a.challenge && challengeCheck ? {
        check: challengeCheck, stat: this.formulas.maybe(a.challenge.stat, `${pointer}/challenge/stat`), vs: this.compile(a.challenge.vs, `${pointer}/challenge/vs`),
      } : null,
      removes: this.conditionIds(a.removes, `${pointer}/removes`),
      holding: this.conditionIds(a.holding, `${pointer}/holding`), removesOnly,
      worthChecked: removesOnly || (a.move !== undefined && this.doc.positions?.advance === true),
    };
  }

  /** Whether a move switches places (`swap`): only a move can. */
  swap(a: { readonly swap?: boolean; readonly move?: string }, pointer: string): boolean {
    if (a.swap === true && a.move === undefined) this.error(`${pointer}/swap`, 'swap switches places on a move: the ability has no `move`');
    return a.swap === true;
  }

  /** A recharge rule; a `min` above the die's faces would never recharge, and says so. */
  recharge(min: number, die: number, pointer: string): { readonly die: number; readonly min: number } {
    if (min > die) this.error(`${pointer}/min`, `recharge min ${min} is more than the d${die} can show: it would never recharge`);
    return { die, min };
  }

  loadTurnAndAbilities(): void {
    (this.doc.turn?.actions ?? []).forEach((a, i) => {
      const p = `/turn/actions/${i}`;
      this.actions.push({
        id: a.id, name: a.name ?? titleCase(a.id), per: this.compile(a.per, `${p}/per`),
        attacks: this.formulas.maybe(a.attacks, `${p}/attacks`), speed: this.formulas.maybe(a.speed, `${p}/speed`),
        defer: a.defer === true,
      });
    });
    if (this.actions.length === 0) {
      this.actions.push({ id: 'action', name: 'Action', per: this.compile(1, '/turn/actions'), attacks: this.compile('@class.attacks', '/turn/actions'), speed: null, defer: false });
    }
    for (const [name, text] of Object.entries(this.doc.combat?.attack?.reads ?? {})) {
      this.systemReads.set(name, this.compile(readSource(String(text), this.index), `/combat/attack/reads/${name}`));
    }
    (this.doc.abilities ?? []).forEach((a, i) => this.abilities.set(a.id, this.ability(a, `/abilities/${i}`)));
    for (const [id, text] of Object.entries(this.doc.derived ?? {})) {
      const p = `/derived/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const formula = this.compile(text, p);
      this.systemDerived.set(id, formula);
      this.derivedRefs.set(id, new Set(formula.refs));
    }
  }

  // ----- sheets ------------------------------------------------------------------------------------------------

  /** Derived values in dependency order, with the set of those that (transitively) read a track. */
  orderDerived(own: ReadonlyMap<string, { formula: Formula; refs: Set<string> }>, pointer: string):
    { order: { name: string; formula: Formula }[]; live: Set<string> } {
    const all = new Map<string, { formula: Formula; refs: Set<string> }>();
    for (const [name, formula] of this.systemDerived) all.set(name, { formula, refs: this.derivedRefs.get(name) ?? new Set() });
    for (const [name, v] of own) all.set(name, v);
    const order: { name: string; formula: Formula }[] = [];
    const live = new Set<string>();
    const trackNames = new Set<string>([...this.index.trackCurrent.keys(), ...this.index.trackMax.keys()]);
    const bareOf = (ref: string): string => (ref.startsWith('self.') ? ref.slice(5) : ref);
    // Edges to the derived values a value reads, itself included (a back edge: reported below, never followed).
    const reads = (name: string): string[] => [...all.get(name)!.refs].map(bareOf).filter((bare) => all.has(bare));
    walkGraph(all.keys(), reads, {
      cycle: (path, from) => {
        if (from === path.length - 2) this.error(pointer, `derived value '${path[from]!}' reads itself`);
        else this.error(pointer, `derived values form a cycle: ${path.join(' → ')}`);
      },
      done: (name) => {
        const entry = all.get(name)!;
        for (const ref of entry.refs) {
          const bare = bareOf(ref);
          if (trackNames.has(bare) || (bare !== name && live.has(bare))) live.add(name);
        }
        order.push({ name, formula: entry.formula });
      },
    });
    return { order, live };
  }

  /**
   * Build a sheet: attributes, then derived in order, then tracks (maximum, then start), then the derived values
   * that read a track once more with the tracks filled.
   */
  buildSheet(spec: {
    key: string; name: string; side: Side; level: number; tier: number; role: string;
    classLevels: number[]; attributes: (id: string, self: Combatant) => number;
    ownDerived: ReadonlyMap<string, { formula: Formula; refs: Set<string> }>;
    trackMax: (id: string, self: Combatant) => number | null; trackStart: (id: string) => number | null;
    lists: Record<string, readonly string[]>; pointer: string;
  }): { self: Combatant; live: LiveDerived[]; liveNames: Set<string> } {
    const self = blankCombatant(this.sheetSize, this.names.lists.length);
    Object.assign(self, { level: spec.level, tier: spec.tier, role: spec.role, classLevels: spec.classLevels, id: spec.key, side: spec.side });
    for (const [name, list] of Object.entries(spec.lists)) {
      let li = this.index.listIndex.get(name);
      if (li === undefined) { li = this.index.listIndex.size; this.index.listIndex.set(name, li); this.names.lists.push(name); }
      self.lists[li] = list;
    }
    this.names.attributes.forEach((a, i) => { self.sheet[i] = spec.attributes(a, self); });
    const { order, live } = this.orderDerived(spec.ownDerived, spec.pointer);
    const compute = (only: Set<string> | null): void => {
      for (const { name, formula } of order) {
        if (only && !only.has(name)) continue;
        const at = this.index.sheetIndexOf.get(name);
        if (at !== undefined) self.sheet[at] = this.evalNumber(formula, self, `${spec.pointer}: derived '${name}'`);
      }
    };
    compute(null);
    this.trackIds.forEach((t, i) => {
      const max = spec.trackMax(t, self);
      const maxIndex = this.trackMax[i]!;
      self.sheet[maxIndex] = max ?? this.evalNumber(this.trackMaxFormula(i), self, `${spec.pointer}: track '${t}' max`);
    });
    this.trackIds.forEach((t, i) => {
      const start = spec.trackStart(t);
      const startFormula = this.trackStartFormulas[i];
      self.sheet[this.trackCurrent[i]!] = start ?? (startFormula ? this.evalNumber(startFormula, self, `${spec.pointer}: track '${t}' start`) : self.sheet[this.trackMax[i]!]!);
    });
    compute(live);
    const liveList = order.filter((o) => live.has(o.name)).map((o) => ({ index: this.index.sheetIndexOf.get(o.name)!, formula: o.formula }));
    return { self, live: liveList, liveNames: live };
  }

  private trackMaxFormulas: Formula[] = [];
  private trackStartFormulas: (Formula | null)[] = [];

  loadTracks(): void {
    this.trackIds.forEach((t) => {
      const track = this.doc.tracks![t]!;
      this.trackMaxFormulas.push(this.compile(track.max, `/tracks/${t}/max`));
      this.trackStartFormulas.push(this.formulas.maybe(track.start, `/tracks/${t}/start`));
    });
  }

  trackMaxFormula(i: number): Formula {
    return this.trackMaxFormulas[i]!;
  }

  // ----- combatants ---------------------------------------------------------------------------------------------

  /**
   * A formula that only reads what never changes during a fight (attributes, derived values that read no track,
   * level, tier, classes) and rolls nothing: it is evaluated once per combatant at load, not on every blow.
   */
  sheetConstant(formula: Formula, live: ReadonlySet<string>): boolean {
    if (formula.usesDice) return false;
    if (formula.constant !== null) return true;
    const ast = formula.ast;
    if (!ast) return false;
    const userFunctions = this.doc.functions ?? {};
    // A name a read shadows (`ws`) is the weapon's in its wielder's blows: never fixed.
    const fixedRef = (name: string): boolean => (this.index.sheetIndexOf.has(name) && !live.has(name) && !this.index.trackCurrent.has(name) && !this.index.readIndex.has(name))
      || name === 'level' || name === 'tier' || name === 'role' || name === 'class.attacks' || /^class\..+\.level$/.test(name);
    // A call of a document function is never pinned (its body may roll or read anything); built-ins are pure.
    return !mayRoll(ast, (name) => Object.hasOwn(userFunctions, name))
      && !someNode(ast, (n) => n.kind === 'ref' && !fixedRef(n.path.join('.')));
  }

  /** A sheet-constant formula's value for this combatant, else null (evaluated while fighting). */
  fixed(formula: Formula | null, self: Combatant, live: ReadonlySet<string>, pointer: string): number | null {
    if (!formula || !this.sheetConstant(formula, live)) return null;
    return this.evalNumber(formula, self, pointer);
  }

  /** The formula with its value fixed for this combatant when it is sheet-constant (`value()` then costs nothing). */
  pin(formula: Formula, self: Combatant, live: ReadonlySet<string>, pointer: string): Formula {
    const v = this.fixed(formula, self, live, pointer);
    return v === null ? formula : withConstant(formula, v);
  }

  /** Attacks one attack action makes, when fixed for this combatant. */
  fixedAttacks(self: Combatant, live: ReadonlySet<string>): number | null {
    const attacks = this.actions[Math.max(0, this.actions.findIndex((a) => a.attacks !== null))]?.attacks ?? null;
    const n = this.fixed(attacks, self, live, '/turn/actions');
    return n === null ? null : Math.max(0, Math.min(50, Math.floor(n)));
  }

  private readonly rolls = new Map<string, Formula>();

  /** A check's roll whose chip labels `@stat` with what the stat formula reads (`+ 3 Strength`). */
  rollFor(check: CheckDef, stat: Formula): Formula {
    // A stat that is not one reference (a template's `2 + @tier`) is labelled by the field it is written in (`Attack`).
    const label = this.formulas.labelOf(stat.source) ?? fieldLabel(stat.pointer);
    if (label === undefined) return check.roll;
    const key = `${check.id}\u0000${label}`;
    let roll = this.rolls.get(key);
    if (!roll) {
      const base = createLabeler(this.index);
      roll = this.formulas.compile(check.roll.source, `/checks/${check.id}/roll`, false, (path) => (path.length === 1 && path[0] === 'stat' ? label : base(path)));
      this.rolls.set(key, roll);
    }
    return roll;
  }

  /**
   * A blow's own squares on a map (`squares`, `long`), or null when it gives neither (its reach word's `map.reach`):
   * `squares` alone has no long range; `long` alone reaches from its word's squares (the map's `near` 1 for `near`).
   */
  span(d: { readonly reach?: string; readonly squares?: number; readonly long?: number } | undefined, pointer: string): Span | null {
    if (d === undefined || (d.squares === undefined && d.long === undefined)) return null;
    const squares = d.squares ?? this.doc.map?.reach?.[d.reach ?? 'near']?.squares ?? (d.reach === undefined || d.reach === 'near' ? 1 : 24);
    const long = d.long ?? 0;
    if (!Number.isInteger(squares) || squares < 1 || squares > 1000) this.error(`${pointer}/squares`, 'squares is a whole number 1..1000 (the squares the blow reaches on a map)');
    if (!Number.isInteger(long) || (long !== 0 && long < squares) || long > 10_000) {
      this.error(`${pointer}/long`, `long is a whole number from squares (${squares}) to 10000 (the squares it reaches at long range)`);
    }
    return { squares, long };
  }

  /** An attack profile with its roll specialised for its stat's label. */
  profile(p: Omit<AttackProfile, 'roll' | 'parts'> & { readonly parts?: AttackProfile['parts'] }): AttackProfile {
    return attackProfile(p, this.rollFor(p.check, p.stat), p.parts ?? [], p.applies);
  }

  /** A blow's further damage parts, each with its own type (compiled as damage: doubled dice on a crit). */
  damageParts(parts: readonly DamagePart[] | undefined, pointer: string): DamagePartDef[] {
    return (parts ?? []).map((part, i) => ({ damage: this.compile(part.damage, `${pointer}/${i}/damage`, true), type: part.type }));
  }

  mainCheck(pointer: string): CheckDef | null {
    return this.checkRef(this.doc.combat?.attack?.check ?? (this.checks.has('attack') ? 'attack' : undefined), pointer);
  }
}

/** `/templates/0/combat/attack` → `Attack`: a chip's label for a value named by its field only (undefined for `0`). */
function fieldLabel(pointer: string): string | undefined {
  const last = pointer.slice(pointer.lastIndexOf('/') + 1);
  return last === '' || /^\d+$/.test(last) ? undefined : `${last[0]!.toUpperCase()}${last.slice(1)}`;
}
