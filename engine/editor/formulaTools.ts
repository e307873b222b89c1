// The editor's formula help, computed in the check worker: the `@` names readable at a field (from the
// document's symbol tables) and a formula's exact distribution, with sample values for references that only
// have a value in a fight (an attribute's default, level 1, tier 1, ...), and on an attack roll the chance to hit.
import { parseFormula } from '../formula/parse';
import type { SymbolTable, Value } from '../formula/types';
import { distributionOf } from '../dice/distribution';
import { DocumentSymbols } from '../schema/symbols';
import type { CompletionName, Distribution, FormulaInfo } from './types';

const MAX_COMPLETIONS = 400;
const MAX_PMF_POINTS = 400;

export class FormulaTools {
  readonly #symbols: DocumentSymbols;
  readonly #doc: Record<string, unknown>;
  readonly #derivedCache = new Map<string, number>();

  constructor(readonly document: unknown) {
    this.#symbols = new DocumentSymbols(document);
    this.#doc = document !== null && typeof document === 'object' ? (document as Record<string, unknown>) : {};
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

  info(pointer: string, formula: string, defence?: number): FormulaInfo {
    const parsed = parseFormula(formula);
    if (!parsed.ast) return { distribution: null, problem: parsed.diagnostics[0]?.message ?? 'This formula does not parse.', samples: {} };
    const table = this.#symbols.symbolsForPointer(pointer);
    const samples: Record<string, number> = {};
    const result = distributionOf(parsed.ast, {
      resolve: (path) => {
        const value = this.#sample(path, table);
        if (typeof value === 'number') samples[path.join('.')] = value;
        return value;
      },
      functions: this.#symbols.functions,
    });
    if (!result.ok) return { distribution: null, problem: result.error.message, samples };
    const distribution: Distribution = {
      min: result.min,
      max: result.max,
      mean: result.mean,
      stdev: result.stdev,
      pmf: thin(result.pmf),
    };
    const hit = defence !== undefined && this.#isAttackRoll(pointer) ? { defence, chance: chanceAtLeast(result.pmf, defence) } : undefined;
    return hit ? { distribution, samples, hit } : { distribution, samples };
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

export function chanceAtLeast(pmf: readonly (readonly [number, number])[], threshold: number): number {
  let p = 0;
  for (const [value, probability] of pmf) if (value >= threshold) p += probability;
  return Math.min(1, p);
}

/** Keeps a hover's chart small: wide distributions are merged into at most MAX_PMF_POINTS bins. */
function thin(pmf: readonly (readonly [number, number])[]): [number, number][] {
  if (pmf.length <= MAX_PMF_POINTS) return pmf.map(([v, p]) => [v, p]);
  const size = Math.ceil(pmf.length / MAX_PMF_POINTS);
  const out: [number, number][] = [];
  for (let i = 0; i < pmf.length; i += size) {
    const bin = pmf.slice(i, i + size);
    out.push([bin[0]![0], bin.reduce((s, [, p]) => s + p, 0)]);
  }
  return out;
}
