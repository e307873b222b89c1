// npm run bench -- sim: the fight engine on classic-d20's `bench-4v4` (four level-5 heroes against four tier-2
// standard enemies), fights per second on one core side by side with the hand-written baseline of the same fight
// (bench/sim-baseline.ts), `--workers 2` against 1, and the heap over a long run (statistics stream: memory stays flat).
// Rates are given per CPU second of this process (the machine is shared) and per wall second.
import { existsSync, readFileSync } from 'node:fs';
import { deriveSeed } from '../engine/dice/rng';
import type { SystemDocument } from '../engine/schema/document';
import { loadSystem, simulate, type SimStats, type System } from '../engine/sim/index';
import { simulateParallel } from '../engine/cli/sim-workers/pool';
import { workerScript } from '../engine/cli/worker-pool';
import { loadLine, parallelCeiling } from './machine';
import { baselineFight } from './sim-baseline';

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

export async function run(): Promise<void> {
  const useSystem = existsSync(SYSTEM);
  const doc = JSON.parse(readFileSync(useSystem ? SYSTEM : FALLBACK, 'utf8')) as SystemDocument;
  const fightId = useSystem ? 'bench-4v4' : 'skirmish';
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  const system: System = loaded.system;
  const n = Number(process.env.SIM_BENCH_FIGHTS ?? 50_000);

  // Warm-up, then measure. The machine is shared: engine and baseline alternate over rounds (each round the same
  // fights for both), and each side's best round (least CPU: least disturbed) gives its rate; the median of the
  // per-round ratios is printed too, as a check that the best rounds are not a fluke.
  simulate(system, fightId, { fights: 2_000, seed: 99 });
  for (let i = 0; i < 2_000; i++) baselineFight(deriveSeed(99, i));
  const rounds = Math.max(1, Number(process.env.SIM_BENCH_ROUNDS ?? 5));
  const perRound = Math.max(1, Math.floor(n / rounds));
  let engineStats = simulate(system, fightId, { fights: 1, seed: 1 });
  let heroWins = 0, roundsSum = 0, baselineFights = 0;
  let engineBest: Timing = { wall: Infinity, cpu: Infinity };
  let baselineBest: Timing = { wall: Infinity, cpu: Infinity };
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const engineRound = time(() => { engineStats = simulate(system, fightId, { fights: perRound, seed: 1 + r }); });
    const baselineRound = time(() => {
      for (let i = 0; i < perRound; i++) {
        const result = baselineFight(deriveSeed(1 + r, i));
        if (result.heroesWon) heroWins++;
        roundsSum += result.rounds;
      }
    });
    baselineFights += perRound;
    if (engineRound.cpu < engineBest.cpu) engineBest = engineRound;
    if (baselineRound.cpu < baselineBest.cpu) baselineBest = baselineRound;
    ratios.push(baselineRound.cpu / engineRound.cpu);
  }
  ratios.sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)]!;
  console.log(`system: ${system.id} · fight: ${fightId} · ${rounds} rounds of ${perRound.toLocaleString('en-US')} fights each, engine and baseline alternating · best round per side`);
  console.log(`engine    : ${rate(perRound, engineBest.cpu)} fights/CPU-s (${rate(perRound, engineBest.wall)} fights/wall-s) · heroes win ${(100 * engineStats.wins.heroes / perRound).toFixed(1)}% · rounds ${engineStats.rounds.mean.toFixed(2)} (last round)`);
  console.log(`baseline  : ${rate(perRound, baselineBest.cpu)} fights/CPU-s (${rate(perRound, baselineBest.wall)} fights/wall-s) · heroes win ${(100 * heroWins / baselineFights).toFixed(1)}% · rounds ${(roundsSum / baselineFights).toFixed(2)}`);
  console.log(`ratio     : engine / baseline = ${(baselineBest.cpu / engineBest.cpu).toFixed(3)} best rounds, ${median.toFixed(3)} median of paired rounds (goal >= 0.3) · goal 100,000 fights/s`);

  // Workers: the same fights through simulateParallel (what `sim --workers K` runs) with K = 1 and K = 2. K threads
  // fight: this one (already warm from the rounds above, for both K) and K - 1 worker threads, each paying its own
  // start-up (loading the engine bundle and the system) and JIT warm-up. Start-up alone is measured too (one fight a
  // thread), so the fighting itself can be compared. The worker bundle is built (once after a source edit) before any
  // timing, and that time is shown.
  const wn = Number(process.env.SIM_BENCH_WORKER_FIGHTS ?? 200_000);
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
  const [startOne] = await wall(1, 1);
  const [startTwo] = await wall(2, 2);
  const [oneWall, one] = await wall(wn, 1);
  const oneCpu = lastCpu;
  const [twoWall, two] = await wall(wn, 2);
  const twoCpu = lastCpu;
  const control = await parallelCeiling();
  const same = JSON.stringify(one) === JSON.stringify(two);
  const fighting = (oneWall - startOne) / Math.max(1e-3, twoWall - startTwo);
  console.log(`workers   : ${wn.toLocaleString('en-US')} fights, start-up included · --workers 1 (this thread) ${oneWall.toFixed(2)} s (${oneCpu.toFixed(2)} CPU-s) · --workers 2 (this thread + 1 worker thread) ${twoWall.toFixed(2)} s (${twoCpu.toFixed(2)} CPU-s, all threads) · speed-up ${(oneWall / twoWall).toFixed(2)}x (goal >= 1.8x) · identical results: ${same} · ${load()}`);
  console.log(`            start-up alone: --workers 1 ${startOne.toFixed(2)} s, --workers 2 ${startTwo.toFixed(2)} s · fighting only (start-up taken off): ${fighting.toFixed(2)}x`);
  console.log(`            ${control}`);

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
