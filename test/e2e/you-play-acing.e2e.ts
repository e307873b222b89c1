// "You play" on a game whose dice ace (Wild Aces: max(dX!, d6!), every die rolling again on its top face), driven by
// mouse alone: the Marshal's turn offers each foe with the exact chance to hit, the pick is rolled and the fight goes
// on. The offered chance walks an acing die's endless results; it once threw "more than 100 explosions of one die"
// on the Marshal's first turn and the sandbox showed that instead of a turn.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { closeStudioSession, openStudioSession, shotsAtBothSizes, type StudioSession } from './harness';

let session: StudioSession;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  session = await openStudioSession('games/wild-aces.json', pageErrors, true);
  page = session.page;
});

afterAll(async () => {
  await closeStudioSession(session ?? {});
});

describe('you play on an acing game', () => {
  test('the Marshal is offered each coyote with its exact chance to hit (a d8 Wild Card against Parry 5: 67%, with a Joker 92%), and the pick is played', async () => {
    await page.getByTestId('tab-fight').click();
    await page.getByTestId('fight-select').selectOption('coyotes');
    await page.getByTestId('you-play-marshal').click();
    for (let turn = 0; turn < 2; turn++) {
      await page.getByTestId('offer').waitFor();
      expect(await page.getByTestId('offer').textContent()).toMatch(/^Marshal's turn \(round \d+\):/);
      const choices = await page.getByTestId('offer-attack').allTextContents();
      expect(choices.length).toBeGreaterThan(0);
      // max(d8!, d6!) >= 5: 1 - (4/8)(4/6) = 2/3 (67%) for every coyote (Fighting d6, Parry 2 + 3); a Joker's +2 makes
      // it 92%, each Wound the Marshal has taken is -1 (48%, 38%; with the Joker 81%, 67%). All coyotes alike.
      const shown = new Set(choices.map((c) => /^Sabre → Coyote \d+ · (\d+)% to hit$/.exec(c)?.[1] ?? c));
      expect(shown.size, choices.join(' | ')).toBe(1);
      expect(['67', '92', '48', '38', '81'], choices.join(' | ')).toContain([...shown][0]);
      if (turn === 0) await shotsAtBothSizes(page, 'you-play-acing');
      const before = await page.getByTestId('chip').count();
      await page.getByTestId('offer-attack').first().click();
      // The engine rolled the pick: the log has grown by the Marshal's blow (and what followed, to the next turn).
      await expect.poll(() => page.getByTestId('chip').count()).toBeGreaterThan(before);
      await expect.poll(() => page.locator('[data-testid="chip"]', { hasText: 'Marshal' }).count()).toBeGreaterThan(0);
      if (!(await page.getByTestId('offer').isVisible().catch(() => false))) break;
    }
    expect(await page.getByText(/explosions of one die/).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
