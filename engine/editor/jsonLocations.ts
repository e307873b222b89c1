// Where things are in a system's JSON text: JSON pointer ↔ character offsets, and offsets inside a JSON string
// literal ↔ offsets in its decoded value (a formula's spans are in the decoded text). Pure; no Monaco, no DOM.
import { findNodeAtLocation, findNodeAtOffset, getNodePath, parseTree, type Node } from 'jsonc-parser';

export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

export function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^(0|[1-9]\d*)$/.test(part) ? Number(part) : part));
}

export function pathToPointer(path: readonly (string | number)[]): string {
  return path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** A parsed tree of one text, reused for many lookups (parsing a 3,000-line system costs ~1 ms). */
export class JsonLocator {
  readonly root: Node | undefined;

  constructor(readonly text: string) {
    this.root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  }

  /** The value's range for a pointer; for a missing member, the closest existing ancestor. */
  rangeOfPointer(pointer: string): OffsetRange | undefined {
    const node = this.nodeOfPointer(pointer);
    return node ? { start: node.offset, end: node.offset + node.length } : undefined;
  }

  /** The member (key and value) for a pointer, for highlighting a whole rule. */
  memberRangeOfPointer(pointer: string): OffsetRange | undefined {
    const node = this.nodeOfPointer(pointer);
    if (!node) return undefined;
    const member = node.parent?.type === 'property' ? node.parent : node;
    return { start: member.offset, end: member.offset + member.length };
  }

  nodeOfPointer(pointer: string): Node | undefined {
    if (!this.root) return undefined;
    let path = pointerToPath(pointer);
    while (path.length > 0) {
      const node = findNodeAtLocation(this.root, path);
      if (node) return node;
      path = path.slice(0, -1);
    }
    return this.root;
  }

  /** The JSON pointer of the innermost value at an offset ('' for the root). */
  pointerAt(offset: number): string | undefined {
    const node = this.valueNodeAt(offset);
    return node ? pathToPointer(getNodePath(node)) : undefined;
  }

  /** The innermost value node (never a property node) containing the offset. */
  valueNodeAt(offset: number): Node | undefined {
    if (!this.root) return undefined;
    let node = findNodeAtOffset(this.root, offset, true);
    if (node?.type === 'property') node = node.children?.[1] ?? node.children?.[0];
    return node;
  }

  /** The string value (not a key) containing the offset, with its pointer. */
  stringValueAt(offset: number): { node: Node; pointer: string } | undefined {
    const node = this.valueNodeAt(offset);
    if (!node || node.type !== 'string') return undefined;
    const parent = node.parent;
    if (parent?.type === 'property' && parent.children?.[0] === node) return undefined;
    return { node, pointer: pathToPointer(getNodePath(node)) };
  }
}

/**
 * Offsets of a JSON string literal's decoded characters inside the raw literal text (which starts with its quote).
 * map[i] is the raw offset of decoded character i; map[decoded.length] is the closing quote.
 */
export function decodedToRawOffsets(rawLiteral: string): number[] {
  const map: number[] = [];
  let i = 1; // skip the opening quote
  while (i < rawLiteral.length - 1) {
    map.push(i);
    if (rawLiteral[i] === '\\') i += rawLiteral[i + 1] === 'u' ? 6 : 2;
    else i += 1;
  }
  map.push(Math.max(1, rawLiteral.length - 1));
  return map;
}

/** A span inside a string value's decoded text → a range in the document text. */
export function decodedSpanToDocument(text: string, stringNode: Node, span: OffsetRange): OffsetRange {
  const raw = text.slice(stringNode.offset, stringNode.offset + stringNode.length);
  if (!raw.includes('\\')) {
    return { start: stringNode.offset + 1 + span.start, end: stringNode.offset + 1 + span.end };
  }
  const map = decodedToRawOffsets(raw);
  const at = (i: number): number => map[Math.max(0, Math.min(i, map.length - 1))] ?? 1;
  return { start: stringNode.offset + at(span.start), end: stringNode.offset + at(span.end) };
}

/** A document offset inside a string literal → the index in its decoded text. */
export function documentOffsetToDecoded(text: string, stringNode: Node, offset: number): number {
  const raw = text.slice(stringNode.offset, stringNode.offset + stringNode.length);
  const map = decodedToRawOffsets(raw);
  const rel = offset - stringNode.offset;
  let index = 0;
  while (index < map.length - 1 && (map[index + 1] ?? Infinity) <= rel) index += 1;
  return rel <= 1 ? 0 : index;
}

/** 1-based line/column of an offset (the engine's diagnostics and Monaco both count from 1). */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** A replacement of a range of a document's text. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The edit that sets one number of a document to `to`: the number at `pointer` (a JSON number), or, with `span`, the
 * numeral at that span of the formula string there. `now` is the number expected there: if the text has changed
 * since (the number moved or is another), the answer is a message, not an edit in the wrong place.
 */
export function numberEdit(text: string, pointer: string, span: OffsetRange | undefined, now: number, to: number): TextEdit | string {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const node = root ? findNodeAtLocation(root, pointerToPath(pointer)) : undefined;
  if (!node) return `nothing is at ${pointer} any more`;
  let range: OffsetRange;
  if (span) {
    if (node.type !== 'string') return `${pointer} is no longer a formula`;
    range = decodedSpanToDocument(text, node, span);
  } else {
    if (node.type !== 'number') return `${pointer} is no longer a number`;
    range = { start: node.offset, end: node.offset + node.length };
  }
  const there = text.slice(range.start, range.end);
  if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(there) || Number(there) !== now) return `${pointer} no longer holds ${now} there (it reads '${there}'): run it again on this text`;
  return { start: range.start, end: range.end, text: String(to) };
}
