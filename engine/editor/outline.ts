// The outline of a system (document symbols): one group per section, one entry per check, condition, ability,
// template, creature, hero, fight, ... with the range of its whole entry and of its name. From the JSON tree, so
// it works on a document with errors (as long as the JSON parses far enough).
import type { Node } from 'jsonc-parser';
import { JsonLocator, type OffsetRange } from './jsonLocations';

export type OutlineKind = 'section' | 'attribute' | 'derived' | 'track' | 'function' | 'check' | 'condition' | 'ability' | 'template' | 'class' | 'bestiary' | 'hero' | 'party' | 'fight';

export interface OutlineEntry {
  readonly name: string;
  /** A second line: the entry's display name, a template's tier, ... */
  readonly detail?: string;
  readonly kind: OutlineKind;
  /** The whole member (key and value). */
  readonly range: OffsetRange;
  /** The part to select and show: its key, or its `id`/`role` value. */
  readonly selection: OffsetRange;
  readonly children: readonly OutlineEntry[];
}

/** Sections whose entries are keyed objects (`"checks": { "attack": {...} }`). */
const KEYED: Readonly<Record<string, OutlineKind>> = {
  attributes: 'attribute',
  derived: 'derived',
  tracks: 'track',
  functions: 'function',
  checks: 'check',
  classes: 'class',
};
/** Sections whose entries are listed, named by a field. */
const LISTED: Readonly<Record<string, { kind: OutlineKind; by: string }>> = {
  conditions: { kind: 'condition', by: 'id' },
  abilities: { kind: 'ability', by: 'id' },
  templates: { kind: 'template', by: 'role' },
  bestiary: { kind: 'bestiary', by: 'id' },
  heroes: { kind: 'hero', by: 'id' },
  parties: { kind: 'party', by: 'id' },
  fights: { kind: 'fight', by: 'id' },
};

const range = (node: Node): OffsetRange => ({ start: node.offset, end: node.offset + node.length });

function member(object: Node, key: string): Node | undefined {
  return object.children?.find((p) => p.type === 'property' && p.children?.[0]?.value === key)?.children?.[1];
}

function text(node: Node | undefined): string | undefined {
  return node && (node.type === 'string' || node.type === 'number') ? String(node.value) : undefined;
}

export function outline(source: string, locator = new JsonLocator(source)): OutlineEntry[] {
  const root = locator.root;
  if (!root || root.type !== 'object') return [];
  const out: OutlineEntry[] = [];
  for (const property of root.children ?? []) {
    const keyNode = property.children?.[0];
    const value = property.children?.[1];
    const key = keyNode?.value;
    if (!keyNode || !value || typeof key !== 'string') continue;
    const children: OutlineEntry[] = [];
    const keyed = KEYED[key];
    const listed = LISTED[key];
    if (keyed && value.type === 'object') {
      for (const entry of value.children ?? []) {
        const name = entry.children?.[0];
        const body = entry.children?.[1];
        if (!name || typeof name.value !== 'string') continue;
        const label = body?.type === 'object' ? text(member(body, 'name')) ?? text(member(body, 'label')) : undefined;
        children.push({ name: name.value, ...(label ? { detail: label } : {}), kind: keyed, range: range(entry), selection: range(name), children: [] });
      }
    } else if (listed && value.type === 'array') {
      (value.children ?? []).forEach((item, index) => {
        if (item.type !== 'object') return;
        const named = member(item, listed.by);
        const name = text(named) ?? `#${index}`;
        const tier = key === 'templates' ? text(member(item, 'tier')) : undefined;
        const label = text(member(item, 'name')) ?? (tier ? `tier ${tier}` : undefined);
        children.push({ name, ...(label ? { detail: label } : {}), kind: listed.kind, range: range(item), selection: named ? range(named) : range(item), children: [] });
      });
    } else continue;
    out.push({ name: key, detail: `${children.length}`, kind: 'section', range: range(property), selection: range(keyNode), children });
  }
  return out;
}
