// Reading a system file before fighting: the byte-order mark, and the document workers started early may use.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withoutBom } from './check';
import { checkBeforeSimulating, sameDocument } from './sim-check';

const SYSTEMS = new URL('../../systems/', import.meta.url);

describe('sameDocument', () => {
  it('holds for every seed system: the checked document is its text read as JSON, so early workers are used', () => {
    const files = readdirSync(SYSTEMS).filter((f) => f.endsWith('.json'));
    expect(files.length).toBe(6);
    for (const file of files) {
      const text = readFileSync(new URL(file, SYSTEMS), 'utf8');
      const checked = checkBeforeSimulating(file, text);
      if (!checked.ok) throw new Error(checked.report);
      expect(sameDocument(text, checked.doc)).toBe(true);
    }
  });

  it('fails for another document, and for a text that is not JSON', () => {
    const text = readFileSync(new URL('forged.json', SYSTEMS), 'utf8');
    const checked = checkBeforeSimulating('forged.json', text);
    if (!checked.ok) throw new Error(checked.report);
    expect(sameDocument(text.replace('"forged"', '"forged-2"'), checked.doc)).toBe(false);
    expect(sameDocument(`${text},`, checked.doc)).toBe(false);
  });
});

describe('withoutBom', () => {
  it('drops a leading byte-order mark only', () => {
    expect(withoutBom('\uFEFF{"a":1}')).toBe('{"a":1}');
    expect(withoutBom('{"a":"\uFEFF"}')).toBe('{"a":"\uFEFF"}');
    expect(withoutBom('')).toBe('');
  });
});
