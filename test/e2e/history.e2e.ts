// The run history against the browser studio: two batches of one fight with an edit between them land as two
// JSON lines in <workspace>/.rules-studio/runs/<system>.jsonl, and the Balance tab's trend plot shows two points,
// one per version (different hashes). A torn line in the file is skipped and said so.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, launchBrowser, type StudioProcess, closeStudioSession, openStudioSession } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

interface Probe {
  __studio: {
    sandbox: { events: unknown[]; systemText: string | null; batchRunning: boolean; batchStats: { fights: number } | null; fightId: string; batchSize: number; runBatch(): Promise<void> };
    editor: { editor: { getModel(): { getValue(): string; setValue(v: string): void } } };
  };
}

const historyFile = () => join(studio.workspace, '.rules-studio', 'runs', 'classic-d20.jsonl');
type Line = { hash: string; fight: string; fights: number; version: string; winRate: { value: number }; heroDiedFights?: number };
/** The runs on disk (the torn line the second test writes is left out). */
const lines = (): Line[] => {
  let text: string;
  try {
    text = readFileSync(historyFile(), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as Line];
    } catch {
      return [];
    }
  });
};

/** Runs in the page: how many pixels of a canvas are drawn on. */
function inkedPixels(canvas: HTMLCanvasElement): number {
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
  return inked;
}

async function runBatch(fights: number): Promise<void> {
  await page.getByTestId('tab-batch').click();
  await page.getByTestId('batch-size').fill(String(fights));
  await page.getByTestId('run-batch').click();
  await expect.poll(() => page.evaluate(() => {
    const s = (globalThis as unknown as Probe).__studio.sandbox;
    return !s.batchRunning && s.batchStats !== null;
  })).toBe(true);
}

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('classic-d20.json', pageErrors, true));
});

afterAll(() => closeStudioSession({ studio, browser }));

describe('run history', () => {
  test('two batches with an edit between them: two lines on disk, two points in the trend plot', async () => {
    // The fight the edit below changes (the balance diff test marks it too).
    const fight = 'boss-tier-4';
    await page.getByTestId('tab-batch').click();
    await page.getByTestId('fight-select').selectOption(fight);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Probe).__studio.sandbox.fightId)).toBe(fight);
    await runBatch(300);
    await expect.poll(() => lines().length).toBe(1);
    await expect.poll(() => page.getByTestId('batch-recorded').textContent()).toMatch(/^Recorded in \.rules-studio\/runs\/classic-d20\.jsonl \(version [0-9a-f]{7}\)/);

    // The edit: every hero hits much harder (the same change the diff test makes), so the second point moves.
    await page.evaluate(() => {
      const model = (globalThis as unknown as Probe).__studio.editor.editor.getModel();
      model.setValue(model.getValue().replace('"(@tier + 1)d8 + 2 * @tier"', '"4 * ((@tier + 1)d8 + 2 * @tier)"'));
    });
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Probe).__studio.sandbox.systemText?.includes('4 * ((@tier + 1)d8') ?? false)).toBe(true);
    await runBatch(300);
    await expect.poll(() => lines().length).toBe(2);

    const [first, second] = lines();
    expect(first!.fight).toBe(fight);
    expect(second!.fight).toBe(fight);
    expect(first!.fights).toBe(300);
    expect(first!.hash).not.toBe(second!.hash);
    // Same fight, same seed, different rules: the result moved.
    expect(second!.winRate.value).not.toBe(first!.winRate.value);
    // The studio's batches keep the fights in which a hero died too (classic-d20's heroes die).
    expect(first!.heroDiedFights).toEqual(expect.any(Number));

    await page.getByTestId('tab-balance').click();
    await expect.poll(() => page.getByTestId('trend').getAttribute('data-points')).toBe('2');
    expect(await page.getByTestId('history-fight').inputValue()).toBe(fight);
    const rows = page.getByTestId('trend-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-hash')).toBe(first!.hash);
    expect(await rows.nth(1).getAttribute('data-hash')).toBe(second!.hash);
    expect(await rows.nth(0).textContent()).toContain(`${first!.version} · ${first!.hash.slice(0, 7)}`);
    expect(await rows.nth(0).getByTestId('trend-died').textContent()).toBe(`${(100 * first!.heroDiedFights! / first!.fights).toFixed(1)}%`);
    await expect.poll(() => page.getByTestId('history-recorded').textContent()).toMatch(/^Recorded in \.rules-studio\/runs\/classic-d20\.jsonl/);
    // The chart drew on its canvas (not just an empty box).
    await expect.poll(() => page.locator('[data-testid="plot-trend"] canvas').evaluate(inkedPixels)).toBeGreaterThan(500);
    await page.getByTestId('run-history').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'balance-history.png') });
  });

  test('a torn line in the history is skipped with a note; the runs around it still plot', async () => {
    appendFileSync(historyFile(), '{"time": "2026-11-30T1\n');
    await page.getByTestId('history-reload').click();
    await expect.poll(() => page.getByTestId('history-note').first().textContent()).toBe('1 line of the history file is not a run and was skipped.');
    expect(await page.getByTestId('history-note').nth(1).textContent()).toMatch(/^line 3 skipped: not JSON/);
    expect(await page.getByTestId('trend').getAttribute('data-points')).toBe('2');
  });

  test('re-running the edited version adds a run to the plot on screen; "one point per version" pools it', async () => {
    // Stay on the Balance tab while the batch runs and records: the plot already drawn must take the new run.
    await page.getByTestId('tab-balance').click();
    const canvas = page.locator('[data-testid="plot-trend"] canvas');
    await expect.poll(() => canvas.evaluate(inkedPixels)).toBeGreaterThan(500);
    const before = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await page.evaluate(() => {
      const sandbox = (globalThis as unknown as Probe).__studio.sandbox;
      sandbox.batchSize = 200;
      return sandbox.runBatch();
    });
    await expect.poll(() => lines().length).toBe(3);
    await expect.poll(() => page.getByTestId('trend').getAttribute('data-points')).toBe('3');
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())).not.toBe(before);
    await page.getByTestId('history-pooled').check();
    await expect.poll(() => page.getByTestId('trend').getAttribute('data-points')).toBe('2');
    const pooled = page.getByTestId('trend-row').nth(1);
    expect(await pooled.locator('td').last().textContent()).toBe('500'); // fights: the two runs of the version, pooled
    await page.getByTestId('history-pooled').uncheck();
    expect(pageErrors).toEqual([]);
  });

  test('the history says which system, version and text it was read for; an edit greys it out until it is read again', async () => {
    await page.getByTestId('tab-balance').click();
    const origin = page.getByTestId('history-origin');
    const hash = await page.evaluate(() => (globalThis as unknown as { __studio: { sandbox: { current: { hash: string } } } }).__studio.sandbox.current.hash);
    await expect.poll(() => origin.getAttribute('data-state')).toBe('current');
    expect(await origin.textContent()).toMatch(new RegExp(`^From classic-d20 \\S+ · text #${hash} · classic-d20\\.json`));
    expect(await page.getByTestId('trend').getAttribute('class')).not.toMatch(/outdated/);
    // A change to the text (a space at its end): the history stands as read for the older text, greyed.
    await page.evaluate(() => {
      const model = (globalThis as unknown as Probe).__studio.editor.editor.getModel();
      model.setValue(`${model.getValue()} `);
    });
    await expect.poll(() => origin.getAttribute('data-state')).toBe('outdated');
    expect(await page.getByTestId('history-origin-outdated').textContent()).toBe('out of date — rerun');
    expect(await page.getByTestId('trend').getAttribute('class')).toMatch(/outdated/);
    expect(await page.getByTestId('trend-table').getAttribute('class')).toMatch(/outdated/);
    // Read again for the text now shown: current, not greyed.
    await page.getByTestId('history-reload').click();
    await expect.poll(() => origin.getAttribute('data-state')).toBe('current');
    expect(await page.getByTestId('trend').getAttribute('class')).not.toMatch(/outdated/);
    expect(pageErrors).toEqual([]);
  });
});
