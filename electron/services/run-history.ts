// Run history on disk: `<workspace>/.rules-studio/runs/<system id>.jsonl`, one JSON line per batch (the format
// `sim --record` writes). This module only moves bytes, confined to the opened workspace: appends one line, and
// reads the tail of a file as lines. Checking what a line says is the IPC handler's job (electron/ipc/runs.ts).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isInside } from './paths.js';
import { KeyedQueue } from './keyed-queue.js';
import type { FileError } from './types.js';

/** Where histories live, relative to the workspace (a hidden folder: never listed as a rule file). */
export const RUNS_FOLDER = '.rules-studio/runs';
/** A run line is ~350 bytes; anything near this is not one of ours. */
export const MAX_RUN_LINE_BYTES = 16 * 1024;
/** The newest part of a history file that is read (500 runs are ~175 KB). */
export const DEFAULT_MAX_READ_BYTES = 2 * 1024 * 1024;
/** System ids as the schema allows them (letters, digits, `_`, `-`, `.`, starting with a letter or digit). */
export const SYSTEM_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/**
 * File name of a system's history: the same mapping as the engine's historyFileName (engine/balance/history.ts;
 * main cannot import the engine), pinned equal by a test. With SYSTEM_ID it changes nothing.
 */
export function runHistoryFileName(systemId: string): string {
  return `${systemId.replace(/[^A-Za-z0-9_.-]/g, '_')}.jsonl`;
}

export interface RunLines {
  /** The lines read, without their line ends, blank lines included (so line numbers stay right). */
  lines: string[];
  /** The file was bigger than the cap: only its tail was read (from the first whole line in it). */
  truncated: boolean;
}

export interface RunHistoryStoreOptions {
  /** The workspace folder now open (read on every call: "Open folder" switches it). */
  root: () => string;
  maxReadBytes?: number;
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Follows symlinks of the longest existing part of `absolute` (the file, else its folder, else the folder's
 * folder...) and says whether its real location is inside the workspace's real location.
 */
export async function existingPartInside(root: string, absolute: string): Promise<boolean> {
  const realRoot = await fs.realpath(root);
  for (let candidate = absolute; ; candidate = path.dirname(candidate)) {
    try {
      return isInside(realRoot, await fs.realpath(candidate));
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error;
      if (path.dirname(candidate) === candidate) return false;
    }
  }
}

export class RunHistoryStore {
  private readonly root: () => string;
  private readonly maxReadBytes: number;
  /** Appends to one file are queued, so two batches finishing together never interleave bytes. */
  private readonly queue = new KeyedQueue();

  constructor(options: RunHistoryStoreOptions) {
    this.root = options.root;
    this.maxReadBytes = options.maxReadBytes ?? DEFAULT_MAX_READ_BYTES;
  }

  /** The history file of a system, relative to the workspace (POSIX separators, for messages). */
  relativeFile(systemId: string): string {
    return `${RUNS_FOLDER}/${runHistoryFileName(systemId)}`;
  }

  private target(systemId: string): { relative: string; absolute: string } | FileError {
    const relative = this.relativeFile(systemId);
    if (!SYSTEM_ID.test(systemId)) return this.error('invalid-path', relative, `${JSON.stringify(systemId.slice(0, 80))} is not a system id (letters, digits, "_", "-", "."; at most 128)`);
    return { relative, absolute: path.join(this.root(), ...RUNS_FOLDER.split('/'), runHistoryFileName(systemId)) };
  }

  private error(code: FileError['code'], relative: string, message: string): FileError {
    return { kind: 'error', code, path: relative, message };
  }

  /** Appends one line (no line breaks inside). Creates the folder; refuses a folder or file that links outside. */
  async append(systemId: string, line: string): Promise<{ kind: 'appended'; file: string } | FileError> {
    const target = this.target(systemId);
    if ('kind' in target) return target;
    if (/[\r\n]/.test(line)) return this.error('io', target.relative, 'A run is one line; this one has a line break');
    if (Buffer.byteLength(line, 'utf8') > MAX_RUN_LINE_BYTES) return this.error('too-large', target.relative, `A run line is at most ${MAX_RUN_LINE_BYTES} bytes`);
    return this.enqueue(target.absolute, async () => {
      const root = this.root();
      try {
        // Checked before mkdir (a linked .rules-studio must not get folders made outside) and again after.
        const outside = this.error('invalid-path', target.relative, `${target.relative} links to a place outside the workspace; nothing was recorded`);
        if (!(await existingPartInside(root, target.absolute))) return outside;
        await fs.mkdir(path.dirname(target.absolute), { recursive: true });
        if (!(await existingPartInside(root, target.absolute))) return outside;
        // One write of one line with O_APPEND: a reader never sees half of it interleaved with another writer's.
        await fs.appendFile(target.absolute, `${line}\n`, 'utf8');
        return { kind: 'appended' as const, file: target.relative };
      } catch (error) {
        return this.error('io', target.relative, `Could not record the run in ${target.relative}: ${describe(error)}`);
      }
    });
  }

  /** The lines of a system's history (its tail when big); null when there is no history yet. */
  async readLines(systemId: string): Promise<RunLines | null | FileError> {
    const target = this.target(systemId);
    if ('kind' in target) return target;
    try {
      if (!(await existingPartInside(this.root(), target.absolute))) {
        return this.error('invalid-path', target.relative, `${target.relative} links to a place outside the workspace; it was not read`);
      }
    } catch (error) {
      return this.error('io', target.relative, `Could not resolve ${target.relative}: ${describe(error)}`);
    }
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(target.absolute, 'r');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return null;
      return this.error('io', target.relative, `Could not open ${target.relative}: ${describe(error)}`);
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return this.error('invalid-path', target.relative, `${target.relative} is not a file`);
      const length = Math.min(stat.size, this.maxReadBytes);
      const start = stat.size - length;
      const buffer = Buffer.alloc(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
      // Invalid UTF-8 becomes U+FFFD: such a line fails to parse and is reported, the rest still reads.
      let text = buffer.subarray(0, read).toString('utf8');
      const truncated = start > 0;
      if (truncated) {
        // The cut landed inside a line (or right after one): drop everything up to the first line end.
        const newline = text.indexOf('\n');
        text = newline < 0 ? '' : text.slice(newline + 1);
      }
      const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
      if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      return { lines, truncated };
    } catch (error) {
      return this.error('io', target.relative, `Could not read ${target.relative}: ${describe(error)}`);
    } finally {
      await handle.close().catch(() => undefined);
    }
  }

  private enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(key, task);
  }
}
