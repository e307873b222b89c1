// The window's locked-down preferences, the navigation / new-window / webview guards, the permission handler,
// and the app:// protocol's answers (containment, CSP header).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

const created: { options: Record<string, unknown>; loaded: string[]; contentsListeners: Map<string, (event: { preventDefault(): void }) => void> }[] = [];
let dialogChoice = 0;

vi.mock('electron', () => {
  class BrowserWindow {
    readonly loaded: string[] = [];
    readonly contentsListeners = new Map<string, (event: { preventDefault(): void }) => void>();
    readonly webContents = { on: (name: string, listener: (event: { preventDefault(): void }) => void) => this.contentsListeners.set(name, listener) };
    constructor(options: Record<string, unknown>) {
      created.push({ options, loaded: this.loaded, contentsListeners: this.contentsListeners });
    }
    once(): void {}
    loadURL(url: string): Promise<void> {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }
  return { BrowserWindow, protocol: {}, dialog: { showMessageBoxSync: () => dialogChoice } };
});

const { createMainWindow, denyAllPermissions, enforceContentSecurityPolicy, guardContents, isAppUrl } = await import('../../electron/window');
const { APP_URL, appResponse } = await import('../../electron/protocol');
const { APP_ORIGIN } = await import('../../electron/ipc/handle');
const { CONTENT_SECURITY_POLICY } = await import('../../electron/services/static-files');

describe('main window', () => {
  test('sandboxed, isolated, no Node, web security on, no webview; loads the app:// page', () => {
    createMainWindow('/app/preload.cjs');
    const [window] = created;
    expect(window!.options.webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(window!.loaded).toEqual([APP_URL]);
    expect(APP_URL.startsWith(`${APP_ORIGIN}/`)).toBe(true);
  });

  test('a page that refuses to unload (unsaved, not backed up) closes only when the user says so', () => {
    createMainWindow('/app/preload.cjs');
    const listener = created.at(-1)!.contentsListeners.get('will-prevent-unload')!;
    let overridden = 0;
    dialogChoice = 0; // Stay
    listener({ preventDefault: () => overridden++ });
    expect(overridden).toBe(0);
    dialogChoice = 1; // Close without saving
    listener({ preventDefault: () => overridden++ });
    expect(overridden).toBe(1);
  });
});

type Listener = (event: { preventDefault(): void; url: string }) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents = {
    on: (event: string, listener: Listener) => listeners.set(event, listener),
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: 'deny' }) => {
      openHandler = handler;
    },
  };
  const fire = (event: string, url = '') => {
    let prevented = false;
    listeners.get(event)!({ url, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler!({ url }) };
}

describe('guards', () => {
  test('navigation and redirects away from the app are refused; inside the app they are allowed', () => {
    const { contents, fire } = fakeContents();
    guardContents(contents, () => undefined);
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(fire('will-redirect', 'app://other/index.html')).toBe(true);
    expect(fire('will-navigate', `${APP_ORIGIN}/index.html`)).toBe(false);
  });

  test('webviews are never attached', () => {
    const { contents, fire } = fakeContents();
    guardContents(contents, () => undefined);
    expect(fire('will-attach-webview')).toBe(true);
  });

  test('new windows are always denied; only checked https links go to the system browser', () => {
    const { contents, open } = fakeContents();
    const external: string[] = [];
    guardContents(contents, (url) => external.push(url));
    for (const url of ['https://example.org/doc', 'http://example.org', 'javascript:alert(1)', 'file:///c:/x', `${APP_ORIGIN}/popup.html`]) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    expect(external).toEqual(['https://example.org/doc']);
  });

  test('a link opened from the page reaches the system browser as its checked href', () => {
    const { contents, open } = fakeContents();
    const external: string[] = [];
    guardContents(contents, (url) => external.push(url));
    open('https://evil.com\\@good.com');
    open('https://EXAMPLE.org/x/./y');
    expect(external).toEqual(['https://example.org/x/y']);
  });

  test('every permission request and check is denied', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((contents: unknown, permission: string) => boolean) | undefined;
    denyAllPermissions({ setPermissionRequestHandler: (h) => (request = h), setPermissionCheckHandler: (h) => (check = h) });
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const answers: boolean[] = [];
      request!(null, permission, (granted) => answers.push(granted));
      expect(answers).toEqual([false]);
      expect(check!(null, permission)).toBe(false);
    }
  });

  test('every response in the session gets the app CSP, replacing any other CSP header', () => {
    let listener: Parameters<Parameters<typeof enforceContentSecurityPolicy>[0]['webRequest']['onHeadersReceived']>[0] | undefined;
    enforceContentSecurityPolicy({ webRequest: { onHeadersReceived: (l) => (listener = l) } });
    let headers: Record<string, string[]> | undefined;
    listener!({ responseHeaders: { 'content-security-policy': ["script-src 'unsafe-eval'"], 'Content-Type': ['text/html'] } }, (response) => {
      headers = response.responseHeaders;
    });
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  test('isAppUrl', () => {
    expect(isAppUrl(`${APP_ORIGIN}/x`)).toBe(true);
    expect(isAppUrl('app://rules-studio.evil/x')).toBe(false);
    expect(isAppUrl('garbage')).toBe(false);
  });
});

describe('app:// protocol', () => {
  let base: string;
  let renderer: string;
  beforeAll(() => {
    base = mkdtempSync(path.join(tmpdir(), 'rs-protocol-'));
    renderer = path.join(base, 'renderer');
    mkdirSync(path.join(renderer, 'assets'), { recursive: true });
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Rules Studio</title>');
    writeFileSync(path.join(renderer, 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(path.join(base, 'secret.txt'), 'secret');
    symlinkSync(path.join(base, 'secret.txt'), path.join(renderer, 'assets', 'link.js'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  test('serves the renderer with the strict CSP as a header', async () => {
    const index = await appResponse('GET', `${APP_ORIGIN}/index.html`, renderer);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(await index.text()).toContain('Rules Studio');
    const script = await appResponse('GET', `${APP_ORIGIN}/assets/main.js`, renderer);
    expect(script.headers.get('content-type')).toMatch(/text\/javascript/);
    expect((await appResponse('GET', `${APP_ORIGIN}/`, renderer)).status).toBe(200);
  });

  test.each([
    [`${APP_ORIGIN}/../secret.txt`],
    [`${APP_ORIGIN}/%2e%2e/secret.txt`],
    [`${APP_ORIGIN}/assets/%2e%2e%2f%2e%2e%2fsecret.txt`],
    [`${APP_ORIGIN}/assets/..%5c..%5csecret.txt`],
    [`${APP_ORIGIN}/assets/link.js`],
    [`${APP_ORIGIN}/%00`],
    [`${APP_ORIGIN}/%E0%A4%A`],
    ['app://elsewhere/index.html'],
  ])('refuses %s', async (url) => {
    const response = await appResponse('GET', url, renderer);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).not.toContain('secret');
  });

  test('refuses methods other than GET and HEAD', async () => {
    expect((await appResponse('POST', `${APP_ORIGIN}/index.html`, renderer)).status).toBe(405);
  });
});
