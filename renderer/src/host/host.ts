// The one interface the UI uses for files, backups and the outside world. Two implementations:
// Electron (the preload's window.studio over IPC) and the browser studio (fetch to the local server).
// Paths are workspace-relative POSIX paths (`heroes.json`); the host resolves them with containment.
import type {
  Backup,
  BackupInfo,
  BackupRequest,
  BackupResult,
  FileChange,
  OpenResult,
  RecentEntry,
  RunAppendResult,
  RunReadResult,
  RunRecord,
  SaveAsRequest,
  SaveElsewhereRequest,
  SaveElsewhereResult,
  SaveRequest,
  SaveResult,
  SeedInfo,
  WorkspaceFile,
  WorkspaceInfo,
} from '../../../electron/services/types';

export type {
  Backup,
  BackupInfo,
  BackupRequest,
  BackupResult,
  FileChange,
  FileError,
  FileErrorCode,
  OpenResult,
  OpenedFile,
  RecentEntry,
  RunAppendResult,
  RunHistory,
  RunLineProblem,
  RunReadResult,
  RunRecord,
  SaveAsRequest,
  SaveElsewhereRequest,
  SaveElsewhereResult,
  SaveRequest,
  SaveResult,
  SeedInfo,
  VersionStamp,
  WorkspaceFile,
  WorkspaceInfo,
  WorkspacePath,
} from '../../../electron/services/types';

export type { SessionFile, SessionStore, StudioSession } from './session-store';
import type { SessionStore } from './session-store';

export type HostKind = 'electron' | 'browser';

export interface Host {
  readonly kind: HostKind;
  /** Electron can show a folder picker; the browser studio serves the folder given on its command line. */
  readonly canChooseFolder: boolean;

  workspace: {
    get(): Promise<WorkspaceInfo>;
    /** Shows a folder picker; null when cancelled or unsupported. */
    choose(): Promise<WorkspaceInfo | null>;
  };

  files: {
    /** Every `*.json` in the workspace (hidden folders skipped), sorted by path. */
    list(): Promise<WorkspaceFile[]>;
    /** Reads text + version stamp, and records the file as recent. */
    open(path: string): Promise<OpenResult>;
    /** Atomic save; a `conflict` result when the file changed since `baseVersion` (retry with force: true). */
    save(request: SaveRequest): Promise<SaveResult>;
    /** Atomic save to a new workspace path; `exists` error unless `overwrite`. */
    saveAs(request: SaveAsRequest): Promise<SaveResult>;
    /** Saves to a file outside the workspace and makes its folder the workspace. Electron asks with the system's
     *  dialog (`target` null); the browser studio sends the full path the user typed (the server confines it). */
    saveElsewhere(request: SaveElsewhereRequest): Promise<SaveElsewhereResult>;
    /** The seed systems a new system can start from. */
    seeds(): Promise<SeedInfo[]>;
    /** Copies a seed system to `path` (must not exist) and opens it. */
    newFromSeed(seedId: string, path: string): Promise<OpenResult>;
  };

  backups: {
    /** Call about a second after an edit with the unsaved text. Deleted by a successful save. */
    write(request: BackupRequest): Promise<BackupResult>;
    /** Backups left by an earlier session (crash, kill): reopen them as dirty documents. */
    list(): Promise<BackupInfo[]>;
    restore(path: string): Promise<Backup | null>;
    /** On revert or close-without-saving. */
    discard(path: string): Promise<void>;
  };

  recent: {
    list(): Promise<RecentEntry[]>;
  };

  /** The workspace's run history (`.rules-studio/runs/<system id>.jsonl`, the lines `sim --record` writes). */
  runs: {
    /** Appends one finished batch (build it with the engine's runEntry). */
    append(run: RunRecord): Promise<RunAppendResult>;
    /** The newest runs of a system, oldest first; lines that are not runs are skipped and listed. */
    read(systemId: string): Promise<RunReadResult>;
  };

  /** The window's session (open tabs, active file, cursors) per workspace folder, for a reload or restart. */
  session: SessionStore;

  /** The set of open files to watch (replaces the previous set). */
  watch(paths: string[]): Promise<void>;
  /** Changes on disk to watched files; returns an unsubscribe function. */
  onChange(listener: (change: FileChange) => void): () => void;

  /** Opens an https: link in the system browser; false when the URL was refused. */
  openExternal(url: string): Promise<boolean>;
}
