// The API the preload exposes as `window.studio` (pure types: the renderer's electron-host imports them).
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
} from '../services/types.js';

export interface StudioApi {
  workspace: {
    get(): Promise<WorkspaceInfo>;
    choose(): Promise<WorkspaceInfo | null>;
  };
  files: {
    list(): Promise<WorkspaceFile[]>;
    open(path: string): Promise<OpenResult>;
    save(request: SaveRequest): Promise<SaveResult>;
    saveAs(request: SaveAsRequest): Promise<SaveResult>;
    saveElsewhere(request: SaveElsewhereRequest): Promise<SaveElsewhereResult>;
    seeds(): Promise<SeedInfo[]>;
    newFromSeed(seedId: string, path: string): Promise<OpenResult>;
    watch(paths: string[]): Promise<null>;
    /** Returns an unsubscribe function. */
    onChange(listener: (change: FileChange) => void): () => void;
  };
  backups: {
    write(request: BackupRequest): Promise<BackupResult>;
    list(): Promise<BackupInfo[]>;
    restore(path: string): Promise<Backup | null>;
    discard(path: string): Promise<null>;
  };
  recent: {
    list(): Promise<RecentEntry[]>;
  };
  shell: {
    openExternal(url: string): Promise<boolean>;
  };
  runs: {
    /** Appends a finished batch to its system's history in the workspace. */
    append(run: RunRecord): Promise<RunAppendResult>;
    /** The newest runs of a system (bad lines skipped and listed). */
    read(systemId: string): Promise<RunReadResult>;
  };
}
