// The main window, locked down: sandboxed renderer with context isolation and no Node, web security kept,
// no <webview>, no navigation away from the app, no new windows (https links go to the system browser after a
// check), and every permission request denied.
import { BrowserWindow, dialog } from 'electron';
import { APP_ORIGIN } from './ipc/handle.js';
import { safeExternalUrl } from './links.js';
import { APP_URL } from './protocol.js';

export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    show: false,
    title: 'Rules Studio',
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would otherwise try to open links in new windows.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());
  // The renderer cancels unload (beforeunload) while a document is neither saved nor backed up: let the user decide.
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'warning',
      buttons: ['Stay', 'Close without saving'],
      defaultId: 0,
      cancelId: 0,
      title: 'Unsaved changes',
      message: 'Some changes are neither saved nor backed up.',
      detail: 'Stay to save them, or close and lose them.',
    });
    // preventDefault here overrides the page's beforeunload, so the window closes.
    if (choice === 1) event.preventDefault();
  });
  void window.loadURL(APP_URL);
  return window;
}

/** True for URLs of the app itself (app://rules-studio/...). */
export function isAppUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return `${url.protocol}//${url.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** The parts of WebContents the guards use (structural, so tests pass fakes). */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void; url: string }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** Applied to every WebContents the app creates (app 'web-contents-created'). */
export function guardContents(contents: GuardedContents, openExternal: (url: string) => void): void {
  const refuseNavigation = (event: { preventDefault(): void; url: string }) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const href = safeExternalUrl(url);
    if (href !== null) openExternal(href);
    return { action: 'deny' };
  });
}

/** The parts of Session the permission guard uses. */
export interface GuardedSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
}

/** A rules editor needs no camera, notifications, geolocation, clipboard-read or anything else: deny all. */
export function denyAllPermissions(session: GuardedSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** The parts of Session's webRequest the CSP guard uses. */
export interface HeaderSession {
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders: Record<string, string[]> }) => void,
      ) => void,
    ): void;
  };
}

/** The app:// protocol already sends the CSP; this puts the same policy on every other response the session sees,
 *  so nothing loaded by any route runs with a weaker one. The literal must equal CONTENT_SECURITY_POLICY
 *  (tested); it is spelled out so Electronegativity can evaluate it. */
export function enforceContentSecurityPolicy(session: HeaderSession): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
    );
    callback({
      responseHeaders: {
        ...responseHeaders,
        'Content-Security-Policy': [
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'",
        ],
      },
    });
  });
}
