// Picks the host: Electron when the preload exposed window.studio, else the browser studio. Its server prints an
// address with a one-time code (#code=...), which this page trades for the run's session token (exchangeCode) and
// removes from the address bar at once; the token is kept in sessionStorage, so a reload keeps working, and it never
// appears in an address or on a command line (a used code opens nothing).
import type { StudioApi } from '../../../electron/contract/studio';
import { BrowserHost, exchangeCode } from './browser-host';
import { ElectronHost } from './electron-host';
import type { Host } from './host';

const TOKEN_KEY = 'rules-studio-token';

export function createHost(): Host {
  const studio = (window as unknown as { studio?: StudioApi }).studio;
  if (studio) return new ElectronHost(studio, window.localStorage);
  const token = takeToken();
  if (token) {
    return new BrowserHost({
      origin: window.location.origin,
      token,
      storage: window.localStorage,
      openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    });
  }
  throw new Error('Rules Studio has no host: start it with `npm start` (desktop) or `npm run web` (browser) and open the address it prints.');
}

function takeToken(): string | Promise<string> | null {
  const match = /(?:^#|&)code=([0-9a-f]{16,128})(?:&|$)/.exec(window.location.hash);
  if (match) {
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    const kept = window.sessionStorage.getItem(TOKEN_KEY);
    return exchangeCode(window.location.origin, match[1]!).then(
      (token) => {
        window.sessionStorage.setItem(TOKEN_KEY, token);
        return token;
      },
      (error: unknown) => {
        if (kept) return kept; // this tab already had the session (an old address pasted again)
        throw error;
      },
    );
  }
  return window.sessionStorage.getItem(TOKEN_KEY);
}
