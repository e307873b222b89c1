// The studio's UI figures, measured in Chromium against the browser mode (needs `npm run build`):
// - keystroke → markers on a 3,000-line system (performance marks `rules:edit` → `rules:markers`), p50/p95,
//   against the same on a small seed system (baseline);
// - first load: navigation → the studio ready with a document open and checked, against DOMContentLoaded;
// - the UI thread during a 100,000-fight batch: long tasks (Long Tasks API), against an idle window of the page.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { REPO, launchBrowser, startStudio, waitChecked, withOpen } from '../test/e2e/harness';

const BIG = 'bench-3000-lines.json';
const KEYSTROKES = 60;
const KEY_GAP_MS = 150;
const BATCH_FIGHTS = Number(process.env.UI_BENCH_FIGHTS ?? 100_000);

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number): string => `${n.toFixed(1)} ms`;

/** classic-d20 pretty-printed, with its bestiary cut so the file is 3,000 lines. */
function bigSystem(workspace: string): number {
  const doc = JSON.parse(readFileSync(join(REPO, 'systems/classic-d20.json'), 'utf8')) as { bestiary: unknown[] };
  const full = doc.bestiary;
  let lo = 0;
  let hi = full.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    doc.bestiary = full.slice(0, mid);
    if (JSON.stringify(doc, null, 2).split('\n').length <= 3000) lo = mid;
    else hi = mid - 1;
  }
  doc.bestiary = full.slice(0, lo);
  const text = JSON.stringify(doc, null, 2) + '\n';
  writeFileSync(join(workspace, BIG), text);
  return text.split('\n').length - 1;
}

/** Types KEYSTROKES characters into a formula (a space, then back) and returns each keystroke's latency. */
async function keystrokeLatencies(page: Page): Promise<number[]> {
  const at = await page.evaluate(() => {
    const s = (window as unknown as { __studio: { studio: { documents: { active: { text: string } } }; editor: { editor: { setPosition(p: object): void; revealPositionInCenter(p: object): void; focus(): void } } } }).__studio;
    const text = s.studio.documents.active.text;
    const offset = text.indexOf('"damage": "', text.indexOf('"combat"')) + '"damage": "'.length;
    const before = text.slice(0, offset).split('\n');
    const position = { lineNumber: before.length, column: before[before.length - 1]!.length + 1 };
    s.editor.editor.setPosition(position);
    s.editor.editor.revealPositionInCenter(position);
    s.editor.editor.focus();
    performance.clearMarks('rules:edit');
    performance.clearMarks('rules:markers');
    return position;
  });
  void at;
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(i % 2 === 0 ? 'Space' : 'Backspace');
    await page.waitForTimeout(KEY_GAP_MS);
  }
  await page.waitForTimeout(3000);
  return page.evaluate(() => {
    type Mark = PerformanceMark & { detail: { version: number } };
    const edits = performance.getEntriesByName('rules:edit') as Mark[];
    const markers = performance.getEntriesByName('rules:markers') as Mark[];
    // A keystroke's markers are the first markers for its version or a later one (typing may outrun a check).
    return edits.map((e) => {
      const done = markers.find((m) => m.detail.version >= e.detail.version && m.startTime >= e.startTime);
      return done ? done.startTime - e.startTime : Number.NaN;
    });
  });
}

async function summary(label: string, latencies: number[]): Promise<{ p50: number; p95: number }> {
  const sorted = latencies.filter(Number.isFinite).sort((a, b) => a - b);
  const p50 = pct(sorted, 50);
  const p95 = pct(sorted, 95);
  console.log(`${label}: ${sorted.length} keystrokes, p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(sorted.at(-1) ?? NaN)}`);
  return { p50, p95 };
}

export async function run(): Promise<void> {
  if (!existsSync(join(REPO, 'dist/renderer/index.html')) || !existsSync(join(REPO, 'dist/electron/web/main.js'))) {
    const built = spawnSync('npm', ['run', '-s', 'build'], { cwd: REPO, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const studio = await startStudio();
  const lines = bigSystem(studio.workspace);
  const browser = await launchBrowser();
  try {
    // First load: a fresh page each time (cold caches only the first time; report the median of 5).
    const loads: { dcl: number; ready: number; checked: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await browser.context.newPage();
      await page.goto(withOpen(studio.url, 'twin-dice.json'));
      await waitChecked(page, 'twin-dice.json');
      loads.push(
        await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const ready = performance.getEntriesByName('rules:ready')[0]?.startTime ?? NaN;
          const checked = performance.getEntriesByName('rules:markers')[0]?.startTime ?? NaN;
          return { dcl: nav.domContentLoadedEventEnd, ready, checked };
        }),
      );
      await page.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const dcl = median(loads.map((l) => l.dcl));
    const ready = median(loads.map((l) => l.ready));
    const checked = median(loads.map((l) => l.checked));
    console.log(`first load (median of 5): DOMContentLoaded ${ms(dcl)} (baseline), studio ready ${ms(ready)} (×${(ready / dcl).toFixed(2)}), first markers ${ms(checked)} · target ready ≤ 1500 ms: ${ready <= 1500 ? 'met' : 'NOT met'}`);
    console.log(`  every load: ${loads.map((l) => `${l.ready.toFixed(0)}`).join(', ')} ms`);

    // Keystroke → markers: small system (baseline), then the 3,000-line one.
    const page = await browser.context.newPage();
    await page.goto(withOpen(studio.url, 'twin-dice.json'));
    await waitChecked(page, 'twin-dice.json');
    const small = await summary('keystroke → markers, twin-dice.json (147 lines, baseline)', await keystrokeLatencies(page));
    await page.goto(withOpen(studio.url, BIG));
    await waitChecked(page, BIG);
    const big = await summary(`keystroke → markers, ${BIG} (${lines} lines)`, await keystrokeLatencies(page));
    console.log(`  ratio p95 big/small ×${(big.p95 / small.p95).toFixed(2)} · target p95 ≤ 50 ms: ${big.p95 <= 50 ? 'met' : 'NOT met'}`);

    // UI thread during a batch: long tasks while the sim worker runs BATCH_FIGHTS fights.
    await page.goto(withOpen(studio.url, 'hope-and-fear.json'));
    await waitChecked(page, 'hope-and-fear.json');
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    await page.waitForTimeout(3000);
    const idle = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[] };
      const out = [...w.__longTasks];
      w.__longTasks = [];
      return out;
    });
    await page.getByTestId('tab-batch').click();
    await page.getByTestId('batch-size').fill(String(BATCH_FIGHTS));
    const started = Date.now();
    await page.getByTestId('run-batch').click();
    await page.getByTestId('plots').waitFor({ timeout: 30 * 60_000 });
    const seconds = (Date.now() - started) / 1000;
    const during = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    const worst = Math.max(0, ...during);
    const idleWorst = Math.max(0, ...idle);
    console.log(
      `UI thread during a ${BATCH_FIGHTS.toLocaleString('en')}-fight batch (hope-and-fear, ${seconds.toFixed(1)} s, ${(BATCH_FIGHTS / seconds).toFixed(0)} fights/s): ` +
        `${during.length} long tasks, longest ${ms(worst)}; idle page baseline: ${idle.length} long tasks, longest ${ms(idleWorst)} · target never > 50 ms: ${worst <= 50 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
    await studio.close();
  }
}
