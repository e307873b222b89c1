// Reading callgrind's output for the instruction profile: costs go to the generated code a perf map names, relative
// addresses add up, a call's inclusive cost stays with the callee, and names lose V8's tier mark and the script path.
import { describe, expect, it } from 'vitest';
import { callgrindPid, functionName, parsePerfMap, perFight, selfCosts } from '../../bench/callgrind';

const map = parsePerfMap([
  '2000 40 JS:^judge file:///home/x/cache/bench-sim-count.mjs:12626:8',
  '1000 100 JS:*judge file:///home/x/cache/bench-sim-count.mjs:12626:8',
  '3000 10 Builtin:LoadIC',
  'not a line',
].join('\n'));

describe('callgrind, read for the instruction profile', () => {
  it('parses a perf map, sorted by address', () => {
    expect(map.map((r) => [r.start, r.size])).toEqual([[0x1000, 0x100], [0x2000, 0x40], [0x3000, 0x10]]);
  });

  it('names generated code as people read it', () => {
    expect(functionName('JS:*judge file:///home/x/cache/bench-sim-count.mjs:12626:8')).toBe('JS:judge bench-sim-count.mjs:12626');
    expect(functionName('JS:~ file:///a/b.mjs:7:3')).toBe('JS: b.mjs:7');
    expect(functionName('Builtin:LoadIC')).toBe('Builtin:LoadIC');
  });

  it('gives each function its own instructions: absolute, relative and repeated addresses; calls left to the callee', () => {
    const out = [
      'version: 1',
      'pid: 4242',
      'events: Ir',
      'fn=(1) 0x0000000000001000',
      '0x1000 0 5', // judge (optimized)
      '+16 0 7', // 0x1010, judge
      'cfn=(2) Builtins_LoadIC',
      'calls=3 0x3000',
      '+4 0 900', // a call's inclusive cost: the callee's, not judge's
      '* 0 1', // 0x1014 again, judge
      'fn=(3) 0x0000000000002000',
      '0x2010 0 11', // judge (baseline tier): the same function
      'fn=(4) malloc',
      '0x7f00 0 13', // outside every piece of generated code: node's own
      'fn=(2)',
      '0x3004 0 17', // the builtin
      'fn=(4)',
      '-0 0 2', // 0x3004 relative to the previous: still the builtin
      'cfn=(5) free', // a name first given as a call's target...
      'calls=1 0x7f00',
      '0x7f10 0 50',
      'fn=(5)', // ...then opening a function by its id alone
      '0x7f40 0 3',
    ].join('\n');
    const costs = selfCosts(out, map);
    expect(Object.fromEntries(costs)).toEqual({
      'JS:judge bench-sim-count.mjs:12626': 5 + 7 + 1 + 11,
      'native malloc': 13, // the call to free (50) is free's, not malloc's
      'native free': 3,
      'Builtin:LoadIC': 17 + 2,
    });
    expect(callgrindPid(out)).toBe(4242);
    expect(callgrindPid('events: Ir')).toBeNull();
  });

  it('per fight: the longer run less the shorter, over the fights between, largest first', () => {
    const few = new Map([['a', 1_000], ['b', 500]]);
    const many = new Map([['a', 3_000], ['b', 4_500], ['c', 200]]);
    expect(perFight(few, many, 100)).toEqual([['b', 40], ['a', 20], ['c', 2]]);
  });
});
