// The one interface the UI uses for files, backups and the outside world. Two implementations:
// Electron (the preload's window.studio over IPC) and the browser studio (fetch to the local server).
// Paths are workspace-relative POSIX paths (`heroes.json`); the host resolves them with containment.
import type { StudioApi } from '../../../electron/contract/studio';

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
} from '../../../electron/contract/studio';

export type { SessionFile, SessionStore, StudioSession } from './session-store';
import type { SessionStore } from './session-store';

export type HostKind = 'electron' | 'browser';

/**
 * What the UI reads of the studio API (electron/contract/studio.ts: each request is documented in its channel map),
 * derived from it by types: the preload's `window.studio` and the browser server's fetches both implement it.
 */
export interface Host {
  readonly kind: HostKind;
  /** Electron can show a folder picker; the browser studio serves the folder given on its command line. */
  readonly canChooseFolder: boolean;
  workspace: StudioApi['workspace'];
  files: Omit<StudioApi['files'], 'watch' | 'onChange'>;
  /** `discard`: on revert or close-without-saving. */
  backups: Omit<StudioApi['backups'], 'discard'> & { discard(path: string): Promise<void> };
  recent: StudioApi['recent'];
  /** The workspace's run history (`.rules-studio/runs/<system id>.jsonl`, the lines `sim --record` writes). */
  runs: StudioApi['runs'];

  /** The window's session (open tabs, active file, cursors) per workspace folder, for a reload or restart. */
  session: SessionStore;
  /** The set of open files to watch (replaces the previous set). */
  watch(paths: string[]): Promise<void>;
  /** Changes on disk to watched files; returns an unsubscribe function. */
  onChange: StudioApi['files']['onChange'];
  /** Opens an https: link in the system browser; false when the URL was refused. */
  openExternal: StudioApi['shell']['openExternal'];
}
