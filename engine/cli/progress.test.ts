// The progress line of long CLI runs: only on a terminal, only after a second, rewritten in place, cleared at the end.
import { describe, expect, it } from 'vitest';
import { progressLine, progressOnceTold } from './progress';

function fakeTerminal(isTTY = true) {
  const writes: string[] = [];
  let t = 0;
  return { stream: { isTTY, write: (s: string) => writes.push(s) }, writes, clock: () => t, advance: (ms: number) => { t += ms; } };
}

describe('progressLine', () => {
  it('says nothing in the first second, then shows done / total, the share and the time left, in place', () => {
    const term = fakeTerminal();
    const p = progressLine('sim', 10_000, 'fights', term.stream, term.clock);
    term.advance(500);
    p.update(1_000);
    expect(term.writes).toEqual([]);
    term.advance(500);
    p.update(2_000);
    // 2,000 of 10,000 in 1 s: 8,000 more take about 4 s.
    expect(term.writes).toEqual(['\r\x1b[2Ksim: 2,000 / 10,000 fights (20%) · about 4 s left']);
    term.advance(100);
    p.update(2_500); // too soon after the last line: not rewritten
    expect(term.writes).toHaveLength(1);
    term.advance(200);
    p.update(2_400); // late news of an earlier chunk never moves the count back
    expect(term.writes.at(-1)).toContain('2,500 / 10,000 fights (25%)');
    p.end();
    expect(term.writes.at(-1)).toBe('\r\x1b[2K');
  });

  it('gives minutes for a long wait', () => {
    const term = fakeTerminal();
    const p = progressLine('sim', 1_000_000, 'fights', term.stream, term.clock);
    term.advance(2_000);
    p.update(10_000);
    expect(term.writes.at(-1)).toMatch(/\(1%\) · about 3 min left$/);
  });

  it('for a run that learns its total as it starts, shows the line with the total first told', () => {
    const term = fakeTerminal();
    const p = progressOnceTold('diff', 'fights', term.stream, term.clock);
    p.update(0, 400);
    term.advance(1_000);
    p.update(100, 400);
    expect(term.writes).toEqual(['\r\x1b[2Kdiff: 100 / 400 fights (25%) · about 3 s left']);
    p.end();
    expect(term.writes.at(-1)).toBe('\r\x1b[2K');
    const never = progressOnceTold('diff', 'fights', term.stream, term.clock);
    never.end(); // told nothing: nothing to clear
    expect(term.writes).toHaveLength(2);
  });

  it('writes nothing to a pipe or a file, and a run too short to show a line leaves nothing to clear', () => {
    const pipe = fakeTerminal(false);
    const p = progressLine('sim', 10, 'fights', pipe.stream, pipe.clock);
    pipe.advance(5_000);
    p.update(5);
    p.end();
    expect(pipe.writes).toEqual([]);
    const term = fakeTerminal();
    const q = progressLine('sim', 10, 'fights', term.stream, term.clock);
    q.update(10);
    q.end();
    expect(term.writes).toEqual([]);
  });
});
