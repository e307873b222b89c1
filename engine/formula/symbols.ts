// Symbol tables: what a formula may read in one context. Backed by Maps, so no name ever reaches a prototype.
import type { SymbolInfo, SymbolTable, UserFunction } from './types';

export interface SymbolTableOptions {
  readonly functions?: ReadonlyMap<string, UserFunction>;
  /** Full message for a name unknown here but known elsewhere ("`@tier` is only readable in templates"). */
  explainUnknown?(path: string): string | undefined;
}

/** A table from dotted paths without `@` (`str.mod`) to what they hold. Only own keys of `entries` count. */
export function createSymbolTable(entries: Readonly<Record<string, SymbolInfo>>, options: SymbolTableOptions = {}): SymbolTable {
  const symbols = new Map<string, SymbolInfo>();
  for (const key of Object.keys(entries)) symbols.set(key, entries[key]!);
  const explain = options.explainUnknown;
  return {
    lookup: (path) => symbols.get(path),
    names: () => symbols.keys(),
    functions: options.functions,
    explainUnknown: explain === undefined ? undefined : (path) => explain(path),
  };
}

/**
 * `inner` over `outer`: inner names win, everything else (functions, explanations) comes from outer.
 * Used for a user function's parameters over its caller's context, and for contexts built in layers.
 */
export function layerSymbols(inner: Readonly<Record<string, SymbolInfo>> | ReadonlyMap<string, SymbolInfo>, outer: SymbolTable): SymbolTable {
  const own = inner instanceof Map ? new Map(inner) : new Map(Object.keys(inner).map((key) => [key, (inner as Record<string, SymbolInfo>)[key]!]));
  return {
    lookup: (path) => own.get(path) ?? outer.lookup(path),
    names: function* () {
      yield* own.keys();
      for (const name of outer.names()) if (!own.has(name)) yield name;
    },
    functions: outer.functions,
    explainUnknown: outer.explainUnknown === undefined ? undefined : (path) => outer.explainUnknown!(path),
  };
}

/** What `@name` (or a `@name.…`) already reads in `table`, in words, or undefined when the name is free (a `let`'s). */
export function alreadyReadable(table: SymbolTable, name: string): string | undefined {
  if (table.lookup(name) !== undefined) return 'which this formula can read already';
  const prefix = `${name}.`;
  for (const known of table.names()) if (known.startsWith(prefix)) return `whose \`@${known}\` this formula can read already`;
  return undefined;
}
