// End-to-end harness: the browser studio (G's server, built into dist/) as a child process over a temp copy of
// systems/, and Debian Chromium driven by playwright-core. `npm run build` first (scripts/test.mjs does).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const REPO = resolve(import.meta.dirname, '..', '..');
/**
 * How long a wait for a condition may go on before the test fails. Every wait in these tests is for a condition (an
 * element, a text, a count) and ends as soon as it holds, so this only bounds a failure: it is generous because the
 * suite runs beside other work, where a loaded machine is many times slower than a quiet one. Chromium's waits
 * (setDefaultTimeout) and expect.poll (vitest.e2e.config.ts) both use it; no test passes its own shorter limit.
 */
export const PATIENCE_MS = 240_000;
export const SHOTS = join(REPO, 'test-output', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export interface StudioProcess {
  /** The newest address the server printed (its one-time code may be spent: see freshUrl). */
  readonly url: string;
  /** An address whose one-time code no page has been given yet (the server prints the next once one is used). */
  freshUrl(): Promise<string>;
  readonly workspace: string;
  readonly dataDir: string;
  /** Ends the server the hard way (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts the server again on the same workspace and data folder; the new URL (a new run, a new code). */
  restart(): Promise<string>;
  close(): Promise<void>;
}

const ADDRESS = /http:\/\/127\.0\.0\.1:\d+\/\S*#code=[0-9a-f]+/g;

interface ServerChild {
  readonly child: ChildProcess;
  /** Every address printed so far, oldest first. */
  readonly urls: string[];
  /** Resolves at the next address printed. */
  next(): Promise<void>;
}

/** Starts the browser-mode server; resolves once it printed its first address (failing when it exits first). */
function startServer(workspace: string, dataDir: string): Promise<ServerChild> {
  const child = spawn(process.execPath, [join(REPO, 'dist/electron/web/main.js'), '--workspace', workspace, '--data', dataDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const urls: string[] = [];
  const waiters: (() => void)[] = [];
  let out = '';
  const read = (chunk: Buffer) => {
    out += chunk.toString();
    const found = out.match(ADDRESS) ?? [];
    if (found.length > urls.length) {
      urls.push(...found.slice(urls.length));
      for (const wake of waiters.splice(0)) wake();
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const server: ServerChild = { child, urls, next: () => new Promise((wake) => waiters.push(wake)) };
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`studio server exited (${code}):\n${out}`)));
    void server.next().then(() => done(server));
  });
}

export async function startStudio(): Promise<StudioProcess> {
  const root = mkdtempSync(join(tmpdir(), 'rules-studio-e2e-'));
  const workspace = join(root, 'workspace');
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  cpSync(join(REPO, 'systems'), workspace, { recursive: true });
  let server = await startServer(workspace, dataDir);
  const handedOut = new Set<string>();
  const freshUrl = async (): Promise<string> => {
    // A code is spent when a page opens its address; the server then prints the next: wait for it.
    while (handedOut.has(server.urls.at(-1)!)) await server.next();
    const url = server.urls.at(-1)!;
    handedOut.add(url);
    return url;
  };
  const stop = async (signal: NodeJS.Signals) => {
    const child = server.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill(signal);
    });
  };
  return {
    get url() {
      return server.urls.at(-1)!;
    },
    freshUrl,
    workspace,
    dataDir,
    kill: () => stop('SIGKILL'),
    async restart() {
      await stop('SIGKILL');
      server = await startServer(workspace, dataDir);
      return freshUrl();
    },
    async close() {
      await stop('SIGTERM');
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** `locale`: the language Chromium says the OS has (navigator.language); en-US when not given. */
export async function launchBrowser(options: { locale?: string } = {}): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'pw-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    locale: options.locale ?? 'en-US',
    viewport: { width: 1600, height: 900 },
    deviceScaleFactor: 1,
  });
  context.setDefaultTimeout(PATIENCE_MS);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** `http://host/#code=…` → `http://host/?open=<path>#code=…` */
export function withOpen(url: string, path: string): string {
  const [base, fragment] = url.split('#');
  return `${base}?open=${encodeURIComponent(path)}#${fragment}`;
}

export interface MarkerInfo {
  message: string;
  severity: number;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** Opens the studio page and waits until the given file is open and checked. */
export async function openStudio(page: Page, url: string, path: string, errors: string[]): Promise<void> {
  page.on('pageerror', (e) => errors.push(`${e.message}\n${e.stack ?? ''}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`[console] ${m.text()}`);
  });
  await page.goto(withOpen(url, path));
  await waitChecked(page, path);
}

export interface StudioSession {
  readonly studio: StudioProcess;
  readonly browser: Awaited<ReturnType<typeof launchBrowser>>;
  readonly page: Page;
}

/**
 * A test file's studio: the browser-mode server on a copy of `systems/`, Chromium, and one page open on `path` with
 * its errors collected in `errors`. `sandboxReady`: also wait until the sandbox's first fight has played.
 */
export async function openStudioSession(path: string, errors: string[], sandboxReady = false): Promise<StudioSession> {
  mkdirSync(SHOTS, { recursive: true });
  const studio = await startStudio();
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  await openStudio(page, await studio.freshUrl(), path, errors);
  if (sandboxReady) {
    await page.waitForFunction(() => (window as unknown as { __studio: { sandbox: { events: unknown[] } } }).__studio.sandbox.events.length > 10);
  }
  return { studio, browser, page };
}

/** Ends what openStudioSession started (whatever of it did start). */
export async function closeStudioSession(session: Partial<StudioSession>): Promise<void> {
  await session.browser?.close();
  await session.studio?.close();
}

/** Whether a backup under the data folder holds `text` (backups are written about a second after an edit). */
export function backupsHold(dataDir: string, text: string): boolean {
  const holds = (dir: string): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    return entries.some((e) => (e.isDirectory() ? holds(join(dir, e.name)) : e.isFile() && readFileSync(join(dir, e.name), 'utf8').includes(text)));
  };
  return holds(join(dataDir, 'backups'));
}

/** Resolves once the page has painted its current state (two animation frames): before a screenshot, never a pause. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Screenshots of the page at 1440x900 and 1024x700 (`SHOTS/<name>-<width>x<height>.png`), `check` run at each size
 * before its shot; the viewport is put back after.
 */
export async function shotsAtBothSizes(page: Page, name: string, check: () => Promise<void> = async () => {}): Promise<void> {
  const size = page.viewportSize() ?? { width: 1600, height: 900 };
  try {
    for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
      await page.setViewportSize({ width, height });
      await painted(page);
      await check();
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
    }
  } finally {
    await page.setViewportSize(size);
  }
}

/** The text of the editor lines that carry a rule highlight (a chip's rule, a number the needle names), top first. */
export async function highlightedLines(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('.rule-highlight').count()).toBeGreaterThan(0);
  return page.evaluate(() => {
    const tops = [...document.querySelectorAll('.view-overlays > div')].filter((d) => d.querySelector('.rule-highlight'))
      .map((d) => parseFloat((d as HTMLElement).style.top)).sort((a, b) => a - b);
    const lines = [...document.querySelectorAll('.view-lines .view-line')] as HTMLElement[];
    return tops.map((top) => lines.find((d) => parseFloat(d.style.top) === top)?.textContent ?? '');
  });
}

/** Line and column (1-based) of `needle` in a file as saved (the test's own copy: no look into the app). */
function placeOf(file: string, needle: string, offsetInNeedle: number): { line: number; column: number } {
  const saved = readFileSync(file, 'utf8');
  const at = saved.indexOf(needle);
  if (at < 0) throw new Error(`${needle} is not in ${file}`);
  const before = saved.slice(0, at + offsetInNeedle).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** Ctrl+G `line:column`, as a person goes to a place; the cursor lands just before `needle` (plus the offset) of `file`. */
export async function goToText(page: Page, file: string, needle: string, offsetInNeedle = 0): Promise<void> {
  const { line, column } = placeOf(file, needle, offsetInNeedle);
  const box = await page.locator('.monaco-editor:has(.view-lines)').first().boundingBox();
  if (!box) throw new Error('no editor on screen');
  // A click that lands on a widget over the text (a hover still fading) leaves the focus outside the editor, and Ctrl+G
  // then opens nothing: Escape, click and press again, as a person would (a full run failed on this twice).
  const input = page.locator('.quick-input-widget input');
  for (let attempt = 0; ; attempt++) {
    await page.mouse.click(box.x + 80, box.y + 12);
    await page.waitForFunction(() => !!document.activeElement?.closest('.monaco-editor'), undefined, { timeout: 10_000 }).catch(() => {});
    await page.keyboard.press('Control+G');
    const shown = await input.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
    if (shown) break;
    if (attempt === 3) throw new Error('Ctrl+G opened no go-to-line box after four tries');
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 5);
  }
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  // Keys typed before the editor has the focus back would go nowhere.
  await page.waitForFunction(() => !!document.activeElement?.closest('.monaco-editor .overflow-guard, .monaco-editor textarea, .monaco-editor .native-edit-context'));
}

/** Waits until the active document is `path`, its current text has been checked, and the editor (its own chunk) is up. */
export async function waitChecked(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (p) => {
      const s = (window as unknown as { __studio?: StudioProbe }).__studio;
      const doc = s?.studio.documents.active;
      return !!doc && doc.path === p && doc.checkedVersion === doc.version && !!s?.editor;
    },
    path,
  );
}

export async function markers(page: Page): Promise<MarkerInfo[]> {
  return page.evaluate(() => {
    const s = (window as unknown as { __studio: StudioProbe }).__studio;
    const doc = s.studio.documents.active;
    return doc ? s.editor.markersOf(doc.id) : [];
  });
}

/** The view's pixel point of a 1-based line/column (for hovering with the real mouse). */
export async function pointOf(page: Page, line: number, column: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([l, c]) => {
      const s = (window as unknown as { __studio: StudioProbe }).__studio;
      const editor = s.editor.editor;
      editor.revealPositionInCenter({ lineNumber: l!, column: c! });
      const pos = editor.getScrolledVisiblePosition({ lineNumber: l!, column: c! });
      const box = editor.getDomNode().getBoundingClientRect();
      return { x: box.left + pos.left + 3, y: box.top + pos.top + pos.height / 2 };
    },
    [line, column],
  );
}

/** Only what the tests read of the page's `window.__studio` (typed loosely on purpose: it crosses into the page). */
export interface StudioProbe {
  studio: {
    documents: {
      active: { id: string; path: string; version: number; checkedVersion: number; text: string; dirty: boolean; errorCount: number } | null;
    };
  };
  sandbox: { events: unknown[]; cursor: number };
  editor: {
    markersOf(docId: string): MarkerInfo[];
    editor: {
      revealPositionInCenter(p: { lineNumber: number; column: number }): void;
      getScrolledVisiblePosition(p: { lineNumber: number; column: number }): { left: number; top: number; height: number };
      getDomNode(): HTMLElement;
      setPosition(p: { lineNumber: number; column: number }): void;
      focus(): void;
    };
  };
}

/**
 * Just right of the editor's cursor, on its line's middle. Read from the cursor's own box, not Playwright's
 * boundingBox, which is null while the blinking cursor is hidden (it failed a run that way).
 */
export async function cursorPoint(page: Page): Promise<{ x: number; y: number }> {
  // The first cursor drawn (an editor out of sight has one of no size); a bounded wait, as hoverUntil asks again.
  const box = await (await page.waitForFunction(() => {
    for (const c of document.querySelectorAll('.monaco-editor .cursor')) {
      const b = c.getBoundingClientRect();
      if (b.height > 0) return { x: b.x, y: b.y, height: b.height };
    }
    return null;
  }, undefined, { timeout: 15_000 })).jsonValue();
  return { x: box!.x + 4, y: box!.y + box!.height / 2 };
}

/**
 * Hovers with real mouse motion at `at()` until Monaco's hover shows text matching `expected` (see toolchain notes);
 * its text. A hover opened while the checker re-validates closes again, and a motion may open none, so after a while
 * the mouse moves again (each wait twice the last: a loaded machine is slower).
 */
export async function hoverUntil(page: Page, at: () => Promise<{ x: number; y: number }>, expected: RegExp): Promise<string> {
  const hoverText = () => page.evaluate(() => [...document.querySelectorAll('.monaco-hover:not(.hidden)')].map((h) => h.textContent ?? '').join('\n'));
  let text = '';
  for (let attempt = 0, wait = 1000; attempt < 12; attempt++, wait = Math.min(2 * wait, 30_000)) {
    const pt = await at();
    await page.mouse.move(pt.x - 40, pt.y + 30);
    await page.mouse.move(pt.x, pt.y, { steps: 6 });
    const shown = await page.waitForFunction(([source, flags]) => new RegExp(source!, flags).test(
      [...document.querySelectorAll('.monaco-hover:not(.hidden)')].map((h) => h.textContent ?? '').join('\n')), [expected.source, expected.flags], { timeout: wait })
      .then(() => true, () => false);
    text = await hoverText();
    if (shown && expected.test(text)) return text;
  }
  throw new Error(`hover never showed ${expected}: last text ${JSON.stringify(text)}`);
}
