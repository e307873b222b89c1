// The studio's contract, written once: the data shapes that cross a process boundary (main ↔ renderer over IPC,
// server ↔ page over HTTP), the channel map (every request with its arguments and result, every event), and the API
// the preload exposes, derived from the map by types. The IPC handlers (electron/ipc/contract.ts checks arguments at
// run time), the preload, the browser server and the renderer's Host all read these. Pure types; the one import is the run
// record, which the engine shares (run-record.ts).
import type { RunRecord } from './run-record.js';

/** A file inside the workspace, named by its workspace-relative POSIX path (`heroes/fighters.json`).
 *  The renderer only ever holds these relative paths; main and the server resolve them with containment. */
export type WorkspacePath = string;

/** What a file looked like when it was read or written: modification time + size + content hash. */
export interface VersionStamp {
  mtimeMs: number;
  size: number;
  /** sha256 of the bytes, hex. */
  hash: string;
}

export interface WorkspaceInfo {
  /** Display name (the folder's base name). */
  name: string;
  /** Absolute folder path, for display only; the API never accepts it back. */
  root: string;
  /** True when the folder no longer exists (moved or deleted while open): saves fail, backups go on. */
  missing?: boolean;
}

export interface WorkspaceFile {
  path: WorkspacePath;
  size: number;
  mtimeMs: number;
}

export interface OpenedFile {
  path: WorkspacePath;
  text: string;
  version: VersionStamp;
}

/** `workspace-missing`: the workspace folder itself is gone (moved or deleted while open). */
export type FileErrorCode = 'not-found' | 'invalid-path' | 'too-large' | 'exists' | 'io' | 'workspace-missing';

export interface FileError {
  kind: 'error';
  code: FileErrorCode;
  path: WorkspacePath;
  /** Says what went wrong and why, in words a designer can act on. */
  message: string;
}

export type OpenResult = ({ kind: 'opened' } & OpenedFile) | FileError;

export interface SaveRequest {
  path: WorkspacePath;
  text: string;
  /** The version the editor's text was based on; null for a file the editor believes does not exist yet. */
  baseVersion: VersionStamp | null;
  /** Overwrite even when the file changed on disk since baseVersion (the user chose "overwrite"). */
  force: boolean;
  /** Replace a read-only file (the user answered "overwrite" to the `read-only` answer); it stays read-only. */
  overwriteReadOnly?: boolean;
}

export interface SaveAsRequest {
  path: WorkspacePath;
  text: string;
  /** Replace an existing file at `path`; without it an existing file gives an `exists` error. */
  overwrite: boolean;
  /** As in SaveRequest: replace a read-only file the user was asked about. */
  overwriteReadOnly?: boolean;
}

/** Save to a file outside the workspace (the workspace folder is gone, or the user wants the system elsewhere).
 *  The folder of the saved file becomes the workspace. */
export interface SaveElsewhereRequest {
  /** The document's workspace path now: its backup is discarded once the text is safely saved. */
  path: WorkspacePath;
  text: string;
  /** Browser studio: the absolute file path the user typed (checked by the server). Desktop: null, and main asks
   *  with the system's save dialog (the page never names a folder there). */
  target: string | null;
}

export type SaveElsewhereResult =
  | { kind: 'saved'; path: WorkspacePath; version: VersionStamp; workspace: WorkspaceInfo }
  | { kind: 'cancelled' }
  | FileError;

export type SaveResult =
  | { kind: 'saved'; path: WorkspacePath; version: VersionStamp }
  /** The file on disk is not the one the editor started from. The document stays dirty; nothing was written. */
  | { kind: 'conflict'; path: WorkspacePath; disk: OpenedFile | null }
  /** The file on disk is read-only: nothing was written; ask the user (overwrite / save as / cancel) and send
   *  `overwriteReadOnly: true` to replace it. */
  | { kind: 'read-only'; path: WorkspacePath; message: string }
  /** Writing failed (after retries); the document stays dirty. */
  | FileError;

export interface SeedInfo {
  /** The seed's file name without `.json`, e.g. `skirmish`. */
  id: string;
  size: number;
  /** The system's `name` and `description` as its file says them (for the "New system" list), when it says them.
   *  Read as plain JSON strings: main checks nothing else of a rule file. */
  name?: string;
  description?: string;
}

export interface BackupRequest {
  path: WorkspacePath;
  text: string;
  baseVersion: VersionStamp | null;
}

export interface BackupInfo {
  path: WorkspacePath;
  savedAt: number;
  size: number;
}

export interface Backup extends BackupInfo {
  text: string;
  baseVersion: VersionStamp | null;
}

export type BackupResult = { kind: 'backed-up'; savedAt: number } | FileError;

export interface RecentEntry {
  path: WorkspacePath;
  openedAt: number;
}

/** The file changed on disk (another program, git checkout, ...). A clean document reloads; a dirty one conflicts. */
export interface FileChange {
  path: WorkspacePath;
  kind: 'changed' | 'deleted';
  /** The new version (null when deleted). Equal to the editor's version means nothing to do. */
  version: VersionStamp | null;
}

// The run-history record is declared once, in run-record.ts (the engine's RunEntry is derived from it).
export type { RunRecord } from './run-record.js';

/** `file` is the history file, relative to the workspace (`.rules-studio/runs/<id>.jsonl`), for display. */
export type RunAppendResult = { kind: 'recorded'; file: string } | FileError;

/** A line of a history file that is not a run (a torn last line, a hand edit): skipped, and said why. */
export interface RunLineProblem {
  /** 1-based line number in the file (counted from the first line read when only the tail was read). */
  line: number;
  message: string;
}

export interface RunHistory {
  system: string;
  /** The newest runs, oldest first, at most `limit` of them. */
  runs: RunRecord[];
  /** The cap on runs read; older runs beyond it are left on disk. */
  limit: number;
  /** Runs (or bytes) left unread because of the cap. */
  truncated: boolean;
  /** Lines skipped, with the first few reasons. */
  skipped: number;
  problems: RunLineProblem[];
}

export type RunReadResult = ({ kind: 'history' } & RunHistory) | FileError;

// ---- the channel map -----------------------------------------------------------------------------------------

/** Renderer → main requests (ipcRenderer.invoke / POST /api/invoke/<channel>). */
export interface InvokeChannels {
  'studio:workspace.get': { args: []; result: WorkspaceInfo };
  'studio:workspace.choose': { args: []; result: WorkspaceInfo | null };
  'studio:files.list': { args: []; result: WorkspaceFile[] };
  'studio:files.open': { args: [path: string]; result: OpenResult };
  'studio:files.save': { args: [request: SaveRequest]; result: SaveResult };
  'studio:files.saveAs': { args: [request: SaveAsRequest]; result: SaveResult };
  /** Save to a file outside the workspace, whose folder becomes the workspace (desktop: main's save dialog). */
  'studio:files.saveElsewhere': { args: [request: SaveElsewhereRequest]; result: SaveElsewhereResult };
  'studio:files.seeds': { args: []; result: SeedInfo[] };
  'studio:files.newFromSeed': { args: [seedId: string, path: string]; result: OpenResult };
  'studio:files.watch': { args: [paths: string[]]; result: null };
  'studio:backups.write': { args: [request: BackupRequest]; result: BackupResult };
  'studio:backups.list': { args: []; result: BackupInfo[] };
  'studio:backups.restore': { args: [path: string]; result: Backup | null };
  'studio:backups.discard': { args: [path: string]; result: null };
  'studio:recent.list': { args: []; result: RecentEntry[] };
  'studio:shell.openExternal': { args: [url: string]; result: boolean };
  'studio:runs.append': { args: [run: RunRecord]; result: RunAppendResult };
  'studio:runs.read': { args: [systemId: string]; result: RunReadResult };
}

/** Main → renderer events (webContents.send / Server-Sent Events). */
export interface EventChannels {
  'studio:files.changed': FileChange;
}

type GroupOf<C> = C extends `studio:${infer G}.${string}` ? G : never;
type MethodsOf<G extends string> = {
  [C in keyof InvokeChannels as C extends `studio:${G}.${infer M}` ? M : never]:
    (...args: InvokeChannels[C]['args']) => Promise<InvokeChannels[C]['result']>;
};

/** Every request of the channel map as a method, grouped by its name (`studio:files.open` is `files.open`). */
export type InvokeApi = { [G in GroupOf<keyof InvokeChannels>]: MethodsOf<G> };

/** The API the preload exposes as `window.studio`: the requests, and the file changes (an unsubscribe comes back). */
export type StudioApi = Omit<InvokeApi, 'files'> & {
  files: InvokeApi['files'] & {
    onChange(listener: (change: EventChannels['studio:files.changed']) => void): () => void;
  };
};
