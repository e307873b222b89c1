// The one IPC contract between the renderer and main (and, over HTTP, between the page and the browser-mode
// server): channel names with one prefix, argument and result types, and a runtime check of every argument.
// No electron import, so it is unit-testable and shared with electron/web/server.ts.
import type {
  Backup,
  BackupInfo,
  BackupRequest,
  BackupResult,
  FileChange,
  OpenResult,
  RecentEntry,
  SaveAsRequest,
  SaveRequest,
  SaveResult,
  SeedInfo,
  VersionStamp,
  WorkspaceFile,
  WorkspaceInfo,
} from '../services/types.js';
import { MAX_RELATIVE_PATH_LENGTH } from '../services/paths.js';

export const CHANNEL_PREFIX = 'studio:';

/** Renderer → main requests (ipcRenderer.invoke / POST /api/invoke/<channel>). */
export interface InvokeChannels {
  'studio:workspace.get': { args: []; result: WorkspaceInfo };
  'studio:workspace.choose': { args: []; result: WorkspaceInfo | null };
  'studio:files.list': { args: []; result: WorkspaceFile[] };
  'studio:files.open': { args: [path: string]; result: OpenResult };
  'studio:files.save': { args: [request: SaveRequest]; result: SaveResult };
  'studio:files.saveAs': { args: [request: SaveAsRequest]; result: SaveResult };
  'studio:files.seeds': { args: []; result: SeedInfo[] };
  'studio:files.newFromSeed': { args: [seedId: string, path: string]; result: OpenResult };
  'studio:files.watch': { args: [paths: string[]]; result: null };
  'studio:backups.write': { args: [request: BackupRequest]; result: BackupResult };
  'studio:backups.list': { args: []; result: BackupInfo[] };
  'studio:backups.restore': { args: [path: string]; result: Backup | null };
  'studio:backups.discard': { args: [path: string]; result: null };
  'studio:recent.list': { args: []; result: RecentEntry[] };
  'studio:shell.openExternal': { args: [url: string]; result: boolean };
}

/** Main → renderer events (webContents.send / Server-Sent Events). */
export interface EventChannels {
  'studio:files.changed': FileChange;
}

export type InvokeChannel = keyof InvokeChannels;
export type EventChannel = keyof EventChannels;
export type ArgsOf<C extends InvokeChannel> = InvokeChannels[C]['args'];
export type ResultOf<C extends InvokeChannel> = InvokeChannels[C]['result'];
export type Handler<C extends InvokeChannel> = (...args: ArgsOf<C>) => Promise<ResultOf<C>>;
export type HandlerTable = { [C in InvokeChannel]: Handler<C> };

export const FILES_CHANGED: EventChannel = 'studio:files.changed';

// ---- runtime checks ------------------------------------------------------------------------------------------

/** A check returns null when the value fits, else where inside the value (field names, item indexes) and
 *  what was expected there. */
export interface CheckProblem {
  at: string[];
  expected: string;
}
export type Check<T> = ((value: unknown) => CheckProblem | null) & { readonly _type?: T };

/** Unsaved text of a rule file; the file service enforces the byte limit, this only stops absurd payloads. */
export const MAX_TEXT_CHARS = 16 * 1024 * 1024;
const MAX_WATCHED = 200;
const MAX_URL_LENGTH = 2048;
const MAX_SEED_ID_LENGTH = 64;

const expected = (what: string): CheckProblem => ({ at: [], expected: what });
const within = (at: string, problem: CheckProblem): CheckProblem => ({ at: [at, ...problem.at], expected: problem.expected });

function string(maxLength: number): Check<string> {
  return (value) => (typeof value === 'string' && value.length <= maxLength ? null : expected(`a string of at most ${maxLength} characters`));
}

const boolean: Check<boolean> = (value) => (typeof value === 'boolean' ? null : expected('true or false'));

const finiteNumber: Check<number> = (value) => (typeof value === 'number' && Number.isFinite(value) ? null : expected('a finite number'));

function nullable<T>(inner: Check<T>): Check<T | null> {
  return (value) => (value === null ? null : inner(value));
}

function arrayOf<T>(item: Check<T>, maxItems: number): Check<T[]> {
  return (value) => {
    if (!Array.isArray(value) || value.length > maxItems) return expected(`an array of at most ${maxItems} items`);
    for (let i = 0; i < value.length; i++) {
      const problem = item(value[i]);
      if (problem) return within(`[${i}]`, problem);
    }
    return null;
  };
}

/** A plain object with exactly these keys (no extras, no prototype tricks). */
function record<T extends object>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  const names = Object.keys(fields) as (keyof T & string)[];
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return expected(`an object with ${names.join(', ')}`);
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return expected('a plain object');
    for (const key of Object.keys(value)) {
      if (!names.includes(key as keyof T & string)) return expected(`no field "${key}" (the fields are ${names.join(', ')})`);
    }
    for (const name of names) {
      const problem = fields[name]((value as Record<string, unknown>)[name]);
      if (problem) return within(`.${name}`, problem);
    }
    return null;
  };
}

const path = string(MAX_RELATIVE_PATH_LENGTH);
const text = string(MAX_TEXT_CHARS);

const versionStamp: Check<VersionStamp> = record<VersionStamp>({ mtimeMs: finiteNumber, size: finiteNumber, hash: string(128) });

type ArgumentChecks<A extends unknown[]> = { [I in keyof A]: Check<A[I]> };

interface ChannelSpec<C extends InvokeChannel> {
  /** Argument names, for error messages. */
  names: string[];
  checks: ArgumentChecks<ArgsOf<C>>;
}

export const CONTRACT: { [C in InvokeChannel]: ChannelSpec<C> } = {
  'studio:workspace.get': { names: [], checks: [] },
  'studio:workspace.choose': { names: [], checks: [] },
  'studio:files.list': { names: [], checks: [] },
  'studio:files.open': { names: ['path'], checks: [path] },
  'studio:files.save': {
    names: ['request'],
    checks: [record<SaveRequest>({ path, text, baseVersion: nullable(versionStamp), force: boolean })],
  },
  'studio:files.saveAs': { names: ['request'], checks: [record<SaveAsRequest>({ path, text, overwrite: boolean })] },
  'studio:files.seeds': { names: [], checks: [] },
  'studio:files.newFromSeed': { names: ['seedId', 'path'], checks: [string(MAX_SEED_ID_LENGTH), path] },
  'studio:files.watch': { names: ['paths'], checks: [arrayOf(path, MAX_WATCHED)] },
  'studio:backups.write': { names: ['request'], checks: [record<BackupRequest>({ path, text, baseVersion: nullable(versionStamp) })] },
  'studio:backups.list': { names: [], checks: [] },
  'studio:backups.restore': { names: ['path'], checks: [path] },
  'studio:backups.discard': { names: ['path'], checks: [path] },
  'studio:recent.list': { names: [], checks: [] },
  'studio:shell.openExternal': { names: ['url'], checks: [string(MAX_URL_LENGTH)] },
};

export const INVOKE_CHANNELS = Object.keys(CONTRACT) as InvokeChannel[];

export function isInvokeChannel(channel: string): channel is InvokeChannel {
  return Object.hasOwn(CONTRACT, channel);
}

export type ArgumentCheck<C extends InvokeChannel> = { ok: true; args: ArgsOf<C> } | { ok: false; error: string };

/** Checks the argument count and every argument; the error names the argument and what was expected. */
export function checkArguments<C extends InvokeChannel>(channel: C, args: readonly unknown[]): ArgumentCheck<C> {
  const spec: ChannelSpec<C> = CONTRACT[channel];
  const checks = spec.checks as readonly Check<unknown>[];
  if (args.length !== checks.length) {
    return { ok: false, error: `${channel} takes ${checks.length} argument(s) (${spec.names.join(', ') || 'none'}), got ${args.length}` };
  }
  for (let i = 0; i < checks.length; i++) {
    const problem = checks[i]!(args[i]);
    if (problem) {
      const where = `${spec.names[i]}${problem.at.join('')}`;
      return { ok: false, error: `${channel} argument ${i + 1} (${where}): expected ${problem.expected}` };
    }
  }
  return { ok: true, args: args as ArgsOf<C> };
}
