// Pathological systems for the limits on user functions (issue 17), generated: fan-outs, long chains, wide bodies.
import { readFileSync } from 'node:fs';
import type { UserFunction } from '../../engine/formula/types';
import type { SystemDocument } from '../../engine/schema/document';

export type Functions = Map<string, UserFunction>;

/** f0 … f(n-1): each calls the next `fan` times (`f1(@x) + f1(@x)`), the last returns `@x + 1`; `pad` adds ` + 1`s. */
export function chain(n: number, fan = 1, pad = 0): Functions {
  const functions: Functions = new Map();
  for (let i = 0; i < n; i++) {
    const call = i + 1 < n ? Array.from({ length: fan }, () => `f${i + 1}(@x)`).join(' + ') : '@x + 1';
    functions.set(`f${i}`, { params: ['x'], body: call + ' + 1'.repeat(pad) });
  }
  return functions;
}

const forged = readFileSync(new URL('../../systems/forged.json', import.meta.url), 'utf8');

/** forged with these functions and a derived value `deep.v` = `f0(1)` (a ~24 KB file for the fan of 30). */
export function systemWith(functions: Functions): { text: string; doc: SystemDocument } {
  const doc = JSON.parse(forged) as SystemDocument & { derived?: Record<string, string>; functions?: Record<string, UserFunction> };
  doc.functions = Object.fromEntries([...functions].map(([name, fn]) => [name, { params: [...fn.params], body: fn.body }]));
  doc.derived = { ...doc.derived, 'deep.v': 'f0(1)' };
  return { text: JSON.stringify(doc, null, 2), doc };
}

