// Where each id of a system is defined (checks, conditions, abilities, heroes, ...), for go to definition.
import { pathToPointer } from './jsonLocations';
import type { Definition, DefinitionKind } from './types';

const KEYED: Readonly<Record<string, DefinitionKind>> = { checks: 'check', functions: 'function' };
const LISTED: Readonly<Record<string, DefinitionKind>> = {
  conditions: 'condition',
  abilities: 'ability',
  heroes: 'hero',
  fights: 'fight',
  bestiary: 'bestiary',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every id the document defines, with the pointer of its definition (from the parsed document value). */
export function collectDefinitions(doc: unknown): Definition[] {
  const out: Definition[] = [];
  if (!isRecord(doc)) return out;
  for (const [key, kind] of Object.entries(KEYED)) {
    const object = doc[key];
    if (!isRecord(object)) continue;
    for (const id of Object.keys(object)) out.push({ kind, id, pointer: pathToPointer([key, id]) });
  }
  for (const [key, kind] of Object.entries(LISTED)) {
    const list = doc[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item: unknown, index) => {
      if (isRecord(item) && typeof item.id === 'string') out.push({ kind, id: item.id, pointer: pathToPointer([key, index]) });
    });
  }
  const templates = doc.templates;
  if (Array.isArray(templates)) {
    templates.forEach((item: unknown, index) => {
      if (isRecord(item) && typeof item.role === 'string') out.push({ kind: 'template', id: item.role, pointer: pathToPointer(['templates', index]) });
    });
  }
  return out;
}

/** Which kinds of id a string under this property names (`"check": "attack"`, `"applies": ["prone"]`). */
export function definitionKindsForKey(key: string | number | undefined, parentKey?: string | number): DefinitionKind[] {
  const k = typeof key === 'number' ? parentKey : key;
  switch (k) {
    case 'check':
      return ['check'];
    case 'applies':
    case 'inflicts':
    case 'conditions':
      return ['condition'];
    case 'abilities':
    case 'use':
      return ['ability'];
    case 'heroes':
    case 'hero':
    case 'focus':
      return ['hero'];
    case 'bestiary':
      return ['bestiary'];
    case 'role':
      return ['template'];
    default:
      return ['check', 'condition', 'ability', 'hero', 'bestiary', 'fight'];
  }
}
