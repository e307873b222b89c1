import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { JsonLocator, decodedSpanToDocument, documentOffsetToDecoded, pathToPointer, pointerToPath, numberEdit } from './jsonLocations';

const text = `{
  "checks": { "attack": { "roll": "d20 + @str.mod" } },
  "conditions": [ { "id": "prone" }, { "id": "a/b~c" } ],
  "esc": "say \\"hi\\" + @x"
}`;

describe('JsonLocator', () => {
  test('finds the value of a pointer and the member around it', () => {
    const locator = new JsonLocator(text);
    const range = locator.rangeOfPointer('/checks/attack/roll')!;
    expect(text.slice(range.start, range.end)).toBe('"d20 + @str.mod"');
    const member = locator.memberRangeOfPointer('/conditions/1')!;
    expect(text.slice(member.start, member.end)).toBe('{ "id": "a/b~c" }');
  });

  test('a missing member falls back to its closest existing ancestor', () => {
    const locator = new JsonLocator(text);
    const range = locator.rangeOfPointer('/checks/attack/outcomes/3')!;
    expect(text.slice(range.start, range.start + 9)).toBe('{ "roll":');
  });

  test('the pointer at an offset, and string values but not keys', () => {
    const locator = new JsonLocator(text);
    const inFormula = text.indexOf('@str.mod');
    expect(locator.pointerAt(inFormula)).toBe('/checks/attack/roll');
    expect(locator.stringValueAt(inFormula)?.pointer).toBe('/checks/attack/roll');
    expect(locator.stringValueAt(text.indexOf('"roll"') + 2)).toBeUndefined();
  });

  test('pointers escape ~ and / (RFC 6901) both ways', () => {
    expect(pathToPointer(['conditions', 1, 'a/b~c'])).toBe('/conditions/1/a~1b~0c');
    expect(pointerToPath('/conditions/1/a~1b~0c')).toEqual(['conditions', 1, 'a/b~c']);
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.nat(1000))), (path) => {
        const back = pointerToPath(pathToPointer(path));
        expect(back.map(String)).toEqual(path.map(String));
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('offsets inside JSON strings with escapes', () => {
  test('a decoded span maps to the raw characters in the document', () => {
    const locator = new JsonLocator(text);
    const node = locator.nodeOfPointer('/esc')!;
    const decoded = JSON.parse(text.slice(node.offset, node.offset + node.length)) as string;
    const at = decoded.indexOf('@x');
    const range = decodedSpanToDocument(text, node, { start: at, end: at + 2 });
    expect(text.slice(range.start, range.end)).toBe('@x');
    expect(documentOffsetToDecoded(text, node, range.start)).toBe(at);
  });
});

describe('numberEdit', () => {
  const text = '{\n  "templates": [{ "tracks": { "hp": "10 + 5 * @tier" }, "note": "say \\"hi\\" 5" }],\n  "heroes": [{ "level": 3 }]\n}';
  const apply = (e: { start: number; end: number; text: string }): string => text.slice(0, e.start) + e.text + text.slice(e.end);

  test('replaces a plain number, and a numeral inside a formula string by its span', () => {
    const level = numberEdit(text, '/heroes/0/level', undefined, 3, 4);
    expect(typeof level !== 'string' && apply(level)).toContain('"level": 4 }');
    const hp = numberEdit(text, '/templates/0/tracks/hp', { start: 5, end: 6 }, 5, 12);
    expect(typeof hp !== 'string' && apply(hp)).toContain('"hp": "10 + 12 * @tier"');
    // Escapes before the span count as one decoded character each.
    const note = numberEdit(text, '/templates/0/note', { start: 9, end: 10 }, 5, 6);
    expect(typeof note !== 'string' && apply(note)).toContain('"note": "say \\"hi\\" 6"');
  });

  test('refuses an edit in the wrong place when the text has changed', () => {
    expect(numberEdit(text, '/heroes/1/level', undefined, 3, 4)).toBe('nothing is at /heroes/1/level any more');
    expect(numberEdit(text, '/heroes/0/level', undefined, 2, 4)).toBe("/heroes/0/level no longer holds 2 there (it reads '3'): run it again on this text");
    expect(numberEdit(text, '/templates/0/tracks/hp', { start: 4, end: 6 }, 5, 6)).toMatch(/no longer holds 5 there \(it reads ' 5'\)/);
    expect(numberEdit(text, '/heroes/0/level', { start: 0, end: 1 }, 3, 4)).toBe('/heroes/0/level is no longer a formula');
    expect(numberEdit(text, '/templates/0/tracks/hp', undefined, 5, 4)).toBe('/templates/0/tracks/hp is no longer a number');
  });
});
