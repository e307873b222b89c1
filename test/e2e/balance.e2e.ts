// The Balance tab against the browser studio: the tier × role grid of classic-d20 renders, a cell opens that fight
// in the sandbox, what moves the needle in a fight is ranked and each number found in the editor, and the diff of the
// saved file against an edited buffer marks a deliberate change.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, launchBrowser, painted, type StudioProcess, closeStudioSession, highlightedLines, openStudioSession } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

interface Probe {
  __studio: {
    sandbox: { mode: string; events: { type: string; combatants?: { id: string }[] }[]; systemText: string | null };
    editor: { editor: { getModel(): { getValue(): string; setValue(v: string): void }; trigger(source: string, handler: string, payload: unknown): void } };
  };
}

/** The value at a JSON pointer of the editor's text. */
const valueAt = (pointer: string): Promise<unknown> => page.evaluate((p) => {
  let at: unknown = JSON.parse((globalThis as unknown as Probe).__studio.editor.editor.getModel().getValue());
  for (const key of p.slice(1).split('/')) at = (at as Record<string, unknown>)[key];
  return at;
}, pointer);

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('classic-d20.json', pageErrors, true));
});

afterAll(() => closeStudioSession({ studio, browser }));

/** Runs a Balance tool on `workers` workers; once its title says so, the texts of its rows (cells, needle rows). */
async function runOn(workers: string, button: string, title: string, says: string, rows: string): Promise<string[]> {
  await page.getByTestId('balance-workers').selectOption(workers);
  await page.getByTestId(button).click();
  await expect.poll(() => page.getByTestId(title).textContent().catch(() => '')).toContain(says);
  return page.getByTestId(rows).allTextContents();
}

describe('balance tab', () => {
  test('the grid renders for classic-d20 and a cell opens that fight in the sandbox', async () => {
    await page.getByTestId('tab-balance').click();
    await page.getByTestId('balance-party').selectOption('bench-4v4');
    await page.getByTestId('balance-fights').fill('60');
    // The same grid, cell for cell, on two workers and on one: a cell's seed is its index, whoever fights it.
    const onTwo = await runOn('2', 'run-grid', 'grid-title', '60 fights a cell, on 2 workers', 'grid-cell');
    expect(onTwo).toHaveLength(24);
    expect(await runOn('1', 'run-grid', 'grid-title', '60 fights a cell, on 1 worker', 'grid-cell')).toEqual(onTwo);
    const first = await page.locator('[data-testid="grid-cell"][data-role="minion"][data-tier="1"] b').textContent();
    expect(first).toMatch(/^\d+%$/);
    // classic-d20 kills heroes (death saves): every cell also gives the chance a hero dies.
    expect(await page.getByTestId('grid-cell-deaths').count()).toBe(24);
    expect(await page.locator('[data-testid="grid-cell"][data-role="minion"][data-tier="1"] [data-testid="grid-cell-deaths"]').textContent()).toMatch(/^†\d+%$/);
    await page.screenshot({ path: join(SHOTS, 'balance-grid.png') });

    await page.locator('[data-testid="grid-cell"][data-role="elite"][data-tier="3"]').click();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Probe).__studio.sandbox.mode)).toBe('composed');
    await expect.poll(() => page.evaluate(() => {
      const start = (globalThis as unknown as Probe).__studio.sandbox.events.find((e) => e.type === 'fightStart');
      return start?.combatants?.map((c) => c.id).filter((id) => id.startsWith('elite-')).length ?? 0;
    })).toBe(4);
    expect(await page.getByTestId('strip-slot').count()).toBe(8);
  });

  test('the grid copies as a table a spreadsheet reads: a row a cell', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('tab-balance').click();
    await page.getByTestId('copy-grid').click();
    await expect.poll(() => page.getByTestId('copy-grid').textContent()).toBe('copied');
    const lines = (await page.evaluate(() => navigator.clipboard.readText())).trimEnd().split('\n').map((l) => l.split('\t'));
    expect(lines[0]).toEqual(['role', 'tier', 'fights', 'heroes win', 'low', 'high', 'a hero goes down', 'a hero dies', 'mean rounds']);
    expect(lines).toHaveLength(25);
    const minion1 = lines.find((l) => l[0] === 'minion' && l[1] === '1')!;
    expect(minion1[2]).toBe('60');
    // The cell's win rate, as the heat map shows it rounded.
    const shown = await page.locator('[data-testid="grid-cell"][data-role="minion"][data-tier="1"] b').textContent();
    expect(`${Math.round(100 * Number(minion1[3]))}%`).toBe(shown);
    await expect.poll(() => page.getByTestId('copy-grid').textContent()).toBe('copy as a table');
  });

  test('what moves the needle: the numbers of a fight ranked by their move of the win rate, each shown in the editor', async () => {
    await page.getByTestId('tab-balance').click();
    await page.getByTestId('needle-fight').selectOption('first-blood');
    await page.getByTestId('balance-fights').fill('100');
    const onOne = await runOn('1', 'run-needle', 'needle-title', 'on 1 worker ·', 'needle-row');
    expect(onOne).toHaveLength(12);
    // Shared between two workers, the variants fight the same seeds: the same ranking, to the digit.
    expect(await runOn('2', 'run-needle', 'needle-title', 'on 2 workers ·', 'needle-row')).toEqual(onOne);
    const changes = await page.locator('[data-testid="needle-row"] td:nth-child(4)').allTextContents();
    const moves = changes.map((c) => Math.abs(Number(/^[+−±](\d+\.\d)%/.exec(c)![1])));
    for (let i = 1; i < moves.length; i++) expect(moves[i]!).toBeLessThanOrEqual(moves[i - 1]!);
    // The top number, clicked, is highlighted where it lives in the document.
    const top = page.locator('[data-testid="needle-row"] button').first();
    const pointer = (await top.getAttribute('title'))!;
    expect(pointer).toMatch(/^\/(templates|heroes|bestiary)\//);
    await top.click();
    expect((await highlightedLines(page)).join('\n')).toContain(`"${pointer.split('/').pop()}"`);
    await page.screenshot({ path: join(SHOTS, 'balance-needle.png') });
  });

  test('a long needle shows how many variants are done, and Stop ends it, keeping the last answer', async () => {
    await page.getByTestId('balance-fights').fill('20000');
    await page.getByTestId('run-needle').click();
    await expect.poll(() => page.getByTestId('balance-running').textContent()).toMatch(/running the needle… \d+ \/ \d+ variants · about \d+ (s|min) left/);
    await page.getByTestId('balance-stop').click();
    await expect.poll(() => page.getByTestId('balance-running').count()).toBe(0);
    expect(await page.getByTestId('balance-error').count()).toBe(0);
    expect(await page.getByTestId('needle-row').count()).toBe(12); // the answer from before stays
    expect(await page.getByTestId('run-needle').isEnabled()).toBe(true);
  });

  test('a fight count out of range or blank is refused with the reason, and the last answer stays', async () => {
    for (const [typed, why] of [['5', 'not 5'], ['', '(the field is empty)']] as const) {
      await page.getByTestId('balance-fights').fill(typed);
      await page.getByTestId('run-needle').click();
      await expect.poll(() => page.getByTestId('balance-error').textContent()).toBe(`Fights each must be a whole number from 10 to 100,000${why.startsWith('(') ? ' ' : ', '}${why}.`);
      expect(await page.getByTestId('balance-running').count()).toBe(0);
      expect(await page.getByTestId('needle-row').count()).toBe(12);
    }
  });

  test('a number tuned to a target win rate, set in the document with one click, and taken back with undo', async () => {
    await page.getByTestId('balance-fights').fill('100');
    await page.getByTestId('tune-target').fill('50');
    const row = page.getByTestId('needle-row').first();
    const pointer = (await row.locator('button').first().getAttribute('title'))!;
    const before = await valueAt(pointer);
    await row.getByTestId('tune-row').click();
    await expect.poll(() => page.getByTestId('tune-title').textContent().catch(() => '')).toMatch(/^Tuning .+ so the heroes win 50\.0% of first-blood · now \d+ · 100 fights a value, same seeds\s*copy as a table$/);
    const probes = await page.getByTestId('tune-probe').allTextContents();
    expect(probes.length).toBeGreaterThan(1);
    expect(probes.filter((p) => p.endsWith('now')).length + probes.filter((p) => /now, nearest$/.test(p)).length).toBe(1);
    const verdict = (await page.getByTestId('tune-verdict').textContent())!;
    expect(verdict).toMatch(/^\d+ gives \d+\.\d%: the target (is within its 95% interval|falls between two neighbouring values)/);
    const best = Number(/^(\d+) gives/.exec(verdict)![1]);
    // The tab scrolls within the studio's frame (its content is taller than the window).
    const [scrollHeight, clientHeight] = await page.getByTestId('balance').evaluate((el) => [el.scrollHeight, el.clientHeight]);
    expect(clientHeight).toBeLessThan(900);
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    // The answer is scrolled into the panel's view, and the studio's frame stays where it was.
    await expect.poll(() => page.getByTestId('tune-title').evaluate((el) => {
      const panel = el.closest('[data-testid="balance"]')!.getBoundingClientRect();
      const verdict = document.querySelector('[data-testid="tune-verdict"]')!.getBoundingClientRect();
      return el.getBoundingClientRect().top >= panel.top && verdict.bottom <= panel.bottom;
    })).toBe(true);
    expect(await page.evaluate(() => [document.documentElement.scrollTop, document.getElementById('app')!.scrollTop])).toEqual([0, 0]);
    await page.screenshot({ path: join(SHOTS, 'balance-tune.png') });
    // Set: the document's number changes (unsaved), the rule is highlighted, and the sandbox runs the new text.
    await page.getByTestId('tune-set').click();
    await expect.poll(() => page.getByTestId('tune-set-note').textContent()).toMatch(new RegExp(`is now ${best} in the document \\(unsaved; Ctrl\\+Z in the editor takes it back\\)\\.$`));
    const after = await valueAt(pointer);
    expect(after).not.toEqual(before);
    expect(typeof after === 'number' ? after : String(after)).toEqual(typeof before === 'number' ? best : expect.stringContaining(String(best)));
    expect((await highlightedLines(page)).join('\n')).toContain(`"${pointer.split('/').pop()}"`);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Probe).__studio.sandbox.systemText))
      .toBe(await page.evaluate(() => (globalThis as unknown as Probe).__studio.editor.editor.getModel().getValue()));
    // One undo in the editor takes it back.
    await page.evaluate(() => (globalThis as unknown as Probe).__studio.editor.editor.trigger('e2e', 'undo', null));
    expect(await valueAt(pointer)).toEqual(before);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Probe).__studio.sandbox.systemText))
      .toBe(await page.evaluate(() => (globalThis as unknown as Probe).__studio.editor.editor.getModel().getValue()));
    // The chance a hero dies can be the target instead (the tune runs the text the sandbox runs: the original again).
    await page.getByTestId('tune-metric').selectOption('died');
    await page.getByTestId('tune-target').fill('5');
    await row.getByTestId('tune-row').click();
    await expect.poll(() => page.getByTestId('tune-title').textContent()).toMatch(/ so a hero dies in 5\.0% of first-blood · now 1 · /);
    expect(await page.getByTestId('tune').locator('th').nth(1).textContent()).toBe('a hero dies (95%)');
    await page.screenshot({ path: join(SHOTS, 'balance-tune-died.png') });
    // Or a pace: the mean rounds a fight lasts.
    await page.getByTestId('tune-metric').selectOption('rounds');
    await page.getByTestId('tune-rounds').fill('3');
    await row.getByTestId('tune-row').click();
    await expect.poll(() => page.getByTestId('tune-title').textContent()).toMatch(/ so first-blood lasts 3 rounds on average · now 1 · /);
    expect(await page.getByTestId('tune').locator('th').nth(1).textContent()).toBe('mean rounds (95%)');
    expect(await page.getByTestId('tune-probe').first().locator('td').nth(1).textContent()).toMatch(/^\d+\.\d\d rounds \(\d+\.\d\d … \d+\.\d\d\)$/);
    expect(await page.getByTestId('tune-verdict').textContent()).toMatch(/^(\d+ gives \d+\.\d\d rounds: |it does not move)/);
  });

  test('a fight the heroes always win: the needle says the win rate cannot move, and ranks by mean rounds instead', async () => {
    await page.getByTestId('tab-balance').click();
    await page.getByTestId('needle-fight').selectOption('bench-4v4');
    await page.getByTestId('balance-fights').fill('100');
    await page.getByTestId('needle-metric').selectOption('win');
    await runOn('2', 'run-needle', 'needle-title', 'in bench-4v4 · 100.0% now', 'needle-row');
    expect(await page.getByTestId('needle-saturated').textContent()).toBe('the heroes win every fight, with every nudge too: no single number moves the win rate here. Rank by chance a hero dies or mean rounds instead (the select beside the fight).');
    await page.getByTestId('needle-metric').selectOption('rounds');
    await page.getByTestId('run-needle').click();
    await expect.poll(() => page.getByTestId('needle-title').textContent())
      .toMatch(/^What moves the mean rounds in bench-4v4 · \d+\.\d\d rounds now \(the heroes win 100\.0%\) · one number at a time, 100 fights a variant/);
    expect(await page.getByTestId('needle-saturated').count()).toBe(0);
    expect(await page.locator('[data-testid="needle"] th').nth(2).textContent()).toBe('mean rounds');
    const changes = await page.locator('[data-testid="needle-row"] td:nth-child(4)').allTextContents();
    const moves = changes.map((c) => Math.abs(Number(/^[+−±](\d+\.\d\d) \(/.exec(c)![1])));
    expect(moves[0]!).toBeGreaterThan(0);
    for (let i = 1; i < moves.length; i++) expect(moves[i]!).toBeLessThanOrEqual(moves[i - 1]!);
    // A row's tune now aims at a number of rounds.
    expect(await page.getByTestId('tune-metric').inputValue()).toBe('rounds');
    await page.getByTestId('needle').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'balance-needle-rounds.png') });
    await page.getByTestId('needle-metric').selectOption('win');
    await page.getByTestId('tune-metric').selectOption('win');
  });

  test('the diff of the saved file against the edited buffer marks a deliberate change', async () => {
    await page.evaluate(() => {
      const model = (globalThis as unknown as Probe).__studio.editor.editor.getModel();
      model.setValue(model.getValue().replace('"(@tier + 1)d8 + 2 * @tier"', '"4 * ((@tier + 1)d8 + 2 * @tier)"'));
    });
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Probe).__studio.sandbox.systemText?.includes('4 * ((@tier + 1)d8') ?? false)).toBe(true);
    await page.getByTestId('tab-balance').click();
    await page.getByTestId('balance-fights').fill('300');
    await page.getByTestId('run-diff').click();
    // One row per sample fight of the system (the test's own copy of the file says how many).
    const fights = (JSON.parse(readFileSync(join(studio.workspace, 'classic-d20.json'), 'utf8')) as { fights: unknown[] }).fights.length;
    expect(fights).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByTestId('diff-row').count()).toBe(fights);
    const boss = page.locator('[data-testid="diff-row"][data-fight="boss-tier-4"]');
    await expect.poll(() => boss.getByTestId('diff-mark').count()).toBe(1);
    // Fights without a boss fight the same dice: unchanged, unmarked.
    expect(await page.locator('[data-testid="diff-row"][data-fight="first-blood"] [data-testid="diff-mark"]').count()).toBe(0);
    // Heroes die in boss-tier-4 (death saves): its row compares the chance, saved → edited.
    expect(await boss.getByTestId('diff-died').textContent()).toMatch(/^\d+% → \d+% ?\*?$/);
    await page.screenshot({ path: join(SHOTS, 'balance-diff.png') });
    // It copies as a table too: the boss fight's win rate, saved then edited, marked significant.
    await page.getByTestId('copy-diff').click();
    await expect.poll(() => page.getByTestId('copy-diff').textContent()).toBe('copied');
    const rows = (await page.evaluate(() => navigator.clipboard.readText())).trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows[0]!.slice(0, 4)).toEqual(['fight', 'number', 'saved', 'edited']);
    const bossWin = rows.find((r) => r[0] === 'boss-tier-4' && r[1] === 'heroes win')!;
    expect(Number(bossWin[3])).toBeLessThan(Number(bossWin[2]));
    expect(bossWin[9]).toBe('true');
    expect(pageErrors).toEqual([]);
  });
});

describe('results belong to their document', () => {
  const clickEditor = async () => {
    const box = (await page.locator('.monaco-editor').first().boundingBox())!;
    await page.mouse.click(box.x + 100, box.y + 30);
  };
  const openFile = (name: string) => page.locator('[data-testid="file-list"] button', { hasText: name }).click();

  test('a grid says its system, version and text; an edit greys it out; another document never shows it', async () => {
    await page.getByTestId('tab-balance').click();
    await page.getByTestId('balance-fights').fill('30');
    await page.getByTestId('run-grid').click();
    await expect.poll(() => page.getByTestId('grid-origin').getAttribute('data-state').catch(() => null)).toBe('current');
    expect(await page.getByTestId('grid-origin').textContent()).toMatch(/^\s*From classic-d20 \S+ · text #[0-9a-f]{8} · classic-d20\.json\s*$/);
    // A keystroke at the end of the text (a space after the last brace: still valid) makes the grid out of date.
    await clickEditor();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await expect.poll(() => page.getByTestId('grid-origin').getAttribute('data-state')).toBe('outdated');
    expect(await page.getByTestId('grid-origin-outdated').textContent()).toBe('out of date — rerun');
    expect(await page.getByTestId('grid-result').evaluate((el) => getComputedStyle(el.querySelector('table')!).opacity)).toBe('0.45');
    await page.setViewportSize({ width: 1440, height: 900 });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'balance-outdated-1440.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'balance-outdated-1024.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByTestId('grid-origin').getAttribute('data-state')).toBe('current');
    // Another document: none of classic-d20's results show (grid, diff, needle, batch); back again, they do.
    await openFile('twin-dice.json');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as Probe).__studio.sandbox.systemText?.includes('"twin-dice"') ?? false)).toBe(true);
    for (const id of ['grid-result', 'diff-result', 'needle-result', 'tune-result', 'grid-origin']) expect(await page.getByTestId(id).count(), id).toBe(0);
    await page.getByTestId('tab-batch').click();
    expect(await page.getByTestId('batch-summary').count()).toBe(0);
    await page.getByTestId('tab-balance').click();
    await openFile('classic-d20.json');
    await expect.poll(() => page.getByTestId('grid-origin').getAttribute('data-state').catch(() => null)).toBe('current');
  });
});

describe('balance in plain words', () => {
  test('a sentence a GM reads for the grid, the diff and the needle; every column headed; 12 px at least; one minus sign', async () => {
    await page.getByTestId('tab-balance').click();
    for (const id of ['grid-result', 'diff-result', 'needle-result']) await page.getByTestId(id).waitFor();
    expect(await page.getByTestId('grid-sentence').textContent()).toMatch(/^The heroes (beat every tier|win most fights|lose most fights)/);
    const sentences = await page.getByTestId('diff-sentence').allTextContents();
    expect(sentences.length).toBeGreaterThan(0);
    for (const s of sentences) expect(s).toMatch(/^\S+: heroes win \d+% → \d+% with the edit; (no change|the (drop|rise) (is real, not chance|could be chance \(more fights would tell\)))\.$/);
    expect(sentences.some((s) => s.includes('is real, not chance'))).toBe(true);
    expect(await page.getByTestId('needle-sentence').textContent()).toMatch(/ from -?\d+(\.\d+)? to -?\d+(\.\d+)? moves .* most: .* → .*; (that is real, not chance|even that could be chance)\.$/);
    for (const table of ['grid', 'diff', 'needle']) {
      const heads = await page.getByTestId(table).locator('thead th').allTextContents();
      expect(heads.every((h) => h.trim().length > 0), `${table}: ${JSON.stringify(heads)}`).toBe(true);
      const cells = (await page.getByTestId(table).locator('tbody td').allTextContents()).join(' ');
      expect(cells, table).not.toMatch(/(^|[\s(±])-\d/);
    }
    const smallest = await page.locator('[data-testid="grid-cell"] small').evaluateAll((els) => Math.min(...els.map((e) => parseFloat(getComputedStyle(e).fontSize))));
    expect(smallest).toBeGreaterThanOrEqual(12);
    expect(await page.getByTestId('diff-result').textContent()).toContain('real, not chance (a Holm-corrected test');
    for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('diff-result').scrollIntoViewIfNeeded();
      await painted(page);
      await page.screenshot({ path: join(SHOTS, `balance-words-${w}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
