// Schema help for a system's text, with no editor attached: key and value completion (enums with their
// descriptions, booleans, ids the document defines, whole-entry snippets from the schema's `defaultSnippets`) and
// the description of the key under the cursor. Offsets in, offsets and snippet text out, so the studio's Monaco glue
// and a language server can both wrap it. The document need not be valid JSON (it is being typed).
import { getLocation, parse, parseTree, findNodeAtLocation, type Node } from 'jsonc-parser';
import { resolveSchema, rootSchema, type SchemaNode } from '../schema/walk';

/** A snippet the schema offers for a whole entry (VS Code's `defaultSnippets`). */
export interface DefaultSnippet {
  readonly label: string;
  readonly description?: string;
  readonly body: unknown;
}

type HelpSchema = SchemaNode & { readonly defaultSnippets?: readonly DefaultSnippet[] };

export type IdKind = 'check' | 'condition' | 'ability' | 'hero' | 'template' | 'bestiary' | 'fight';

export type CompletionKind = 'property' | 'enum' | 'boolean' | 'id' | 'snippet' | 'value';

export interface SchemaCompletion {
  readonly label: string;
  readonly kind: CompletionKind;
  /** A short note beside the label (the type, the kind of id). */
  readonly detail?: string;
  /** Markdown: the field's or value's description. */
  readonly documentation?: string;
  /** Snippet syntax (`$1`, `${1|a,b|}`, `${1:text}`); `\t` is one indentation step. */
  readonly insertText: string;
  /** The text replaced: offsets into the text. */
  readonly start: number;
  readonly end: number;
  /** Sorts before others (lower first). */
  readonly sortText: string;
}

export interface SchemaHover {
  readonly start: number;
  readonly end: number;
  readonly markdown: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema branches that may govern a value at `path` (every oneOf/anyOf branch; `$ref`s followed). */
export function schemasAtPath(path: readonly (string | number)[]): HelpSchema[] {
  let current: HelpSchema[] = [rootSchema()];
  for (const segment of path) {
    const next: HelpSchema[] = [];
    for (const schema of current.flatMap(branches)) {
      const child = childOf(schema, segment);
      if (child) next.push(child);
    }
    current = next;
    if (current.length === 0) return [];
  }
  return current.flatMap(branches);
}

function branches(schema: HelpSchema): HelpSchema[] {
  const node = resolveSchema(schema) as HelpSchema;
  const alternatives = node.oneOf ?? node.anyOf;
  if (!alternatives) return [node];
  // anyOf branches that only require (fightEnemy) add no shape of their own: keep the node itself.
  const shaped = alternatives.map((b) => resolveSchema(b) as HelpSchema).filter((b) => b.type !== undefined || b.$ref !== undefined || b.enum !== undefined);
  if (shaped.length === 0) return [node];
  return shaped.map((b) => (b.description || !node.description ? b : { ...b, description: node.description }));
}

function childOf(schema: HelpSchema, segment: string | number): HelpSchema | undefined {
  if (typeof segment === 'number') {
    if (!schema.items) return undefined;
    // An item says no more than its list does ("Condition ids put on the target"): it inherits the list's words.
    const item = resolveSchema(schema.items) as HelpSchema;
    return item.description || !schema.description ? item : { ...item, description: schema.description };
  }
  const property = schema.properties?.[segment];
  if (property !== undefined) return typeof property === 'boolean' ? undefined : (resolveSchema(property) as HelpSchema);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') return resolveSchema(schema.additionalProperties) as HelpSchema;
  return undefined;
}

const typesOf = (schema: HelpSchema): string[] => (schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : [...schema.type]);

/** Per-value descriptions read out of a description that lists them ("`numbers`: … `consequences`: …"). */
export function enumValueDescriptions(description: string | undefined, values: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (!description) return out;
  const starts = values
    .map((v) => ({ v, at: description.indexOf('`' + v + '`') }))
    .filter((s) => s.at >= 0)
    .sort((a, b) => a.at - b.at);
  starts.forEach((s, i) => {
    const end = starts[i + 1]?.at ?? description.length;
    const text = description.slice(s.at + s.v.length + 2, end).replace(/^[\s:,]+/, '').replace(/[\s,;]+$/, '');
    if (text) out.set(s.v, text);
  });
  return out;
}

const ID_KINDS: readonly [RegExp, IdKind][] = [
  [/\bcheck ids?\b|\bid of the (?:\w+ )?check\b|\bcheck rolled\b/i, 'check'],
  [/\bcondition ids?\b/i, 'condition'],
  [/\bability ids?\b|\bids? of (?:one of )?the system's abilities\b/i, 'ability'],
  [/\bhero ids?\b/i, 'hero'],
  [/\btemplate role\b/i, 'template'],
  [/\bbestiary (?:creature|id)\b|\bcreature id\b/i, 'bestiary'],
  [/\bfight ids?\b/i, 'fight'],
];

/** Which kinds of id a string field names, read from its description ("Check id rolled", "Condition ids put on …"). */
export function idKindsOf(schema: HelpSchema | undefined, key: string | number | undefined): IdKind[] {
  const description = schema?.description;
  if (!description || key === 'id' || /\bnamed by\b/i.test(description)) return [];
  return ID_KINDS.filter(([pattern]) => pattern.test(description)).map(([, kind]) => kind);
}

/** The ids a document defines, by kind, in document order. */
export function documentIds(doc: unknown): Map<IdKind, { id: string; name?: string }[]> {
  const out = new Map<IdKind, { id: string; name?: string }[]>();
  const add = (kind: IdKind, id: unknown, name: unknown) => {
    if (typeof id !== 'string' || id === '') return;
    const list = out.get(kind) ?? [];
    if (!list.some((e) => e.id === id)) list.push(typeof name === 'string' ? { id, name } : { id });
    out.set(kind, list);
  };
  if (!isRecord(doc)) return out;
  if (isRecord(doc.checks)) for (const [id, check] of Object.entries(doc.checks)) add('check', id, isRecord(check) ? check.name : undefined);
  const listed: [string, IdKind, string][] = [
    ['conditions', 'condition', 'id'],
    ['abilities', 'ability', 'id'],
    ['heroes', 'hero', 'id'],
    ['bestiary', 'bestiary', 'id'],
    ['fights', 'fight', 'id'],
    ['templates', 'template', 'role'],
  ];
  for (const [key, kind, field] of listed) {
    const list = doc[key];
    if (Array.isArray(list)) for (const item of list) if (isRecord(item)) add(kind, item[field], item.name);
  }
  return out;
}

const jsonString = (s: string): string => JSON.stringify(s);
/** Escapes text for a snippet (`$`, `}` and `\` are special there). */
const snippetText = (s: string): string => s.replace(/[\\$}]/g, (c) => '\\' + c);

/** The snippet of a value for a field of this schema (what goes after `"key": `). */
export function valueTemplate(schema: HelpSchema | undefined): string {
  if (!schema) return '$1';
  const node = branches(schema)[0] ?? schema;
  if (node.const !== undefined) return snippetText(JSON.stringify(node.const));
  if (node.enum && node.enum.length > 0) {
    const strings = node.enum.filter((v): v is string => typeof v === 'string');
    if (strings.length === node.enum.length) return `"\${1|${strings.map((v) => v.replace(/[,|\\$}]/g, (c) => '\\' + c)).join(',')}|}"`;
    return `\${1:${snippetText(JSON.stringify(node.enum[0]))}}`;
  }
  const type = typesOf(node)[0];
  switch (type) {
    case 'string':
      return '"$1"';
    case 'boolean':
      return '${1|true,false|}';
    case 'number':
    case 'integer':
      return `\${1:${node.minimum ?? 0}}`;
    case 'array':
      return '[$1]';
    case 'object':
      return '{$1}';
    default:
      return '$1';
  }
}

/**
 * A JSON value as snippet text: strings keep their `${1:…}` placeholders; a string starting with `^` goes in without
 * quotes (VS Code's convention, for a number placeholder: `"^${1:12}"`); tabs indent.
 */
export function snippetBody(body: unknown, indent = ''): string {
  if (typeof body === 'string') return body.startsWith('^') ? body.slice(1) : JSON.stringify(body).replace(/\\\\/g, '\\\\\\\\');
  if (Array.isArray(body)) {
    if (body.length === 0) return '[]';
    if (body.every((v) => typeof v !== 'object' || v === null)) return '[' + body.map((v) => snippetBody(v)).join(', ') + ']';
    return '[\n' + body.map((v) => indent + '\t' + snippetBody(v, indent + '\t')).join(',\n') + '\n' + indent + ']';
  }
  if (isRecord(body)) {
    const entries = Object.entries(body);
    if (entries.length === 0) return '{}';
    return '{\n' + entries.map(([k, v]) => `${indent}\t${jsonString(k)}: ${snippetBody(v, indent + '\t')}`).join(',\n') + '\n' + indent + '}';
  }
  return snippetText(JSON.stringify(body));
}

/** A snippet's text with every placeholder at its default (`${1:x}` → x, `${1|a,b|}` → a, `$1` → nothing). */
export function expandSnippet(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|((?:\\.|[^,|\\])*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:((?:\\.|[^}\\])*)\}/g, '$1')
    .replace(/\$\d+/g, '')
    .replace(/\\([\\$}])/g, '$1')
    .replace(/\t/g, '  ');
}

function described(description: string | undefined, extra?: string): string | undefined {
  const parts = [description, extra].filter((p): p is string => !!p);
  return parts.length ? parts.join('\n\n') : undefined;
}

/** The words completion writes itself (a field's `detail`), and the translator of the schema's descriptions. */
export interface CompletionWords {
  readonly required: string;
  readonly newEntry: string;
  readonly translate: (description: string) => string;
}

export const ENGLISH_COMPLETION_WORDS: CompletionWords = { required: 'required', newEntry: 'new entry', translate: (d) => d };

/** A schema description in the completion's language (none stays none). */
const translated = (words: CompletionWords, d: string | undefined): string | undefined => (d === undefined ? undefined : words.translate(d));

/** Completions at `offset` of `text`: keys where a key goes, values where a value goes. */
export function schemaCompletions(text: string, offset: number, words: CompletionWords = ENGLISH_COMPLETION_WORDS): SchemaCompletion[] {
  const location = getLocation(text, offset);
  const document: unknown = parse(text, [], { allowTrailingComma: true });
  const previous = location.previousNode;
  const inToken = previous && offset > previous.offset && offset <= previous.offset + previous.length ? previous : undefined;
  if (location.isAtPropertyKey) {
    const objectPath = location.path.slice(0, -1);
    return keyCompletions(text, offset, document, objectPath, inToken, words);
  }
  return valueCompletions(text, offset, document, location.path, inToken, words);
}

function keyCompletions(text: string, offset: number, document: unknown, path: (string | number)[], inToken: Node | undefined, words: CompletionWords): SchemaCompletion[] {
  const tr = (d: string | undefined): string | undefined => translated(words, d);
  const start = inToken ? inToken.offset : offset;
  const end = inToken ? inToken.offset + inToken.length : offset;
  const after = text.slice(end);
  const hasColon = /^\s*:/.test(after);
  // Another member follows on a later line: end the inserted one with a comma.
  const comma = !hasColon && /^\s*"/.test(after) ? ',' : '';
  const tree = parseTree(text, [], { allowTrailingComma: true });
  const objectNode = tree ? findNodeAtLocation(tree, path) : undefined;
  const present = new Set<string>();
  for (const property of objectNode?.type === 'object' ? objectNode.children ?? [] : []) {
    const key = property.children?.[0];
    if (key && key !== inToken && typeof key.value === 'string') present.add(key.value);
  }
  const out: SchemaCompletion[] = [];
  const seen = new Set<string>();
  for (const schema of schemasAtPath(path)) {
    if (!typesOf(schema).includes('object') && !schema.properties) continue;
    const required = new Set(schema.required ?? []);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (present.has(key) || seen.has(key) || typeof property === 'boolean') continue;
      seen.add(key);
      const child = resolveSchema(property) as HelpSchema;
      const insertText = hasColon ? jsonString(key) : `${jsonString(key)}: ${valueTemplate(child)}${comma}`;
      out.push({
        label: key,
        kind: 'property',
        detail: required.has(key) ? words.required : typeLabel(child),
        documentation: tr(child.description),
        insertText,
        start,
        end,
        sortText: (required.has(key) ? '0' : '1') + key,
      });
    }
    // A map of entries by id (`checks`, `attributes`): whole-entry snippets keyed by a placeholder id.
    const additional = schema.additionalProperties;
    if (additional && typeof additional === 'object' && !hasColon) {
      const entry = resolveSchema(additional) as HelpSchema;
      for (const snippet of entry.defaultSnippets ?? []) {
        out.push({
          label: snippet.label,
          kind: 'snippet',
          detail: words.newEntry,
          documentation: described(tr(snippet.description), tr(entry.description)),
          insertText: `"\${1:id}": ${snippetBody(snippet.body)}${comma}`,
          start,
          end,
          sortText: '2' + snippet.label,
        });
      }
    }
  }
  return out;
}

function typeLabel(schema: HelpSchema): string | undefined {
  const node = branches(schema)[0] ?? schema;
  if (node.enum) return node.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (node['x-formula']) return node['x-formula-type'] === 'boolean' ? 'formula (true/false)' : 'formula';
  const types = typesOf(node);
  return types.length ? types.join(' | ') : undefined;
}

function valueCompletions(text: string, offset: number, document: unknown, path: (string | number)[], inToken: Node | undefined, words: CompletionWords): SchemaCompletion[] {
  const tr = (d: string | undefined): string | undefined => translated(words, d);
  const token = inToken && (inToken.type === 'string' || inToken.type === 'number' || inToken.type === 'boolean' || inToken.type === 'null') ? inToken : undefined;
  // A bare word being typed (`tr` of `true`): replace it too.
  let start = token ? token.offset : offset;
  const end = token ? token.offset + token.length : offset;
  if (!token) {
    const word = /[A-Za-z0-9_.-]*$/.exec(text.slice(Math.max(0, offset - 40), offset));
    if (word) start = offset - word[0].length;
  }
  const key = path[path.length - 1];
  const out: SchemaCompletion[] = [];
  const seen = new Set<string>();
  const push = (c: Omit<SchemaCompletion, 'start' | 'end'>) => {
    if (seen.has(c.kind + c.label)) return;
    seen.add(c.kind + c.label);
    out.push({ ...c, start, end });
  };
  const candidates = schemasAtPath(path);
  // An empty array slot: the schemas of its items (the path names the array itself when the cursor is right after `[`).
  for (const schema of candidates) {
    if (schema.enum) {
      const descriptions = enumValueDescriptions(tr(schema.description), schema.enum.filter((v): v is string => typeof v === 'string'));
      schema.enum.forEach((value, i) => {
        const label = JSON.stringify(value);
        push({ label, kind: 'enum', detail: typeof value, documentation: descriptions.get(String(value)) ?? tr(schema.description), insertText: snippetText(label), sortText: '0' + String(i).padStart(3, '0') });
      });
      continue;
    }
    if (schema.const !== undefined) {
      const label = JSON.stringify(schema.const);
      push({ label, kind: 'value', documentation: tr(schema.description), insertText: snippetText(label), sortText: '0' });
      continue;
    }
    const types = typesOf(schema);
    if (types.includes('boolean')) {
      for (const value of ['true', 'false']) push({ label: value, kind: 'boolean', documentation: tr(schema.description), insertText: value, sortText: '0' + value });
    }
    if (types.includes('string')) {
      const kinds = idKindsOf(schema, key);
      if (kinds.length > 0) {
        const ids = documentIds(document);
        for (const kind of kinds) {
          for (const { id, name } of ids.get(kind) ?? []) {
            push({ label: JSON.stringify(id), kind: 'id', detail: name ? `${kind}: ${name}` : kind, documentation: tr(schema.description), insertText: snippetText(JSON.stringify(id)), sortText: '1' + id });
          }
        }
      }
    }
    for (const snippet of schema.defaultSnippets ?? []) {
      push({ label: snippet.label, kind: 'snippet', detail: words.newEntry, documentation: described(tr(snippet.description), tr(schema.description)), insertText: snippetBody(snippet.body), sortText: '2' + snippet.label });
    }
    if (!token && types.includes('object') && !schema.defaultSnippets) {
      push({ label: '{}', kind: 'value', documentation: tr(schema.description), insertText: '{$1}', sortText: '3' });
    }
  }
  return out;
}

/**
 * The description of the key (or enum value) under `offset`, as markdown. `translate`: the schema's help in another
 * language (engine/i18n/schema.ts), the English where it has none.
 */
export function schemaHover(text: string, offset: number, translate: (description: string) => string = (d) => d): SchemaHover | null {
  const location = getLocation(text, offset);
  const node = location.previousNode;
  if (!node || offset < node.offset || offset > node.offset + node.length) return null;
  const document: unknown = parse(text, [], { allowTrailingComma: true });
  const atKey = location.isAtPropertyKey || (node.parent?.type === 'property' && node.parent.children?.[0] === node);
  const schemas = schemasAtPath(location.path);
  const schema = schemas.find((s) => s.description) ?? schemas[0];
  if (!schema) return null;
  const range = { start: node.offset, end: node.offset + node.length };
  if (atKey) {
    const key = location.path[location.path.length - 1];
    const type = typeLabel(schema);
    const heading = '`' + String(key) + '`' + (type ? ` · ${type}` : '');
    return { ...range, markdown: described(heading, schema.description === undefined ? undefined : translate(schema.description)) ?? heading };
  }
  if (schema.enum && typeof node.value === 'string') {
    // The value's part of the field's description, cut from the translated whole (a translation keeps the values' spans).
    const description = enumValueDescriptions(schema.description === undefined ? undefined : translate(schema.description), [node.value]).get(node.value);
    if (description) return { ...range, markdown: '`' + node.value + '`: ' + description };
  }
  return null;
}
