// Enemies keep their sheets, in the sandbox: a sample fight's template enemies are marked as following their template
// or pinned, "Pin their sheets" writes the pins into the document as one undo step, and the marks follow.
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
const roster = () => page.getByTestId('roster-entry').allTextContents();
const badges = () => page.locator('[data-testid="combatant"]').evaluateAll((cards) => cards.map((c) => [
  c.querySelector('.name')?.getAttribute('title') ?? '', c.querySelector('[data-testid="sheet-badge"]')?.textContent ?? '',
]));

describe('sandbox: pinned sheets', () => {
  test('a sample fight shows which template enemies follow their template; pinning them is one undo step', async () => {
    await page.getByTestId('fight-select').selectOption('boss-tier-4');
    await expect.poll(roster).toEqual(['boss ×1 tier 4 · follows the template', 'elite ×2 tier 3 · follows the template']);
    await expect.poll(badges).toEqual(expect.arrayContaining([['boss-1', 'template'], ['elite-1', 'template'], ['elite-2', 'template']]));
    expect((await badges()).filter(([, b]) => b === '').length).toBeGreaterThan(0); // the heroes: no mark
    await page.setViewportSize({ width: 1440, height: 900 });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'pinned-before-1440.png') });

    expect(await text()).not.toContain('"pinned"');
    await page.getByTestId('pin-sheets').click();
    await expect.poll(text).toContain('"pinned"');
    await waitChecked(page, 'classic-d20.json');
    await expect.poll(roster).toEqual(['boss ×1 tier 4 · pinned: keeps its sheet', 'elite ×2 tier 3 · pinned: keeps its sheet']);
    await expect.poll(badges).toEqual(expect.arrayContaining([['boss-1', 'pinned'], ['elite-1', 'pinned'], ['elite-2', 'pinned']]));
    expect(await page.getByTestId('pin-sheets').count()).toBe(0);
    expect(await page.getByTestId('pin-note').textContent()).toMatch(/Ctrl\+Z/);
    const doc = JSON.parse(await text()) as { fights: { id: string; enemies: { pinned?: { tracks?: { hp?: number } } }[] }[] };
    expect(doc.fights.find((f) => f.id === 'boss-tier-4')!.enemies[0]!.pinned!.tracks!.hp).toBe(130);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'pinned-after-1440.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'pinned-after-1024.png') });

    // One undo step in the editor takes the pins back.
    await page.locator('.monaco-editor').first().click();
    await page.keyboard.press('Control+z');
    await expect.poll(text).not.toContain('"pinned"');
    await expect.poll(roster).toEqual(['boss ×1 tier 4 · follows the template', 'elite ×2 tier 3 · follows the template']);
    await page.setViewportSize({ width: 1600, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
