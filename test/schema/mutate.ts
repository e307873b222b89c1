// Mutating a JSON document at one place, for the property tests that feed the checker and the engine damaged systems.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value in a JSON document. */
export function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

export function mutate(doc: Json, path: (string | number)[], change: (parent: any, key: string | number) => void): Json {
  const copy = structuredClone(doc);
  if (path.length === 0) return copy;
  let parent: any = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  change(parent, path[path.length - 1]!);
  return copy;
}
