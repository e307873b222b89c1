// Files through the browser studio's host: save writes exactly the editor's text; a backup written about a second
// after an edit is restored after the server is killed; an outside change reloads a clean document and puts a
// dirty one in conflict (reload / overwrite / compare).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, launchBrowser, waitChecked, withOpen, type StudioProcess, closeStudioSession, openStudioSession } from './harness';

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
    await expect.poll(modelText, { timeout: 20_000 }).toBe(changed);
    expect((await activeDoc())?.dirty).toBe(false);
  });

  test('an outside change to a dirty document is a conflict: compare, then reload takes the disk', async () => {
    await typeAt(3, 1, '  "x-note": 1,\n');
    await expect.poll(async () => (await activeDoc())?.dirty).toBe(true);
    const path = join(studio.workspace, 'twin-dice.json');
    const disk = readFileSync(path, 'utf8').replace('edited outside', 'edited outside again');
    writeFileSync(path, disk);
    await page.getByTestId('conflict-banner').waitFor({ timeout: 20_000 });
    await page.getByTestId('conflict-compare').click();
    await page.locator('.monaco-diff-editor').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(SHOTS, 'files-conflict.png') });
    await page.getByTestId('conflict-reload').click();
    await expect.poll(modelText).toBe(disk);
    expect(await activeDoc()).toMatchObject({ dirty: false, conflict: false });
  });

  test('overwrite keeps the editor text over a changed file', async () => {
    await typeAt(3, 1, '  "x-mine": 1,\n');
    const path = join(studio.workspace, 'twin-dice.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('again', 'and again'));
    await page.getByTestId('conflict-banner').waitFor({ timeout: 20_000 });
    await page.getByTestId('conflict-overwrite').click();
    await expect.poll(async () => (await activeDoc())?.dirty).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(await modelText());
    expect(readFileSync(path, 'utf8')).toContain('"x-mine": 1');
  });

  test('a backup is restored after the server is killed mid-edit', async () => {
    await typeAt(3, 1, '  "x-unsaved": "keep me",\n');
    const edited = await modelText();
    // Backups are written about a second after the last edit.
    await page.waitForTimeout(2500);
    const url = await studio.restart();
    await page.goto(withOpen(url, 'twin-dice.json'));
    await waitChecked(page, 'twin-dice.json');
    await expect.poll(modelText, { timeout: 20_000 }).toBe(edited);
    expect((await activeDoc())?.dirty).toBe(true);
    expect(readFileSync(join(studio.workspace, 'twin-dice.json'), 'utf8')).not.toContain('keep me');
  });

  test('no page errors', () => {
    expect(pageErrors.filter((e) => !/Failed to fetch|ERR_CONNECTION|net::/.test(e))).toEqual([]);
  });
});
