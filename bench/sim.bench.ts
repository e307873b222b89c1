// npm run bench -- sim: the fight engine on classic-d20's `bench-4v4` (four level-5 heroes against four tier-2
// standard enemies), fights per second on one core side by side with the hand-written baseline of the same fight
// (bench/sim-baseline.ts), `--workers 2` against 1, and the heap over a long run (statistics stream: memory stays flat).
// Rates are given per CPU second of this process (the machine is shared) and per wall second.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SystemDocument } from '../engine/schema/document';
import { loadSystem, simulate, type SimStats, type System } from '../engine/sim/index';
import { simulateParallel, startSimCrew } from '../engine/cli/sim-workers/pool';
import { workerScript } from '../engine/cli/worker-pool';
import { buildIfStale, projectRoot } from '../engine/cli/bundle-cache.mjs';
import { loadLine, measureCeiling } from './machine';
import type { RateResult } from './sim-rate';

const SYSTEM = new URL('../systems/classic-d20.json', import.meta.url);
const FALLBACK = new URL('../test/fixtures/systems/mini-d20.json', import.meta.url);

interface Timing { wall: number; cpu: number }

function time(fn: () => void): Timing {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1e6 };
}

const rate = (n: number, seconds: number): string => `${Math.round(n / seconds).toLocaleString('en-US')}`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Bundles bench/sim-rate.ts (no keepNames) with the build the CLI's own bundles use, and runs it in a child process:
 * the single-core figures. Always rebuilt: the cache's staleness check watches engine/ and schemas/, not bench/.
 */
async function singleCore(systemPath: string, fightId: string, perRound: number, rounds: number): Promise<RateResult> {
  const outfile = join(projectRoot, 'node_modules', '.cache', 'rules-studio', 'bench-sim-rate.mjs');
  rmSync(outfile, { force: true });
  await buildIfStale(projectRoot, 'bench/sim-rate.ts', outfile);
  const child = spawnSync(process.execPath, [outfile, systemPath, fightId, String(perRound), String(rounds)], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`the single-core measurement failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as RateResult;
}

/** Seconds from starting a sim worker to its saying it is ready (what runTasks waits for before handing it fights). */
async function workerReady(doc: SystemDocument, fightId: string): Promise<number> {
  const t0 = performance.now();
  const crew = startSimCrew(JSON.stringify(doc), fightId, { fights: 1_000_000, seed: 1, workers: 2 });
  while (!crew.ready[0]) await new Promise((resolve) => setTimeout(resolve, 2));
  const seconds = (performance.now() - t0) / 1000;
  await crew.dismiss();
  return seconds;
}

export async function run(): Promise<void> {
  const useSystem = existsSync(SYSTEM);
  const doc = JSON.parse(readFileSync(useSystem ? SYSTEM : FALLBACK, 'utf8')) as SystemDocument;
  const fightId = useSystem ? 'bench-4v4' : 'skirmish';
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  const system: System = loaded.system;
  const n = Number(process.env.SIM_BENCH_FIGHTS ?? 50_000);

  // One core: engine and baseline from one esbuild bundle in a child process (bench/sim-rate.ts says why not tsx),
  // alternating over rounds; each side's best round (least CPU: least disturbed) gives its rate, and the median of
  // the per-round ratios is printed too, as a check that the best rounds are not a fluke.
  const rounds = Math.max(1, Number(process.env.SIM_BENCH_ROUNDS ?? 5));
  const perRound = Math.max(1, Math.floor(n / rounds));
  const rate1 = await singleCore(fileURLToPath(useSystem ? SYSTEM : FALLBACK), fightId, perRound, rounds);
  const median = rate1.ratios[Math.floor(rate1.ratios.length / 2)]!;
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  console.log(`system: ${rate1.system} · fight: ${fightId} · ${rounds} rounds of ${perRound.toLocaleString('en-US')} fights each, engine and baseline alternating, from one esbuild bundle (as the CLI runs) · best round per side`);
  console.log(`engine    : ${rate(perRound, rate1.engine.cpu)} fights/CPU-s (${rate(perRound, rate1.engine.wall)} fights/wall-s) · heroes win ${pct(rate1.engine.heroWinRate)} · rounds ${rate1.engine.meanRounds.toFixed(2)} (last round)`);
  console.log(`baseline  : ${rate(perRound, rate1.baseline.cpu)} fights/CPU-s (${rate(perRound, rate1.baseline.wall)} fights/wall-s) · heroes win ${pct(rate1.baseline.heroWinRate)} · rounds ${rate1.baseline.meanRounds.toFixed(2)}`);
  console.log(`ratio     : engine / baseline = ${(rate1.baseline.cpu / rate1.engine.cpu).toFixed(3)} best rounds, ${median.toFixed(3)} median of paired rounds (goal >= 0.3) · goal 100,000 fights/s · ${loadLine()}`);

  // Workers: the same fights through simulateParallel (what `sim --workers K` runs) with K = 1 and K = 2. K threads
  // fight: this one (already warm from the rounds above, for both K) and K - 1 worker threads, each paying its own
  // start-up (loading the engine bundle and the system) and JIT warm-up; a worker is handed fights once it is ready,
  // and how long that takes is measured on its own. The worker bundle is built (once after a source edit) before any
  // timing, and that time is shown. 600,000 fights (about 9 s on one thread here): the worker's start-up is then a
  // few percent of the run, as in a batch worth sharing. The speed-up is also given as a share of the control's, the
  // plain CPU loop on 1 and 2 threads measured right after: what the host's two cores allow at that moment.
  const wn = Number(process.env.SIM_BENCH_WORKER_FIGHTS ?? 600_000);
  const load = loadLine;
  const bundleStart = performance.now();
  const script = await workerScript('sim-worker');
  console.log(`worker    : ${script.bundled ? `cached bundle ready in ${((performance.now() - bundleStart) / 1000).toFixed(2)} s (built now if a source was newer)` : 'no bundle (cache not writable): workers run the sources through tsx'} · ${load()}`);
  let lastCpu = 0; // CPU seconds of the last run, all threads of this process
  const wall = async (fights: number, workers: number): Promise<[number, SimStats]> => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const stats = await simulateParallel(system, doc, fightId, { fights, seed: 3, workers });
    const cpu = process.cpuUsage(cpu0);
    lastCpu = (cpu.user + cpu.system) / 1e6;
    return [(performance.now() - t0) / 1000, stats];
  };
  const readyIn = await workerReady(doc, fightId);
  const [oneWall, one] = await wall(wn, 1);
  const oneCpu = lastCpu;
  const [twoWall, two] = await wall(wn, 2);
  const twoCpu = lastCpu;
  const control = await measureCeiling();
  const same = JSON.stringify(one) === JSON.stringify(two);
  const speedUp = oneWall / twoWall;
  console.log(`workers   : ${wn.toLocaleString('en-US')} fights, start-up included · --workers 1 (this thread) ${oneWall.toFixed(2)} s (${oneCpu.toFixed(2)} CPU-s) · --workers 2 (this thread + 1 worker thread) ${twoWall.toFixed(2)} s (${twoCpu.toFixed(2)} CPU-s, all threads) · speed-up ${speedUp.toFixed(2)}x (goal >= 1.8x), ${Math.round((100 * speedUp) / control.speedUp)}% of the control's ${control.speedUp.toFixed(2)}x · identical results: ${same} · ${load()}`);
  console.log(`            a worker is ready (a thread, the engine bundle, the system loaded) ${readyIn.toFixed(2)} s after it is started; this thread fights meanwhile`);
  console.log(`            ${control.line}`);

  // What a user of the CLI sees: `rules-studio sim ... --workers 1` against `--workers 2`, whole commands (Node's
  // start, the document check, the load, the fights), alternating; the median of each. The workers start before the
  // check, so their own start-up runs while it does.
  const cliFights = Number(process.env.SIM_BENCH_CLI_FIGHTS ?? 200_000);
  const cliRounds = Math.max(1, Number(process.env.SIM_BENCH_CLI_ROUNDS ?? 3));
  const cliRun = (workers: number): number => {
    const t0 = performance.now();
    const child = spawnSync(process.execPath, [join(projectRoot, 'bin', 'rules-studio.mjs'), 'sim', fileURLToPath(useSystem ? SYSTEM : FALLBACK),
      '--fight', fightId, '--fights', String(cliFights), '--workers', String(workers), '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (child.status !== 0) throw new Error(`the CLI failed: ${child.stderr}`);
    return (performance.now() - t0) / 1000;
  };
  cliRun(1); // the CLI's bundles built, if a source changed since
  const cliOne: number[] = [];
  const cliTwo: number[] = [];
  for (let r = 0; r < cliRounds; r++) { cliOne.push(cliRun(1)); cliTwo.push(cliRun(2)); }
  const middle = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`cli       : rules-studio sim ${fightId} --fights ${cliFights.toLocaleString('en-US')}, whole command, median of ${cliRounds} · --workers 1 ${middle(cliOne).toFixed(2)} s · --workers 2 ${middle(cliTwo).toFixed(2)} s · ${(middle(cliOne) / middle(cliTwo)).toFixed(2)}x · ${load()}`);

  // Memory over a long run: the heap at each checkpoint should stay flat (nothing per fight is kept).
  const mn = Number(process.env.SIM_BENCH_MEMORY_FIGHTS ?? 1_000_000);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const checkpoints: string[] = [];
  const every = Math.max(1, Math.floor(mn / 5));
  const memory = time(() => {
    simulate(system, fightId, {
      fights: mn, seed: 5, progressEvery: every,
      onProgress: (done) => { gc?.(); checkpoints.push(`${(done / 1000).toFixed(0)}k: ${mb(process.memoryUsage().heapUsed)}`); },
    });
  });
  gc?.();
  const after = process.memoryUsage().heapUsed;
  console.log(`memory    : ${mn.toLocaleString('en-US')} fights in ${memory.cpu.toFixed(1)} CPU-s · heap before ${mb(before)}, after ${mb(after)}${gc ? '' : ' (no --expose-gc: heap includes garbage not yet collected)'} · ${checkpoints.join(' · ')}`);
}
