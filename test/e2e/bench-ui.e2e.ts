// `npm run bench -- ui` end to end with tiny counts (one load, a few keystrokes, a small batch), so the benchmark
// cannot silently stop producing its figures: every line it prints is there, and every figure is a number. No figure
// is compared with a time (tests never assert on wall-clock time); the bench itself says met / NOT met.
import { expect, test } from 'vitest';
import { run } from '../../bench/ui.bench';

test('the UI bench prints every figure, each a number, with the ratios and the load', async () => {
  const lines: string[] = [];
  const figures = await run({ keystrokes: 4, loads: 1, fights: 2000, log: (line) => lines.push(line) });
  const all = lines.join('\n');
  expect(all).not.toMatch(/NaN/);
  expect(lines[0]).toMatch(/^start: load [\d.]+ [\d.]+ [\d.]+ on \d+ cores$/);
  expect(all).toMatch(/first load \(median of 1\): DOMContentLoaded [\d.]+ ms \(baseline\).* studio ready [\d.]+ ms \(×[\d.]+\).* editor with markers [\d.]+ ms \(×[\d.]+\) · target ready ≤ 1500 ms: (met|NOT met); editor with markers ≤ 1500 ms: (met|NOT met) · load /);
  expect(all).toMatch(/keystroke → markers, twin-dice\.json \(147 lines, baseline\): 4\/4 keystrokes, p50 [\d.]+ ms, p95 [\d.]+ ms/);
  expect(all).toMatch(/keystroke → markers, bench-3000-lines\.json \(\d{4} lines\): 4\/4 keystrokes, p50 [\d.]+ ms, p95 [\d.]+ ms/);
  expect(all).toMatch(/ratio p95 big\/small ×[\d.]+ · target p95 ≤ 50 ms: (met|NOT met)/);
  expect(lines.filter((l) => /^UI thread during a 2,000-fight batch on \d+ sim workers? \(\d+ picked; .* longest [\d.]+ ms; idle page baseline \(3 s\)/.test(l))).toHaveLength(2);
  for (const n of [figures.firstLoad.dcl, figures.firstLoad.ready, figures.firstLoad.editor, figures.keystrokes.small.p95, figures.keystrokes.big.p95]) {
    expect(Number.isFinite(n) && n > 0).toBe(true);
  }
  expect(figures.keystrokes.lines).toBeGreaterThan(2900);
  expect(figures.batches).toHaveLength(2);
  for (const b of figures.batches) expect(b.workers).toBeGreaterThanOrEqual(1);
});
