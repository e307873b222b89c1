// Data shapes that cross a process boundary (main ↔ renderer over IPC, server ↔ page over HTTP).
// Pure types, no imports: the renderer imports them with `import type`.

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

export type FileErrorCode = 'not-found' | 'invalid-path' | 'too-large' | 'exists' | 'io';

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
}

export interface SaveAsRequest {
  path: WorkspacePath;
  text: string;
  /** Replace an existing file at `path`; without it an existing file gives an `exists` error. */
  overwrite: boolean;
}

export type SaveResult =
  | { kind: 'saved'; path: WorkspacePath; version: VersionStamp }
  /** The file on disk is not the one the editor started from. The document stays dirty; nothing was written. */
  | { kind: 'conflict'; path: WorkspacePath; disk: OpenedFile | null }
  /** Writing failed (after retries); the document stays dirty. */
  | FileError;

export interface SeedInfo {
  /** The seed's file name without `.json`, e.g. `skirmish`. (Main never parses rule files, so no title here:
   *  the renderer can open the seed text and read its name if it wants one.) */
  id: string;
  size: number;
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
