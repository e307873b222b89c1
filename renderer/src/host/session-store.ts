// Where the studio keeps its session (open tabs, the active file, each file's cursor and scroll) between a reload
// or a restart: localStorage, one entry per workspace folder. Both hosts use it: the desktop app's page has one
// origin for good (its localStorage lives in the app's profile folder), and the browser studio's is the profile of
// the browser it runs in. It is what the session is: the state of this window, not of the files, so it is not
// written into the workspace (nor into the server's data folder, which would need another IPC channel for it).
// What is read back is checked field by field: a bad entry is dropped, never trusted.

export interface SessionFile {
  /** Workspace-relative path. */
  readonly path: string;
  /** 1-based cursor position. */
  readonly line: number;
  readonly column: number;
  readonly scrollTop: number;
  readonly scrollLeft: number;
}

export interface StudioSession {
  readonly files: readonly SessionFile[];
  /** Path of the active tab (one of `files`), or null. */
  readonly active: string | null;
}

export interface SessionStore {
  /** The last session saved for this workspace folder, or null. */
  load(workspaceRoot: string): Promise<StudioSession | null>;
  save(workspaceRoot: string, session: StudioSession): Promise<void>;
}

const KEY_PREFIX = 'rules-studio-session:';
const MAX_FILES = 50;
const MAX_PATH = 1024;

const whole = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= 1e9;
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1e9;

/** A stored session, or null when it is not one (each file entry must check; the active path must be one of them). */
export function readSession(stored: string | null): StudioSession | null {
  if (stored === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { files, active } = raw as { files?: unknown; active?: unknown };
  if (!Array.isArray(files) || files.length > MAX_FILES) return null;
  const read: SessionFile[] = [];
  for (const f of files as unknown[]) {
    if (typeof f !== 'object' || f === null) return null;
    const { path, line, column, scrollTop, scrollLeft } = f as Record<string, unknown>;
    if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH) return null;
    if (!whole(line, 1) || !whole(column, 1) || !finite(scrollTop) || !finite(scrollLeft)) return null;
    if (read.some((r) => r.path === path)) continue;
    read.push({ path, line, column, scrollTop, scrollLeft });
  }
  const activePath = typeof active === 'string' && read.some((r) => r.path === active) ? active : null;
  return { files: read, active: activePath };
}

export class LocalSessionStore implements SessionStore {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null) {}

  async load(workspaceRoot: string): Promise<StudioSession | null> {
    try {
      return readSession(this.storage?.getItem(KEY_PREFIX + workspaceRoot) ?? null);
    } catch {
      return null;
    }
  }

  async save(workspaceRoot: string, session: StudioSession): Promise<void> {
    try {
      this.storage?.setItem(KEY_PREFIX + workspaceRoot, JSON.stringify(session));
    } catch {
      // quota or private mode: the session is not kept, nothing else breaks
    }
  }
}
