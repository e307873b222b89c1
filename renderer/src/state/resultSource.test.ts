import { describe, expect, test } from 'vitest';
import { resultSource, sourceState, sourceWords, textHash } from './resultSource';

describe('result sources', () => {
  const text = JSON.stringify({ id: 'classic-d20', version: '1.2.0', name: 'x' });
  test('says system, version, hash and file', () => {
    const s = resultSource('doc-1', 'classic-d20.json', text);
    expect(sourceWords(s)).toBe(`classic-d20 1.2.0 · text #${textHash(text)} · classic-d20.json`);
    expect(textHash(text)).toMatch(/^[0-9a-f]{8}$/);
  });
  test('current, out of date after an edit, another document\'s', () => {
    const s = resultSource('doc-1', 'a.json', text);
    expect(sourceState(s, resultSource('doc-1', 'a.json', text))).toBe('current');
    expect(sourceState(s, resultSource('doc-1', 'a.json', `${text} `))).toBe('outdated');
    expect(sourceState(s, resultSource('doc-2', 'b.json', text))).toBe('other');
    expect(sourceState(null, resultSource('doc-2', 'b.json', text))).toBe('other');
  });
});
