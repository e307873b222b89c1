import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fuzzParameters } from './fuzz';

describe('fuzz parameters of the property tests', () => {
  it('keeps each property its own seed and runs when nothing is set (npm test)', () => {
    expect(fuzzParameters({}, 42, 300)).toEqual({ seed: 42, numRuns: 300 });
    expect(fuzzParameters({ FUZZ_SEED: '', FUZZ_SCALE: ' ' }, 7, 60)).toEqual({ seed: 7, numRuns: 60 });
  });

  it('multiplies the runs by FUZZ_SCALE, never below one run', () => {
    expect(fuzzParameters({ FUZZ_SCALE: '20' }, 42, 300)).toEqual({ seed: 42, numRuns: 6000 });
    expect(fuzzParameters({ FUZZ_SCALE: '0.001' }, 42, 300).numRuns).toBe(1);
  });

  it('gives every property a seed of its own under one FUZZ_SEED, and another FUZZ_SEED other seeds', () => {
    const ownSeeds = [7, 11, 12, 42, 43, 44];
    const under = (base: string): number[] => ownSeeds.map((s) => fuzzParameters({ FUZZ_SEED: base }, s, 1).seed);
    expect(new Set(under('1')).size).toBe(ownSeeds.length);
    expect(under('1')).not.toEqual(under('2'));
    expect(under('1')).toEqual(under('1'));
    for (const seed of [...under('1'), ...under('9007199254740991')]) expect(Number.isInteger(seed)).toBe(true);
    // Seeds past 2^32 are not folded onto small ones.
    expect(under('4294967297')).not.toEqual(under('1'));
  });

  it('refuses what is not a number, saying which variable and what it expected', () => {
    expect(() => fuzzParameters({ FUZZ_SEED: 'abc' }, 1, 1)).toThrow('FUZZ_SEED="abc": expected a whole number');
    expect(() => fuzzParameters({ FUZZ_SEED: '1.5' }, 1, 1)).toThrow('FUZZ_SEED="1.5"');
    expect(() => fuzzParameters({ FUZZ_SCALE: '0' }, 1, 1)).toThrow('FUZZ_SCALE="0": expected a number above 0, at most 10000');
    expect(() => fuzzParameters({ FUZZ_SCALE: 'lots' }, 1, 1)).toThrow('FUZZ_SCALE');
  });
});

describe('npm run fuzz', () => {
  const fuzzCli = (...args: string[]) => spawnSync(process.execPath, ['scripts/fuzz.mjs', ...args], { encoding: 'utf8' });

  it('refuses bad arguments before running anything, saying what it expected and how to call it', () => {
    for (const [args, said] of [
      [['--scale', '0'], '--scale: expected a number above 0, at most 10000, got 0'],
      [['--seeds', '2.5'], '--seeds: expected a whole number from 1 to 1000, got 2.5'],
      [['--seed'], '--seed needs a value'],
      [['--fast'], 'unknown option --fast'],
      [['test/no-such.test.ts'], 'no such file: test/no-such.test.ts'],
    ] as const) {
      const run = fuzzCli(...args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(said);
      expect(run.stderr).toContain('usage: npm run fuzz --');
      expect(run.stdout).toBe('');
    }
  });
});
