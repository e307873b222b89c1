// npm run bench -- instructions: machine instructions per fight of the engine and of the hand-written baseline
// (bench/sim-baseline.ts) on classic-d20's `bench-4v4`, counted by valgrind. Unlike CPU seconds on this shared
// machine, the engine's count does not move from run to run (V8 on one thread, its hash and random seeds fixed: the
// same count to the instruction), so it shows a change to the engine a few percent wide that timings drown. Another
// build of the same engine may differ by about 0.3% (where the code lands, what the compiler inlines); the baseline,
// which allocates in every fight, moves by about 2% with the garbage collector. Per fight: the count of
// 30,000 fights less that of 10,000, over 20,000, so start-up, loading and warm-up cancel out. The ratio estimates the
// speed ratio of sim.bench.ts; it is not a timing. Which functions the instructions go to: bench/instruction-profile.ts.
import { cannotRun, countScript, FEW, MANY, underValgrind } from './valgrind';

/** Instructions the workload ran under valgrind's cachegrind (no cache simulation: counting only). */
async function count(script: string, side: 'engine' | 'baseline', fights: number): Promise<number> {
  const report = await underValgrind(['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null'], script, side, fights);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(report);
  if (!refs) throw new Error(`valgrind ${side} ${fights} gave no count:\n${report.slice(-2000)}`);
  return Number(refs[1]!.replaceAll(',', ''));
}

/** Per fight: two counts, run side by side (two cores), differenced. */
async function perFight(script: string, side: 'engine' | 'baseline'): Promise<number> {
  const [few, many] = await Promise.all([count(script, side, FEW), count(script, side, MANY)]);
  return (many - few) / (MANY - FEW);
}

export async function run(): Promise<void> {
  const problem = cannotRun();
  if (problem) {
    console.log(`skipped: ${problem}`);
    return;
  }
  const script = await countScript();
  const started = performance.now();
  const engine = await perFight(script, 'engine');
  const baseline = await perFight(script, 'baseline');
  const k = (x: number): string => `${(x / 1000).toFixed(1)}k`;
  console.log(`system: classic-d20 · fight: bench-4v4 · valgrind (cachegrind, counting only), node --single-threaded --hash-seed=1 --random-seed=1, from one esbuild bundle · per fight = (count of ${MANY.toLocaleString('en-US')} fights - count of ${FEW.toLocaleString('en-US')}) / ${(MANY - FEW).toLocaleString('en-US')}`);
  console.log(`engine    : ${k(engine)} instructions per fight`);
  console.log(`baseline  : ${k(baseline)} instructions per fight`);
  console.log(`ratio     : baseline / engine = ${(baseline / engine).toFixed(3)} (an estimate of sim.bench.ts's speed ratio, whose goal is >= 0.3; counted in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
