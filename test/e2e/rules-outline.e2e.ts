// The Rules outline as a GM meets it, by mouse and keyboard alone and read from what the page shows: the seed's named
// places beside the JSON, the templates as roles × tiers with the values their formulas give and their curves, an
// edit in the outline that changes the JSON (one undo step), an edit in the JSON that changes the outline, the cursor
// in the JSON marking its field, a bad formula's problem under its field, and "Fights played: gridless".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, closeStudioSession, goToText, highlightedLines, openStudioSession, painted, type StudioSession } from './harness';

let session: StudioSession;
let page: Page;
const pageErrors: string[] = [];
const FILE = 'classic-d20.json';

/** The values at tiers 1–6 of the table's row whose formula field is labelled `label`, as the table shows them. */
const minionHitPointsBy = (label: string) => () =>
  page.evaluate((l) => {
    const row = [...document.querySelectorAll('[data-testid="template-table"] tbody tr')].find((r) => r.querySelector('input')?.getAttribute('aria-label') === l);
    return [...(row?.querySelectorAll('[data-testid="template-value"]') ?? [])].map((c) => c.textContent).join(' ');
  }, label);
const minionHitPoints = minionHitPointsBy('minion hit points formula');
/** What the party-odds table shows for `role` at `tier`. */
const oddsAt = (role: string, tier: number) => page.locator(`[data-testid="odds-cell"][data-role="${role}"][data-tier="${tier}"]`).textContent().then((t) => t?.trim() ?? '');
const editorText = () => page.evaluate(() => [...document.querySelectorAll('.view-lines .view-line')].map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n'));

/** A click in the JSON's first visible line, as a person puts the focus back in the editor. */
async function clickEditor(): Promise<void> {
  const box = await page.getByTestId('editor').boundingBox();
  if (!box) throw new Error('no editor on screen');
  await page.mouse.click(box.x + 120, box.y + 12);
}

async function shoot(name: string): Promise<void> {
  for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

beforeAll(async () => {
  session = await openStudioSession(FILE, pageErrors);
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
});
afterAll(() => closeStudioSession(session));

describe('the Rules outline', () => {
  test('opens beside the JSON with the seed\'s places, Rules › Rolls first with "Fights played"', async () => {
    await page.getByRole('button', { name: 'Rules outline' }).click();
    const outline = page.getByTestId('rules-outline');
    await outline.getByText('Rules › Rolls').waitFor();
    const titles = await outline.locator('[data-testid="rules-place"] > summary .title').allTextContents();
    expect(titles).toEqual(['Rules › Rolls', 'Rules › Advanced › Combat', 'Rules › Advanced › Turn', 'Rules › Conditions', 'Rules › Abilities', 'Rules › Templates', 'Bestiary', 'Heroes', 'Fights']);
    // classic-d20 is played on squares.
    expect(await outline.getByLabel('on squares').isChecked()).toBe(true);
    // The outline and the JSON are both in view: beside each other, or the outline above in a narrow pane.
    const [a, b] = [await outline.boundingBox(), await page.getByTestId('editor').boundingBox()];
    expect(a!.x + a!.width <= b!.x + 1 || a!.y + a!.height <= b!.y + 1).toBe(true);
    expect(Math.min(a!.height, b!.height)).toBeGreaterThan(200);
    await shoot('rules-outline');
  });

  test('Templates: roles × tiers with the values the formulas give, and their curves', async () => {
    await page.getByTestId('rules-outline').getByText('Rules › Templates').click();
    await page.getByTestId('template-table').waitFor();
    // The minion's `2 + 3 * @tier`, and the boss's `14 + @tier` defence.
    await expect.poll(minionHitPoints).toBe('5 8 11 14 17 20');
    const bossDefence = page.locator('[data-testid="template-table"] tr', { has: page.getByLabel('boss defence formula') }).locator('[data-testid="template-value"]');
    expect(await bossDefence.allTextContents()).toEqual(['15', '16', '17', '18', '19', '20']);
    expect(await page.getByTestId('template-curves').locator('figure').count()).toBeGreaterThanOrEqual(4);
    await page.getByTestId('template-table').scrollIntoViewIfNeeded();
    await shoot('rules-templates');
  });

  test("Templates: the party's hit chance and rounds to fall beside the curves, for the party chosen", async () => {
    // The first party (four level-5 adventurers) against the tier-4 boss (defence 18, 130 hit points).
    await expect.poll(() => oddsAt('boss', 4)).toBe('40% · 6.3 rd');
    expect(await page.getByTestId('curve-odds-hit').count()).toBe(1);
    expect(await page.getByTestId('curve-odds-rounds').count()).toBe(1);
    // The level-11 pair: 12/20 and 6/20 to hit (1/20 a crit, its dice doubled), 3 × (0.6 × 12 + 0.05 × 7) + 0.925 = 23.575
    // damage a round, 130 / 23.575 ≈ 5.5 rounds.
    await page.getByTestId('odds-party').selectOption({ label: 'Fighter and wizard, level 11' });
    await expect.poll(() => oddsAt('boss', 4)).toBe('45% · 5.5 rd');
    expect(await page.locator('[data-testid="odds-cell"][data-role="boss"][data-tier="4"]').getAttribute('title')).toMatch(/defence 18, 130 hit points/);
    // A template edit moves them: the boss's hit points doubled at every tier.
    const formula = page.getByLabel('boss hit points formula');
    await formula.click();
    await formula.press('Control+A');
    await formula.pressSequentially('60 + 50 * @tier');
    await formula.press('Enter');
    await expect.poll(() => oddsAt('boss', 4)).toBe('45% · 11 rd');
    await clickEditor();
    await page.keyboard.press('Control+Z');
    await expect.poll(() => oddsAt('boss', 4)).toBe('45% · 5.5 rd');
    await page.getByTestId('party-odds').scrollIntoViewIfNeeded();
    await shoot('rules-party-odds');
  });

  test('an edit in the outline changes the JSON, as one undo step', async () => {
    const formula = page.getByLabel('minion hit points formula');
    await formula.click();
    // Focusing the field shows its place in the JSON.
    expect((await highlightedLines(page)).join('\n').replace(/\u00a0/g, ' ')).toContain('"hp": "2 + 3 * @tier"');
    await formula.press('Control+A');
    await formula.pressSequentially('4 + 3 * @tier');
    await formula.press('Enter');
    await expect.poll(minionHitPoints).toBe('7 10 13 16 19 22');
    await expect.poll(editorText).toContain('"hp": "4 + 3 * @tier"');
    // Ctrl+Z in the JSON takes the whole edit back.
    await clickEditor();
    await page.keyboard.press('Control+Z');
    await expect.poll(minionHitPoints).toBe('5 8 11 14 17 20');
    await expect.poll(editorText).toContain('"hp": "2 + 3 * @tier"');
  });

  test('an edit in the JSON changes the outline, and the cursor marks its field', async () => {
    // The minion's hit points typed in the JSON: `2 + 3` becomes `3 + 3`.
    await goToText(page, join(session.studio.workspace, FILE), '"hp": "2 + 3 * @tier"', '"hp": "'.length);
    await page.keyboard.press('Delete');
    await page.keyboard.type('3');
    await expect.poll(minionHitPoints).toBe('6 9 12 15 18 21');
    // The cursor is inside that formula: its row is the outline's current one.
    await expect.poll(() => page.locator('[data-testid="template-table"] tr.current input').getAttribute('aria-label')).toBe('minion hit points formula');
    // Two undo steps in the editor: the typing, then the delete.
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Z');
    await expect.poll(minionHitPoints).toBe('5 8 11 14 17 20');
  });

  test("a field shows its formula's problem, as the editor does", async () => {
    // The cursor in the JSON on the initiative check's roll opens its group in Rules › Rolls.
    await goToText(page, join(session.studio.workspace, FILE), '"roll": "d20 + @dex.mod"', '"roll": "'.length);
    const field = page.locator('[data-testid="rules-field"].current input');
    await expect.poll(() => field.inputValue()).toBe('d20 + @dex.mod');
    await field.click();
    await field.press('Control+A');
    await field.pressSequentially('d20 + @dexx.mod');
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('rules-problem').first().textContent({ timeout: 30_000 })).toMatch(/dexx/);
    await page.getByTestId('rules-problem').first().scrollIntoViewIfNeeded();
    await shoot('rules-field-problem');
    await clickEditor();
    await page.keyboard.press('Control+Z');
    await expect.poll(() => page.getByTestId('rules-problem').count()).toBe(0);
  });

  test('"Fights played: gridless" writes `grid: false`', async () => {
    await page.getByTestId('rules-outline').getByText('Rules › Rolls').scrollIntoViewIfNeeded();
    await page.getByTestId('rules-outline').getByLabel('gridless').check();
    await expect.poll(editorText).toMatch(/"grid": false/);
    await clickEditor();
    await page.keyboard.press('Control+Z');
    await expect.poll(() => page.getByTestId('rules-outline').getByLabel('on squares').isChecked()).toBe(true);
    // Nothing was saved behind the user's back.
    expect(readFileSync(join(session.studio.workspace, FILE), 'utf8')).toMatch(/"grid": true/);
  });

  test('"Ask for a change in words…" opens the change box, which reads the request', async () => {
    await page.getByTestId('rules-ask-change').click();
    const box = page.getByTestId('change-box');
    await box.waitFor();
    await page.getByTestId('change-input').fill('make bosses wobble from tier 3');
    await page.getByTestId('change-preview').click();
    await expect.poll(() => page.getByTestId('change-understood').textContent()).toMatch(/boss/);
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
  });

  test('in Portuguese: the places, the table and the curves in the studio\'s words', async () => {
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-language').selectOption('pt-BR');
    await page.keyboard.press('Escape');
    const outline = page.getByTestId('rules-outline');
    await expect.poll(() => outline.locator('[data-testid="rules-place"] > summary .title').allTextContents()).toEqual([
      'Regras › Rolagens', 'Regras › Avançado › Combates', 'Regras › Avançado › Turno', 'Regras › Condições', 'Regras › Habilidades', 'Regras › Templates', 'Bestiário', 'Heróis', 'Lutas',
    ]);
    expect(await page.getByTestId('rules-toggle').textContent()).toBe('Esboço das regras');
    expect(await outline.getByLabel('sem grade').count()).toBe(1);
    await expect.poll(minionHitPointsBy('fórmula de pontos de vida de minion')).toBe('5 8 11 14 17 20');
    expect(await page.getByTestId('template-curves').locator('figcaption').first().textContent()).toBe('pontos de vida por tier');
    await page.getByTestId('template-table').scrollIntoViewIfNeeded();
    await shoot('rules-templates-pt');
    await expect.poll(() => oddsAt('boss', 4)).toBe('45% · 5,5 rd');
    expect(await page.locator('[data-testid="odds-cell"][data-role="boss"][data-tier="4"]').getAttribute('title')).toMatch(/defesa 18, 130 pontos de vida/);
    await page.getByTestId('party-odds').scrollIntoViewIfNeeded();
    await shoot('rules-party-odds-pt');
    await outline.getByText('Regras › Rolagens').scrollIntoViewIfNeeded();
    await shoot('rules-outline-pt');
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-language').selectOption('en');
    await page.keyboard.press('Escape');
    await outline.getByText('Rules › Rolls').waitFor();
  });

  test('no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
