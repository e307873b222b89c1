// IPC handler for opening a link in the system browser: https only, checked here in main whatever the page says.
import { isSafeExternalUrl } from '../links.js';
import type { HandlerTable } from './contract.js';

export type ShellChannels = 'studio:shell.openExternal';

export function shellHandlers(openExternal: ((url: string) => Promise<void>) | null): Pick<HandlerTable, ShellChannels> {
  return {
    'studio:shell.openExternal': async (url) => {
      if (openExternal === null || !isSafeExternalUrl(url)) return false;
      await openExternal(url);
      return true;
    },
  };
}
