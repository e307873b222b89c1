// npm run bench -- instructions: machine instructions per fight of the engine and of the hand-written baseline
// (bench/sim-baseline.ts) on classic-d20's `bench-4v4`, counted by valgrind. Unlike CPU seconds on this shared
// machine, a count does not move from run to run (V8 on one thread, its hash and random seeds fixed: the same count
// to the instruction), so it shows a change to the engine a few percent wide that timings drown. Another build of
// the same engine may differ by about 1% (where the code lands, what the compiler inlines). Per fight: the count of 30,000 fights less that of 10,000, over 20,000, so
// start-up, loading and warm-up cancel out. The ratio estimates the speed ratio of sim.bench.ts; it is not a timing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, projectRoot } from '../engine/cli/bundle-cache.mjs';

const SYSTEM = fileURLToPath(new URL('../systems/classic-d20.json', import.meta.url));
const FEW = 10_000;
const MANY = 30_000;

/** Instructions the workload ran under valgrind's cachegrind (no cache simulation: counting only). */
function count(script: string, side: string, fights: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--smc-check=all-non-file', '--cachegrind-out-file=/dev/null',
      process.execPath, '--single-threaded', '--hash-seed=1', '--random-seed=1', script, side, SYSTEM, 'bench-4v4', String(fights)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => {
      const refs = /I\s+refs:\s+([\d,]+)/.exec(err);
      if (code !== 0 || !refs) reject(new Error(`valgrind ${side} ${fights} failed (exit ${code}):\n${err.slice(-2000)}`));
      else resolve(Number(refs[1]!.replaceAll(',', '')));
    });
  });
}

/** Per fight: two counts, run side by side (two cores), differenced. */
async function perFight(script: string, side: string): Promise<number> {
  const [few, many] = await Promise.all([count(script, side, FEW), count(script, side, MANY)]);
  return (many - few) / (MANY - FEW);
}

export async function run(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.log('skipped: valgrind is not installed (Debian: apt-get install -y valgrind)');
    return;
  }
  if (!existsSync(SYSTEM)) {
    console.log('skipped: systems/classic-d20.json is missing');
    return;
  }
  const script = join(projectRoot, 'node_modules', '.cache', 'rules-studio', 'bench-sim-count.mjs');
  rmSync(script, { force: true });
  await buildIfStale(projectRoot, 'bench/sim-count.ts', script);
  const started = performance.now();
  const engine = await perFight(script, 'engine');
  const baseline = await perFight(script, 'baseline');
  const k = (x: number): string => `${(x / 1000).toFixed(1)}k`;
  console.log(`system: classic-d20 · fight: bench-4v4 · valgrind (cachegrind, counting only), node --single-threaded --hash-seed=1 --random-seed=1, from one esbuild bundle · per fight = (count of ${MANY.toLocaleString('en-US')} fights - count of ${FEW.toLocaleString('en-US')}) / ${(MANY - FEW).toLocaleString('en-US')}`);
  console.log(`engine    : ${k(engine)} instructions per fight`);
  console.log(`baseline  : ${k(baseline)} instructions per fight`);
  console.log(`ratio     : baseline / engine = ${(baseline / engine).toFixed(3)} (an estimate of sim.bench.ts's speed ratio, whose goal is >= 0.3; counted in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
