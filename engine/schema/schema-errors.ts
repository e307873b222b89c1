// ajv's errors → one designer-language message per mistake, placed at the offending key or value.
// ajv (allErrors) reports every failing branch of a oneOf/anyOf and every keyword separately; this collapses them.
import type { ValidationError } from './generated/validators';
import { describePointer, escapePointerSegment, pointerSegments } from './json';
import { jsonType, resolveSchema, rootSchema, childSchema, type SchemaNode } from './walk';

/** Where a message belongs: the value, the member's key, or (missing keys) the key of the object that lacks them. */
export type Anchor = 'value' | 'key' | 'object';

export interface SchemaProblem {
  readonly pointer: string;
  readonly anchor: Anchor;
  /** For anchor `key` on an unknown member: the member's own pointer. */
  readonly message: string;
  readonly code: string;
}

/** Edit distance, for "did you mean". Small strings only. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
    }
  }
  return row[b.length]!;
}

/** The nearest of some names, when it is near enough to be a likely typo. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    const score = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  const allowed = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  return best !== undefined && bestScore <= allowed ? best : undefined;
}

export function describeValue(value: unknown): string {
  switch (jsonType(value)) {
    case 'null':
      return 'null';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    case 'string': {
      const text = value as string;
      return `the text "${text.length > 30 ? `${text.slice(0, 30)}…` : text}"`;
    }
    case 'boolean':
      return String(value);
    default:
      return `the number ${String(value)}`;
  }
}

function describeExpected(schema: SchemaNode | undefined, ajvType: unknown): string {
  if (schema?.['x-formula']) return schema['x-formula-type'] === 'boolean' ? 'a formula string (true or false)' : 'a formula string';
  const types = typeof ajvType === 'string' ? ajvType.split(',') : [];
  const words: Record<string, string> = {
    string: 'text (in double quotes)',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    array: 'a list [ ... ]',
    object: 'an object { ... }',
    null: 'null',
  };
  return types.map((t) => words[t] ?? t).join(' or ') || 'something else';
}

function firstSentence(text: string | undefined): string {
  if (!text) return '';
  const match = /^.*?[.!?](\s|$)/.exec(text);
  return (match ? match[0] : text).trim();
}

function valueAt(document: unknown, pointer: string): unknown {
  let value: unknown = document;
  for (const segment of pointerSegments(pointer)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** The schema governing a place, before any oneOf branch is chosen. */
function unselectedSchemaAt(document: unknown, pointer: string): SchemaNode | undefined {
  let schema: SchemaNode | undefined = rootSchema();
  let value: unknown = document;
  for (const segment of pointerSegments(pointer)) {
    if (!schema) return undefined;
    schema = childSchema(schema, value, segment);
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return schema;
}

function selectedSchemaAt(document: unknown, pointer: string): SchemaNode | undefined {
  const schema = unselectedSchemaAt(document, pointer);
  if (!schema?.oneOf) return schema;
  const value = valueAt(document, pointer);
  return schema.oneOf.map(resolveSchema).find((b) => branchTypeFits(b, value)) ?? schema;
}

function branchTypeFits(branch: SchemaNode, value: unknown): boolean {
  const t = branch.type;
  if (t === undefined) return true;
  const actual = jsonType(value);
  const list = typeof t === 'string' ? [t] : t;
  return list.some((x) => x === actual || (x === 'number' && actual === 'integer'));
}

function within(pointer: string, root: string): boolean {
  return pointer === root || pointer.startsWith(`${root}/`);
}

function listNames(names: readonly string[]): string {
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** Turns ajv's errors for `document` into one problem per mistake. */
export function mapSchemaErrors(document: unknown, errors: readonly ValidationError[]): SchemaProblem[] {
  let pending = errors.slice();
  const problems: SchemaProblem[] = [];

  // 1. oneOf / anyOf: keep only the branch that fits the value, or one message when none can.
  for (const alt of errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')) {
    if (!pending.includes(alt)) continue;
    const at = alt.instancePath;
    const value = valueAt(document, at);
    const schema = unselectedSchemaAt(document, at);
    const branches = (schema?.oneOf ?? schema?.anyOf ?? []).map(resolveSchema);
    const branchErrors = pending.filter((e) => e.instancePath === at && e !== alt && e.schemaPath.startsWith(`${alt.schemaPath}/`));
    if (alt.keyword === 'anyOf' && branchErrors.length > 0 && branchErrors.every((e) => e.keyword === 'required')) {
      const names = branchErrors.map((e) => String(e.params.missingProperty));
      problems.push({ pointer: at, anchor: 'object', code: 'required', message: `\`${describePointer(at)}\` needs one of ${listNames(names)}` });
      pending = pending.filter((e) => e !== alt && !branchErrors.includes(e));
      continue;
    }
    if (branches.length > 0 && !branches.some((b) => branchTypeFits(b, value))) {
      const expected = branches.map((b) => describeExpected(b, Array.isArray(b.type) ? b.type.join(',') : b.type)).join(' or ');
      problems.push({ pointer: at, anchor: 'value', code: 'type', message: `${at === '' ? 'the document' : `\`${describePointer(at)}\``} must be ${expected}; got ${describeValue(value)}` });
      pending = pending.filter((e) => !within(e.instancePath, at));
      continue;
    }
    pending = pending.filter((e) => e !== alt && !(e.instancePath === at && e.keyword === 'type'));
  }

  // 2. propertyNames: ajv reports the inner failure (pattern) and the wrapper; keep the wrapper, which names the key.
  const wrappers = pending.filter((e) => e.keyword === 'propertyNames');
  pending = pending.filter((e) => !(e.keyword !== 'propertyNames' && wrappers.some((w) => w.instancePath === e.instancePath) && typeof valueAt(document, e.instancePath) === 'object' && e.keyword === 'pattern'));

  // 3. Missing keys: one message per object.
  const missing = new Map<string, string[]>();
  for (const e of pending) {
    if (e.keyword !== 'required') continue;
    const list = missing.get(e.instancePath) ?? [];
    list.push(String(e.params.missingProperty));
    missing.set(e.instancePath, list);
  }
  for (const [at, allNames] of missing) {
    const schema = selectedSchemaAt(document, at);
    // A misspelt key (`damge`) is one mistake: its "unknown key, did you mean `damage`?" says it all.
    const known = Object.keys(schema?.properties ?? {});
    const misspelt = new Set(
      pending
        .filter((e) => e.keyword === 'additionalProperties' && e.instancePath === at)
        .map((e) => closest(String(e.params.additionalProperty), known))
        .filter((n): n is string => n !== undefined),
    );
    const names = allNames.filter((n) => !misspelt.has(n));
    if (names.length === 0) continue;
    const help = names.length === 1 ? firstSentence(propertySchema(schema, names[0]!)?.description) : '';
    const where = at === '' ? 'the document' : `\`${describePointer(at)}\``;
    problems.push({ pointer: at, anchor: 'object', code: 'required', message: `${where} is missing ${listNames(names)}${help ? ` (${help.replace(/\.$/, '')})` : ''}` });
  }
  pending = pending.filter((e) => e.keyword !== 'required');

  // 4. Everything else, one per (place, keyword).
  const seen = new Set<string>();
  for (const e of pending) {
    const key = `${e.instancePath}\u0000${e.keyword}\u0000${String(e.params.additionalProperty ?? e.params.propertyName ?? '')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const problem = describeError(document, e);
    if (problem) problems.push(problem);
  }
  // An unknown key's own contents are not checked further: a parent's type error hides its children's.
  return problems.filter((p, i) => !problems.some((q, j) => j !== i && q.code === 'type' && q.pointer !== p.pointer && within(p.pointer, q.pointer)));
}

/** The rule a pattern stands for, in words: the description of the `$defs` entry that declares it. */
function patternHelp(pattern: string): string | undefined {
  const defs = (rootSchema() as { $defs?: Record<string, SchemaNode> }).$defs ?? {};
  return Object.values(defs).find((d) => d.pattern === pattern)?.description;
}

function propertySchema(schema: SchemaNode | undefined, name: string): SchemaNode | undefined {
  const property = schema?.properties?.[name];
  return property && typeof property === 'object' ? resolveSchema(property) : undefined;
}

function describeError(document: unknown, e: ValidationError): SchemaProblem | undefined {
  const at = e.instancePath;
  const where = at === '' ? 'the document' : `\`${describePointer(at)}\``;
  const value = valueAt(document, at);
  const schema = selectedSchemaAt(document, at);
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(e.params.additionalProperty);
      const known = Object.keys(schema?.properties ?? {});
      const guess = closest(name, known);
      const container = at === '' ? 'the document' : where;
      return {
        pointer: `${at}/${escapePointerSegment(name)}`,
        anchor: 'key',
        code: 'unknown-key',
        message: `unknown key \`${name}\` in ${container}${guess ? `; did you mean \`${guess}\`?` : known.length ? `; known keys: ${known.map((k) => `\`${k}\``).join(', ')}` : ''}`,
      };
    }
    case 'type': {
      const segments = pointerSegments(at);
      const parentPointer = at.slice(0, at.lastIndexOf('/'));
      const parent = selectedSchemaAt(document, parentPointer);
      const name = segments[segments.length - 1] ?? '';
      const declared = parent?.properties && Object.prototype.hasOwnProperty.call(parent.properties, name);
      if (!declared && parent?.properties && typeof parent.additionalProperties === 'object' && jsonType(valueAt(document, parentPointer)) === 'object') {
        const guess = closest(name, Object.keys(parent.properties));
        return {
          pointer: at,
          anchor: 'key',
          code: 'unknown-key',
          message: `unknown key \`${name}\` in \`${describePointer(parentPointer)}\`${guess ? `; did you mean \`${guess}\`?` : ''} (any other key here must be ${describeExpected(schema, e.params.type)}; got ${describeValue(value)})`,
        };
      }
      return { pointer: at, anchor: 'value', code: 'type', message: `${where} must be ${describeExpected(schema, e.params.type)}; got ${describeValue(value)}` };
    }
    case 'enum': {
      const allowed = (e.params.allowedValues as unknown[]).map(String);
      const guess = typeof value === 'string' ? closest(value, allowed) : undefined;
      return {
        pointer: at,
        anchor: 'value',
        code: 'enum',
        message: `${where} must be one of ${allowed.map((a) => `\`${a}\``).join(', ')}; got ${describeValue(value)}${guess ? ` (did you mean \`${guess}\`?)` : ''}`,
      };
    }
    case 'const':
      return { pointer: at, anchor: 'value', code: 'const', message: `${where} must be ${JSON.stringify(e.params.allowedValue)}; got ${describeValue(value)}` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { pointer: at, anchor: 'value', code: 'range', message: `${where} must be at least ${String(e.params.limit)}; got ${String(value)}` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { pointer: at, anchor: 'value', code: 'range', message: `${where} must be at most ${String(e.params.limit)}; got ${String(value)}` };
    case 'minLength':
      return { pointer: at, anchor: 'value', code: 'empty', message: `${where} must not be empty` };
    case 'minProperties':
      return { pointer: at, anchor: 'value', code: 'empty', message: `${where} must not be empty${schema?.description ? `: ${firstSentence(schema.description)}` : ''}` };
    case 'dependentRequired':
      return {
        pointer: at,
        anchor: 'value',
        code: 'required',
        message: `${where} has \`${String(e.params.property)}\` but no \`${String(e.params.missingProperty)}\``,
      };
    case 'propertyNames': {
      const name = String(e.params.propertyName);
      const names = schema?.propertyNames ? resolveSchema(schema.propertyNames) : undefined;
      const rule = (names?.pattern ? patternHelp(names.pattern) : undefined) ?? names?.description ?? 'see the schema';
      return {
        pointer: `${at}/${escapePointerSegment(name)}`,
        anchor: 'key',
        code: 'bad-name',
        message: `\`${name}\` is not a valid name in ${at === '' ? 'the document' : where}: ${rule}`,
      };
    }
    case 'pattern':
      return {
        pointer: at,
        anchor: 'value',
        code: 'bad-name',
        message: `${where} ${describeValue(value)} is not valid: ${patternHelp(String(e.params.pattern)) ?? `it must match ${String(e.params.pattern)}`}`,
      };
    case 'maxItems':
      return { pointer: at, anchor: 'value', code: 'range', message: `${where} may hold at most ${String(e.params.limit)} entries; it has ${Array.isArray(value) ? value.length : '?'}` };
    case 'minItems':
      return { pointer: at, anchor: 'value', code: 'range', message: `${where} needs at least ${String(e.params.limit)} entries` };
    case 'uniqueItems':
      return { pointer: at, anchor: 'value', code: 'duplicate', message: `${where} lists the same entry twice` };
    default:
      return { pointer: at, anchor: 'value', code: e.keyword, message: `${where} ${e.message ?? 'is not valid'}` };
  }
}
