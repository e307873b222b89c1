// The studio session: the workspace (files, seeds, recent), the open documents, restored backups.
// Session data (open tabs, last seed) is never written into a system document.
import type { BackupInfo, Host, OpenedFile, OpenResult, RecentEntry, SeedInfo, StudioSession, WorkspaceFile, WorkspaceInfo } from '../host/host';
import { blankSystemText, idFromPath, renameSystem } from '../files/newSystem';
import type { CheckService } from './checkService';
import { DocumentsState } from './documents.svelte';
import { t } from '../i18n/index.svelte';

/** How long a toolbar message stays before it clears itself. */
export const STATUS_MILLIS = 8000;

export class Studio {
  workspace = $state.raw<WorkspaceInfo | null>(null);
  files = $state.raw<WorkspaceFile[]>([]);
  seeds = $state.raw<SeedInfo[]>([]);
  recent = $state.raw<RecentEntry[]>([]);
  /** Paths whose unsaved text was restored from a backup at start. */
  restored = $state.raw<string[]>([]);
  #status = $state<string | null>(null);
  #statusTimer: ReturnType<typeof setTimeout> | null = null;
  /** The session restored at start (the editor puts each file's cursor and scroll back from it). */
  restoredSession = $state.raw<StudioSession | null>(null);
  ready = $state(false);
  /** Asks for the New dialog (the command palette's "New system"); the toolbar opens it on each increase. */
  newRequests = $state(0);
  readonly documents: DocumentsState;
  #unsubscribe: (() => void) | null = null;
  #recentAsked = 0;
  #recentShown = 0;

  constructor(
    readonly host: Host,
    checker: CheckService,
    background: CheckService | null = null,
  ) {
    this.documents = new DocumentsState(host, checker, background);
  }

  /** A message in the toolbar; it clears itself after STATUS_MILLIS (or when dismissed, or replaced). */
  get status(): string | null {
    return this.#status;
  }
  set status(text: string | null) {
    this.#status = text;
    if (this.#statusTimer) clearTimeout(this.#statusTimer);
    this.#statusTimer = text === null ? null : setTimeout(() => (this.#status = null), STATUS_MILLIS);
  }

  /**
   * Loads the workspace, restores backups as dirty documents, and opens `initialPath`; without one, the tabs of the
   * last session in this workspace (host.session), else the first system.
   */
  async start(initialPath?: string): Promise<void> {
    this.#unsubscribe = this.host.onChange((change) => {
      void this.documents.fileChanged(change.path, change.kind, change.version);
      void this.refreshFiles();
      // A watched file gone may mean its whole folder is gone (or back): the studio says so.
      void this.refreshWorkspace();
    });
    // Every request of the first screen goes out at once, so the document reaches the check worker after one round
    // trip, not five. Backups are restored before the document is added: a backup of it must become its text.
    const initial = initialPath ? this.host.files.open(initialPath) : null;
    const backups = this.host.backups.list();
    const lists = Promise.all([this.host.workspace.get(), this.host.files.seeds(), this.refreshRecent(), this.host.files.list()]).then(
      ([workspace, seeds, , files]) => {
        this.workspace = workspace;
        this.seeds = seeds;
        this.files = files;
      },
    );
    // Each is awaited below; marked handled now so a failure is reported once, where it is awaited.
    for (const pending of [initial, backups, lists]) pending?.catch(() => undefined);
    await this.restoreBackups(await backups);
    if (initialPath) await this.open(initialPath, initial ?? undefined);
    await lists;
    if (!initialPath && this.workspace) await this.restoreSession(await this.host.session.load(this.workspace.root).catch(() => null));
    if (!initialPath && this.documents.documents.length === 0 && this.files[0]) await this.open(this.files[0].path);
    this.ready = true;
  }

  requestNew(): void {
    this.newRequests += 1;
  }

  /** Reopens a saved session's files (all read at once, opened in their order) and shows its active one. */
  async restoreSession(session: StudioSession | null): Promise<void> {
    if (!session || session.files.length === 0) return;
    const reads = session.files.map((f) => this.host.files.open(f.path).catch((error: unknown) => ({ kind: 'error', message: String(error) }) as OpenResult));
    for (let i = 0; i < reads.length; i++) {
      const opened = await reads[i]!;
      // A file of the session that is gone is left out quietly: the session is a convenience, not a promise.
      if (opened.kind === 'opened') this.documents.add(opened);
    }
    const active = session.active ? this.documents.byPath(session.active) : undefined;
    if (active) this.documents.activate(active.id);
    this.restoredSession = session;
  }

  /** The session to keep: the open tabs in order and the active one (cursors are added by the editor's side). */
  session(): { paths: string[]; active: string | null } {
    return { paths: this.documents.documents.map((d) => d.path), active: this.documents.active?.path ?? null };
  }

  /** The recent list; answers to overlapping requests are applied in the order they were asked. */
  async refreshRecent(): Promise<void> {
    const asked = ++this.#recentAsked;
    const recent = await this.host.recent.list();
    if (asked < this.#recentShown) return;
    this.#recentShown = asked;
    this.recent = recent;
  }

  async refreshWorkspace(): Promise<void> {
    const workspace = await this.host.workspace.get();
    if (workspace.root !== this.workspace?.root || workspace.missing !== this.workspace?.missing) this.workspace = workspace;
  }

  /**
   * Saves a document outside the workspace (the workspace folder is gone, or the user wants it elsewhere); that
   * folder becomes the workspace. `target`: the full path typed in the browser studio; null on the desktop (the
   * system's save dialog asks). Null when saved, 'cancelled', or the reason it was not saved.
   */
  async saveElsewhere(docId: string, target: string | null): Promise<string | null> {
    const doc = this.documents.byId(docId);
    if (!doc) return 'no such document';
    const text = doc.text;
    const result = await this.host.files.saveElsewhere({ path: doc.path, text, target });
    if (result.kind === 'cancelled') return 'cancelled';
    if (result.kind === 'error') return result.message;
    this.workspace = result.workspace;
    this.documents.savedAs(doc.id, result.path, text, result.version);
    // The other unsaved documents are backed up again under the new workspace (their old backups stay in the data
    // folder, restorable should the old folder come back).
    for (const other of this.documents.documents) {
      if (other.dirty && other.id !== doc.id) void this.host.backups.write({ path: other.path, text: other.text, baseVersion: other.baseVersion });
    }
    this.status = t('status.savedElsewhere', { path: result.path, root: result.workspace.root });
    await Promise.all([this.refreshFiles(), this.refreshRecent()]);
    return null;
  }

  async refreshFiles(): Promise<void> {
    this.files = await this.host.files.list();
  }

  async restoreBackups(backups?: readonly BackupInfo[]): Promise<void> {
    const restored: string[] = [];
    for (const info of backups ?? (await this.host.backups.list())) {
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
    if (restored.length > 0) this.status = t('status.restored', { files: restored.join(', ') });
  }

  /** Opens a file as a document (or shows it); `prefetched` is a read of the same path already under way. */
  async open(path: string, prefetched?: Promise<OpenResult>): Promise<boolean> {
    const existing = this.documents.byPath(path);
    if (existing) {
      this.documents.activate(existing.id);
      return true;
    }
    const opened = await (prefetched ?? this.host.files.open(path));
    // Opened meanwhile (a restored backup of the same path): show that one.
    const raced = this.documents.byPath(path);
    if (raced) {
      this.documents.activate(raced.id);
      return true;
    }
    if (opened.kind !== 'opened') {
      this.status = opened.message;
      return false;
    }
    this.documents.add(opened);
    await this.refreshRecent();
    return true;
  }

  /**
   * A new system at `path` named `name`, its id taken from the file name: blank (seedId null) or a copy of a seed
   * under that id and name. The file is written before it opens, so it opens clean (not dirty).
   */
  async newSystem(seedId: string | null, path: string, name: string): Promise<boolean> {
    const id = idFromPath(path);
    let file: OpenedFile;
    if (seedId === null) {
      const text = blankSystemText(id, name);
      const saved = await this.host.files.saveAs({ path, text, overwrite: false });
      if (saved.kind !== 'saved') {
        this.status = saved.kind === 'conflict' ? `${path} already exists` : saved.message;
        return false;
      }
      file = { path: saved.path, text, version: saved.version };
    } else {
      const opened = await this.host.files.newFromSeed(seedId, path);
      if (opened.kind !== 'opened') {
        this.status = opened.message;
        return false;
      }
      file = opened;
      const text = renameSystem(opened.text, id, name);
      const saved = await this.host.files.save({ path: opened.path, text, baseVersion: opened.version, force: false });
      if (saved.kind === 'saved') file = { path: saved.path, text, version: saved.version };
    }
    this.documents.add(file);
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
    if (this.#statusTimer) clearTimeout(this.#statusTimer);
    this.#unsubscribe?.();
  }
}
