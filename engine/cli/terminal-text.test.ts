// The one escaping function of what the CLI prints, and the bounded excerpt under a diagnostic.
import { describe, expect, test } from 'vitest';
import { escapeControls, excerpt, EXCERPT_CHARS, lineOf } from './terminal-text.mjs';

describe('escapeControls', () => {
  test('shows every C0 and C1 control, DEL and bidirectional formatting character as \\uXXXX', () => {
    expect(escapeControls('a\u001b[2Jb')).toBe('a\\u001b[2Jb');
    expect(escapeControls('\u0000\u0007\u0008\r\u007f\u009b\u0085')).toBe('\\u0000\\u0007\\u0008\\u000d\\u007f\\u009b\\u0085');
    expect(escapeControls('abc\u202edcba\u2066\u2069\u200e\u200f\u061c\u2028\u2029')).toBe('abc\\u202edcba\\u2066\\u2069\\u200e\\u200f\\u061c\\u2028\\u2029');
    for (let code = 0; code < 0x20; code++) expect(escapeControls(String.fromCharCode(code))).toMatch(/^\\u00[01][0-9a-f]$/);
  });
  test('line feeds and tabs are escaped in a message, kept in a whole report', () => {
    expect(escapeControls('a\nb\tc')).toBe('a\\u000ab\\u0009c');
    expect(escapeControls('a\nb\tc\u001b', { keepLines: true })).toBe('a\nb\tc\\u001b');
  });
  test('leaves ordinary text, accents, emoji and CJK alone', () => {
    const text = 'Épée · 火球 🎲 “quotes” \\u001b (written out)';
    expect(escapeControls(text)).toBe(text);
  });
  test('a JSON document stays the same JSON', () => {
    const doc = { 'k\u202e': 'v\u009b\u001b', list: ['\u2066x'] };
    const text = escapeControls(JSON.stringify(doc, null, 2), { keepLines: true });
    expect(text).not.toMatch(/[\u001b\u009b\u202e\u2066]/);
    expect(JSON.parse(text)).toEqual(doc);
  });
});

describe('excerpt', () => {
  test('a short line is shown whole, the caret under the place', () => {
    expect(excerpt('  "hp": "@nope"', 9, 14)).toEqual({ text: '  "hp": "@nope"', caret: 9, width: 5 });
  });
  test('a long line is cut to about EXCERPT_CHARS characters around the column, marked with …', () => {
    const line = `${'a'.repeat(100_000)}XYZ${'b'.repeat(100_000)}`;
    const shown = excerpt(line, 100_000, 100_003);
    expect([...shown.text].length).toBeLessThanOrEqual(EXCERPT_CHARS + 2);
    expect(shown.text.startsWith('…') && shown.text.endsWith('…')).toBe(true);
    expect(shown.text.slice(shown.caret, shown.caret + shown.width)).toBe('XYZ');
  });
  test('the start and the end of a long line keep their side uncut', () => {
    const line = 'x'.repeat(10_000);
    expect(excerpt(line, 0, 1).text).toBe(`${'x'.repeat(EXCERPT_CHARS)}…`);
    const end = excerpt(line, 9_999, 10_000);
    expect(end.text).toBe(`…${'x'.repeat(EXCERPT_CHARS)}`);
    expect(end.caret).toBe(EXCERPT_CHARS);
  });
  test('controls are escaped and the caret counts what the escapes take', () => {
    const shown = excerpt('"a\u001b[2J": "@nope"', 10, 15);
    expect(shown.text).toBe('"a\\u001b[2J": "@nope"');
    expect(shown.text.slice(shown.caret, shown.caret + shown.width)).toBe('@nope');
    expect(excerpt('\tx', 1, 2)).toEqual({ text: ' x', caret: 1, width: 1 });
  });
  test('a span running past the line is underlined to its end, and never less than one character', () => {
    expect(excerpt('abc', 1, 99)).toEqual({ text: 'abc', caret: 1, width: 2 });
    expect(excerpt('abc', 3, 3)).toEqual({ text: 'abc', caret: 3, width: 1 });
  });
});

describe('lineOf', () => {
  test('finds a line by number across \\n, \\r\\n and \\r', () => {
    const text = 'one\r\ntwo\nthree\rfour';
    expect([1, 2, 3, 4, 5].map((n) => lineOf(text, n))).toEqual(['one', 'two', 'three', 'four', '']);
  });
});
