// The Balance tab's exact duel (issue 25): hovering a grid cell, or reaching it with Tab, shows a tip with the cell's
// numbers and the exact duel of one hero (the party's first, or the one picked beside the grid) against one enemy of
// the cell's template, solved in the sim worker: 'exact duel vs Cutter: 61.49% (63 states)' on forged, the same
// number engine exactFight gives; an edit of the template is solved again (never the old answer); on classic-d20 a
// duel over the studio's budget says 'too big to solve exactly: ' and the engine's reason.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { composeFight, loadSystem, sim, type SystemDocument } from '../../engine/index';
import { STUDIO_EXACT_BUDGET } from '../../renderer/src/workers/simulate';
import { SHOTS, closeStudioSession, goToText, openStudio, openStudioSession, painted, type StudioProcess, launchBrowser } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('forged.json', pageErrors, true));
  await page.setViewportSize({ width: 1440, height: 900 });
});

afterAll(() => closeStudioSession({ studio, browser }));

/** What the engine answers for the duel, written as the tip writes it (or the refusal's reason). */
function engineWords(text: string, hero: string, name: string, role: string, tier: number): string {
  const loaded = loadSystem(JSON.parse(text) as SystemDocument);
  if (!loaded.ok) throw new Error(loaded.diagnostics[0]?.message);
  const composed = composeFight(loaded.system, { id: 'duel', heroes: [hero], enemies: [{ template: { role, tier } }], maxRounds: 100 });
  if (!composed.ok) throw new Error(composed.error);
  const out = sim.exactFight(loaded.system, composed.fight, STUDIO_EXACT_BUDGET);
  return out.exact
    ? `exact duel vs ${name}: ${(100 * out.winChance.heroes).toFixed(2)}% (${out.states.toLocaleString('en-US')} states)`
    : `too big to solve exactly: ${out.reason}`;
}

const cell = (role: string, tier: number) => page.locator(`[data-testid="grid-cell"][data-role="${role}"][data-tier="${tier}"]`);
const tipText = () => page.getByTestId('grid-tip-exact').textContent().catch(() => '');

async function runGrid(party: string): Promise<void> {
  await page.getByTestId('tab-balance').click();
  await page.getByTestId('balance-party').selectOption(party);
  await page.getByTestId('balance-fights').fill('40');
  await page.getByTestId('run-grid').click();
  await expect.poll(() => page.getByTestId('grid-cell').count()).toBe(24);
  await expect.poll(() => page.getByTestId('run-grid').isEnabled()).toBe(true);
}

/** The tip is on screen, whole, below or beside its cell. */
async function tipOnScreen(width: number, height: number): Promise<void> {
  const box = (await page.getByTestId('grid-tip').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

describe('balance tab: the exact duel of a hovered cell', () => {
  test('by mouse: the tip answers exactly, as engine exactFight does, and an edit of the template is solved again', async () => {
    await runGrid('risky-standard');
    const forged = readFileSync(join(studio.workspace, 'forged.json'), 'utf8');
    const want = engineWords(forged, 'cutter', 'Cutter', 'standard', 2);
    expect(want).toBe('exact duel vs Cutter: 61.49% (63 states)');
    await cell('standard', 2).hover();
    await expect.poll(tipText).toBe(want);
    expect(await page.getByTestId('grid-tip').textContent()).toMatch(/^tier 2 · standard: win \d+%–\d+% · a hero goes down \d+% · [\d.]+ rounds/);
    await tipOnScreen(1440, 900);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'balance-exact-hover-1440.png') });

    // Off the cell, the tip goes; another cell answers its own duel.
    await page.getByTestId('grid-title').hover({ position: { x: 4, y: 4 } });
    await expect.poll(() => page.getByTestId('grid-tip').count()).toBe(0);
    await cell('boss', 6).hover();
    await expect.poll(tipText).toBe(engineWords(forged, 'cutter', 'Cutter', 'boss', 6));
    await tipOnScreen(1440, 900);

    // The standard's harm 3 -> 4, typed in the editor: the same cell is solved again for the new text.
    await goToText(page, join(studio.workspace, 'forged.json'), '"role": "standard", "harm": "3"', '"role": "standard", "harm": "'.length);
    await page.keyboard.press('Delete');
    await page.keyboard.type('4');
    const edited = forged.replace('"role": "standard", "harm": "3"', '"role": "standard", "harm": "4"');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __studio: { sandbox: { systemText: string | null } } }).__studio.sandbox.systemText)).toBe(edited);
    const wantEdited = engineWords(edited, 'cutter', 'Cutter', 'standard', 2);
    expect(wantEdited).not.toBe(want);
    await page.getByTestId('tab-balance').click();
    await cell('standard', 2).hover();
    // From the first reading on, never the old text's answer: solving, then the new one.
    const seen: string[] = [];
    await expect.poll(async () => { const s = await tipText(); seen.push(s ?? ''); return s; }).toBe(wantEdited);
    expect(seen.filter((s) => s !== wantEdited)).toEqual(seen.filter((s) => s === 'solving exactly: duel vs Cutter…'));
  });

  test('by keyboard: Tab to the hero picker, pick another hero, Tab onto a cell; at 1024x700 the tip fits', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('tab-balance').click();
    const text = await page.evaluate(() => (window as unknown as { __studio: { sandbox: { systemText: string } } }).__studio.sandbox.systemText);
    await page.getByTestId('grid-title').click({ position: { x: 4, y: 4 } });
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('copy-grid');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('duel-hero');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByTestId('duel-hero').inputValue()).toBe('hound');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => [document.activeElement?.getAttribute('data-role'), document.activeElement?.getAttribute('data-tier')])).toEqual(['minion', '1']);
    await expect.poll(tipText).toBe(engineWords(text, 'hound', 'Hound', 'minion', 1));
    expect(await page.locator('[data-testid="grid-cell"][data-role="minion"][data-tier="1"]').getAttribute('aria-describedby')).toBe('grid-tip');
    await tipOnScreen(1024, 700);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'balance-exact-keyboard-1024.png') });
    // Tab on along the row: the next cell's duel.
    await page.keyboard.press('Tab');
    await expect.poll(tipText).toBe(engineWords(text, 'hound', 'Hound', 'minion', 2));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(tipText).toBe(engineWords(text, 'hound', 'Hound', 'minion', 6));
    await tipOnScreen(1024, 700);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'balance-exact-keyboard-end-1024.png') });
  });

  test('over the studio\'s budget (classic-d20): "too big to solve exactly" with the engine\'s reason, at both sizes', async () => {
    await openStudio(page, await studio.freshUrl(), 'classic-d20.json', pageErrors);
    await page.waitForFunction(() => (window as unknown as { __studio: { sandbox: { events: unknown[] } } }).__studio.sandbox.events.length > 10);
    await runGrid('pair-1');
    const classic = readFileSync(join(studio.workspace, 'classic-d20.json'), 'utf8');
    const want = engineWords(classic, 'fighter1', 'Fighter 1', 'minion', 1);
    expect(want).toMatch(/^too big to solve exactly: the exploration needs more than 30,000 runs of the fight code/);
    await cell('minion', 1).hover();
    await expect.poll(tipText).toBe(want);
    expect(await page.getByTestId('grid-tip-exact').getAttribute('data-state')).toBe('too-big');
    await tipOnScreen(1024, 700);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'balance-exact-too-big-1024.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await cell('boss', 6).hover();
    await expect.poll(tipText).toBe(engineWords(classic, 'fighter1', 'Fighter 1', 'boss', 6));
    await tipOnScreen(1440, 900);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'balance-exact-too-big-1440.png') });
    expect(pageErrors).toEqual([]);
  });
});
