// A card's chip in the sandbox (issue 23): classic-d20's berserker-rage, stepped turn by turn until the Rage card
// fires; the chip reads as the engine wrote it, is marked a card, and shows the card in the editor when clicked.
// Screenshots at 1440x900 and 1024x700.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, closeStudioSession, highlightedLines, launchBrowser, openStudioSession, painted, type StudioProcess } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('classic-d20.json', pageErrors, true));
});

afterAll(() => closeStudioSession({ studio, browser }));

describe('sandbox: cards', () => {
  test('the Rage card fires when the berserker is hurt: its chip, marked a card, right after the blow', async () => {
    await page.getByTestId('tab-fight').click();
    await page.getByTestId('fight-select').selectOption('berserker-rage');
    await page.getByTestId('seed').fill('1');
    await page.getByTestId('seed').press('Enter');
    await page.getByTestId('seed').blur();
    const rage = page.locator('[data-testid="chip"]', { hasText: /^.*Rage: advantage on attacks until the end of the next turn, after Berserker 5 took \d+ \w+ from Standard \d/ });
    for (let i = 0; i < 200 && (await rage.count()) === 0; i++) {
      if (!(await page.getByTestId('next-turn').isEnabled())) throw new Error('the fight ended before the Rage card fired');
      await page.getByTestId('next-turn').click();
    }
    await expect.poll(() => rage.count()).toBeGreaterThan(0);
    const chip = rage.first();
    expect(await chip.getByTestId('chip-card').textContent()).toBe('▣ card');
    expect(await chip.locator('.actor').textContent()).toBe('Berserker 5');
    await chip.scrollIntoViewIfNeeded();
    for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
      await page.setViewportSize({ width, height });
      await chip.scrollIntoViewIfNeeded();
      await painted(page);
      await page.screenshot({ path: join(SHOTS, `sandbox-card-${width}x${height}.png`) });
    }
    // Clicking it shows where the card is written.
    await chip.click();
    expect((await highlightedLines(page)).join('\n')).toMatch(/"id":\s+"rage"/);
  });

  test('no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
