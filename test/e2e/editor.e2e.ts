// The editor against the browser studio: each seed system opens clean; a mistake gets a marker where it is and
// the fix removes it; a formula's hover shows its distribution; completion, go to definition, the problems list.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { REPO, SHOTS, hoverUntil, launchBrowser, markers, painted, pointOf, waitChecked, type StudioProcess, closeStudioSession, openStudioSession } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];
const ERROR = 8;

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('classic-d20.json', pageErrors));
});

afterAll(() => closeStudioSession({ studio, browser }));

/** 1-based line and column of the first occurrence of `needle` in the active document (column of its first char). */
async function find(needle: string, after = ''): Promise<{ line: number; column: number }> {
  return page.evaluate(
    ([n, a]) => {
      const text = (window as unknown as { __studio: { studio: { documents: { active: { text: string } } } } }).__studio.studio.documents.active.text;
      const offset = text.indexOf(n!, a ? text.indexOf(a) : 0);
      if (offset < 0) throw new Error(`not found: ${n}`);
      const before = text.slice(0, offset).split('\n');
      return { line: before.length, column: before[before.length - 1]!.length + 1 };
    },
    [needle, after],
  );
}

async function placeCursor(line: number, column: number): Promise<void> {
  await page.evaluate(
    ([l, c]) => {
      const e = (window as unknown as { __studio: { editor: { editor: { setPosition(p: object): void; revealPositionInCenter(p: object): void; focus(): void } } } }).__studio.editor.editor;
      e.setPosition({ lineNumber: l, column: c });
      e.revealPositionInCenter({ lineNumber: l, column: c });
      e.focus();
    },
    [line, column],
  );
}

async function errorMarkers() {
  return (await markers(page)).filter((m) => m.severity === ERROR);
}

/** Hovers line and column until Monaco's hover shows text matching `expected`. */
function hoverAt(line: number, column: number, expected: RegExp): Promise<string> {
  return hoverUntil(page, () => pointOf(page, line, column), expected);
}

describe('editor', () => {
  const systems = readdirSync(join(REPO, 'systems')).filter((f) => f.endsWith('.json')).sort();

  test.each(systems)('opens %s from the file list with no error markers', async (file) => {
    await page.locator('[data-testid="file-list"] button', { hasText: file }).click();
    await waitChecked(page, file);
    const errors = await errorMarkers();
    expect(errors.map((m) => `${m.startLineNumber}:${m.startColumn} ${m.message}`)).toEqual([]);
    const problems = await page.getByTestId('error-count').textContent();
    expect(problems).toBe('0 errors');
  });

  test('a formula mistake gets a marker at its character; fixing it removes the marker', async () => {
    await page.locator('[data-testid="file-list"] button', { hasText: 'classic-d20.json' }).click();
    await waitChecked(page, 'classic-d20.json');
    const at = await find('"roll": "', '"attack"');
    // Just inside the formula's opening quote.
    const column = at.column + '"roll": "'.length;
    await placeCursor(at.line, column);
    await page.keyboard.type('nope(1) + ');
    await waitChecked(page, 'classic-d20.json');
    await expect.poll(async () => (await errorMarkers()).length).toBeGreaterThan(0);
    const [marker] = await errorMarkers();
    // The unknown function's name, exactly.
    expect(marker).toMatchObject({ startLineNumber: at.line, startColumn: column, endColumn: column + 4 });
    expect(marker!.message).toMatch(/nope/);
    // The problems list names it, and a click there puts the cursor on it.
    await expect.poll(() => page.getByTestId('problem').count()).toBeGreaterThan(0);
    await placeCursor(1, 1);
    await page.getByTestId('problem').first().click();
    const cursor = await page.evaluate(() => (window as unknown as { __studio: { editor: { editor: { getPosition(): { lineNumber: number; column: number } } } } }).__studio.editor.editor.getPosition());
    expect(cursor).toEqual({ lineNumber: at.line, column });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'editor-formula-error.png') });
    // Fix: take the ten characters back out.
    await placeCursor(at.line, column + 10);
    for (let i = 0; i < 10; i++) await page.keyboard.press('Backspace');
    await expect.poll(async () => (await errorMarkers()).length).toBe(0);
  });

  test('a JSON mistake (a missing comma) gets a marker where the comma is missing', async () => {
    const at = await find('"name": "Classic d20",');
    const comma = at.column + '"name": "Classic d20"'.length;
    await placeCursor(at.line, comma + 1);
    await page.keyboard.press('Backspace');
    await waitChecked(page, 'classic-d20.json');
    await expect.poll(async () => (await errorMarkers()).length).toBeGreaterThan(0);
    const [marker] = await errorMarkers();
    expect(marker!.startLineNumber).toBeGreaterThanOrEqual(at.line);
    expect(marker!.startLineNumber).toBeLessThanOrEqual(at.line + 1);
    expect(marker!.message).toMatch(/comma/i);
    await page.keyboard.type(',');
    await expect.poll(async () => (await errorMarkers()).length).toBe(0);
  });

  test('hovering a formula shows its range, mean and a distribution chart', async () => {
    const at = await find('"damage": "', '"combat"');
    const text = await hoverAt(at.line, at.column + '"damage": "'.length + 2, /mean/);
    expect(text).toMatch(/range -?\d+–\d+/);
    const hasChart = await page.evaluate(() => !!document.querySelector('.monaco-hover:not(.hidden) img[src^="data:image/svg+xml"]'));
    expect(hasChart).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'editor-formula-hover.png') });
  });

  test('the attack roll hover gives the chance to hit the chosen defence', async () => {
    const at = await find('"roll": "', '"attack"');
    const text = await hoverAt(at.line, at.column + '"roll": "'.length + 3, /Chance to hit/);
    expect(text).toMatch(/Chance to hit defence 13: \d+(\.\d)?%/);
  });

  test('typing @ in a formula offers the references readable there', async () => {
    const at = await find('"damage": "', '"combat"');
    const end = await page.evaluate(
      ([l]) => {
        const text = (window as unknown as { __studio: { studio: { documents: { active: { text: string } } } } }).__studio.studio.documents.active.text;
        return text.split('\n')[l! - 1]!.lastIndexOf('"') + 1;
      },
      [at.line],
    );
    await placeCursor(at.line, end);
    await page.keyboard.type(' + @');
    await page.locator('.suggest-widget .monaco-list-row').first().waitFor();
    const labels = await page.evaluate(() => [...document.querySelectorAll('.suggest-widget .monaco-list-row .label-name')].map((e) => e.textContent));
    expect(labels.some((l) => l?.startsWith('@'))).toBe(true);
    await page.keyboard.press('Escape');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    await expect.poll(async () => (await errorMarkers()).length).toBe(0);
  });

  test('go to definition jumps from a check id to the check', async () => {
    const use = await find('"check": "attack"', '"combat"');
    const target = await find('"attack": {', '"checks"');
    await placeCursor(use.line, use.column + '"check": "'.length + 2);
    await page.keyboard.press('F12');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __studio: { editor: { editor: { getPosition(): { lineNumber: number } } } } }).__studio.editor.editor.getPosition().lineNumber))
      .toBe(target.line);
  });

  test('no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
