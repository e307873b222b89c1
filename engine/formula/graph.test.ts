// The one cycle finder (walkGraph, findCycle) and the three places that use it: user functions calling each other
// (callCycle), derived values in the schema's meaning check and in the loader's order of evaluation. Their messages
// are pinned here, since the walk changed under them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../schema/document';
import { checkMeaning } from '../schema/meaning';
import { loadSystem } from '../sim/index';
import { callCycle } from './calls';
import { findCycle, walkGraph } from './graph';

const graph = (edges: Record<string, string[]>) => (node: string): string[] => edges[node] ?? [];

describe('walkGraph and findCycle', () => {
  it('finds the first cycle reachable from a start, first node repeated, and none where there is none', () => {
    const next = graph({ a: ['b'], b: ['c', 'd'], c: [], d: ['b'], e: ['e'] });
    expect(findCycle('a', next)).toEqual(['b', 'd', 'b']);
    expect(findCycle('c', next)).toBeUndefined();
    expect(findCycle('e', next)).toEqual(['e', 'e']);
    expect(findCycle('a', next, (n) => n === 'd')).toBeUndefined();
  });

  it('walks every start once, post-order (what a node leads to first), and reports every back edge with its whole path', () => {
    const done: string[] = [];
    const cycles: string[] = [];
    walkGraph(['x', 'a', 'b'], graph({ x: ['a'], a: ['b', 'c'], b: ['a'], c: ['a', 'c'] }), {
      done: (n) => { done.push(n); },
      cycle: (path, from) => { cycles.push(`${path.join('>')}@${from}`); },
    });
    expect(done).toEqual(['b', 'c', 'a', 'x']);
    expect(cycles).toEqual(['x>a>b>a@1', 'x>a>c>a@1', 'x>a>c>c@2']);
  });

  it('stops when a cycle callback says so', () => {
    const seen: string[] = [];
    expect(walkGraph(['a'], graph({ a: ['a', 'b'], b: [] }), { cycle: () => true, done: (n) => { seen.push(n); } })).toBe(true);
    expect(seen).toEqual([]);
  });

  it('is iterative: a chain of 20,000 needs no stack', () => {
    const next = (n: number): number[] => (n < 20_000 ? [n + 1] : [0]);
    expect(findCycle(0, next)).toHaveLength(20_002);
  });
});

describe('the cycles it names', () => {
  it('user functions: the first circle from a function, remembered per functions map', () => {
    const functions = new Map([
      ['f', { params: [], body: 'g() + 1' }],
      ['g', { params: [], body: 'h() + f()' }],
      ['h', { params: [], body: '2' }],
    ]);
    expect(callCycle('f', functions)).toEqual(['f', 'g', 'f']);
    expect(callCycle('g', functions)).toEqual(['g', 'f', 'g']);
    expect(callCycle('h', functions)).toBeUndefined();
  });

  it('the meaning check names each circle among derived values once, at the value it closes on', () => {
    const problems = checkMeaning({ derived: { a: '@b + @c', b: '@a', c: '@a + @c', d: '@a' } });
    expect(problems.filter((p) => p.code === 'cycle').map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/derived/a: derived values read each other in a circle: @a → @b → @a',
      '/derived/a: derived values read each other in a circle: @a → @c → @a',
      '/derived/c: derived values read each other in a circle: @c → @c',
    ]);
  });

  it('the loader names a cycle by the walk that found it, and a value that reads itself', () => {
    const mini = JSON.parse(readFileSync(new URL('../../test/fixtures/systems/mini-d20.json', import.meta.url), 'utf8')) as SystemDocument;
    const loaded = loadSystem({ ...mini, derived: { ...mini.derived, loopA: '@loopB + 1', loopB: '@loopA', selfish: '@self.selfish + 1' } });
    expect(loaded.ok).toBe(false);
    const messages = loaded.ok ? [] : loaded.diagnostics.map((d) => d.message);
    expect(messages).toContain('derived values form a cycle: loopA → loopB → loopA');
    expect(messages).toContain("derived value 'selfish' reads itself");
  });
});
