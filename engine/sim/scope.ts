// Compiles the document's formulas once, against getters that read the simulator's own structures (no string
// lookups while fighting). One resolver serves every context: the schema checker has already said which reference
// is allowed where, so here a name only has to be found.
import { tagDice } from '../formula/evaluate';
import { typedGetter, type RefGetter } from '../formula/runtime';
import type { Value } from '../formula/types';
import type { Combatant, Scope, IndexNames } from './model';

type Pick = (scope: Scope) => Combatant;

const pickSelf: Pick = (s) => s.self;
const pickTarget: Pick = (s) => s.target;
const pickAttacker: Pick = (s) => s.attacker;
const pickSource: Pick = (s) => s.source;

const EMPTY: readonly string[] = Object.freeze([]);

export interface SheetIndex {
  readonly sheetIndexOf: ReadonlyMap<string, number>;
  readonly trackCurrent: ReadonlyMap<string, number>;
  readonly trackMax: ReadonlyMap<string, number>;
  readonly classIndex: ReadonlyMap<string, number>;
  readonly listIndex: Map<string, number>;
  readonly readIndex: ReadonlyMap<string, number>;
  readonly modIndex: ReadonlyMap<string, number>;
  readonly reactionIndex: ReadonlyMap<string, number>;
  readonly labels: ReadonlyMap<string, string>;
  readonly names: IndexNames;
}

/** Getter of one combatant-sheet path (`str.mod`, `hp`, `hp.max`, `level`, `tags`), specialised per picker. */
function sheetGetter(index: SheetIndex, name: string, who: 'self' | 'target' | 'attacker' | 'source'): RefGetter | undefined {
  const pick = who === 'self' ? pickSelf : who === 'target' ? pickTarget : who === 'attacker' ? pickAttacker : pickSource;
  const at = index.sheetIndexOf.get(name) ?? index.trackCurrent.get(name) ?? index.trackMax.get(name);
  if (at !== undefined) {
    // The common case by far: a plain sheet number. Specialised closures keep the hot path to two loads.
    switch (who) {
      case 'self': return typedGetter((ctx) => (ctx.scope as Scope).self.sheet[at]!, 'number');
      case 'target': return typedGetter((ctx) => (ctx.scope as Scope).target.sheet[at]!, 'number');
      case 'attacker': return typedGetter((ctx) => (ctx.scope as Scope).attacker.sheet[at]!, 'number');
      case 'source': return typedGetter((ctx) => (ctx.scope as Scope).source.sheet[at]!, 'number');
    }
  }
  switch (name) {
    case 'level': return typedGetter((ctx) => pick(ctx.scope as Scope).level, 'number');
    case 'tier': return typedGetter((ctx) => pick(ctx.scope as Scope).tier, 'number');
    case 'role': return (ctx) => pick(ctx.scope as Scope).role;
    case 'position': return (ctx) => pick(ctx.scope as Scope).position;
    case 'conditions': return (ctx) => pick(ctx.scope as Scope).conditionIds;
    case 'id': return (ctx) => pick(ctx.scope as Scope).id;
    case 'side': return (ctx) => pick(ctx.scope as Scope).side;
    case 'class.attacks': return (ctx) => pick(ctx.scope as Scope).classAttacks;
    default: break;
  }
  const classMatch = /^class\.(.+)\.level$/.exec(name);
  if (classMatch) {
    const ci = index.classIndex.get(classMatch[1]!);
    return ci === undefined ? () => 0 : (ctx) => pick(ctx.scope as Scope).classLevels[ci] ?? 0;
  }
  if (/^[A-Za-z_][\w-]*$/.test(name)) {
    // Any other plain name is a list of strings the combatant may carry (`resist`, `tags`, `killers`, ...).
    let li = index.listIndex.get(name);
    if (li === undefined) {
      li = index.listIndex.size;
      index.listIndex.set(name, li);
      index.names.lists.push(name);
    }
    const listAt = li;
    return (ctx) => pick(ctx.scope as Scope).lists[listAt] ?? EMPTY;
  }
  return undefined;
}

/** One-word references that read the scope or the check, never the sheet (the resolver places them first). */
export const SCOPE_NAMES = new Set(['natural', 'total', 'vs', 'outcome', 'degree', 'crit', 'edge', 'stat', 'damage', 'damageType', 'clock', 'initiative']);
export const NOT_SELF = new Set(['target', 'attacker', 'source', 'roll', 'mods', 'reaction', 'attack', 'action', 'event']);

/**
 * The sheet at a reference reads on `self` (`@str.mod`, `@self.hp`), or undefined when it reads anything else: the
 * same placing as createResolver's, so a formula that is only this reference can be read straight off the sheet.
 */
export function selfSheetIndex(index: SheetIndex, path: readonly string[]): number | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return undefined;
  let name: string;
  if (head === 'self') {
    if (rest.length === 0) return undefined;
    name = rest.join('.');
  } else {
    if (NOT_SELF.has(head)) return undefined;
    if (rest.length === 0 && (SCOPE_NAMES.has(head) || index.readIndex.has(head))) return undefined;
    name = path.join('.');
  }
  return index.sheetIndexOf.get(name) ?? index.trackCurrent.get(name) ?? index.trackMax.get(name);
}

/** A fact of the defender's roll of an opposed check, read off its frame (`scope.opposed`). */
function opposedGetter(name: string): RefGetter {
  switch (name) {
    case 'total': return typedGetter((ctx) => (ctx.scope as Scope).opposed.total, 'number');
    case 'natural': return typedGetter((ctx) => (ctx.scope as Scope).opposed.natural, 'number');
    case 'degree': return typedGetter((ctx) => (ctx.scope as Scope).opposed.degree, 'number');
    case 'outcome': return (ctx) => (ctx.scope as Scope).opposed.outcome;
    case 'crit': return typedGetter((ctx) => (ctx.scope as Scope).opposed.crit, 'boolean');
    case 'roll.high': return typedGetter((ctx) => (ctx.scope as Scope).opposed.high, 'number');
    case 'roll.low': return typedGetter((ctx) => (ctx.scope as Scope).opposed.low, 'number');
    case 'roll.dice': return (ctx) => (ctx.scope as Scope).opposed.ctx.roll.dice;
    default: {
      const tag = name.startsWith('roll.') ? name.slice('roll.'.length) : name;
      if (tag.endsWith('.faces')) {
        const term = tag.slice(0, -'.faces'.length);
        return (ctx) => tagDice((ctx.scope as Scope).opposed.ctx.roll, term);
      }
      return (ctx) => (ctx.scope as Scope).opposed.ctx.roll.tags[tag] ?? 0;
    }
  }
}

/** The resolver handed to compileFormula: every reference of spec §1.2, as a closure over the scope. */
export function createResolver(index: SheetIndex): (path: readonly string[]) => RefGetter | undefined {
  return (path) => {
    const [head, ...rest] = path;
    if (head === undefined) return undefined;
    const restName = rest.join('.');
    switch (head) {
      case 'target': case 'attacker': case 'source': case 'self':
        return rest.length ? sheetGetter(index, restName, head) : undefined;
      case 'roll':
        switch (restName) {
          case 'high': return typedGetter((ctx) => (ctx.scope as Scope).check.high, 'number');
          case 'low': return typedGetter((ctx) => (ctx.scope as Scope).check.low, 'number');
          case 'dice': return (ctx) => (ctx.scope as Scope).check.ctx.roll.dice;
          default: {
            const tag = restName;
            // `@roll.Base.faces`: the dice of the term tagged Base (a pool's base dice, apart from its skill dice).
            if (tag.endsWith('.faces')) {
              const term = tag.slice(0, -'.faces'.length);
              return (ctx) => tagDice((ctx.scope as Scope).check.ctx.roll, term);
            }
            return (ctx) => (ctx.scope as Scope).check.ctx.roll.tags[tag] ?? 0;
          }
        }
      case 'mods': {
        const mi = index.modIndex.get(restName);
        return mi === undefined ? () => 0 : typedGetter((ctx) => (ctx.scope as Scope).mods[mi] ?? 0, 'number');
      }
      case 'reaction': {
        const ri = index.reactionIndex.get(restName);
        return ri === undefined ? () => false : typedGetter((ctx) => (ctx.scope as Scope).reactionFlags[ri] === true, 'boolean');
      }
      case 'attack':
        if (restName === 'melee') return (ctx) => (ctx.scope as Scope).melee;
        if (restName === 'targets') return typedGetter((ctx) => (ctx.scope as Scope).attackTargets, 'number');
        if (restName === 'hits') return typedGetter((ctx) => (ctx.scope as Scope).attackHits, 'number');
        break;
      case 'action':
        if (restName === 'speed') return (ctx) => (ctx.scope as Scope).actionSpeed;
        break;
      case 'vs':
        // An opposed check's defender's roll (`@vs.total`, `@vs.roll.Hope`); a plain `@vs` is the number met, below.
        if (rest.length) return opposedGetter(restName);
        break;
      case 'event':
        // The facts of the event a card fires on (rules/cards.ts sets them).
        if (restName === 'amount') return typedGetter((ctx) => (ctx.scope as Scope).eventAmount, 'number');
        if (restName === 'source') return (ctx) => (ctx.scope as Scope).eventSource;
        if (restName === 'target') return (ctx) => (ctx.scope as Scope).eventTarget;
        if (restName === 'type') return (ctx) => (ctx.scope as Scope).eventType;
        break;
      case 'clock':
        if (restName === 'next') return typedGetter((ctx) => (ctx.scope as Scope).clockNext, 'number');
        break;
      default:
        break;
    }
    if (rest.length === 0) {
      switch (head) {
        case 'natural': return typedGetter((ctx) => (ctx.scope as Scope).check.natural, 'number');
        case 'total': return typedGetter((ctx) => (ctx.scope as Scope).check.total, 'number');
        case 'vs': return typedGetter((ctx) => (ctx.scope as Scope).check.vs, 'number');
        case 'outcome': return (ctx) => (ctx.scope as Scope).check.outcome;
        case 'degree': return typedGetter((ctx) => (ctx.scope as Scope).check.degree, 'number');
        case 'crit': return typedGetter((ctx) => (ctx.scope as Scope).crit, 'boolean');
        case 'edge': return typedGetter((ctx) => (ctx.scope as Scope).edge, 'number');
        case 'stat': return typedGetter((ctx) => (ctx.scope as Scope).stat, 'number');
        case 'damage': return typedGetter((ctx) => (ctx.scope as Scope).damage, 'number');
        case 'damageType': return (ctx) => (ctx.scope as Scope).damageType;
        case 'clock': return typedGetter((ctx) => (ctx.scope as Scope).clock, 'number');
        case 'initiative': return typedGetter((ctx) => (ctx.scope as Scope).initiative, 'number');
        default: break;
      }
      const ri = index.readIndex.get(head);
      if (ri !== undefined) {
        const sheetIndex = index.sheetIndexOf.get(head) ?? index.trackCurrent.get(head) ?? index.trackMax.get(head);
        if (sheetIndex === undefined) return (ctx) => (ctx.scope as Scope).reads[ri] as Value;
        // A read named like a sheet value (a weapon's `"ws": "@ws + 10"`) is its wielder's, during its blow: anyone
        // else, and the wielder at any other time (initiative, derived values, defence), reads its own sheet.
        return (ctx) => {
          const s = ctx.scope as Scope;
          return s.readsOwner === s.self ? s.reads[ri] as Value : s.self.sheet[sheetIndex]!;
        };
      }
    }
    return sheetGetter(index, path.join('.'), 'self');
  };
}

/** Chip label of a reference: `@str.mod` → 'Strength', `@target.dex.mod` → 'Dexterity'. */
export function createLabeler(index: SheetIndex): (path: readonly string[]) => string | undefined {
  return (path) => {
    const parts = path[0] === 'target' || path[0] === 'attacker' || path[0] === 'source' || path[0] === 'self' ? path.slice(1) : path;
    const name = parts.join('.');
    const direct = index.labels.get(name);
    if (direct !== undefined) return direct;
    // `str.mod` reads as its attribute's name on a chip (the seed's `+ 3 Strength`).
    // Anything else reads as the name the document gives it (`+ 2 prof`): no term of a chip's total goes unlabelled.
    return index.labels.get(parts[0] ?? '') ?? (name === '' ? undefined : name);
  };
}
