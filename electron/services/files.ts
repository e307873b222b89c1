// The file service: a workspace folder of systems, read with version stamps, saved atomically with conflict
// detection, one write queue per file, backups of unsaved text, recent files, and watching open files.
// Plain Node (no electron import): the Electron main process and the browser-mode server share it.
// Main does byte I/O only: it never parses a rule file (untrusted data is parsed in the renderer's worker).
import { createHash } from 'node:crypto';
import { constants as fsConstants, watch as watchFolder, promises as fs, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isTempSaveFile, writeFileAtomic, type AtomicWriteOptions } from './atomic-write.js';
import { KeyedQueue } from './keyed-queue.js';
import { checkOutsideFile, realPathInside, resolveWorkspacePath } from './paths.js';
import { existingPartInside } from './run-history.js';
import type {
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
  SaveAsRequest,
  SaveElsewhereRequest,
  SaveElsewhereResult,
  SaveRequest,
  SaveResult,
  SeedInfo,
  VersionStamp,
  WorkspaceFile,
  WorkspaceInfo,
} from './types.js';

export interface FileServiceOptions {
  /** Absolute path of the folder of systems. */
  workspace: string;
  /** Where backups and the recent list live (Electron: userData; browser mode: `.rules-studio/`). */
  dataDir: string;
  /** Folder of seed systems a new system is copied from; null when there is none. */
  seedsDir: string | null;
  /** Rule files are a few MB at most; anything bigger is refused before reading. */
  maxFileBytes?: number;
  /** Safety-net poll of watched files (fs.watch misses events on some file systems); 0 turns it off. */
  watchIntervalMs?: number;
  atomic?: AtomicWriteOptions;
  now?: () => number;
}

export const DEFAULT_MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_LISTED_FILES = 5000;
const MAX_LIST_DEPTH = 8;
const MAX_RECENT = 20;
/** A temp file of ours older than this belongs to no save in progress (a save takes milliseconds). */
export const STALE_TEMP_MS = 60_000;
const SEED_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function hashBytes(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function sameContent(a: VersionStamp | null, b: VersionStamp | null): boolean {
  if (a === null || b === null) return a === b;
  return a.size === b.size && a.hash === b.hash;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fileError(code: FileErrorCode, filePath: string, message: string): FileError {
  return { kind: 'error', code, path: filePath, message };
}

interface WorkspaceTarget {
  relative: string;
  absolute: string;
}

interface StoredBackup {
  format: 1;
  workspace: string;
  path: string;
  savedAt: number;
  baseVersion: VersionStamp | null;
  text: string;
}

interface StoredRecent {
  workspace: string;
  path: string;
  openedAt: number;
}

export class FileService {
  private root: string;
  private readonly dataDir: string;
  private readonly seedsDir: string | null;
  private readonly maxFileBytes: number;
  private readonly atomic: AtomicWriteOptions;
  private readonly now: () => number;
  private readonly watchIntervalMs: number;

  /** One promise chain per absolute file path: saves, backups and watch checks of a file never interleave. */
  private readonly queue = new KeyedQueue();
  /** The last version this service read or wrote per workspace path (what a watcher compares against). */
  private readonly lastSeen = new Map<string, VersionStamp | null>();
  private readonly watched = new Set<string>();
  private readonly listeners = new Set<(change: FileChange) => void>();
  private folderWatchers = new Map<string, FSWatcher>();
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private checkTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: FileServiceOptions) {
    this.root = path.resolve(options.workspace);
    this.dataDir = path.resolve(options.dataDir);
    this.seedsDir = options.seedsDir === null ? null : path.resolve(options.seedsDir);
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.atomic = options.atomic ?? {};
    this.now = options.now ?? Date.now;
    this.watchIntervalMs = options.watchIntervalMs ?? 1000;
  }

  // ---- workspace -------------------------------------------------------------------------------------------

  workspace(): WorkspaceInfo {
    return { name: path.basename(this.root), root: this.root };
  }

  /** The workspace and whether its folder still exists (what the studio shows). */
  async describeWorkspace(): Promise<WorkspaceInfo> {
    return { ...this.workspace(), missing: !(await isFolder(this.root)) };
  }

  /** Switches to another folder (Electron's "Open folder"); stops watching the old one. */
  async setWorkspace(folder: string): Promise<WorkspaceInfo> {
    const resolved = path.resolve(folder);
    const stat = await fs.stat(resolved);
    if (!stat.isDirectory()) throw new Error(`${resolved} is not a folder`);
    this.switchRoot(resolved);
    return this.describeWorkspace();
  }

  private switchRoot(folder: string): void {
    this.stopWatching();
    this.watched.clear();
    this.lastSeen.clear();
    this.root = folder;
  }

  /**
   * Removes temp files that saves and backups killed mid-write left behind, at start: in the data folder, its
   * backups, and the workspace (the same walk as list). Only our own `.rs-save-*.tmp` names that are plain files
   * older than a minute; a save in progress (here or in another process) is never touched.
   */
  async removeStaleTemps(): Promise<void> {
    for (const folder of [this.dataDir, this.backupsDir()]) {
      let entries;
      try {
        entries = await fs.readdir(folder, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) if (entry.isFile() && isTempSaveFile(entry.name)) await this.removeIfStale(path.join(folder, entry.name));
    }
    await this.list();
  }

  /** Every visible `*.json` below the workspace, sorted by path. Symlinks and hidden folders are skipped. */
  async list(): Promise<WorkspaceFile[]> {
    const found: WorkspaceFile[] = [];
    const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
      if (depth > MAX_LIST_DEPTH || found.length >= MAX_LISTED_FILES) return;
      let entries;
      try {
        entries = await fs.readdir(folder, { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        if (entry.isFile() && isTempSaveFile(entry.name)) {
          await this.removeIfStale(path.join(folder, entry.name));
          continue;
        }
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
        const absolute = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(absolute, relative, depth + 1);
        else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json') && found.length < MAX_LISTED_FILES) {
          try {
            const stat = await fs.stat(absolute);
            found.push({ path: relative, size: stat.size, mtimeMs: stat.mtimeMs });
          } catch {
            // deleted while listing
          }
        }
      }
    };
    await walk(this.root, '', 0);
    return found;
  }

  /** A save killed mid-write leaves its temp file behind (the target itself is intact). One older than a minute
   *  belongs to no save in progress, in this process or another. */
  private async removeIfStale(tempFile: string): Promise<void> {
    try {
      const stat = await fs.lstat(tempFile);
      if (stat.isFile() && this.now() - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(tempFile, { force: true });
    } catch {
      // already gone
    }
  }

  // ---- read ------------------------------------------------------------------------------------------------

  async open(relative: string): Promise<OpenResult> {
    const result = await this.withFile(relative, (file) => this.readStamped(file.relative, file.absolute));
    if (result.kind === 'opened') {
      this.lastSeen.set(result.path, result.version);
      await this.touchRecent(result.path);
    }
    return result;
  }

  /** Reads bytes and the version stamp from one file handle, so the stamp describes exactly the text returned. */
  private async readStamped(relative: string, absolute: string): Promise<OpenResult> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(absolute, 'r');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return fileError('not-found', relative, `${relative} does not exist (it may have been moved or deleted)`);
      return fileError('io', relative, `Could not open ${relative}: ${describe(error)}`);
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return fileError('invalid-path', relative, `${relative} is not a file`);
      if (stat.size > this.maxFileBytes) {
        return fileError('too-large', relative, `${relative} is ${stat.size} bytes; rule files are limited to ${this.maxFileBytes} bytes`);
      }
      const bytes = await handle.readFile();
      if (bytes.length > this.maxFileBytes) {
        return fileError('too-large', relative, `${relative} grew past ${this.maxFileBytes} bytes while reading`);
      }
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch {
        return fileError('io', relative, `${relative} is not UTF-8 text; it was not opened, so saving cannot damage it`);
      }
      return { kind: 'opened', path: relative, text, version: { mtimeMs: stat.mtimeMs, size: bytes.length, hash: hashBytes(bytes) } };
    } catch (error) {
      return fileError('io', relative, `Could not read ${relative}: ${describe(error)}`);
    } finally {
      await handle.close().catch(() => undefined);
    }
  }

  // ---- write -----------------------------------------------------------------------------------------------

  /** Atomic save with conflict detection: the file on disk must still be `baseVersion` unless `force`. */
  async save(request: SaveRequest): Promise<SaveResult> {
    const tooLarge = this.checkSize(request.path, request.text);
    if (tooLarge) return tooLarge;
    return this.withFile(request.path, async (file): Promise<SaveResult> => {
      if (!request.force) {
        const disk = await this.readStamped(file.relative, file.absolute);
        if (disk.kind === 'error' && disk.code !== 'not-found') return disk;
        const diskFile: OpenedFile | null = disk.kind === 'opened' ? { path: disk.path, text: disk.text, version: disk.version } : null;
        if (!sameContent(diskFile?.version ?? null, request.baseVersion)) {
          return { kind: 'conflict', path: file.relative, disk: diskFile };
        }
      }
      if (!request.overwriteReadOnly) {
        const readOnly = await readOnlyAnswer(file);
        if (readOnly) return readOnly;
      }
      return this.writeNow(file.relative, file.absolute, request.text);
    });
  }

  /** Save to a (new) workspace path. An existing file is replaced only with `overwrite`. */
  async saveAs(request: SaveAsRequest): Promise<SaveResult> {
    const tooLarge = this.checkSize(request.path, request.text);
    if (tooLarge) return tooLarge;
    const result = await this.withFile(request.path, async (file): Promise<SaveResult> => {
      if (!request.overwrite && (await exists(file.absolute))) {
        return fileError('exists', file.relative, `${file.relative} already exists; choose another name or overwrite it`);
      }
      if (!request.overwriteReadOnly) {
        const readOnly = await readOnlyAnswer(file);
        if (readOnly) return readOnly;
      }
      return this.writeNow(file.relative, file.absolute, request.text);
    });
    if (result.kind === 'saved') await this.touchRecent(result.path);
    return result;
  }

  /**
   * Saves the text to a file outside the workspace and makes that file's folder the workspace (the rescue when the
   * workspace folder is gone). `roots` null: `target` was chosen in the system's save dialog (which asked about
   * replacing a file). Otherwise `target` was typed in the browser studio: it must fit checkOutsideFile and, with
   * symlinks resolved, stay below its root, and an existing file is never replaced. Missing folders are created.
   */
  async saveElsewhere(request: Omit<SaveElsewhereRequest, 'target'>, target: string, roots: readonly string[] | null): Promise<SaveElsewhereResult> {
    const tooLarge = this.checkSize(request.path, request.text);
    if (tooLarge) return tooLarge;
    let absolute = path.resolve(target);
    let root: string | null = null;
    if (roots !== null) {
      const checked = checkOutsideFile(roots, target);
      if (!checked.ok) return fileError('invalid-path', target, checked.message);
      ({ absolute, root } = checked);
    }
    const folder = path.dirname(absolute);
    const name = path.basename(absolute);
    const shape = resolveWorkspacePath(folder, name);
    if (!shape.ok) return fileError('invalid-path', target, shape.message);
    return this.enqueue(absolute, async (): Promise<SaveElsewhereResult> => {
      const escapes = async () => root !== null && !(await existingPartInside(root, absolute).catch(() => false));
      const outside = () => fileError('invalid-path', target, `${target} leads (through a symlink) out of ${root}`);
      if (await escapes()) return outside();
      try {
        await fs.mkdir(folder, { recursive: true });
      } catch (error) {
        return fileError('io', target, `Could not create the folder ${folder}: ${describe(error)}. The document is still unsaved.`);
      }
      if (await escapes()) return outside();
      if (roots !== null && (await exists(absolute))) {
        return fileError('exists', target, `${target} already exists; choose another name (the studio does not replace files outside the workspace)`);
      }
      const bytes = Buffer.from(request.text, 'utf8');
      try {
        await writeFileAtomic(absolute, bytes, this.atomic);
      } catch (error) {
        return fileError('io', target, `Could not save ${target}: ${describe(error)}. The document is still unsaved.`);
      }
      const version: VersionStamp = { mtimeMs: (await fs.stat(absolute).catch(() => null))?.mtimeMs ?? this.now(), size: bytes.length, hash: hashBytes(bytes) };
      // Saved: the backup of the old place is superseded (it is keyed by the old workspace, so before switching).
      if (resolveWorkspacePath(this.root, request.path).ok) await fs.rm(this.backupFile(request.path), { force: true }).catch(() => undefined);
      this.switchRoot(folder);
      this.lastSeen.set(name, version);
      await this.touchRecent(name);
      return { kind: 'saved', path: name, version, workspace: await this.describeWorkspace() };
    });
  }

  /** Runs inside the file's queue. On failure nothing on disk changed and the caller keeps the document dirty. */
  private async writeNow(relative: string, absolute: string, text: string): Promise<SaveResult> {
    const bytes = Buffer.from(text, 'utf8');
    try {
      await writeFileAtomic(absolute, bytes, this.atomic);
    } catch (error) {
      const code = errnoCode(error);
      const why =
        code === 'ENOENT' ? 'its folder does not exist'
        : code === 'EACCES' || code === 'EPERM' ? 'permission denied (the file or folder is read-only, or another program holds it)'
        : code === 'ENOSPC' ? 'the disk is full'
        : code === 'EBUSY' ? 'another program is using the file'
        : describe(error);
      return fileError(code === 'ENOENT' ? 'not-found' : 'io', relative, `Could not save ${relative}: ${why}. The document is still unsaved.`);
    }
    let mtimeMs = this.now();
    try {
      mtimeMs = (await fs.stat(absolute)).mtimeMs;
    } catch {
      // the stamp's hash and size still describe what we wrote
    }
    const version: VersionStamp = { mtimeMs, size: bytes.length, hash: hashBytes(bytes) };
    this.lastSeen.set(relative, version);
    // The saved text supersedes any backup of it.
    await fs.rm(this.backupFile(relative), { force: true }).catch(() => undefined);
    return { kind: 'saved', path: relative, version };
  }

  private checkSize(relative: string, text: string): FileError | null {
    const size = Buffer.byteLength(text, 'utf8');
    return size > this.maxFileBytes
      ? fileError('too-large', relative, `The text is ${size} bytes; rule files are limited to ${this.maxFileBytes} bytes`)
      : null;
  }

  // ---- seeds -----------------------------------------------------------------------------------------------

  async seeds(): Promise<SeedInfo[]> {
    if (this.seedsDir === null) return [];
    let entries;
    try {
      entries = await fs.readdir(this.seedsDir, { withFileTypes: true });
    } catch {
      return [];
    }
    const seeds: SeedInfo[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      const id = entry.name.slice(0, -'.json'.length);
      if (!SEED_ID.test(id)) continue;
      const file = path.join(this.seedsDir, entry.name);
      const stat = await fs.stat(file);
      seeds.push({ id, size: stat.size, ...(stat.size <= this.maxFileBytes ? await seedWords(file) : {}) });
    }
    return seeds.sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /** Starts a new system as a copy of a seed system; `path` must not exist yet. */
  async newFromSeed(seedId: string, relative: string): Promise<OpenResult> {
    if (this.seedsDir === null || !SEED_ID.test(seedId)) return fileError('not-found', relative, `There is no seed system named ${JSON.stringify(seedId)}`);
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(path.join(this.seedsDir, `${seedId}.json`));
    } catch {
      return fileError('not-found', relative, `There is no seed system named ${JSON.stringify(seedId)}`);
    }
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return fileError('io', relative, `The seed system ${seedId} is not UTF-8 text`);
    }
    const saved = await this.saveAs({ path: relative, text, overwrite: false });
    if (saved.kind === 'error') return saved;
    if (saved.kind !== 'saved') return fileError('exists', relative, `${relative} already exists`);
    return { kind: 'opened', path: saved.path, text, version: saved.version };
  }

  // ---- backups ---------------------------------------------------------------------------------------------

  private backupsDir(): string {
    return path.join(this.dataDir, 'backups');
  }

  /** One backup file per (workspace, path); the name is a hash so no user text reaches a file name. */
  private backupFile(relative: string): string {
    return path.join(this.backupsDir(), `${hashBytes(`${this.root}\0${relative}`).slice(0, 32)}.json`);
  }

  /** Queued with the file's saves, so a backup sent before a save can never land after the save deleted it. */
  async writeBackup(request: BackupRequest): Promise<BackupResult> {
    const tooLarge = this.checkSize(request.path, request.text);
    if (tooLarge) return tooLarge;
    return this.withBackup(request.path, async (file): Promise<BackupResult> => {
      const savedAt = this.now();
      const stored: StoredBackup = { format: 1, workspace: this.root, path: file.relative, savedAt, baseVersion: request.baseVersion, text: request.text };
      try {
        await fs.mkdir(this.backupsDir(), { recursive: true });
        await writeFileAtomic(this.backupFile(file.relative), JSON.stringify(stored), this.atomic);
      } catch (error) {
        return fileError('io', file.relative, `Could not back up ${file.relative}: ${describe(error)}`);
      }
      return { kind: 'backed-up', savedAt };
    });
  }

  async listBackups(): Promise<BackupInfo[]> {
    const backups = await this.readBackups();
    return backups.map(({ path: p, savedAt, size }) => ({ path: p, savedAt, size })).sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  async restoreBackup(relative: string): Promise<Backup | null> {
    const result = await this.withBackup(relative, async (file) => {
      const stored = await this.readBackupFile(this.backupFile(file.relative));
      return stored && stored.path === file.relative ? stored : null;
    });
    return result !== null && 'kind' in result ? null : result;
  }

  async discardBackup(relative: string): Promise<void> {
    await this.withBackup(relative, (file) => fs.rm(this.backupFile(file.relative), { force: true }));
  }

  private async readBackups(): Promise<Backup[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.backupsDir());
    } catch {
      return [];
    }
    const backups: Backup[] = [];
    for (const name of names) {
      if (!name.endsWith('.json') || isTempSaveFile(name)) continue;
      const backup = await this.readBackupFile(path.join(this.backupsDir(), name));
      if (backup) backups.push(backup);
    }
    return backups;
  }

  /** Our own JSON (not a rule file); anything that does not look like one of ours, or another workspace's, is skipped. */
  private async readBackupFile(file: string): Promise<Backup | null> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
      if (!isStoredBackup(parsed) || parsed.workspace !== this.root) return null;
      if (!resolveWorkspacePath(this.root, parsed.path).ok) return null;
      return { path: parsed.path, savedAt: parsed.savedAt, size: Buffer.byteLength(parsed.text, 'utf8'), text: parsed.text, baseVersion: parsed.baseVersion };
    } catch {
      return null;
    }
  }

  // ---- recent ----------------------------------------------------------------------------------------------

  private recentFile(): string {
    return path.join(this.dataDir, 'recent.json');
  }

  async recent(): Promise<RecentEntry[]> {
    return (await this.readRecent()).filter((r) => r.workspace === this.root).map(({ path: p, openedAt }) => ({ path: p, openedAt }));
  }

  private async readRecent(): Promise<StoredRecent[]> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(this.recentFile(), 'utf8'));
      return Array.isArray(parsed) ? parsed.filter(isStoredRecent) : [];
    } catch {
      return [];
    }
  }

  private async touchRecent(relative: string): Promise<void> {
    await this.enqueue(this.recentFile(), async () => {
      const entries = (await this.readRecent()).filter((r) => !(r.workspace === this.root && r.path === relative));
      entries.unshift({ workspace: this.root, path: relative, openedAt: this.now() });
      try {
        await fs.mkdir(this.dataDir, { recursive: true });
        await writeFileAtomic(this.recentFile(), JSON.stringify(entries.slice(0, MAX_RECENT)), this.atomic);
      } catch {
        // The recent list is a convenience; failing to record it must not fail the open.
      }
    });
  }

  // ---- watching --------------------------------------------------------------------------------------------

  onChange(listener: (change: FileChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces the set of watched files. A file's baseline is the version last read or written by this service. */
  async watch(relatives: string[]): Promise<void> {
    const next = new Set<string>();
    for (const relative of relatives) {
      const resolved = resolveWorkspacePath(this.root, relative);
      // A symlink out of the workspace is never watched: nothing of the outside file (size, time, hash) is reported.
      if (resolved.ok && (await this.insideWorkspace(resolved.absolute))) next.add(resolved.relative);
    }
    this.watched.clear();
    for (const relative of next) {
      this.watched.add(relative);
      if (!this.lastSeen.has(relative)) {
        const disk = await this.readStamped(relative, path.join(this.root, ...relative.split('/')));
        this.lastSeen.set(relative, disk.kind === 'opened' ? disk.version : null);
      }
    }
    this.restartWatchers();
  }

  /** Compares every watched file with its baseline and reports changes. Runs inside each file's queue, so a
   *  save in progress is never reported as an outside change. */
  async checkWatched(): Promise<void> {
    for (const relative of [...this.watched]) {
      const absolute = path.join(this.root, ...relative.split('/'));
      const change = await this.enqueue(absolute, async (): Promise<FileChange | null> => {
        const known = this.lastSeen.get(relative) ?? null;
        let stat;
        try {
          // Replaced by a symlink out of the workspace since: as good as gone, and nothing of it is reported.
          stat = (await this.insideWorkspace(absolute)) ? await fs.stat(absolute) : null;
        } catch {
          stat = null;
        }
        if (stat === null) {
          if (known === null) return null;
          this.lastSeen.set(relative, null);
          return { path: relative, kind: 'deleted', version: null };
        }
        if (known !== null && stat.size === known.size && stat.mtimeMs === known.mtimeMs) return null;
        const disk = await this.readStamped(relative, absolute);
        if (disk.kind !== 'opened') return null;
        this.lastSeen.set(relative, disk.version);
        return sameContent(known, disk.version) ? null : { path: relative, kind: 'changed', version: disk.version };
      });
      if (change && this.watched.has(relative)) for (const listener of this.listeners) listener(change);
    }
  }

  private restartWatchers(): void {
    this.stopWatching();
    if (this.watched.size === 0) return;
    const folders = new Set([...this.watched].map((relative) => path.dirname(path.join(this.root, ...relative.split('/')))));
    for (const folder of folders) {
      try {
        const watcher = watchFolder(folder, { persistent: false }, () => this.scheduleCheck());
        watcher.on('error', () => undefined); // the poll below still covers this folder
        this.folderWatchers.set(folder, watcher);
      } catch {
        // folder gone: the poll reports the file as deleted
      }
    }
    if (this.watchIntervalMs > 0) {
      this.pollTimer = setInterval(() => this.scheduleCheck(), this.watchIntervalMs);
      this.pollTimer.unref?.();
    }
  }

  /** fs.watch fires several events per save (temp file, rename): coalesce them into one check. */
  private scheduleCheck(): void {
    if (this.checkTimer !== null) return;
    this.checkTimer = setTimeout(() => {
      this.checkTimer = null;
      void this.checkWatched().catch(() => undefined);
    }, 40);
    this.checkTimer.unref?.();
  }

  private stopWatching(): void {
    for (const watcher of this.folderWatchers.values()) watcher.close();
    this.folderWatchers.clear();
    if (this.pollTimer !== null) clearInterval(this.pollTimer);
    this.pollTimer = null;
    if (this.checkTimer !== null) clearTimeout(this.checkTimer);
    this.checkTimer = null;
  }

  close(): void {
    this.stopWatching();
    this.listeners.clear();
  }

  // ---- plumbing --------------------------------------------------------------------------------------------

  /** Runs `task` on a workspace file inside that file's queue. The shape check happens now, synchronously, so
   *  calls join the queue in the order they were made; the symlink check runs inside the queue, right before
   *  the task touches the disk. */
  private withFile<T>(relative: string, task: (file: WorkspaceTarget) => Promise<T>): Promise<T | FileError> {
    const checked = resolveWorkspacePath(this.root, relative);
    if (!checked.ok) return Promise.resolve(fileError('invalid-path', String(relative), checked.message));
    return this.enqueue(checked.absolute, async (): Promise<T | FileError> => {
      try {
        if (!(await realPathInside(this.root, checked.absolute))) {
          return fileError('invalid-path', relative, `${relative} links to a place outside the workspace`);
        }
      } catch (error) {
        if (errnoCode(error) === 'ENOENT' && !(await isFolder(this.root))) return this.missingError(checked.relative);
        return fileError('io', relative, `Could not resolve ${relative}: ${describe(error)}`);
      }
      return task({ relative: checked.relative, absolute: checked.absolute });
    });
  }

  /** Backups live in the data folder only: the path's shape is checked (it names the backup) but the workspace is
   *  never touched, so backups, their list and restore go on when the workspace folder is gone. Same queue as the
   *  file's saves. */
  private withBackup<T>(relative: string, task: (file: WorkspaceTarget) => Promise<T>): Promise<T | FileError> {
    const checked = resolveWorkspacePath(this.root, relative);
    if (!checked.ok) return Promise.resolve(fileError('invalid-path', String(relative), checked.message));
    return this.enqueue(checked.absolute, () => task({ relative: checked.relative, absolute: checked.absolute }));
  }

  private async insideWorkspace(absolute: string): Promise<boolean> {
    try {
      return await realPathInside(this.root, absolute);
    } catch {
      return false;
    }
  }

  private missingError(relative: string): FileError {
    return fileError(
      'workspace-missing',
      relative,
      `The workspace folder ${this.root} no longer exists (it was moved or deleted while open), so ${relative} cannot be saved there. ` +
        'Nothing was written; your unsaved text is kept in its backup. Save it to another folder instead.',
    );
  }

  private enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(key, task);
  }
}

async function isFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.stat(folder)).isDirectory();
  } catch {
    return false;
  }
}

/** A file nobody may write (no write bit), or that this process may not write, is replaced only when the user
 *  says so (overwriteReadOnly); the atomic rename would otherwise replace it silently. */
async function readOnlyAnswer(file: WorkspaceTarget): Promise<SaveResult | null> {
  let stat;
  try {
    stat = await fs.stat(file.absolute);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  let writable = (stat.mode & 0o222) !== 0;
  if (writable) writable = await fs.access(file.absolute, fsConstants.W_OK).then(() => true, () => false);
  if (writable) return null;
  return {
    kind: 'read-only',
    path: file.relative,
    message: `${file.relative} is read-only on disk. Overwrite it anyway (it stays read-only), save it under another name, or cancel.`,
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}

function isVersionStamp(value: unknown): value is VersionStamp {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.mtimeMs === 'number' && typeof v.size === 'number' && typeof v.hash === 'string';
}

function isStoredBackup(value: unknown): value is StoredBackup {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.format === 1 &&
    typeof v.workspace === 'string' &&
    typeof v.path === 'string' &&
    typeof v.savedAt === 'number' &&
    typeof v.text === 'string' &&
    (v.baseVersion === null || isVersionStamp(v.baseVersion))
  );
}

function isStoredRecent(value: unknown): value is StoredRecent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.workspace === 'string' && typeof v.path === 'string' && typeof v.openedAt === 'number';
}

/** A seed's `name` and `description`, each cut to 300 characters; nothing when the file is not a JSON object. */
async function seedWords(file: string): Promise<{ name?: string; description?: string }> {
  try {
    const value: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (typeof value !== 'object' || value === null) return {};
    const { name, description } = value as Record<string, unknown>;
    return {
      ...(typeof name === 'string' ? { name: name.slice(0, 300) } : {}),
      ...(typeof description === 'string' ? { description: description.slice(0, 300) } : {}),
    };
  } catch {
    return {};
  }
}
