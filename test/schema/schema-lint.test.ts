// The schema is the editor's hover help: every property says what it is for (a `description`, on the property or
// the definition it refers to), and every `x-formula` names a known context.
import { describe, expect, it } from 'vitest';
import { isFormulaContext } from '../../engine/schema/contexts';
import { eventsSchema, systemSchema } from '../../engine/schema/generated/validators';

type Node = Record<string, unknown>;

function walk(node: unknown, path: string, root: Node, visit: (node: Node, path: string) => void): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    node.forEach((n, i) => walk(n, `${path}/${i}`, root, visit));
    return;
  }
  visit(node as Node, path);
  for (const [key, child] of Object.entries(node)) walk(child, `${path}/${key}`, root, visit);
}

function described(node: Node, root: Node): boolean {
  if (typeof node.description === 'string' && node.description.length > 0) return true;
  if (typeof node.$ref === 'string') {
    const target = node.$ref.slice(2).split('/').reduce<unknown>((n, k) => (n as Node)?.[k], root) as Node | undefined;
    return !!target && described(target, root);
  }
  if (Array.isArray(node.oneOf)) return (node.oneOf as Node[]).every((b) => described(b, root));
  return false;
}

describe.each([['system', systemSchema], ['events', eventsSchema]] as const)('%s schema', (_name, schema) => {
  it('has a $id and a description on every property', () => {
    expect(schema.$id).toMatch(/^urn:rules-studio:schema:/);
    const missing: string[] = [];
    walk(schema, '#', schema as Node, (node, path) => {
      if (path.includes('/if')) return; // an `if` only tests a value; it documents nothing
      for (const [key, property] of Object.entries((node.properties as Record<string, unknown>) ?? {})) {
        if (typeof property === 'object' && property !== null && !described(property as Node, schema as Node)) missing.push(`${path}/properties/${key}`);
      }
      const extra = node.additionalProperties;
      if (typeof extra === 'object' && extra !== null && !described(extra as Node, schema as Node)) missing.push(`${path}/additionalProperties`);
    });
    expect(missing).toEqual([]);
  });

  it('names only known formula contexts', () => {
    const unknown: string[] = [];
    walk(schema, '#', schema as Node, (node, path) => {
      const context = node['x-formula'];
      if (context !== undefined && (typeof context !== 'string' || !isFormulaContext(context))) unknown.push(`${path}: ${String(context)}`);
      if (node['x-formula'] !== undefined && node.type !== 'string') unknown.push(`${path}: a formula must be a string`);
    });
    expect(unknown).toEqual([]);
  });
});
