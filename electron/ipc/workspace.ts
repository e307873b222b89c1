// IPC handlers for the workspace folder and recent files. Choosing a folder is injected (Electron: a native
// dialog in main; browser mode: not offered), so the renderer never sends a folder path of its own.
import type { FileService } from '../services/files.js';
import type { HandlerTable } from './contract.js';

export type WorkspaceChannels = 'studio:workspace.get' | 'studio:workspace.choose' | 'studio:recent.list';

/** Asks the user for a folder; null when cancelled. */
export type ChooseFolder = () => Promise<string | null>;

export function workspaceHandlers(service: FileService, chooseFolder: ChooseFolder | null): Pick<HandlerTable, WorkspaceChannels> {
  return {
    'studio:workspace.get': () => service.describeWorkspace(),
    'studio:workspace.choose': async () => {
      if (chooseFolder === null) return null;
      const folder = await chooseFolder();
      return folder === null ? null : service.setWorkspace(folder);
    },
    'studio:recent.list': () => service.recent(),
  };
}
