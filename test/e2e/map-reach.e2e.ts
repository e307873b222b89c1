// The sandbox's battle map with a reach-2 combatant (issue 23): classic-d20's hill-giant-ford. Pointing at the hill
// giant shows its 2 squares of reach (the caption says so) and a hero 2 squares off it is counted in its reach; the
// fight steps on and ends with the map drawn. Screenshots at 1440x900 and 1024x700.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, closeStudioSession, openStudioSession, painted, type StudioProcess } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof openStudioSession>>['browser'];
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('classic-d20.json', pageErrors, true));
});

afterAll(() => closeStudioSession({ studio, browser }));

const caption = () => page.getByTestId('map-caption').textContent();

async function pointAt(x: number, y: number): Promise<void> {
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  const cell = Number(await canvas.getAttribute('data-cell'));
  await page.mouse.move(box.x + (x + 0.5) * cell, box.y + (y + 0.5) * cell);
}

describe('sandbox: a reach-2 giant on the battle map', () => {
  test('the hill giant\'s caption gives its reach of 2 squares; the map steps through the fight to its end', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('fight-select').selectOption('hill-giant-ford');
    await expect.poll(() => page.getByTestId('map-view').count()).toBe(1);
    expect(await page.getByTestId('map-canvas').getAttribute('aria-label')).toBe('Battle map, 14 × 9 squares');
    await pointAt(9, 4);
    await expect.poll(caption).toMatch(/^Hill Giant( 1)? at \(9, 4\) · 105\/105 hp · in reach of 0 foes · reach 2 squares$/);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'map-reach-1440.png') });
    // A hero's caption has no reach note (1 square).
    await pointAt(2, 4);
    await expect.poll(caption).toMatch(/^Fighter 5 at \(2, 4\) · \d+\/\d+ hp · in reach of 0 foes$/);

    // Step turn by turn until someone has walked, then on to the end.
    for (let i = 0; i < 12 && (await page.getByTestId('map-last-move').count()) === 0; i++) await page.getByTestId('next-turn').click();
    await expect.poll(() => page.getByTestId('map-last-move').count()).toBe(1);
    await page.getByTestId('to-end').click();
    await expect.poll(() => page.getByTestId('winner').count()).toBe(1);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('fight-select').selectOption('hill-giant-ford');
    await expect.poll(() => page.getByTestId('map-view').count()).toBe(1);
    await pointAt(9, 4);
    await expect.poll(caption).toMatch(/reach 2 squares$/);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'map-reach-1024.png') });
    await page.setViewportSize({ width: 1600, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
