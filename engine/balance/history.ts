// Run history: one JSON line per batch, per system version (content hash), so the trend over edits is one plot.
// Pure: the entries, the hash, parsing and the trend; the Node writer is engine/cli/balance-workers/history.ts.
import type { ReadonlyRunRecord } from '../../electron/contract/run-record';
import { wilson, type Estimate } from './stats';

/**
 * 64-bit FNV-1a over the UTF-16 code units, as 16 hex digits: the same in Node and the browser, synchronous and
 * cheap. It names versions of a file; it is not a security hash.
 */
export function contentHash(text: string): string {
  // Two 32-bit lanes with different offsets stand in for one 64-bit FNV (no BigInt in the hot loop).
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c ^ (a >>> 16), 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * One batch in a system's run history, as the engine builds and reads it: the studio's RunRecord
 * (electron/contract/run-record.ts, the one declaration of the shape), read-only.
 */
export type RunEntry = ReadonlyRunRecord;

/** The shape `sim --json` prints (engine/sim/stats.ts SimStats), as much of it as history keeps. */
export interface RecordableStats {
  readonly system: string;
  readonly fight: string;
  readonly fights: number;
  readonly seed: number;
  readonly wins: { readonly heroes: number; readonly enemies: number; readonly draw: number };
  readonly rounds: { readonly mean: number; readonly p50: number; readonly p90: number };
  /** Share of fights in which some hero died. */
  readonly heroDied?: number;
}

export function runEntry(stats: RecordableStats, version: string, text: string, time: Date): RunEntry {
  return {
    time: time.toISOString(), system: stats.system, version, hash: contentHash(text), fight: stats.fight,
    fights: stats.fights, seed: stats.seed, wins: { ...stats.wins }, winRate: wilson(stats.wins.heroes, stats.fights),
    rounds: { mean: stats.rounds.mean, p50: stats.rounds.p50, p90: stats.rounds.p90 },
    ...(stats.heroDied !== undefined ? { heroDiedFights: Math.round(stats.heroDied * stats.fights) } : {}),
  };
}

/** An entry's count of fights in which a hero died, when it kept one (a hand-edited line may hold anything). */
function diedFights(e: RunEntry): number | null {
  return typeof e.heroDiedFights === 'number' && Number.isFinite(e.heroDiedFights) ? e.heroDiedFights : null;
}

/** Entries of a history file; lines that are not entries (a torn last line, a hand edit) are skipped and counted. */
export function parseHistory(jsonl: string): { entries: RunEntry[]; skipped: number } {
  const entries: RunEntry[] = [];
  let skipped = 0;
  for (const line of jsonl.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isRunEntry(value)) entries.push(value); else skipped++;
    } catch {
      skipped++;
    }
  }
  return { entries, skipped };
}

function isRunEntry(v: unknown): v is RunEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const rate = e.winRate as Record<string, unknown> | undefined;
  return typeof e.time === 'string' && typeof e.system === 'string' && typeof e.hash === 'string' && typeof e.fight === 'string'
    && typeof e.fights === 'number' && typeof rate === 'object' && rate !== null && typeof rate.value === 'number';
}

export interface TrendPoint {
  readonly hash: string;
  readonly version: string;
  /** Time of the version's latest run. */
  readonly time: string;
  readonly winRate: Estimate;
  readonly rounds: number;
  readonly fights: number;
  /** Chance a hero dies, over the runs that kept it; null when none did. */
  readonly heroDied: Estimate | null;
}

/**
 * One point per system version (in order of first appearance) for one fight: the runs of a version are pooled
 * (wins and fights added, rounds weighted by fights), so re-running an unchanged file tightens its point.
 */
export function trend(entries: readonly RunEntry[], fight: string): TrendPoint[] {
  const byHash = new Map<string, { version: string; time: string; wins: number; fights: number; roundsSum: number; died: number; diedOf: number }>();
  for (const e of entries) {
    if (e.fight !== fight) continue;
    const p = byHash.get(e.hash) ?? { version: e.version, time: e.time, wins: 0, fights: 0, roundsSum: 0, died: 0, diedOf: 0 };
    p.wins += e.wins.heroes;
    p.fights += e.fights;
    p.roundsSum += e.rounds.mean * e.fights;
    const died = diedFights(e);
    if (died !== null) { p.died += died; p.diedOf += e.fights; }
    p.time = e.time;
    byHash.set(e.hash, p);
  }
  return [...byHash].map(([hash, p]) => ({
    hash, version: p.version, time: p.time, winRate: wilson(p.wins, p.fights), rounds: p.fights ? p.roundsSum / p.fights : 0, fights: p.fights,
    heroDied: p.diedOf ? wilson(p.died, p.diedOf) : null,
  }));
}

/** File name of a system's history, inside `<workspace>/.rules-studio/runs/`; ids are safe file names already. */
export function historyFileName(systemId: string): string {
  return `${systemId.replace(/[^A-Za-z0-9_.-]/g, '_')}.jsonl`;
}

/** One recorded run of a fight, as the studio's trend plot shows it. */
export interface RunPoint {
  readonly time: string;
  readonly version: string;
  readonly hash: string;
  readonly winRate: Estimate;
  readonly rounds: number;
  readonly fights: number;
  /** The run's seed; null for a point that pools several runs (versionPoints). */
  readonly seed: number | null;
  /** Chance a hero dies; null when the run (or every pooled run) did not keep it. */
  readonly heroDied: Estimate | null;
}

/** trend() as plot points: one per system version (its runs pooled), in order of the version's first run. */
export function versionPoints(entries: readonly RunEntry[], fight: string): RunPoint[] {
  return trend(entries, fight).map((p) => ({ time: p.time, version: p.version, hash: p.hash, winRate: p.winRate, rounds: p.rounds, fights: p.fights, seed: null, heroDied: p.heroDied }));
}

/**
 * Every recorded run of one fight, oldest first (by the run's time; runs with equal times keep file order).
 * Unlike trend(), runs are not pooled: an edit and its re-runs each stay visible as their own point.
 */
export function runPoints(entries: readonly RunEntry[], fight: string): RunPoint[] {
  return entries
    .map((e, order) => ({ e, order, at: Date.parse(e.time) }))
    .filter(({ e }) => e.fight === fight)
    // An unreadable time sorts last, in file order (Infinity - Infinity is NaN, and NaN || order is order).
    .map((x) => (Number.isNaN(x.at) ? { ...x, at: Infinity } : x))
    .sort((x, y) => x.at - y.at || x.order - y.order)
    .map(({ e }) => {
      const died = diedFights(e);
      return { time: e.time, version: e.version, hash: e.hash, winRate: e.winRate, rounds: e.rounds.mean, fights: e.fights, seed: e.seed, heroDied: died === null ? null : wilson(died, e.fights) };
    });
}

/** The fights a history has runs of, most recently run first. */
export function recordedFights(entries: readonly RunEntry[]): string[] {
  const latest = new Map<string, number>();
  entries.forEach((e, order) => latest.set(e.fight, order));
  return [...latest].sort((a, b) => b[1] - a[1]).map(([fight]) => fight);
}

/** A system text's own `id` and `version` ('' when absent or the text is not JSON): what a run is filed under. */
export function documentIdentity(text: string): { readonly id: string; readonly version: string } {
  try {
    const doc: unknown = JSON.parse(text);
    if (typeof doc !== 'object' || doc === null) return { id: '', version: '' };
    const { id, version } = doc as { id?: unknown; version?: unknown };
    return { id: typeof id === 'string' ? id : '', version: typeof version === 'string' ? version : '' };
  } catch {
    return { id: '', version: '' };
  }
}
