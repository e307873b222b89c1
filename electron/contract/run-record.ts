// The run-history record, declared once for both sides: the engine (engine/balance/history.ts: `RunEntry`, what
// `sim --record` and the studio write, derived below) and the studio's IPC (`RunRecord`). Types only and no imports,
// so electron's tsconfig (rootDir electron/) and the engine's both compile it; the layer map lets every area import
// this one file (scripts/lint.mjs, area 'run-record').

/** One batch in a system's run history (`<workspace>/.rules-studio/runs/<system id>.jsonl`, one JSON line each). */
export interface RunRecord {
  /** ISO time of the run. */
  time: string;
  system: string;
  /** The document's own `version` field. */
  version: string;
  /** Content hash of the system's text: one value per edit. */
  hash: string;
  fight: string;
  fights: number;
  seed: number;
  wins: { heroes: number; enemies: number; draw: number };
  /** Heroes' win rate with its 95% (Wilson) interval. */
  winRate: { value: number; low: number; high: number };
  rounds: { mean: number; p50: number; p90: number };
  /** Fights in which some hero died; absent in runs recorded before it was kept. */
  heroDiedFights?: number;
}

/** A record read-only all the way down: the engine's `RunEntry`. */
export type ReadonlyRunRecord = { readonly [K in keyof RunRecord]: RunRecord[K] extends object ? Readonly<RunRecord[K]> : RunRecord[K] };
