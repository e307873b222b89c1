// JSON with positions: syntax errors where they are, a JSON-pointer → node map, offsets → lines and columns, and the
// mapping from a character of a decoded JSON string (a formula) back to the text (escapes like \" and \u00e9).
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** Largest system file read (spec reliability notes: a few MB before parsing). */
export const MAX_TEXT_LENGTH = 8 * 1024 * 1024;
/** Deepest nesting of objects and arrays read. */
export const MAX_JSON_DEPTH = 64;

export interface TextRange {
  /** 0-based offset of the first character. */
  readonly start: number;
  /** 0-based offset just after the last character. */
  readonly end: number;
}

export interface JsonSyntaxProblem {
  readonly message: string;
  readonly range: TextRange;
}

/** A value's place in the text: `offset` is its first character, `length` covers it (quotes included). */
export interface JsonNode {
  readonly type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
  readonly offset: number;
  readonly length: number;
}

export interface JsonDocument {
  readonly text: string;
  /** The parsed value (undefined when the text is not JSON). */
  readonly value: unknown;
  /** Root node, or null when the text is not JSON. */
  readonly root: JsonNode | null;
  readonly problems: readonly JsonSyntaxProblem[];
  /** Value nodes by JSON pointer (`/combat/attack/damage`). Builds a full index: prefer `find`. */
  readonly nodes: ReadonlyMap<string, JsonNode>;
  /** Key nodes of object members by the member's pointer. Builds a full index: prefer `find`. */
  readonly keys: ReadonlyMap<string, JsonNode>;
  /** The value (and, for an object member, its key) at a pointer, found without indexing the whole text. */
  find(pointer: string): { readonly node?: JsonNode; readonly key?: JsonNode };
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'this is not JSON here: expected a value, a key in double quotes, or punctuation',
  InvalidNumberFormat: 'this number is not written as JSON writes numbers',
  PropertyNameExpected: 'expected a key in double quotes (is there a comma too many before this?)',
  ValueExpected: 'expected a value (a number, "text", true, false, null, an object or a list)',
  ColonExpected: 'expected a colon (:) after the key',
  CommaExpected: 'expected a comma (,) between the entries',
  CloseBraceExpected: 'expected } to close the object',
  CloseBracketExpected: 'expected ] to close the list',
  EndOfFileExpected: 'expected the end of the file: there is text after the document',
  InvalidCommentToken: 'comments are not allowed in JSON; put notes in a "description"',
  UnexpectedEndOfComment: 'this comment never ends; comments are not allowed in JSON anyway',
  UnexpectedEndOfString: 'this text never ends: a closing double quote is missing',
  UnexpectedEndOfNumber: 'this number ends too early',
  InvalidUnicode: 'invalid \\u escape: it needs four hex digits',
  InvalidEscapeCharacter: 'invalid escape: use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
  InvalidCharacter: 'this character is not allowed inside JSON text (a line break or tab must be written \\n or \\t)',
};

function describeSyntaxError(text: string, name: string, offset: number, length: number): JsonSyntaxProblem {
  if (text.trim() === '') return { message: 'the file is empty: a system is one JSON object { ... }', range: { start: 0, end: 0 } };
  let before = offset - 1;
  while (before >= 0 && /\s/.test(text[before]!)) before--;
  const found = text[offset];
  if (text[before] === ',' && (found === '}' || found === ']' || offset >= text.length)) {
    if (offset >= text.trimEnd().length) return { message: 'the file ends before the document is complete: a closing } or ] is missing', range: { start: before, end: before + 1 } };
    return { message: `a comma before ${found} is not allowed in JSON (remove the trailing comma)`, range: { start: before, end: before + 1 } };
  }
  if (offset >= text.trimEnd().length) {
    const last = Math.max(0, text.trimEnd().length - 1);
    return { message: 'the file ends before the document is complete: a closing } or ] is missing', range: { start: last, end: last + 1 } };
  }
  return { message: SYNTAX_MESSAGES[name] ?? `JSON syntax error (${name})`, range: { start: offset, end: offset + Math.max(1, length) } };
}

/** Escapes one pointer segment (RFC 6901). */
export function escapePointerSegment(segment: string): string {
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(segment: string): string {
  if (!segment.includes('~')) return segment;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointerSegment);
}

/**
 * One pass before parsing: the first place nesting is deeper than allowed (-1 if none), skipping strings, and how
 * many object keys the text writes (strings followed by a colon; compared with the parsed value to spot duplicates).
 */
function scanText(text: string): { tooDeep: number; keyCount: number } {
  let depth = 0;
  let keyCount = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 34) break;
        i += d === 92 ? 2 : 1;
      }
      let j = i + 1;
      let e = text.charCodeAt(j);
      while (e === 32 || e === 10 || e === 13 || e === 9) e = text.charCodeAt(++j);
      if (e === 58 /* : */) keyCount++;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > MAX_JSON_DEPTH) return { tooDeep: i, keyCount };
    } else if (c === 125 || c === 93) depth--;
  }
  return { tooDeep: -1, keyCount };
}

export function parseJson(text: string): JsonDocument {
  const nodes = new Map<string, JsonNode>();
  const keys = new Map<string, JsonNode>();
  if (text.length > MAX_TEXT_LENGTH) {
    const message = `this file is ${Math.round(text.length / 1024 / 1024)} MB; a system file may be at most ${MAX_TEXT_LENGTH / 1024 / 1024} MB`;
    return { text, value: undefined, root: null, problems: [{ message, range: { start: 0, end: 0 } }], nodes, keys, find: () => ({}) };
  }
  const { tooDeep: deep, keyCount } = scanText(text);
  if (deep >= 0) {
    const message = `nesting is deeper than ${MAX_JSON_DEPTH} levels of objects and lists`;
    return { text, value: undefined, root: null, problems: [{ message, range: { start: deep, end: deep + 1 } }], nodes, keys, find: () => ({}) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: jsonc-parser (slower, tolerant) says what and where. One mistake often makes it report several
    // errors in a row: the first one is the mistake.
    const errors: ParseError[] = [];
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const problems = first
      ? [describeSyntaxError(text, printParseErrorCode(first.error), first.offset, first.length)]
      : [{ message: 'this is not valid JSON', range: { start: 0, end: Math.min(1, text.length) } }];
    return { text, value: undefined, root: null, problems, nodes, keys, find: () => ({}) };
  }
  return new IndexedJson(text, value, keyCount);
}

/** A JSON text that parsed: positions are indexed on first use (a clean document never needs them). */
class IndexedJson implements JsonDocument {
  private index: { root: JsonNode; nodes: Map<string, JsonNode>; keys: Map<string, JsonNode>; problems: JsonSyntaxProblem[] } | undefined;
  readonly problems: readonly JsonSyntaxProblem[];

  constructor(
    readonly text: string,
    readonly value: unknown,
    keysInText: number,
  ) {
    // Duplicate keys are invisible in the parsed value; only an index finds them, so index when keys went missing.
    this.problems = keysInText !== countKeysInValue(value) ? this.build().problems : [];
  }

  private build(): NonNullable<IndexedJson['index']> {
    if (!this.index) {
      const nodes = new Map<string, JsonNode>();
      const keys = new Map<string, JsonNode>();
      const problems: JsonSyntaxProblem[] = [];
      const root = new JsonIndexer(this.text, nodes, keys, problems).run();
      this.index = { root, nodes, keys, problems };
    }
    return this.index;
  }

  get root(): JsonNode {
    return this.build().root;
  }

  get nodes(): ReadonlyMap<string, JsonNode> {
    return this.build().nodes;
  }

  get keys(): ReadonlyMap<string, JsonNode> {
    return this.build().keys;
  }

  /** Walks to a few pointers without an index; from the ninth lookup on, one pass indexes every position. */
  private walks = 0;

  find(pointer: string): { readonly node?: JsonNode; readonly key?: JsonNode } {
    // Each walk skips over what lies before the pointer, so locating every formula of a 200 kB system by walking
    // was quadratic (1.9 s for classic-d20 with its bestiary); a handful of error positions stay index-free.
    if (!this.index && ++this.walks > 8) this.build();
    if (this.index) return { node: this.index.nodes.get(pointer), key: this.index.keys.get(pointer) };
    return locate(this.text, pointerSegments(pointer));
  }
}

/** Skips one JSON value starting at `i` (a valid text), returning the offset just after it. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return skipString(text, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === 34) j = skipString(text, j) - 1;
      else if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        if (--depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  for (;;) {
    const d = text.charCodeAt(j);
    if (Number.isNaN(d) || d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) return j;
    j++;
  }
}

function skipString(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (d === 34) return j + 1;
    j += d === 92 ? 2 : 1;
  }
  return text.length;
}

function skipSpace(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
  return i;
}

function nodeAt(text: string, i: number): JsonNode {
  const c = text.charCodeAt(i);
  const type: JsonNode['type'] = c === 123 ? 'object' : c === 91 ? 'array' : c === 34 ? 'string' : c === 116 || c === 102 ? 'boolean' : c === 110 ? 'null' : 'number';
  return { type, offset: i, length: skipValue(text, i) - i };
}

/** Walks a valid JSON text along a pointer, skipping what is not on the way (the last of duplicate keys wins). */
function locate(text: string, segments: readonly string[]): { node?: JsonNode; key?: JsonNode } {
  let i = skipSpace(text, 0);
  let key: JsonNode | undefined;
  for (const segment of segments) {
    const c = text.charCodeAt(i);
    if (c === 123) {
      let found = -1;
      let j = skipSpace(text, i + 1);
      if (text.charCodeAt(j) === 125) return {};
      for (;;) {
        const keyStart = j;
        const keyEnd = skipString(text, j);
        const raw = text.slice(keyStart + 1, keyEnd - 1);
        const name = raw.includes('\\') ? (JSON.parse(text.slice(keyStart, keyEnd)) as string) : raw;
        j = skipSpace(text, skipSpace(text, keyEnd) + 1);
        if (name === segment) {
          found = j;
          key = { type: 'string', offset: keyStart, length: keyEnd - keyStart };
        }
        j = skipSpace(text, skipValue(text, j));
        if (text.charCodeAt(j) !== 44) break;
        j = skipSpace(text, j + 1);
      }
      if (found < 0) return {};
      i = found;
    } else if (c === 91) {
      if (!/^\d+$/.test(segment)) return {};
      let j = skipSpace(text, i + 1);
      if (text.charCodeAt(j) === 93) return {};
      for (let n = Number(segment); n > 0; n--) {
        j = skipSpace(text, skipValue(text, j));
        if (text.charCodeAt(j) !== 44) return {};
        j = skipSpace(text, j + 1);
      }
      key = undefined;
      i = j;
    } else return {};
  }
  return { node: nodeAt(text, i), key };
}

function countKeysInValue(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += countKeysInValue(item);
    return count;
  }
  for (const key in value) {
    count += 1 + countKeysInValue((value as Record<string, unknown>)[key]);
  }
  return count;
}

/**
 * Positions of every value and key of a text JSON.parse accepted, in one pass over char codes (many times faster
 * than the tolerant parser, which only runs when the text is not JSON). Also finds duplicate keys.
 */
class JsonIndexer {
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly nodes: Map<string, JsonNode>,
    private readonly keys: Map<string, JsonNode>,
    private readonly problems: JsonSyntaxProblem[],
  ) {}

  run(): JsonNode {
    this.skipSpace();
    return this.value('');
  }

  private skipSpace(): void {
    const t = this.text;
    let c = t.charCodeAt(this.i);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = t.charCodeAt(++this.i);
  }

  private string(): void {
    const t = this.text;
    let i = this.i + 1;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 34) break;
      i += c === 92 ? 2 : 1;
    }
    this.i = i + 1;
  }

  private value(pointer: string): JsonNode {
    const t = this.text;
    const start = this.i;
    const c = t.charCodeAt(start);
    let type: JsonNode['type'];
    if (c === 123 /* { */) {
      type = 'object';
      this.i++;
      this.skipSpace();
      const seen = new Set<string>();
      if (t.charCodeAt(this.i) === 125) this.i++;
      else
        for (;;) {
          this.skipSpace();
          const keyStart = this.i;
          this.string();
          const raw = t.slice(keyStart + 1, this.i - 1);
          const key = raw.includes('\\') ? (JSON.parse(t.slice(keyStart, this.i)) as string) : raw;
          const member = `${pointer}/${escapePointerSegment(key)}`;
          if (seen.has(key)) {
            this.problems.push({ message: `the key "${key}" appears twice in this object; JSON keeps only the last one`, range: { start: keyStart, end: this.i } });
          }
          seen.add(key);
          this.keys.set(member, { type: 'string', offset: keyStart, length: this.i - keyStart });
          this.skipSpace();
          this.i++; // the colon
          this.skipSpace();
          this.value(member);
          this.skipSpace();
          if (t.charCodeAt(this.i++) === 125) break; // } ends it, else a comma
        }
    } else if (c === 91 /* [ */) {
      type = 'array';
      this.i++;
      this.skipSpace();
      if (t.charCodeAt(this.i) === 93) this.i++;
      else
        for (let index = 0; ; index++) {
          this.skipSpace();
          this.value(`${pointer}/${index}`);
          this.skipSpace();
          if (t.charCodeAt(this.i++) === 93) break;
        }
    } else if (c === 34) {
      type = 'string';
      this.string();
    } else {
      type = c === 116 || c === 102 ? 'boolean' : c === 110 ? 'null' : 'number';
      let i = start;
      for (;;) {
        const d = t.charCodeAt(i);
        if (Number.isNaN(d) || d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
        i++;
      }
      this.i = i;
    }
    const node: JsonNode = { type, offset: start, length: this.i - start };
    this.nodes.set(pointer, node);
    return node;
  }
}

/** Line starts of a text, for offset → line/column. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  /** 1-based line and column (UTF-16 code units, as editors count) of a 0-based offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }

  /** 0-based offset of a 1-based line's first character. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line - 1, this.starts.length - 1))]!;
  }

  get lineCount(): number {
    return this.starts.length;
  }
}

/**
 * Maps character offsets of a decoded JSON string back to offsets in the text. `stringNode` is the string's node
 * (its range includes the quotes). Offset `i` of the decoded value maps to where its character starts in the text;
 * the decoded length maps to the closing quote.
 */
export function stringOffsetMapper(text: string, stringNode: JsonNode): (decodedOffset: number) => number {
  const rawStart = stringNode.offset + 1;
  const rawEnd = stringNode.offset + stringNode.length - 1;
  let simple = true;
  for (let i = rawStart; i < rawEnd; i++) {
    if (text.charCodeAt(i) === 92) {
      simple = false;
      break;
    }
  }
  if (simple) return (decoded) => Math.min(rawStart + decoded, Math.max(rawStart, rawEnd));
  const starts: number[] = [];
  for (let i = rawStart; i < rawEnd; ) {
    starts.push(i);
    if (text.charCodeAt(i) === 92) i += text[i + 1] === 'u' ? 6 : 2;
    else i += 1;
  }
  return (decoded) => (decoded < starts.length ? starts[Math.max(0, decoded)]! : Math.max(rawStart, rawEnd));
}

/** The designer's way to name a place: `checks.attack.outcomes[2].when`. */
export function describePointer(pointer: string): string {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return 'the document';
  let out = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
