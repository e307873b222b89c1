// The editor's formula help, computed in the check worker: the `@` names readable at a field (from the
// document's symbol tables) and a formula's exact distribution, with sample values for references that only
// have a value in a fight (an attribute's default, level 1, tier 1, ...), and on an attack roll the chance to hit.
import { parseFormula } from '../formula/parse';
import type { SymbolTable, UserFunction, Value } from '../formula/types';
import { distributionOf } from '../formula/distribution';
import { DocumentSymbols } from '../schema/symbols';
import { tierRangeOf, tiersOf } from '../schema/tiers';
import type { CompletionName, Distribution, FormulaInfo } from './types';

const MAX_COMPLETIONS = 400;
const MAX_PMF_POINTS = 400;
/** Points of each curve of a sweep. */
const SWEEP_POINTS = 120;
/** At most this many tiers offered by a hover (a wide `tiers` range gets evenly spread ones, its ends and the current). */
const MAX_TIER_CHOICES = 12;

export class FormulaTools {
  readonly #symbols: DocumentSymbols;
  readonly #doc: Record<string, unknown>;
  readonly #derivedCache = new Map<string, number>();

  constructor(readonly document: unknown) {
    this.#symbols = new DocumentSymbols(document);
    this.#doc = document !== null && typeof document === 'object' ? (document as Record<string, unknown>) : {};
  }

  /** The document's user functions (`functions`), as the distributions here read them. */
  get functions(): ReadonlyMap<string, UserFunction> {
    return this.#symbols.functions;
  }

  /**
   * What `@path` reads at `pointer` (a sheet, or a formula inside one: `/heroes/0`, `/bestiary/2/attack`): the
   * sheet's own number when it has one, else the sample a hover assumes; undefined when it has none. For
   * `dist --system` (engine/cli/dist.ts), which reads a system's sheets as the hover does.
   */
  valueAt(pointer: string, path: readonly string[], tier = 1): Value | undefined {
    const own = this.#sheetAt(pointer, tier)?.value(path);
    if (own !== undefined) return own;
    if (path.length === 1 && path[0] === 'tier' && pointer.startsWith('/templates/')) return tier;
    return this.#sample(path, this.#symbols.symbolsForPointer(pointer));
  }

  /** The label of the sheet at `pointer` (`Fighter 1's sheet`), or null when it is in none. */
  sheetLabel(pointer: string, tier = 1): string | null {
    return this.#sheetAt(pointer, tier)?.label ?? null;
  }

  completions(pointer: string): CompletionName[] {
    const table = this.#symbols.symbolsForPointer(pointer);
    if (!table) return [];
    const out: CompletionName[] = [];
    for (const name of table.names()) {
      const info = table.lookup(name);
      out.push(info?.label ? { name, type: info.type, label: info.label } : { name, type: info?.type ?? 'any' });
      if (out.length >= MAX_COMPLETIONS) break;
    }
    return out;
  }

  /**
   * `tier`: the tier `@tier` and a template's sheet are read at (default 1). A formula that reads `@tier`, or sits in
   * a template, says so in `tier`, so the hover can offer the others.
   */
  info(pointer: string, formula: string, defence?: number, asked = 1): FormulaInfo {
    // The system's tiers (`tiers`, 1–6 by default): a tier outside them is read at the nearest one.
    const range = tierRangeOf(this.#doc);
    const tier = Math.min(range.max, Math.max(range.min, Math.round(asked)));
    const parsed = parseFormula(formula);
    if (!parsed.ast) return { distribution: null, problem: parsed.diagnostics[0]?.message ?? 'This formula does not parse.', samples: {} };
    const ast = parsed.ast;
    const table = this.#symbols.symbolsForPointer(pointer);
    const sheet = this.#sheetAt(pointer, tier);
    const samples: Record<string, number> = {};
    const known: Record<string, number> = {};
    let readsTier = false;
    const read = (path: readonly string[], override?: { name: string; value: number }): Value | undefined => {
      const name = path.join('.');
      if (override && name === override.name) return override.value;
      if (name === 'tier' && table?.lookup('tier')) {
        // The tier chosen in the hover (1 unless asked), not a sample: the hover shows it with the other tiers.
        readsTier = true;
        return tier;
      }
      const own = sheet?.value(path);
      if (own !== undefined) {
        if (!override) known[name] = own;
        return own;
      }
      const value = this.#sample(path, table);
      if (typeof value === 'number' && !override) samples[name] = value;
      return value;
    };
    const result = distributionOf(ast, { resolve: (path) => read(path), functions: this.#symbols.functions });
    if (!result.ok) return { distribution: null, problem: result.error.message, samples };
    const distribution: Distribution = {
      min: result.min,
      max: result.max,
      mean: result.mean,
      stdev: result.stdev,
      pmf: thin(result.pmf),
    };
    const hit = defence !== undefined && this.#isAttackRoll(pointer) ? { defence, chance: chanceAtLeast(result.pmf, defence) } : undefined;
    const out: { -readonly [K in keyof FormulaInfo]: FormulaInfo[K] } = { distribution, samples };
    if (hit) out.hit = hit;
    if (sheet && Object.keys(known).length > 0) out.sheet = { label: sheet.label, values: known };
    if (readsTier || (sheet && pointer.startsWith('/templates/'))) out.tier = { value: tier, choices: tierChoices(range.min, range.max, tier) };
    const swept = this.#sweepOf({ ...known, ...samples, ...(readsTier ? { tier } : {}) }, pointer.startsWith('/templates/'));
    if (swept) {
      const points: { value: number; distribution: Distribution }[] = [];
      for (const value of swept.values) {
        const r = distributionOf(ast, { resolve: (path) => read(path, { name: swept.name, value }), functions: this.#symbols.functions });
        if (r.ok) points.push({ value, distribution: { min: r.min, max: r.max, mean: r.mean, stdev: r.stdev, pmf: thin(r.pmf, SWEEP_POINTS) } });
      }
      if (points.length > 1) out.sweep = { name: swept.name, points };
    }
    return out;
  }

  /** Which reference to sweep, and over what: `@tier` over the system's tiers (1–6 by default), else the first stat read (its range), else `@level`. */
  #sweepOf(read: Readonly<Record<string, number>>, template: boolean): { name: string; values: number[] } | null {
    const names = Object.keys(read);
    if (names.includes('tier') || (template && names.length === 0)) return names.includes('tier') ? { name: 'tier', values: tiersOf(tierRangeOf(this.#doc)) } : null;
    const attributes = (this.#doc.attributes ?? {}) as Record<string, Record<string, unknown> | undefined>;
    for (const name of names) {
      const attribute = attributes[name];
      if (!attribute || typeof attribute !== 'object') continue;
      const now = read[name]!;
      const min = typeof attribute.min === 'number' ? attribute.min : Math.max(0, now - 3);
      const max = typeof attribute.max === 'number' ? attribute.max : now + 3;
      if (!(max > min) || max - min > 1e6) continue;
      const steps = Math.min(6, max - min + 1);
      const values = [...new Set(Array.from({ length: steps }, (_, i) => Math.round(min + ((max - min) * i) / (steps - 1))))];
      return { name, values };
    }
    if (names.includes('level')) return { name: 'level', values: [1, 4, 8, 12, 16, 20] };
    return null;
  }

  /**
   * The sheet a formula sits in (a hero, a bestiary creature, an enemy template at `tier`), so the hover reads that
   * sheet's own numbers instead of samples: inside a hero's weapon, `1d8 + @might` reads that hero's might.
   */
  #sheetAt(pointer: string, tier: number): { label: string; value(path: readonly string[]): number | undefined } | null {
    const [list, index] = pointer.split('/').slice(1);
    if (index === undefined || !/^\d+$/.test(index)) return null;
    const items = this.#doc[list ?? ''];
    const item = Array.isArray(items) ? (items[Number(index)] as Record<string, unknown> | undefined) : undefined;
    if (!item || typeof item !== 'object') return null;
    const attributes = (item.attributes ?? {}) as Record<string, unknown>;
    const name = typeof item.name === 'string' ? item.name : typeof item.id === 'string' ? item.id : `${list} ${index}`;
    const cache = new Map<string, number | undefined>();
    // A hero's attribute not written on its sheet is the attribute's default: known, not a guess.
    const systemAttributes = (this.#doc.attributes ?? {}) as Record<string, Record<string, unknown> | undefined>;
    const own = (key: string, depth: number): number | undefined => {
      if (cache.has(key)) return cache.get(key);
      cache.set(key, undefined); // cuts cycles
      let value: number | undefined;
      const written = attributes[key];
      if (typeof written === 'number') value = written;
      else if (typeof written === 'string' && list === 'templates') value = this.#meanOf(written, (path) => (path.join('.') === 'tier' ? tier : depth < 8 ? own(path.join('.'), depth + 1) : undefined));
      else if (key === 'level' && typeof item.level === 'number') value = item.level;
      else if (list === 'heroes' && typeof systemAttributes[key]?.default === 'number') value = systemAttributes[key]!.default as number;
      else if (key === 'tier' && list === 'templates') value = tier;
      else if (list === 'heroes' || list === 'templates' || list === 'bestiary') {
        const derived = ((this.#doc.derived ?? {}) as Record<string, unknown>)[key];
        if (typeof derived === 'string' && depth < 8) {
          const reads = (path: readonly string[]): Value | undefined => {
            const k = path.join('.');
            return own(k, depth + 1) ?? this.#sample(path, undefined);
          };
          value = this.#meanOf(derived, reads);
        }
      }
      cache.set(key, value);
      return value;
    };
    if (list === 'heroes') return { label: `${name}'s sheet`, value: (path) => (path[0] === 'target' || path[0] === 'attacker' ? undefined : own(path.join('.'), 0)) };
    if (list === 'bestiary') return { label: `${name}'s sheet`, value: (path) => (path[0] === 'target' || path[0] === 'attacker' ? undefined : own(path.join('.'), 0)) };
    if (list === 'templates') {
      const role = typeof item.role === 'string' ? item.role : name;
      return { label: `the ${role} template at tier ${tier}`, value: (path) => (path[0] === 'target' || path[0] === 'attacker' ? undefined : own(path.join('.'), 0)) };
    }
    return null;
  }

  #meanOf(formula: string, resolve: (path: readonly string[]) => Value | undefined): number | undefined {
    const parsed = parseFormula(formula);
    if (!parsed.ast) return undefined;
    const result = distributionOf(parsed.ast, { resolve, functions: this.#symbols.functions });
    return result.ok ? Math.round(result.mean * 100) / 100 : undefined;
  }

  #isAttackRoll(pointer: string): boolean {
    const combat = (this.#doc.combat ?? {}) as Record<string, unknown>;
    const attack = (combat.attack ?? {}) as Record<string, unknown>;
    const check = typeof attack.check === 'string' ? attack.check : 'attack';
    return pointer === `/checks/${check.replace(/~/g, '~0').replace(/\//g, '~1')}/roll`;
  }

  /** A value a reference plausibly has, for a hover's distribution; undefined leaves it unknown (an error). */
  #sample(path: readonly string[], table: SymbolTable | undefined): Value | undefined {
    const name = path.join('.');
    const info = table?.lookup(name);
    if (info?.type === 'boolean') return false;
    if (info?.type === 'list') return [];
    if (info?.type === 'string') return '';
    if (info?.range) return info.range[0];
    const own = path[0] === 'target' || path[0] === 'attacker' || path[0] === 'source' ? path.slice(1) : path;
    const key = own.join('.');
    switch (key) {
      case 'level':
      case 'tier':
        return 1;
      case 'edge':
      case 'clock':
      case 'degree':
        return 0;
      case 'vs':
        return 12;
      case 'stat':
        return 3;
      case 'damage':
        return 8;
      case 'conditions':
        // A sample sheet holds no condition (`dist --system --at` a hero reads `has(@conditions, 'joker')` as false).
        return [];
    }
    const attributes = (this.#doc.attributes ?? {}) as Record<string, unknown>;
    const attribute = attributes[key] as Record<string, unknown> | undefined;
    if (attribute && typeof attribute === 'object') return typeof attribute.default === 'number' ? attribute.default : 10;
    const derived = (this.#doc.derived ?? {}) as Record<string, unknown>;
    if (typeof derived[key] === 'string') return this.#derivedValue(key, derived[key] as string);
    return info ? 0 : undefined;
  }

  /** A derived value's mean under the same samples (a derived value reads attributes, not dice, as a rule). */
  #derivedValue(name: string, formula: string): number {
    const cached = this.#derivedCache.get(name);
    if (cached !== undefined) return cached;
    this.#derivedCache.set(name, 0); // cuts cycles; the checker reports them
    const parsed = parseFormula(formula);
    let value = 0;
    if (parsed.ast) {
      const result = distributionOf(parsed.ast, { resolve: (path) => this.#sample(path, undefined), functions: this.#symbols.functions });
      if (result.ok) value = Math.round(result.mean * 100) / 100;
    }
    this.#derivedCache.set(name, value);
    return value;
  }
}

/** The tiers a hover offers: all of min..max, or for a wider range evenly spread ones with both ends and `current`. */
export function tierChoices(min: number, max: number, current: number): number[] {
  if (max - min + 1 <= MAX_TIER_CHOICES) return tiersOf({ min, max });
  const spread = Array.from({ length: MAX_TIER_CHOICES - 1 }, (_, i) => Math.round(min + ((max - min) * i) / (MAX_TIER_CHOICES - 2)));
  return [...new Set([...spread, current])].sort((a, b) => a - b);
}

export function chanceAtLeast(pmf: readonly (readonly [number, number])[], threshold: number): number {
  let p = 0;
  for (const [value, probability] of pmf) if (value >= threshold) p += probability;
  return Math.min(1, p);
}

/** Keeps a hover's chart small: wide distributions are merged into at most `points` bins. */
function thin(pmf: readonly (readonly [number, number])[], points = MAX_PMF_POINTS): [number, number][] {
  if (pmf.length <= points) return pmf.map(([v, p]) => [v, p]);
  const size = Math.ceil(pmf.length / points);
  const out: [number, number][] = [];
  for (let i = 0; i < pmf.length; i += size) {
    const bin = pmf.slice(i, i + size);
    out.push([bin[0]![0], bin.reduce((s, [, p]) => s + p, 0)]);
  }
  return out;
}
