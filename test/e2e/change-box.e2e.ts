// A change asked in words, in the studio: the command palette's "Rules: Change templates in words…", by keyboard and
// mouse only. "deixe os chefes mais difíceis a partir do tier 3" on classic-d20 previews the boss template for tiers
// 3–6 and applies as one undo step; a request it cannot read is refused with what it understood.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, closeStudioSession, openStudioSession, painted, waitChecked, type StudioProbe, type StudioProcess } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof openStudioSession>>['browser'];
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('classic-d20.json', pageErrors, true));
});

afterAll(() => closeStudioSession({ studio, browser }));

const text = () => page.evaluate(() => (window as unknown as { __studio: StudioProbe }).__studio.studio.documents.active!.text);

async function openChangeBox(): Promise<void> {
  await page.getByTestId('sandbox').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('F1');
  const quick = page.locator('.quick-input-widget input');
  await quick.waitFor({ state: 'visible' });
  await page.keyboard.type('Change templates in words');
  await expect.poll(() => page.locator('.quick-input-widget .monaco-list-row').first().textContent()).toMatch(/Change templates in words/);
  await page.keyboard.press('Enter');
  await page.getByTestId('change-input').waitFor({ state: 'visible' });
}

describe('the change box', () => {
  test('"deixe os chefes mais difíceis a partir do tier 3": a preview of the boss template for tiers 3–6 and its balance diff, then one undo step', async () => {
    const before = await text();
    await openChangeBox();
    await page.keyboard.type('deixe os chefes mais difíceis a partir do tier 3');
    await page.keyboard.press('Enter');
    await page.getByTestId('change-plan').waitFor({ state: 'visible' });
    expect(await page.getByTestId('change-understood').textContent()).toBe('role boss · tiers 3–6 · hit points +25% (harder) · defence +1 (harder)');
    expect(await page.getByTestId('change-after').allTextContents()).toEqual([
      '@tier >= 3 ? ceil((30 + 25 * @tier) * 1.25) : 30 + 25 * @tier', '@tier >= 3 ? 15 + @tier : 14 + @tier',
    ]);
    const hpRow = await page.getByTestId('change-formula').first().locator('tbody tr').nth(1).locator('td').allTextContents();
    expect(hpRow).toEqual(['55', '80', '132', '163', '194', '225']);
    expect(await page.getByTestId('change-fights').textContent()).toContain('boss-tier-4');
    // Its balance diff: the fights it touches, before and after on the same seeds.
    const row = page.getByTestId('change-diff-row');
    await row.first().waitFor({ state: 'visible' });
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toMatch(/^boss-tier-4\d+\.\d% → \d+\.\d%\d+\.\d\d → \d+\.\d\d/);
    // And on the grid cells it moves: the first party against bosses at tiers 3–6, before and after on the same seeds.
    const cell = page.getByTestId('change-cell-row');
    await expect.poll(() => cell.count()).toBe(4);
    expect(await page.getByTestId('change-cells').textContent()).toContain('Four adventurers, level 5');
    expect((await cell.locator('th').allTextContents())).toEqual(['boss · tier 3', 'boss · tier 4', 'boss · tier 5', 'boss · tier 6']);
    expect(await cell.first().textContent()).toMatch(/^boss · tier 3\d+\.\d% → \d+\.\d%\d+\.\d\d → \d+\.\d\d/);
    expect(await text()).toBe(before);
    await page.setViewportSize({ width: 1440, height: 900 });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'change-box-preview-1440.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'change-box-preview-1024.png') });
    await page.setViewportSize({ width: 1600, height: 900 });

    await page.getByTestId('change-apply').click();
    await expect.poll(text).toContain('"hp": "@tier >= 3 ? ceil((30 + 25 * @tier) * 1.25) : 30 + 25 * @tier"');
    expect(await text()).toContain('"defence": "@tier >= 3 ? 15 + @tier : 14 + @tier"');
    expect(await page.getByTestId('change-note').textContent()).toMatch(/Ctrl\+Z/);
    await waitChecked(page, 'classic-d20.json');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('change-box').count()).toBe(0);

    // One undo step in the editor takes both formulas back.
    await page.locator('.monaco-editor').first().click();
    await page.keyboard.press('Control+z');
    await expect.poll(text).toBe(before);
  });

  test('a request it cannot read is refused with what it understood and what it did not', async () => {
    const before = await text();
    await openChangeBox();
    await page.keyboard.type('make bosses wobble from tier 3');
    await page.getByTestId('change-preview').click();
    await page.getByTestId('change-refused').waitFor({ state: 'visible' });
    expect(await page.getByTestId('change-understood').textContent()).toBe('role boss · tiers 3–6');
    expect(await page.getByTestId('change-not-understood').textContent()).toBe("'wobble'");
    expect(await page.getByTestId('change-apply').count()).toBe(0);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'change-box-refused.png') });
    await page.keyboard.press('Escape');
    expect(await text()).toBe(before);
    expect(pageErrors).toEqual([]);
  });
});
