// Where each id of a system is defined (checks, conditions, abilities, heroes, ...), for go to definition.
import type { Node } from 'jsonc-parser';
import { pathToPointer } from '../editor/jsonLocations';
import type { Definition, DefinitionKind } from './protocol';

const KEYED: Readonly<Record<string, DefinitionKind>> = { checks: 'check', functions: 'function' };
const LISTED: Readonly<Record<string, DefinitionKind>> = {
  conditions: 'condition',
  abilities: 'ability',
  heroes: 'hero',
  fights: 'fight',
  bestiary: 'bestiary',
};

function member(object: Node | undefined, key: string): Node | undefined {
  if (object?.type !== 'object') return undefined;
  for (const property of object.children ?? []) {
    if (property.children?.[0]?.value === key) return property.children[1];
  }
  return undefined;
}

export function collectDefinitions(root: Node | undefined): Definition[] {
  const out: Definition[] = [];
  if (root?.type !== 'object') return out;
  for (const [key, kind] of Object.entries(KEYED)) {
    const object = member(root, key);
    if (object?.type !== 'object') continue;
    for (const property of object.children ?? []) {
      const id = property.children?.[0]?.value;
      if (typeof id === 'string') out.push({ kind, id, pointer: pathToPointer([key, id]) });
    }
  }
  for (const [key, kind] of Object.entries(LISTED)) {
    const array = member(root, key);
    if (array?.type !== 'array') continue;
    (array.children ?? []).forEach((item, index) => {
      const id = member(item, 'id')?.value;
      if (typeof id === 'string') out.push({ kind, id, pointer: pathToPointer([key, index]) });
    });
  }
  const templates = member(root, 'templates');
  if (templates?.type === 'array') {
    (templates.children ?? []).forEach((item, index) => {
      const role = member(item, 'role')?.value;
      if (typeof role === 'string') out.push({ kind: 'template', id: role, pointer: pathToPointer(['templates', index]) });
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
