// What the valgrind benches share (instructions.bench.ts counts, instruction-profile.ts attributes): the workload's
// bundle, and running it under a valgrind tool with V8 on one thread and its seeds fixed, so a run repeats exactly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, projectRoot } from '../engine/cli/bundle-cache.mjs';

export const SYSTEM = fileURLToPath(new URL('../systems/classic-d20.json', import.meta.url));
export const FIGHT = 'bench-4v4';
/** Per fight = (a run of MANY fights less one of FEW) / (MANY - FEW): start-up, loading and warm-up cancel out. */
export const FEW = 10_000;
export const MANY = 30_000;
export const NODE_FLAGS = ['--single-threaded', '--hash-seed=1', '--random-seed=1'];

/** Why the valgrind benches cannot run here, or null. */
export function cannotRun(): string | null {
  if (spawnSync('valgrind', ['--version']).status !== 0) return 'valgrind is not installed (Debian: apt-get install -y valgrind)';
  if (!existsSync(SYSTEM)) return 'systems/classic-d20.json is missing';
  return null;
}

/** bench/sim-count.ts as an esbuild bundle (rebuilt each time: the cache's staleness check does not watch bench/). */
export async function countScript(): Promise<string> {
  const script = join(projectRoot, 'node_modules', '.cache', 'rules-studio', 'bench-sim-count.mjs');
  rmSync(script, { force: true });
  await buildIfStale(projectRoot, 'bench/sim-count.ts', script);
  return script;
}

/** Runs `fights` fights of one side under a valgrind tool; valgrind's report (its stderr). */
export function underValgrind(tool: readonly string[], script: string, side: 'engine' | 'baseline', fights: number, nodeFlags: readonly string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', [...tool, '--smc-check=all-non-file', process.execPath, ...NODE_FLAGS, ...nodeFlags, script, side, SYSTEM, FIGHT, String(fights)],
      { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(err) : reject(new Error(`valgrind ${side} ${fights} failed (exit ${code}):\n${err.slice(-2000)}`))));
  });
}
