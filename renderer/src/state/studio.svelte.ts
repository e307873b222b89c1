// The studio session: the workspace (files, seeds, recent), the open documents, restored backups.
// Session data (open tabs, last seed) is never written into a system document.
import type { Host, RecentEntry, SeedInfo, WorkspaceFile, WorkspaceInfo } from '../host/host';
import type { CheckService } from './checkService';
import { DocumentsState } from './documents.svelte';

export class Studio {
  workspace = $state.raw<WorkspaceInfo | null>(null);
  files = $state.raw<WorkspaceFile[]>([]);
  seeds = $state.raw<SeedInfo[]>([]);
  recent = $state.raw<RecentEntry[]>([]);
  /** Paths whose unsaved text was restored from a backup at start. */
  restored = $state.raw<string[]>([]);
  status = $state<string | null>(null);
  ready = $state(false);
  readonly documents: DocumentsState;
  #unsubscribe: (() => void) | null = null;

  constructor(
    readonly host: Host,
    checker: CheckService,
    background: CheckService | null = null,
  ) {
    this.documents = new DocumentsState(host, checker, background);
  }

  /** Loads the workspace, restores backups as dirty documents, and opens `initialPath` or the first system. */
  async start(initialPath?: string): Promise<void> {
    this.#unsubscribe = this.host.onChange((change) => {
      void this.documents.fileChanged(change.path, change.kind, change.version);
      void this.refreshFiles();
    });
    const [workspace, seeds, recent] = await Promise.all([
      this.host.workspace.get(),
      this.host.files.seeds(),
      this.host.recent.list(),
    ]);
    this.workspace = workspace;
    this.seeds = seeds;
    this.recent = recent;
    await this.refreshFiles();
    await this.restoreBackups();
    if (initialPath) await this.open(initialPath);
    else if (this.documents.documents.length === 0 && this.files[0]) await this.open(this.files[0].path);
    this.ready = true;
  }

  async refreshFiles(): Promise<void> {
    this.files = await this.host.files.list();
  }

  async restoreBackups(): Promise<void> {
    const backups = await this.host.backups.list();
    const restored: string[] = [];
    for (const info of backups) {
      const backup = await this.host.backups.restore(info.path);
      if (!backup) continue;
      const opened = await this.host.files.open(info.path);
      const file =
        opened.kind === 'opened'
          ? opened
          : { path: info.path, text: '', version: backup.baseVersion ?? { mtimeMs: 0, size: 0, hash: '' } };
      const doc = this.documents.add(file, backup.text);
      if (opened.kind === 'opened' && backup.baseVersion && opened.version.hash !== backup.baseVersion.hash) {
        doc.conflict = { disk: opened, reason: 'changed-on-disk' };
      }
      restored.push(info.path);
    }
    this.restored = restored;
    if (restored.length > 0) this.status = `Restored unsaved changes: ${restored.join(', ')}`;
  }

  async open(path: string): Promise<boolean> {
    const existing = this.documents.byPath(path);
    if (existing) {
      this.documents.activate(existing.id);
      return true;
    }
    const opened = await this.host.files.open(path);
    if (opened.kind !== 'opened') {
      this.status = opened.message;
      return false;
    }
    this.documents.add(opened);
    this.recent = await this.host.recent.list();
    return true;
  }

  async newFromSeed(seedId: string, path: string): Promise<boolean> {
    const opened = await this.host.files.newFromSeed(seedId, path);
    if (opened.kind !== 'opened') {
      this.status = opened.message;
      return false;
    }
    this.documents.add(opened);
    await this.refreshFiles();
    return true;
  }

  async chooseFolder(): Promise<void> {
    const workspace = await this.host.workspace.choose();
    if (!workspace) return;
    for (const doc of [...this.documents.documents]) if (!doc.dirty) this.documents.close(doc.id);
    this.workspace = workspace;
    await this.refreshFiles();
  }

  dispose(): void {
    this.#unsubscribe?.();
  }
}
