// The sandbox's exact answer beside a batch (issue 25): a fight small enough shows "(exact: 78.29%)" beside the
// batch's estimate, the estimate within 4.5 sigma of it; a fight over the studio's budget shows the estimate alone.
// The constructed d20 duel of the exact-fight tests (test/fixtures/duel.ts: 78.289% by hand and by the solver), and
// the hero against an ogre of 200 hit points and d6 blows (over 10,000 states by round 34), in one file of the workspace.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { duelDocument } from '../fixtures/duel';
import { SHOTS, launchBrowser, openStudio, painted, shotsAtBothSizes, startStudio, type StudioProcess } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  studio = await startStudio();
  const doc = duelDocument([
    { id: 'duel', name: 'Hero against a bandit', heroes: ['hero'], enemies: [{ bestiary: 'bandit' }], maxRounds: 20 },
    { id: 'long-duel', name: 'Hero against an ogre', heroes: ['hero'], enemies: [{ bestiary: 'ogre' }], maxRounds: 100 },
  ]) as unknown as { bestiary: unknown[] };
  doc.bestiary.push({ id: 'ogre', name: 'Ogre', defence: 11, hp: 200, attacks: [{ id: 'club', name: 'Club', bonus: 0, damage: 'd6' }] });
  writeFileSync(join(studio.workspace, 'exact-duel.json'), JSON.stringify(doc, null, 2));
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await openStudio(page, await studio.freshUrl(), 'exact-duel.json', pageErrors);
  await page.waitForFunction(() => (window as unknown as { __studio: { sandbox: { events: unknown[] } } }).__studio.sandbox.events.length > 0);
});

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

async function runBatch(fights: string): Promise<void> {
  await page.getByTestId('tab-batch').click();
  await page.getByTestId('batch-size').fill(fights);
  await page.getByTestId('run-batch').click();
  await expect.poll(() => page.getByTestId('batch-progress').getAttribute('aria-valuenow').catch(() => null)).toBe('100');
  await expect.poll(() => page.getByTestId('run-batch').isEnabled()).toBe(true);
}

/** The heroes' win share the batch shows ("78.3% heroes win"), as a fraction. */
async function shownWinShare(): Promise<number> {
  const text = (await page.getByTestId('batch-summary').textContent()) ?? '';
  const m = /(\d+(?:\.\d+)?)%\s*heroes win/.exec(text);
  if (!m) throw new Error(`no win share in "${text}"`);
  return Number(m[1]) / 100;
}

describe('sandbox: the exact answer beside a batch', () => {
  test('a small fight: "(exact: 78.29%)" beside the estimate, which is within 4.5 sigma of it', async () => {
    await page.getByTestId('fight-select').selectOption('duel');
    await runBatch('20000');
    await expect.poll(() => page.getByTestId('batch-exact').textContent().catch(() => '')).toBe('(exact: 78.29%)');
    const estimate = await shownWinShare();
    const p = 0.78289;
    // The shown share is rounded to a tenth of a point: that, plus 4.5 sigma of 20,000 fights.
    expect(Math.abs(estimate - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / 20_000) + 0.0005);
    expect((await page.getByTestId('batch-summary').textContent()) ?? '').toMatch(/20,000 fights/);
    await shotsAtBothSizes(page, 'sandbox-batch-exact', async () => { expect(await page.getByTestId('batch-exact').isVisible()).toBe(true); });
  });

  test('a fight over the budget: the estimate alone, no exact span; back to the small one, it is there again', async () => {
    await page.getByTestId('fight-select').selectOption('long-duel');
    await runBatch('2000');
    expect((await page.getByTestId('batch-summary').textContent()) ?? '').toMatch(/2,000 fights/);
    // The solver is asked after the batch and answers null (over 10,000 states): no span.
    await expect.poll(() => page.getByTestId('batch-summary').getAttribute('data-exact')).toBe('answered');
    expect(await page.getByTestId('batch-exact').count()).toBe(0);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'sandbox-batch-not-exact.png') });
    await page.getByTestId('fight-select').selectOption('duel');
    await runBatch('2000');
    await expect.poll(() => page.getByTestId('batch-exact').textContent().catch(() => '')).toBe('(exact: 78.29%)');
    expect(pageErrors).toEqual([]);
  });
});
