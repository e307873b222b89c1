import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { JsonLocator, decodedSpanToDocument, documentOffsetToDecoded, pathToPointer, pointerToPath } from './jsonLocations';

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
