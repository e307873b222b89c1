// Preload (sandboxed, so CommonJS and self-contained: it may require only 'electron'). Exposes a small named API
// as window.studio; never ipcRenderer itself, and never the IPC event object (it carries `sender`).
import { contextBridge, ipcRenderer } from 'electron';
import type { ArgsOf, InvokeChannel, ResultOf } from './ipc/contract.js';
import type { StudioApi } from './ipc/studio-api.js';
import type { FileChange } from './services/types.js';

// Channel names are repeated here (a sandboxed preload cannot import the contract at run time);
// test/electron/preload.test.ts checks every one against the contract.
function invoke<C extends InvokeChannel>(channel: C, ...args: ArgsOf<C>): Promise<ResultOf<C>> {
  return ipcRenderer.invoke(channel, ...args) as Promise<ResultOf<C>>;
}

const studio: StudioApi = {
  workspace: {
    get: () => invoke('studio:workspace.get'),
    choose: () => invoke('studio:workspace.choose'),
  },
  files: {
    list: () => invoke('studio:files.list'),
    open: (path) => invoke('studio:files.open', path),
    save: (request) => invoke('studio:files.save', request),
    saveAs: (request) => invoke('studio:files.saveAs', request),
    saveElsewhere: (request) => invoke('studio:files.saveElsewhere', request),
    seeds: () => invoke('studio:files.seeds'),
    newFromSeed: (seedId, path) => invoke('studio:files.newFromSeed', seedId, path),
    watch: (paths) => invoke('studio:files.watch', paths),
    onChange: (listener) => {
      if (typeof listener !== 'function') throw new TypeError('studio.files.onChange needs a function');
      const forward = (_event: unknown, change: FileChange) => listener(change);
      ipcRenderer.on('studio:files.changed', forward);
      return () => {
        ipcRenderer.removeListener('studio:files.changed', forward);
      };
    },
  },
  backups: {
    write: (request) => invoke('studio:backups.write', request),
    list: () => invoke('studio:backups.list'),
    restore: (path) => invoke('studio:backups.restore', path),
    discard: (path) => invoke('studio:backups.discard', path),
  },
  recent: {
    list: () => invoke('studio:recent.list'),
  },
  shell: {
    openExternal: (url) => invoke('studio:shell.openExternal', url),
  },
  runs: {
    append: (run) => invoke('studio:runs.append', run),
    read: (systemId) => invoke('studio:runs.read', systemId),
  },
};

contextBridge.exposeInMainWorld('studio', studio);
