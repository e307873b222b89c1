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
  RunAppendResult,
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
  EventChannels,
  InvokeChannels,
} from '../contract/studio.js';
import { MAX_ABSOLUTE_PATH_LENGTH, MAX_RELATIVE_PATH_LENGTH } from '../services/paths.js';

export const CHANNEL_PREFIX = 'studio:';

export type { EventChannels, InvokeChannels } from '../contract/studio.js';

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

/** A field that may be left out; when present it must check. */
function optional<T>(inner: Check<T>): Check<T | undefined> {
  return (value) => (value === undefined ? null : inner(value));
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

// ---- run history (a batch result, as `sim --record` writes it) ------------------------------------------------

const MAX_ID_LENGTH = 128;
/** System and fight ids as the schema allows them. */
const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function matching(pattern: RegExp, maxLength: number, what: string): Check<string> {
  return (value) => (typeof value === 'string' && value.length <= maxLength && pattern.test(value) ? null : expected(what));
}

const id = matching(ID, MAX_ID_LENGTH, `an id (letters, digits, "_", "-", "."; at most ${MAX_ID_LENGTH})`);
const count: Check<number> = (value) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? null : expected('a whole number ≥ 0'));
const rate: Check<number> = (value) => (typeof value === 'number' && value >= 0 && value <= 1 ? null : expected('a number from 0 to 1'));
const isoTime: Check<string> = (value) =>
  typeof value === 'string' && value.length <= 40 && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value)) ? null : expected('an ISO date and time');

/** A run exactly as it is stored: these fields, nothing else (the append checks this). */
export const runRecord: Check<RunRecord> = record<RunRecord>({
  time: isoTime,
  system: id,
  version: string(256),
  hash: matching(/^[0-9a-f]{1,64}$/, 64, 'a hex content hash'),
  fight: id,
  fights: count,
  seed: finiteNumber,
  wins: record<RunRecord['wins']>({ heroes: count, enemies: count, draw: count }),
  winRate: record<RunRecord['winRate']>({ value: rate, low: rate, high: rate }),
  rounds: record<RunRecord['rounds']>({ mean: finiteNumber, p50: finiteNumber, p90: finiteNumber }),
  heroDiedFights: optional(count),
});

const RUN_FIELDS = ['time', 'system', 'version', 'hash', 'fight', 'fights', 'seed', 'wins', 'winRate', 'rounds', 'heroDiedFights'] as const;
const NESTED_FIELDS: Record<string, readonly string[]> = { wins: ['heroes', 'enemies', 'draw'], winRate: ['value', 'low', 'high'], rounds: ['mean', 'p50', 'p90'] };

/**
 * A run read back from a history file: fields a newer writer may have added are dropped (extend, never rename),
 * the rest must check as runRecord. The copy is rebuilt in the stored field order, so it serialises like the CLI's.
 */
export function readRunRecord(value: unknown): { ok: true; run: RunRecord } | { ok: false; problem: CheckProblem } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: expected('a JSON object (one run)') };
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const field of RUN_FIELDS) {
    if (!Object.hasOwn(source, field)) continue;
    const inner = source[field];
    const nested = NESTED_FIELDS[field];
    if (nested && typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      const picked: Record<string, unknown> = {};
      for (const key of nested) if (Object.hasOwn(inner, key)) picked[key] = (inner as Record<string, unknown>)[key];
      copy[field] = picked;
    } else copy[field] = inner;
  }
  const problem = runRecord(copy);
  if (problem) return { ok: false, problem };
  return { ok: true, run: copy as unknown as RunRecord };
}

/** Where a check failed, as text: `winRate.low: expected a number from 0 to 1`. */
export function describeProblem(problem: CheckProblem): string {
  const where = problem.at.join('').replace(/^\./, '');
  return where ? `${where}: expected ${problem.expected}` : `expected ${problem.expected}`;
}

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
    checks: [record<SaveRequest>({ path, text, baseVersion: nullable(versionStamp), force: boolean, overwriteReadOnly: optional(boolean) })],
  },
  'studio:files.saveAs': { names: ['request'], checks: [record<SaveAsRequest>({ path, text, overwrite: boolean, overwriteReadOnly: optional(boolean) })] },
  'studio:files.saveElsewhere': {
    names: ['request'],
    checks: [record<SaveElsewhereRequest>({ path, text, target: nullable(string(MAX_ABSOLUTE_PATH_LENGTH)) })],
  },
  'studio:files.seeds': { names: [], checks: [] },
  'studio:files.newFromSeed': { names: ['seedId', 'path'], checks: [string(MAX_SEED_ID_LENGTH), path] },
  'studio:files.watch': { names: ['paths'], checks: [arrayOf(path, MAX_WATCHED)] },
  'studio:backups.write': { names: ['request'], checks: [record<BackupRequest>({ path, text, baseVersion: nullable(versionStamp) })] },
  'studio:backups.list': { names: [], checks: [] },
  'studio:backups.restore': { names: ['path'], checks: [path] },
  'studio:backups.discard': { names: ['path'], checks: [path] },
  'studio:recent.list': { names: [], checks: [] },
  'studio:shell.openExternal': { names: ['url'], checks: [string(MAX_URL_LENGTH)] },
  'studio:runs.append': { names: ['run'], checks: [runRecord] },
  'studio:runs.read': { names: ['systemId'], checks: [id] },
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
