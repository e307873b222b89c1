// Files through the browser studio's host: save writes exactly the editor's text; a backup written about a second
// after an edit is restored after the server is killed; an outside change reloads a clean document and puts a
// dirty one in conflict (reload / overwrite / compare).
import { chmodSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, launchBrowser, pointOf, startStudio, waitChecked, withOpen, type StudioProcess, closeStudioSession, openStudioSession } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

interface DocProbe { id: string; path: string; text: string; dirty: boolean; conflict: unknown }
const activeDoc = () =>
  page.evaluate(() => {
    const d = (window as unknown as { __studio: { studio: { documents: { active: DocProbe | null } } } }).__studio.studio.documents.active;
    return d ? { id: d.id, path: d.path, text: d.text, dirty: d.dirty, conflict: d.conflict !== null } : null;
  });
const modelText = () =>
  page.evaluate(() => {
    const s = (window as unknown as { __studio: { studio: { documents: { active: { id: string } } }; editor: { modelOf(id: string): { getValue(): string } } } }).__studio;
    return s.editor.modelOf(s.studio.documents.active.id).getValue();
  });

async function typeAt(line: number, column: number, text: string): Promise<void> {
  await page.evaluate(
    ([l, c]) => {
      const e = (window as unknown as { __studio: { editor: { editor: { setPosition(p: object): void; focus(): void } } } }).__studio.editor.editor;
      e.setPosition({ lineNumber: l, column: c });
      e.focus();
    },
    [line, column],
  );
  await page.keyboard.type(text);
}

/** True when a backup in the data folder holds `needle` (backups are JSON, so it is searched as written there). */
function backupsContain(where: StudioProcess, needle: string): boolean {
  const folder = join(where.dataDir, 'backups');
  if (!existsSync(folder)) return false;
  return readdirSync(folder).some((name) => name.endsWith('.json') && !name.startsWith('.') && readFileSync(join(folder, name), 'utf8').includes(needle));
}

/** Clicks at the start of a line with the mouse and types, as a person would. */
async function clickAndType(on: Page, line: number, text: string): Promise<void> {
  const { x, y } = await pointOf(on, line, 1);
  await on.mouse.click(x, y);
  await on.keyboard.press('Home');
  await on.keyboard.type(text);
}

async function shoot(on: Page, name: string): Promise<void> {
  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    await on.setViewportSize({ width, height });
    await on.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
  }
  await on.setViewportSize({ width: 1600, height: 900 });
}

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('twin-dice.json', pageErrors));
});

afterAll(() => closeStudioSession({ studio, browser }));

describe('files', () => {
  test('save writes exactly the editor text; the dirty marker comes and goes', async () => {
    await typeAt(3, 1, '  "description": "edited in the studio",\n');
    await expect.poll(async () => (await activeDoc())?.dirty).toBe(true);
    expect(await page.getByTestId('dirty-marker').count()).toBe(1);
    await page.getByTestId('save').click();
    await expect.poll(async () => (await activeDoc())?.dirty).toBe(false);
    expect(await page.getByTestId('dirty-marker').count()).toBe(0);
    const onDisk = readFileSync(join(studio.workspace, 'twin-dice.json'), 'utf8');
    expect(onDisk).toBe(await modelText());
    expect(onDisk).toContain('"description": "edited in the studio"');
  });

  test('an outside change reloads a clean document', async () => {
    const path = join(studio.workspace, 'twin-dice.json');
    const changed = readFileSync(path, 'utf8').replace('edited in the studio', 'edited outside');
    writeFileSync(path, changed);
    await expect.poll(modelText).toBe(changed);
    expect((await activeDoc())?.dirty).toBe(false);
  });

  test('an outside change to a dirty document is a conflict: compare, then reload takes the disk', async () => {
    await typeAt(3, 1, '  "x-note": 1,\n');
    await expect.poll(async () => (await activeDoc())?.dirty).toBe(true);
    const path = join(studio.workspace, 'twin-dice.json');
    const disk = readFileSync(path, 'utf8').replace('edited outside', 'edited outside again');
    writeFileSync(path, disk);
    await page.getByTestId('conflict-banner').waitFor();
    await page.getByTestId('conflict-compare').click();
    // The diff is computed off the main thread: wait until it marks the changed lines.
    await page.locator('.monaco-diff-editor .line-insert, .monaco-diff-editor .line-delete').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'files-conflict.png') });
    await page.getByTestId('conflict-reload').click();
    await expect.poll(modelText).toBe(disk);
    expect(await activeDoc()).toMatchObject({ dirty: false, conflict: false });
    await expect.poll(() => page.locator('.monaco-diff-editor').count()).toBe(0);
    // The editor goes on working after the compare view is gone: Find (its widget is built on first use, with the
    // tooltips a disposed diff editor used to break) opens, finds, and closes.
    const { x, y } = await pointOf(page, 2, 1);
    await page.mouse.click(x, y);
    await page.keyboard.press('Control+F');
    await page.locator('.find-widget.visible').waitFor();
    await page.keyboard.type('edited outside again');
    await expect.poll(() => page.locator('.find-widget .matchesCount').textContent()).toMatch(/^1 of 1$/);
    await page.keyboard.press('Escape');
    await page.locator('.find-widget.visible').waitFor({ state: 'hidden' });
  });

  test('overwrite keeps the editor text over a changed file', async () => {
    await typeAt(3, 1, '  "x-mine": 1,\n');
    const path = join(studio.workspace, 'twin-dice.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('again', 'and again'));
    await page.getByTestId('conflict-banner').waitFor();
    await page.getByTestId('conflict-overwrite').click();
    await expect.poll(async () => (await activeDoc())?.dirty).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(await modelText());
    expect(readFileSync(path, 'utf8')).toContain('"x-mine": 1');
  });

  test('a backup is restored after the server is killed mid-edit', async () => {
    await typeAt(3, 1, '  "x-unsaved": "keep me",\n');
    const edited = await modelText();
    // Backups are written about a second after the last edit.
    await expect.poll(() => backupsContain(studio, 'keep me')).toBe(true);
    const url = await studio.restart();
    await page.goto(withOpen(url, 'twin-dice.json'));
    await waitChecked(page, 'twin-dice.json');
    await expect.poll(modelText).toBe(edited);
    expect((await activeDoc())?.dirty).toBe(true);
    expect(readFileSync(join(studio.workspace, 'twin-dice.json'), 'utf8')).not.toContain('keep me');
  });

  test('no page errors', () => {
    expect(pageErrors.filter((e) => !/Failed to fetch|ERR_CONNECTION|net::/.test(e))).toEqual([]);
  });
});

// Issue 17: the workspace folder removed while a document is open and dirty, and a read-only file.
describe('a workspace that disappears, and a read-only file', () => {
  let gone: StudioProcess;
  let tab: Page;
  const tabErrors: string[] = [];
  const doc = () =>
    tab.evaluate(() => {
      const d = (window as unknown as { __studio: { studio: { documents: { active: DocProbe | null } } } }).__studio.studio.documents.active;
      return d ? { path: d.path, text: d.text, dirty: d.dirty } : null;
    });

  beforeAll(async () => {
    gone = await startStudio();
    tab = await browser.context.newPage();
    tab.on('pageerror', (e) => tabErrors.push(`${e.message}\n${e.stack ?? ''}`));
    await tab.goto(withOpen(gone.url, 'twin-dice.json'));
    await waitChecked(tab, 'twin-dice.json');
  });

  afterAll(async () => {
    await tab?.close();
    await gone?.close();
  });

  test('the folder removed with unsaved edits: the studio says so, backups go on and restore, save elsewhere rescues the text', async () => {
    await clickAndType(tab, 3, '  "x-rescue": "typed before",\n');
    await expect.poll(async () => (await doc())?.dirty).toBe(true);
    await expect.poll(() => backupsContain(gone, 'typed before')).toBe(true);

    rmSync(gone.workspace, { recursive: true });
    const banner = tab.getByTestId('workspace-missing');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(gone.workspace);
    // Edits after the folder went are backed up too (before: ENOENT from realpath, and the tab was the only copy).
    await clickAndType(tab, 3, '  "x-after": "typed after the folder went",\n');
    await expect.poll(() => backupsContain(gone, 'typed after the folder went')).toBe(true);
    await shoot(tab, 'files-workspace-missing');

    // The server dies; started again on the missing folder, the backup restores as a dirty document.
    const url = await gone.restart();
    await tab.goto(withOpen(url, 'twin-dice.json'));
    await waitChecked(tab, 'twin-dice.json');
    const restored = await doc();
    expect(restored).toMatchObject({ path: 'twin-dice.json', dirty: true });
    expect(restored!.text).toContain('typed before');
    expect(restored!.text).toContain('typed after the folder went');
    await banner.waitFor();

    await tab.getByTestId('save-elsewhere').click();
    const input = tab.getByTestId('save-dialog-path');
    await input.waitFor();
    expect(await input.inputValue()).toBe(join(gone.workspace, 'twin-dice.json'));
    const rescued = join(dirname(gone.workspace), 'rescued', 'twin-dice.json');
    // Outside what the server may write: said in the dialog, nothing written.
    await tab.keyboard.press('Control+A');
    await tab.keyboard.type('/proc/rules-studio.json');
    await tab.keyboard.press('Enter');
    await tab.getByTestId('save-dialog-problem').waitFor();
    expect(await tab.getByTestId('save-dialog-problem').textContent()).toContain('outside the folders');
    await tab.keyboard.press('Control+A');
    await tab.keyboard.type(rescued);
    await shoot(tab, 'files-save-elsewhere');
    await tab.keyboard.press('Enter');
    await tab.getByTestId('save-dialog').waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });
    await expect.poll(async () => (await doc())?.dirty).toBe(false);
    expect(readFileSync(rescued, 'utf8')).toBe(restored!.text);
    expect(await tab.locator('.workspace').textContent()).toBe('rescued');
    expect(backupsContain(gone, 'typed after the folder went')).toBe(false);
  });

  test('saving over a read-only file asks: cancel keeps it, overwrite replaces it (it stays read-only), save as makes a copy', async () => {
    const file = join(dirname(gone.workspace), 'rescued', 'twin-dice.json');
    chmodSync(file, 0o444);
    const before = readFileSync(file, 'utf8');
    await clickAndType(tab, 3, '  "x-locked": 1,\n');
    await expect.poll(async () => (await doc())?.dirty).toBe(true);
    await tab.keyboard.press('Control+S');
    const question = tab.getByTestId('read-only-question');
    await question.waitFor();
    expect(await question.textContent()).toContain('twin-dice.json is read-only on disk');
    await shoot(tab, 'files-read-only');
    expect(readFileSync(file, 'utf8')).toBe(before);

    await tab.getByTestId('read-only-cancel').click();
    await question.waitFor({ state: 'detached' });
    expect((await doc())?.dirty).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(before);

    await tab.keyboard.press('Control+S');
    await tab.getByTestId('read-only-overwrite').click();
    await expect.poll(async () => (await doc())?.dirty).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain('"x-locked": 1');
    expect(statSync(file).mode & 0o777).toBe(0o444);

    await clickAndType(tab, 3, '  "x-copy": 1,\n');
    await tab.keyboard.press('Control+S');
    await tab.getByTestId('read-only-save-as').click();
    const input = tab.getByTestId('save-dialog-path');
    await input.waitFor();
    expect(await input.inputValue()).toBe('twin-dice-copy.json');
    await shoot(tab, 'files-read-only-save-as');
    await tab.keyboard.press('Enter');
    await expect.poll(async () => (await doc())?.path).toBe('twin-dice-copy.json');
    expect((await doc())?.dirty).toBe(false);
    expect(readFileSync(join(dirname(file), 'twin-dice-copy.json'), 'utf8')).toContain('"x-copy": 1');
    expect(readFileSync(file, 'utf8')).not.toContain('"x-copy": 1');
  });

  test('no page errors', () => {
    expect(tabErrors).toEqual([]);
  });
});
