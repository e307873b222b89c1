// Picks the host: Electron when the preload exposed window.studio, else the browser studio, whose server put
// this run's token in the address fragment (#token=...). The token is moved to sessionStorage and removed from
// the address bar, so a reload keeps working and the address can be shared without it.
import type { StudioApi } from '../../../electron/ipc/studio-api';
import { BrowserHost } from './browser-host';
import { ElectronHost } from './electron-host';
import type { Host } from './host';

const TOKEN_KEY = 'rules-studio-token';

export function createHost(): Host {
  const studio = (window as unknown as { studio?: StudioApi }).studio;
  if (studio) return new ElectronHost(studio);
  const token = takeToken();
  if (token) {
    return new BrowserHost({
      origin: window.location.origin,
      token,
      openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    });
  }
  throw new Error('Rules Studio has no host: start it with `npm start` (desktop) or `npm run web` (browser) and open the address it prints.');
}

function takeToken(): string | null {
  const match = /(?:^#|&)token=([0-9a-f]{16,128})(?:&|$)/.exec(window.location.hash);
  if (match) {
    const token = match[1]!;
    window.sessionStorage.setItem(TOKEN_KEY, token);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    return token;
  }
  return window.sessionStorage.getItem(TOKEN_KEY);
}
