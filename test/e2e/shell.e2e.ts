// The studio's shell in Chromium, by mouse and keyboard only (assertions read the page as a person sees it: text,
// focus, computed styles): the command palette runs studio commands, the way out of the editor (Ctrl+M; Escape then
// Tab), format and word wrap, the sandbox's keys, both themes with their contrast, the 1024×700 layout (sidebar
// folds, the whole balance grid, plots that scroll), a reload that brings back tabs, cursor and active file, status
// messages that clear themselves, a chip's highlight that goes with a tab switch. Screenshots of each screen at
// 1440×900 and 1024×700 in both themes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, closeStudioSession, openStudioSession, waitChecked, withOpen, type StudioSession } from './harness';
import { contrast, over, parseColour } from '../../renderer/src/ui/contrast';

let session: StudioSession;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  session = await openStudioSession('classic-d20.json', pageErrors, true);
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
});

afterAll(() => closeStudioSession(session));

const norm = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

/** "12/92 events" → 12 */
async function eventCursor(): Promise<number> {
  const text = await page.locator('.stepper .mono').textContent();
  return Number(/^(\d+)\//.exec(text ?? '')?.[1] ?? NaN);
}

/** Clicks into the editor's text near the top left (see toolchain notes: a line's right edge is off-screen). */
async function clickEditor(): Promise<void> {
  // The editor's own box, not its lines': `.view-lines` moves up as the editor scrolls, off the screen far down a file.
  const box = (await page.locator('.monaco-editor').first().boundingBox())!;
  await page.mouse.click(box.x + 100, box.y + 30);
}

async function focusInEditor(): Promise<boolean> {
  return page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'));
}

/** The active line number Monaco shows (the cursor's line). */
async function cursorLine(): Promise<number> {
  return Number(await page.locator('.margin-view-overlays .active-line-number').first().textContent());
}

/** The text Monaco shows on a model line (found by its line number in the gutter). */
async function lineText(line: number): Promise<string> {
  return page.evaluate((n) => {
    const number = [...document.querySelectorAll('.margin-view-overlays .line-numbers')].find((e) => e.textContent === String(n));
    if (!number) return '';
    const top = number.parentElement!.getBoundingClientRect().top;
    const view = [...document.querySelectorAll('.view-lines .view-line')].find((e) => Math.abs(e.getBoundingClientRect().top - top) < 1);
    return (view?.textContent ?? '').replace(/\u00a0/g, ' ');
  }, line);
}

async function gotoLine(line: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await expect.poll(cursorLine).toBe(line);
}

/** Runs a command from the palette by its label (F1 in the editor). */
async function palette(label: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill('>' + label);
  await expect.poll(() => page.locator('.quick-input-list .monaco-list-row').first().getAttribute('aria-label')).toContain(label);
  await page.keyboard.press('Enter');
}

async function themeOfPage(): Promise<string | null> {
  return page.evaluate(() => document.documentElement.dataset.theme ?? null);
}

/** Every visible piece of text outside the editor with its colour and the colour painted below it. */
async function textColours(): Promise<{ text: string; colour: string; below: string[]; opacity: number }[]> {
  return page.evaluate(() => {
    const out: { text: string; colour: string; below: string[]; opacity: number }[] = [];
    const walker = document.createTreeWalker(document.getElementById('app')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('.monaco-editor, canvas, [data-testid="grid-cell"]')) continue;
      if (el.closest('button:disabled, select:disabled, input:disabled, option')) continue; // WCAG exempts inactive controls
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const below: string[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        below.push(bg);
        if (!/rgba\(.*,\s*0\)$/.test(bg) && !bg.startsWith('rgba(0, 0, 0, 0)') && !/rgba\([^)]*,\s*0\.\d+\)$/.test(bg)) break;
      }
      below.push(getComputedStyle(document.body).backgroundColor);
      let opacity = 1;
      for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      out.push({ text: text.slice(0, 40), colour: getComputedStyle(el).color, below, opacity });
    }
    return out;
  });
}

/** Texts under 4.5:1 (translucent backgrounds composited from the first opaque one up). */
async function lowContrast(): Promise<string[]> {
  const low: string[] = [];
  for (const { text, colour, below, opacity } of await textColours()) {
    const layers = below.map(parseColour);
    const opaque = layers.findIndex((c) => c.a === 1);
    let bg = layers[opaque >= 0 ? opaque : layers.length - 1]!;
    for (let i = (opaque >= 0 ? opaque : layers.length - 1) - 1; i >= 0; i--) bg = over(layers[i]!, bg);
    // A faded element's text is its colour at that opacity over what is below it.
    const fg = parseColour(colour);
    const ratio = contrast({ ...fg, a: fg.a * opacity }, bg);
    if (ratio < 4.5) low.push(`${text}: ${colour} on ${JSON.stringify(below)} = ${ratio.toFixed(2)}`);
  }
  return low;
}

describe('keyboard', () => {
  test('F1 opens the palette with the studio commands, and they run', async () => {
    await clickEditor();
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>Sandbox:');
    const rows = page.locator('.quick-input-list .monaco-list-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(labels.join('\n')).toContain('Sandbox: Step (next event)');
    await page.screenshot({ path: join(SHOTS, 'shell-palette-1440.png') });
    await page.keyboard.press('Escape');

    const before = await eventCursor();
    await palette('Sandbox: Step (next event)');
    await expect.poll(eventCursor).toBe(before + 1);
    await palette('Sandbox: To the end');
    await page.getByTestId('winner').waitFor();
    const seed = await page.locator('input[type="number"]').first().inputValue();
    await palette('Sandbox: Run one fight (new seed)');
    await expect.poll(() => page.locator('input[type="number"]').first().inputValue()).not.toBe(seed);

    // Save: an edit, then the palette's Save.
    await clickEditor();
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await page.getByTestId('dirty-marker').waitFor();
    await palette('File: Save');
    await expect.poll(() => page.getByTestId('dirty-marker').count(), { timeout: 10_000 }).toBe(0);
    // New system: the New dialog opens.
    await palette('File: New system');
    const dialog = page.getByRole('dialog', { name: 'New system' });
    await dialog.waitFor();
    // It has the focus; Escape closes it and gives the focus back to the editor the palette was opened from.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'))).toBe(true);
  });

  test('F4 runs a batch and Shift+F4 the balance grid', async () => {
    await page.getByTestId('tab-fight').focus();
    await page.keyboard.press('F4');
    await page.getByTestId('batch-summary').waitFor({ timeout: 60_000 });
    await page.getByTestId('tab-batch').focus();
    await page.keyboard.press('Shift+F4');
    await expect.poll(() => page.getByTestId('grid-cell').count(), { timeout: 120_000 }).toBe(24);
    await page.getByTestId('tab-fight').click();
  });

  test('the sandbox keys work in the editor and outside it', async () => {
    await clickEditor();
    await page.keyboard.press('F9');
    await page.getByTestId('winner').waitFor();
    await page.keyboard.press('F5');
    await expect.poll(() => page.getByTestId('winner').count()).toBe(0);
    const start = await eventCursor();
    // Outside the editor: focus the Fight tab's button, then step.
    await page.getByTestId('tab-fight').focus();
    await page.keyboard.press('F10');
    await expect.poll(eventCursor).toBe(start + 1);
    await page.keyboard.press('Control+F10');
    await expect.poll(eventCursor).toBeGreaterThan(start + 1);
  });

  test('Ctrl+M makes Tab leave the editor; Escape then Tab does too; else Tab indents', async () => {
    await clickEditor();
    expect(await focusInEditor()).toBe(true);
    await page.keyboard.press('Control+M');
    await page.keyboard.press('Tab');
    expect(await focusInEditor()).toBe(false);
    // Back in, Ctrl+M again: Tab indents once more (and Ctrl+Z takes it back).
    await clickEditor();
    await page.keyboard.press('Control+M');
    const dirtyBefore = await page.getByTestId('dirty-marker').count();
    await page.keyboard.press('Tab');
    expect(await focusInEditor()).toBe(true);
    await expect.poll(() => page.getByTestId('dirty-marker').count()).toBe(dirtyBefore + 1);
    await page.keyboard.press('Control+Z');
    await expect.poll(() => page.getByTestId('dirty-marker').count()).toBe(dirtyBefore);
    // Escape, then Shift+Tab: focus moves to the control before the editor (the sidebar's, a tab's close button).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    expect(await focusInEditor()).toBe(false);
    const before = await page.evaluate(() => {
      const editor = document.querySelector('.monaco-editor')!;
      return !!(editor.compareDocumentPosition(document.activeElement!) & Node.DOCUMENT_POSITION_PRECEDING);
    });
    expect(before).toBe(true);
    // Escape, then Tab: focus moves to the next control after the editor.
    await clickEditor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await focusInEditor()).toBe(false);
    // The focused control shows an outline of at least 2 px.
    const outline = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return { width: parseFloat(s.outlineWidth), style: s.outlineStyle };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });

  test('Shift+Alt+F formats the document; Alt+Z wraps long lines', async () => {
    await clickEditor();
    await gotoLine(3);
    await page.keyboard.press('Home');
    await page.keyboard.press('Home');
    await page.keyboard.type('        ');
    const line3 = () => lineText(3);
    expect(await line3()).toMatch(/^ {3,}"id"/);
    const lastNumber = () => page.locator('.margin-view-overlays .line-numbers').evaluateAll((els) => Math.max(...els.map((e) => Number(e.textContent))));
    const before = await lastNumber();
    await page.keyboard.press('Shift+Alt+F');
    // The first format starts Monaco's JSON worker: give it time.
    // The first format starts Monaco's JSON worker; a key that moves the cursor meanwhile would cancel it, so wait
    // for its sign first: one property a line (as VS Code formats JSON) makes classic-d20 far longer, and the view
    // follows the text's end.
    await expect.poll(lastNumber, { timeout: 20_000 }).toBeGreaterThan(before + 1000);
    await page.keyboard.press('Control+Home');
    await expect.poll(line3).toMatch(/^ {2}"id"/);
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Z');
    await expect.poll(() => page.getByTestId('dirty-marker').count()).toBe(0);

    // Word wrap: the line after the long description moves down when it wraps.
    const topOf = (n: number) => page.locator('.margin-view-overlays .line-numbers').evaluateAll((els, want) => {
      const el = (els as HTMLElement[]).find((e) => e.textContent === String(want));
      return el ? el.parentElement!.getBoundingClientRect().top : NaN;
    }, n);
    await gotoLine(1);
    const unwrapped = (await topOf(8)) - (await topOf(7));
    await page.keyboard.press('Alt+Z');
    await expect.poll(async () => (await topOf(8)) - (await topOf(7))).toBeGreaterThan(unwrapped * 1.5);
    await page.keyboard.press('Alt+Z');
    await expect.poll(async () => (await topOf(8)) - (await topOf(7))).toBe(unwrapped);
  });
});

describe('themes', () => {
  test('the OS preference is the default; the setting switches it, keeps it, and text holds 4.5:1 in both', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(themeOfPage).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(themeOfPage).toBe('light');
    expect(await lowContrast()).toEqual([]);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-theme').selectOption('dark');
    await expect.poll(themeOfPage).toBe('dark');
    await page.screenshot({ path: join(SHOTS, 'shell-settings-dark-1440.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('settings').count()).toBe(0);
    expect(await lowContrast()).toEqual([]);
    // The palette switches it too.
    await clickEditor();
    await palette('View: Light theme');
    await expect.poll(themeOfPage).toBe('light');
    await palette('View: Dark theme');
    await expect.poll(themeOfPage).toBe('dark');
    // The editor follows the theme too.
    const editorBg = await page.locator('.monaco-editor-background').first().evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(contrast(editorBg, '#000000')).toBeLessThan(2);
  });

  test('the panel and editor text sizes apply and stay after a reload', async () => {
    const editorFont = () => page.locator('.monaco-editor .view-lines').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-ui-font').fill('15');
    await page.getByTestId('setting-ui-font').press('Enter');
    await page.getByTestId('setting-editor-font').fill('16');
    await page.getByTestId('setting-editor-font').press('Enter');
    await expect.poll(() => page.locator('.statusbar').evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeCloseTo(15 * 0.92, 0);
    await expect.poll(editorFont).toBe(16);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.locator('.monaco-editor .view-line').first().waitFor();
    expect(await themeOfPage()).toBe('dark');
    await expect.poll(editorFont).toBe(16);
    // Back to the sizes the screenshots use.
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-ui-font').fill('13');
    await page.getByTestId('setting-ui-font').press('Enter');
    await page.getByTestId('setting-editor-font').fill('14');
    await page.getByTestId('setting-editor-font').press('Enter');
    await page.keyboard.press('Escape');
  });
});

describe('session', () => {
  test('a reload brings back the open tabs, the active file and its cursor', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('[data-testid="file-list"] button', { hasText: 'forged.json' }).click();
    await waitChecked(page, 'forged.json');
    await page.locator('[data-testid="file-list"] button', { hasText: 'twin-dice.json' }).click();
    await waitChecked(page, 'twin-dice.json');
    await clickEditor();
    await gotoLine(120);
    const tabs = () => page.getByTestId('tab').allTextContents();
    const before = await tabs();
    expect(before.length).toBeGreaterThanOrEqual(3);
    await page.reload();
    await page.locator('.monaco-editor .view-line').first().waitFor();
    await expect.poll(tabs, { timeout: 20_000 }).toEqual(before);
    await expect.poll(() => page.locator('[role="tab"][aria-selected="true"]').textContent()).toContain('twin-dice.json');
    await expect.poll(cursorLine, { timeout: 20_000 }).toBe(120);
    // The line is in view (the scroll came back too).
    const lineBox = await page.locator('.margin-view-overlays .active-line-number').first().boundingBox();
    const editorBox = await page.locator('.monaco-editor').first().boundingBox();
    expect(lineBox!.y).toBeGreaterThanOrEqual(editorBox!.y);
    expect(lineBox!.y).toBeLessThan(editorBox!.y + editorBox!.height);
  });

  test("a chip's highlight goes when another tab is shown", async () => {
    await page.locator('[role="tab"]', { hasText: 'classic-d20.json' }).locator('.tab-label').click();
    await waitChecked(page, 'classic-d20.json');
    await page.getByTestId('tab-fight').click();
    await page.getByTestId('to-end').click();
    await page.getByTestId('chip').filter({ hasText: / vs \d+ · / }).first().click();
    await expect.poll(() => page.locator('.rule-highlight').count()).toBeGreaterThan(0);
    await page.locator('[role="tab"]', { hasText: 'forged.json' }).locator('.tab-label').click();
    await page.locator('[role="tab"]', { hasText: 'classic-d20.json' }).locator('.tab-label').click();
    await expect.poll(() => page.locator('.rule-highlight').count()).toBe(0);
  });
});

describe('narrow window', () => {
  test('at 1024×700 the sidebar folds (and opens), the balance grid shows every tier, plots keep their rows', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect.poll(() => page.getByTestId('file-list').count()).toBe(0);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(() => page.getByTestId('file-list').count()).toBe(1);
    await page.keyboard.press('Control+B');
    await expect.poll(() => page.getByTestId('file-list').count()).toBe(0);
    // The editor keeps more than 50 characters of its 14 px font in view (about 35 before the sidebar folded).
    const chars = await page.locator('.monaco-editor .view-lines').evaluate((e) => {
      const line = e.querySelector('.view-line span span') as HTMLElement | null;
      const w = line ? line.getBoundingClientRect().width / Math.max(1, (line.textContent ?? '').length) : 8;
      return (e.closest('.monaco-scrollable-element') as HTMLElement).getBoundingClientRect().width / w;
    });
    expect(chars).toBeGreaterThan(50);

    await page.getByTestId('tab-balance').click();
    await page.getByTestId('balance-fights').fill('40');
    await page.getByTestId('run-grid').click();
    await expect.poll(() => page.getByTestId('grid-cell').count(), { timeout: 60_000 }).toBe(24);
    const heads = await page.locator('[data-testid="grid"] thead th').allTextContents();
    expect(heads.filter(Boolean)).toEqual(['role', 'tier 1', 'tier 2', 'tier 3', 'tier 4', 'tier 5', 'tier 6']);
    const pane = (await page.getByTestId('sandbox').boundingBox())!;
    const boxes = await page.getByTestId('grid-cell').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    expect(Math.max(...boxes)).toBeLessThanOrEqual(pane.x + pane.width);

    await page.getByTestId('tab-batch').click();
    await page.getByTestId('batch-size').fill('300');
    await page.getByTestId('run-batch').click();
    await page.getByTestId('plots').waitFor({ timeout: 60_000 });
    const plots = await page.locator('[data-testid="plots"] figure').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(plots.length).toBe(5);
    for (const h of plots) expect(h).toBeGreaterThanOrEqual(180);
    // Each plot keeps its title, in view once scrolled to.
    const fate = page.getByTestId('plot-fate');
    await fate.scrollIntoViewIfNeeded();
    await expect.poll(() => fate.locator('figcaption').isVisible()).toBe(true);
  });
});

describe('screenshots', () => {
  test('each screen at 1440×900 and 1024×700 in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('settings-button').click();
      await page.getByTestId('setting-theme').selectOption(theme);
      await page.keyboard.press('Escape');
      await expect.poll(themeOfPage).toBe(theme);
      for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
        await page.setViewportSize({ width: w, height: h });
        for (const tab of ['fight', 'batch', 'balance'] as const) {
          await page.getByTestId(`tab-${tab}`).click();
          if (tab === 'balance') await page.getByTestId('grid').waitFor();
          if (tab === 'batch') await page.getByTestId('plots').waitFor();
          await page.screenshot({ path: join(SHOTS, `shell-${tab}-${theme}-${w}.png`) });
          expect(await lowContrast()).toEqual([]);
        }
      }
    }
    const shots = readdirSync(SHOTS).filter((f) => f.startsWith('shell-'));
    expect(shots.length).toBeGreaterThanOrEqual(12);
  });
});

describe('status', () => {
  test('"Restored unsaved changes" shows after a restart, then clears itself', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await clickEditor();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.type('\n"x-shell-mark": 1,');
    await page.getByTestId('dirty-marker').waitFor();
    // The backup is written about a second after the edit (in the server's data folder).
    const backups = join(session.studio.dataDir, 'backups');
    const marked = () => existsSync(backups) && readdirSync(backups, { recursive: true, withFileTypes: true })
      .some((f) => f.isFile() && readFileSync(join(f.parentPath, f.name), 'utf8').includes('x-shell-mark'));
    await expect.poll(marked, { timeout: 20_000 }).toBe(true);
    const url = await session.studio.restart();
    await page.goto(withOpen(url, 'classic-d20.json'));
    await page.getByTestId('status').filter({ hasText: 'Restored unsaved changes' }).waitFor({ timeout: 20_000 });
    // `?open=` opens that file instead of the session's tabs.
    expect(await page.getByTestId('tab').allTextContents()).toEqual([expect.stringContaining('classic-d20.json')]);
    await expect.poll(() => page.getByTestId('status').count(), { timeout: 20_000 }).toBe(0);
  });

  test('no page errors', () => {
    expect(pageErrors.filter((e) => !/Failed to fetch|ERR_CONNECTION|net::/.test(e)).map(norm)).toEqual([]);
  });
});
