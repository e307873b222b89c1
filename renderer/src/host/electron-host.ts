// The desktop host: a thin wrapper over the preload's window.studio (electron/preload.cts).
import type { StudioApi } from '../../../electron/contract/studio';
import type { FileChange, Host } from './host';
import { LocalSessionStore } from './session-store';

export class ElectronHost implements Host {
  readonly kind = 'electron';
  readonly canChooseFolder = true;
  readonly workspace: Host['workspace'];
  readonly files: Host['files'];
  readonly backups: Host['backups'];
  readonly recent: Host['recent'];
  readonly runs: Host['runs'];
  readonly session: Host['session'];
  private readonly api: StudioApi;

  constructor(api: StudioApi, storage: Pick<Storage, 'getItem' | 'setItem'> | null = null) {
    this.api = api;
    this.session = new LocalSessionStore(storage);
    this.workspace = { get: () => api.workspace.get(), choose: () => api.workspace.choose() };
    this.files = {
      list: () => api.files.list(),
      open: (path) => api.files.open(path),
      save: (request) => api.files.save(request),
      saveAs: (request) => api.files.saveAs(request),
      saveElsewhere: (request) => api.files.saveElsewhere(request),
      seeds: () => api.files.seeds(),
      newFromSeed: (seedId, path) => api.files.newFromSeed(seedId, path),
    };
    this.backups = {
      write: (request) => api.backups.write(request),
      list: () => api.backups.list(),
      restore: (path) => api.backups.restore(path),
      discard: async (path) => {
        await api.backups.discard(path);
      },
    };
    this.recent = { list: () => api.recent.list() };
    this.runs = { append: (run) => api.runs.append(run), read: (systemId) => api.runs.read(systemId) };
  }

  async watch(paths: string[]): Promise<void> {
    await this.api.files.watch(paths);
  }

  onChange(listener: (change: FileChange) => void): () => void {
    return this.api.files.onChange(listener);
  }

  openExternal(url: string): Promise<boolean> {
    return this.api.shell.openExternal(url);
  }
}
