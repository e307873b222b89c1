import { describe, expect, it } from 'vitest';
import { LineIndex, describePointer, parseJson, stringOffsetMapper } from './json';

describe('JSON positions', () => {
  it('maps offsets of a decoded string back through escapes', () => {
    const text = '{ "f": "a\\u00e9\\"b @x" }';
    const json = parseJson(text);
    const { node } = json.find('/f');
    expect(node?.type).toBe('string');
    const decoded = JSON.parse(text).f as string; // aé"b @x
    const at = stringOffsetMapper(text, node!);
    const start = at(decoded.indexOf('@x'));
    expect(text.slice(start, at(decoded.length))).toBe('@x');
    expect(text.slice(at(1), at(2))).toBe('\\u00e9');
    expect(text.slice(at(2), at(3))).toBe('\\"');
  });

  it('finds values and keys by pointer, the last duplicate winning, and reports the duplicate', () => {
    const text = '{\n  "a": [1, {"b~c": true}],\n  "d": 1,\n  "d": "two"\n}';
    const json = parseJson(text);
    expect(json.problems.map((p) => p.message)).toEqual(['the key "d" appears twice in this object; JSON keeps only the last one']);
    const found = json.find('/a/1/b~0c');
    expect(text.slice(found.node!.offset, found.node!.offset + found.node!.length)).toBe('true');
    expect(text.slice(found.key!.offset, found.key!.offset + found.key!.length)).toBe('"b~c"');
    const d = json.find('/d').node!;
    expect(text.slice(d.offset, d.offset + d.length)).toBe('"two"');
    expect(json.find('/a/7')).toEqual({});
  });

  it('counts lines and columns 1-based, for \\n, \\r\\n and \\r', () => {
    const lines = new LineIndex('ab\r\ncd\ref\ng');
    expect(lines.position(0)).toEqual({ line: 1, column: 1 });
    expect(lines.position(4)).toEqual({ line: 2, column: 1 });
    expect(lines.position(7)).toEqual({ line: 3, column: 1 });
    expect(lines.position(10)).toEqual({ line: 4, column: 1 });
  });

  it('names places the way designers read them', () => {
    expect(describePointer('/checks/attack/outcomes/2/when')).toBe('checks.attack.outcomes[2].when');
    expect(describePointer('/derived/str.mod')).toBe('derived["str.mod"]');
    expect(describePointer('')).toBe('the document');
  });
});

describe('finding positions in a big document', () => {
  it('gives the same node and key by walking (the first lookups) as by the index (every later one)', () => {
    const text = JSON.stringify({ a: [1, { b: 'x', c: [true, null] }], d: { 'e/f': 2, g: { h: [3, 4, 5] } } }, null, 2);
    const pointers = ['/a', '/a/0', '/a/1', '/a/1/b', '/a/1/c/1', '/d', '/d/e~1f', '/d/g/h/2', '/d/g', '/nope', '/a/7', ''];
    const indexed = parseJson(text);
    void indexed.nodes; // builds the index now
    const walked = parseJson(text);
    for (const pointer of pointers) expect(walked.find(pointer), pointer).toEqual(indexed.find(pointer));
  });

  it('answers exactly from its index after a handful of lookups (thousands of values of a large document)', () => {
    const items = Array.from({ length: 4000 }, (_, i) => ({ id: `m${i}`, attack: `d20 + ${i}` }));
    const doc = parseJson(JSON.stringify({ bestiary: items }, null, 2));
    for (let i = 0; i < items.length; i++) expect(doc.find(`/bestiary/${i}/attack`).node?.type).toBe('string');
    // The last item's key sits near the end of the text: found through the index, it is exact.
    const last = doc.find(`/bestiary/${items.length - 1}/id`);
    expect(doc.text.slice(last.node!.offset, last.node!.offset + last.node!.length)).toBe(`"m${items.length - 1}"`);
  });
});
