// The sandbox's battle map (issue 23 item 4): a fight on squares is drawn on a canvas, follows the step-by-step
// fight (tokens move, the last move's path and chip), and by mouse or keyboard shows a square's token, its reach and
// the squares its foes threaten.
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

/** Moves the pointer to the centre of square (x, y) of the map canvas. */
async function pointAt(x: number, y: number): Promise<void> {
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  const cell = Number(await canvas.getAttribute('data-cell'));
  await page.mouse.move(box.x + (x + 0.5) * cell, box.y + (y + 0.5) * cell);
}

describe('sandbox: the battle map', () => {
  test('a fight on a map is drawn, follows the steps, and shows a token and its square by mouse and keyboard', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // A fight in bands has no map.
    await page.getByTestId('fight-select').selectOption('bench-4v4');
    await expect.poll(() => page.getByTestId('combatant').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('map-view').count()).toBe(0);

    await page.getByTestId('fight-select').selectOption('corridor-ambush');
    await expect.poll(() => page.getByTestId('map-view').count()).toBe(1);
    expect(await page.getByTestId('map-canvas').getAttribute('aria-label')).toBe('Battle map, 16 × 5 squares');
    // The fighter starts on (6, 2).
    await pointAt(6, 2);
    await expect.poll(caption).toMatch(/^Fighter 5 at \(6, 2\) · 49\/49 hp/);

    // Step by step until a move has been made: its chip under the map, and the mover's token where it says.
    for (let i = 0; i < 12 && (await page.getByTestId('map-last-move').count()) === 0; i++) await page.getByTestId('next-turn').click();
    await expect.poll(() => page.getByTestId('map-last-move').count()).toBe(1);
    const last = (await page.getByTestId('map-last-move').textContent())!;
    const m = /^Last move: (.+): \((\d+), (\d+)\) → \((\d+), (\d+)\)/.exec(last);
    expect(m, last).not.toBeNull();
    await pointAt(Number(m![4]), Number(m![5]));
    await expect.poll(caption).toMatch(new RegExp(`^${m![1]}( \\d+)? at \\(${m![4]}, ${m![5]}\\)`));
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'map-view-1440.png') });

    // The keyboard: focus the map, arrow keys move the square looked at.
    await page.mouse.move(0, 0);
    await expect.poll(caption).toMatch(/^Point at a square/);
    await page.getByTestId('map-canvas').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(caption).toMatch(/\(\d+, \d+\)/);
    const before = (await caption())!;
    await page.keyboard.press('ArrowDown');
    await expect.poll(caption).not.toBe(before);
    await page.keyboard.press('Escape');
    await expect.poll(caption).toMatch(/^Point at a square/);

    // To the end: the fight ends with the map still drawn.
    await page.getByTestId('to-end').click();
    await expect.poll(() => page.getByTestId('winner').count()).toBe(1);
    await page.setViewportSize({ width: 1024, height: 700 });
    await pointAt(6, 2);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'map-view-1024.png') });
    await page.setViewportSize({ width: 1600, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
