// Walks schemas/system.schema.json beside a document: which sub-schema governs a place, which fields are formulas
// and in which context (`x-formula`), and the hover help (`description`) of every field.
import { isFormulaContext, type FormulaContext } from './contexts';
import { systemSchema } from './generated/validators';
import { escapePointerSegment, pointerSegments } from './json';

/** The part of JSON Schema our schemas use. */
export interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, SchemaNode | boolean>>;
  readonly additionalProperties?: SchemaNode | boolean;
  readonly propertyNames?: SchemaNode;
  readonly items?: SchemaNode;
  readonly oneOf?: readonly SchemaNode[];
  readonly anyOf?: readonly SchemaNode[];
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly $ref?: string;
  readonly 'x-formula'?: string;
  readonly 'x-formula-type'?: string;
}

const ROOT = systemSchema as SchemaNode;
const resolved = new Map<SchemaNode, SchemaNode>();

/** Follows `$ref` (keeping the referring schema's own description, which is more specific). */
export function resolveSchema(node: SchemaNode): SchemaNode {
  const cached = resolved.get(node);
  if (cached) return cached;
  let out = node;
  if (node.$ref) {
    const target = schemaAtPath(node.$ref);
    if (target) {
      const base = resolveSchema(target);
      out = node.description ? { ...base, description: node.description } : base;
    }
  }
  resolved.set(node, out);
  return out;
}

/** `#/$defs/check` → that node of the system schema. */
export function schemaAtPath(ref: string): SchemaNode | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = ROOT;
  for (const segment of pointerSegments(ref.slice(1))) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === 'object' && node !== null ? (node as SchemaNode) : undefined;
}

export function jsonType(value: unknown): 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as 'string' | 'boolean' | 'object';
}

function typeMatches(schema: SchemaNode, value: unknown): boolean {
  const expected = schema.type;
  if (expected === undefined) return true;
  const actual = jsonType(value);
  const list = typeof expected === 'string' ? [expected] : expected;
  return list.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** The branch of a `oneOf`/`anyOf` that fits a value's type (the first, when none does). */
export function selectBranch(schema: SchemaNode, value: unknown): SchemaNode {
  const node = resolveSchema(schema);
  const branches = node.oneOf;
  if (!branches || branches.length === 0) return node;
  const fitting = branches.map(resolveSchema).find((b) => typeMatches(b, value));
  return fitting ?? resolveSchema(branches[0]!);
}

/** Sub-schema for a member `key` of an object (or item of an array) governed by `parent`, or undefined if unknown. */
export function childSchema(parent: SchemaNode, parentValue: unknown, key: string): SchemaNode | undefined {
  const node = selectBranch(parent, parentValue);
  if (Array.isArray(parentValue)) return node.items ? resolveSchema(node.items) : undefined;
  const property = node.properties?.[key];
  if (property !== undefined) return typeof property === 'boolean' ? undefined : resolveSchema(property);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') return resolveSchema(node.additionalProperties);
  return undefined;
}

/** Sub-schema at a pointer of a document (walking the document to choose `oneOf` branches). */
export function schemaForPointer(document: unknown, pointer: string): SchemaNode | undefined {
  let schema: SchemaNode | undefined = resolveSchema(ROOT);
  let value: unknown = document;
  for (const segment of pointerSegments(pointer)) {
    if (!schema) return undefined;
    schema = childSchema(schema, value, segment);
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return schema ? selectBranch(schema, value) : undefined;
}

export function rootSchema(): SchemaNode {
  return resolveSchema(ROOT);
}

export interface FormulaField {
  /** JSON pointer of the string. */
  readonly pointer: string;
  readonly text: string;
  readonly context: FormulaContext;
  /** `boolean`, `number`, or undefined when any value will do. */
  readonly expected?: 'boolean' | 'number';
}

/** Every formula string of a document, with its context. Values of the wrong type are skipped (the schema says so). */
export function collectFormulaFields(document: unknown): FormulaField[] {
  const out: FormulaField[] = [];
  visit(document, resolveSchema(ROOT), '', out);
  return out;
}

function visit(value: unknown, schema: SchemaNode, pointer: string, out: FormulaField[]): void {
  const node = schema.oneOf ? selectBranch(schema, value) : schema;
  if (typeof value === 'string') {
    const context = node['x-formula'];
    if (context && isFormulaContext(context)) {
      const expectedType = node['x-formula-type'];
      const expected = expectedType === 'boolean' || expectedType === 'number' ? expectedType : undefined;
      out.push(expected ? { pointer, text: value, context, expected } : { pointer, text: value, context });
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    if (!node.items) return;
    const items = resolveSchema(node.items);
    for (let index = 0; index < value.length; index++) visit(value[index], items, `${pointer}/${index}`, out);
    return;
  }
  const properties = node.properties;
  const additional = node.additionalProperties && typeof node.additionalProperties === 'object' ? resolveSchema(node.additionalProperties) : undefined;
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    // Only formulas (strings) and containers can hold formulas: skip numbers and booleans without a lookup.
    if (typeof child !== 'string' && (typeof child !== 'object' || child === null)) continue;
    const property = properties?.[key];
    const childNode = property !== undefined ? (typeof property === 'boolean' ? undefined : resolveSchema(property)) : additional;
    if (childNode) visit(child, childNode, `${pointer}/${escapePointerSegment(key)}`, out);
  }
}
