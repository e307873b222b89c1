// IPC handler for opening a link in the system browser: https only, checked here in main whatever the page says,
// and the checked, parsed URL is what is opened.
import { safeExternalUrl } from '../links.js';
import type { HandlerTable } from './contract.js';

export type ShellChannels = 'studio:shell.openExternal';

export function shellHandlers(openExternal: ((url: string) => Promise<void>) | null): Pick<HandlerTable, ShellChannels> {
  return {
    'studio:shell.openExternal': async (url) => {
      const href = safeExternalUrl(url);
      if (openExternal === null || href === null) return false;
      await openExternal(href);
      return true;
    },
  };
}
