// JSON with positions: syntax errors where they are, a JSON-pointer → node map, offsets → lines and columns, and the
// mapping from a character of a decoded JSON string (a formula) back to the text (escapes like \" and \u00e9).
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

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

export interface JsonDocument {
  readonly text: string;
  /** Root node, or null when the text holds no value at all. */
  readonly root: Node | null;
  readonly problems: readonly JsonSyntaxProblem[];
  /** Value nodes by JSON pointer (`/combat/attack/damage`). */
  readonly nodes: ReadonlyMap<string, Node>;
  /** Key nodes of object members by the member's pointer. */
  readonly keys: ReadonlyMap<string, Node>;
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
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointerSegment);
}

/** Finds the first place nesting is deeper than allowed, skipping strings, before the recursive parser runs. */
function findTooDeep(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return -1;
}

export function parseJson(text: string): JsonDocument {
  const nodes = new Map<string, Node>();
  const keys = new Map<string, Node>();
  if (text.length > MAX_TEXT_LENGTH) {
    const message = `this file is ${Math.round(text.length / 1024 / 1024)} MB; a system file may be at most ${MAX_TEXT_LENGTH / 1024 / 1024} MB`;
    return { text, root: null, problems: [{ message, range: { start: 0, end: 0 } }], nodes, keys };
  }
  const deep = findTooDeep(text);
  if (deep >= 0) {
    const message = `nesting is deeper than ${MAX_JSON_DEPTH} levels of objects and lists`;
    return { text, root: null, problems: [{ message, range: { start: deep, end: deep + 1 } }], nodes, keys };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false }) ?? null;
  // One mistake often makes the parser report several errors in a row: the first one is the mistake.
  const problems: JsonSyntaxProblem[] = errors.slice(0, 1).map((e) => describeSyntaxError(text, printParseErrorCode(e.error), e.offset, e.length));
  if (root) indexNodes(root, '', nodes, keys, problems);
  return { text, root, problems, nodes, keys };
}

function indexNodes(node: Node, pointer: string, nodes: Map<string, Node>, keys: Map<string, Node>, problems: JsonSyntaxProblem[]): void {
  nodes.set(pointer, node);
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const member of node.children ?? []) {
      const [keyNode, valueNode] = member.children ?? [];
      if (!keyNode || typeof keyNode.value !== 'string') continue;
      const key = keyNode.value;
      const memberPointer = `${pointer}/${escapePointerSegment(key)}`;
      if (seen.has(key)) {
        problems.push({
          message: `the key "${key}" appears twice in this object; JSON keeps only the last one`,
          range: { start: keyNode.offset, end: keyNode.offset + keyNode.length },
        });
      }
      seen.add(key);
      keys.set(memberPointer, keyNode);
      if (valueNode) indexNodes(valueNode, memberPointer, nodes, keys, problems);
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((child, index) => indexNodes(child, `${pointer}/${index}`, nodes, keys, problems));
  }
}

/** Value of a node, as JSON.parse would give it (the last of duplicate keys wins). */
export function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const member of node.children ?? []) {
        const [keyNode, valueNode] = member.children ?? [];
        if (!keyNode || !valueNode || typeof keyNode.value !== 'string') continue;
        // defineProperty: a key named __proto__ is data, never the prototype.
        Object.defineProperty(out, keyNode.value, { value: nodeValue(valueNode), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
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
export function stringOffsetMapper(text: string, stringNode: Node): (decodedOffset: number) => number {
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
