// Crash-safe file replacement: temp file in the same folder → fsync → rename over → fsync the folder.
// A crash at any point leaves either the old bytes or the new bytes at `target`, never a mix.
// Plain Node (no electron import): shared by the Electron main process and the browser-mode server.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** The fs calls that can fail transiently on Windows (antivirus, indexer, another reader); injectable for tests. */
export interface AtomicWriteFs {
  rename(from: string, to: string): Promise<void>;
}

export interface AtomicWriteOptions {
  fsOps?: AtomicWriteFs;
  /** Attempts for the rename (Windows EPERM/EBUSY/EACCES). */
  attempts?: number;
  /** Waits between attempts; injectable so tests do not sleep. */
  sleep?: (ms: number) => Promise<void>;
}

const RETRYABLE = new Set(['EPERM', 'EBUSY', 'EACCES']);
const TEMP_PREFIX = '.rs-save-';

/** Temp files left behind by a process killed mid-save start with this prefix (hidden from listings). */
export function isTempSaveFile(name: string): boolean {
  return name.startsWith(TEMP_PREFIX) && name.endsWith('.tmp');
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function writeFileAtomic(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const fsOps = options.fsOps ?? { rename: fs.rename };
  const attempts = options.attempts ?? 5;
  const sleep = options.sleep ?? defaultSleep;
  const dir = path.dirname(target);
  const temp = path.join(dir, `${TEMP_PREFIX}${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);

  // Keep the original's permission bits; a new file gets the default mode.
  let mode: number | undefined;
  try {
    mode = (await fs.stat(target)).mode & 0o777;
  } catch {
    mode = undefined;
  }

  const handle = await fs.open(temp, 'wx', mode);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameWithRetry(fsOps, temp, target, attempts, sleep);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
}

async function renameWithRetry(fsOps: AtomicWriteFs, from: string, to: string, attempts: number, sleep: (ms: number) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await fsOps.rename(from, to);
      return;
    } catch (error) {
      const code = errorCode(error);
      if (attempt >= attempts || code === undefined || !RETRYABLE.has(code)) throw error;
      await sleep(25 * 2 ** attempt);
    }
  }
}

/** Makes the rename itself durable. Best effort: Windows cannot fsync a folder, and once the rename has
 *  happened the new content is in place, so reporting a failure here would only fake a conflict later. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // see above
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
