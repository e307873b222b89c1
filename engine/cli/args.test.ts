// The walk over a command's arguments: options go to the command, the rest are FILEs, with the same words for errors.
import { describe, expect, it } from 'vitest';
import { number, walkArgs, walkOneFile } from './args';

describe('walkArgs', () => {
  const taker = (seen: string[]) => (name: string, next: () => string | undefined): string | null | undefined => {
    switch (name) {
      case '--json': seen.push('json'); return null;
      case '--name': { const v = next(); if (v === undefined) return '--name needs a value'; seen.push(`name ${v}`); return null; }
      default: return undefined;
    }
  };

  it('hands options (with their values) to the command and keeps the FILEs, in order', () => {
    const seen: string[] = [];
    expect(walkArgs(['a.json', '--json', '--name', 'x', 'b.json'], taker(seen), 2)).toEqual({ files: ['a.json', 'b.json'] });
    expect(seen).toEqual(['json', 'name x']);
  });

  it("says what is wrong: an unknown option, a bad value, one FILE too many", () => {
    expect(walkArgs(['--nope'], taker([]))).toBe("unknown option '--nope'");
    expect(walkArgs(['--name'], taker([]))).toBe('--name needs a value');
    expect(walkArgs(['a.json', 'b.json'], taker([]))).toBe("one FILE only (got 'a.json' and 'b.json')");
    expect(walkArgs(['a', 'b', 'c'], taker([]), 2)).toBe("at most 2 files (got 'c' too)");
    expect(walkArgs(['a', 'b', 'c'], taker([]), Infinity)).toEqual({ files: ['a', 'b', 'c'] });
  });

  it('number hands a parsed number on, or gives back the parser\'s message', () => {
    const got: number[] = [];
    expect(number(7, (n) => got.push(n))).toBeNull();
    expect(number('--seed needs a whole number', (n) => got.push(n))).toBe('--seed needs a whole number');
    expect(got).toEqual([7]);
  });
});

describe('walkOneFile', () => {
  it('gives the one FILE a command needs, or says it is missing', () => {
    const none = (): undefined => undefined;
    expect(walkOneFile(['a.json'], none)).toEqual({ file: 'a.json' });
    expect(walkOneFile([], none)).toBe('missing FILE');
    expect(walkOneFile(['--x'], none)).toBe("unknown option '--x'");
  });
});
