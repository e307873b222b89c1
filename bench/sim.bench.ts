// npm run bench -- sim: the fight engine on classic-d20's `bench-4v4` (four level-5 heroes against four tier-2
// standard enemies), fights per second on one core side by side with the hand-written baseline of the same fight
// (bench/sim-baseline.ts), 2 workers against 1, and the heap over a long run (statistics stream: memory stays flat).
// Rates are given per CPU second of this process (the machine is shared) and per wall second.
import { existsSync, readFileSync } from 'node:fs';
import { deriveSeed } from '../engine/dice/rng';
import type { SystemDocument } from '../engine/schema/document';
import { loadSystem, simulate, type System } from '../engine/sim/index';
import { simulateParallel } from '../engine/sim/node/pool';
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

  // Warm-up, then measure.
  simulate(system, fightId, { fights: 2_000, seed: 99 });
  for (let i = 0; i < 2_000; i++) baselineFight(deriveSeed(99, i));
  let engineStats = simulate(system, fightId, { fights: 1, seed: 1 });
  const engine = time(() => { engineStats = simulate(system, fightId, { fights: n, seed: 1 }); });
  let heroWins = 0, rounds = 0;
  const baseline = time(() => {
    for (let i = 0; i < n; i++) {
      const r = baselineFight(deriveSeed(1, i));
      if (r.heroesWon) heroWins++;
      rounds += r.rounds;
    }
  });
  console.log(`system: ${system.id} · fight: ${fightId} · ${n.toLocaleString('en-US')} fights`);
  console.log(`engine    : ${rate(n, engine.cpu)} fights/CPU-s (${rate(n, engine.wall)} fights/wall-s) · heroes win ${(100 * engineStats.wins.heroes / n).toFixed(1)}% · rounds ${engineStats.rounds.mean.toFixed(2)}`);
  console.log(`baseline  : ${rate(n, baseline.cpu)} fights/CPU-s (${rate(n, baseline.wall)} fights/wall-s) · heroes win ${(100 * heroWins / n).toFixed(1)}% · rounds ${(rounds / n).toFixed(2)}`);
  console.log(`ratio     : engine / baseline = ${(baseline.cpu / engine.cpu).toFixed(3)} (goal >= 0.3) · goal 100,000 fights/s`);

  // Workers: the same fights on 1 and on 2 worker threads (each pays its own start-up: a tsx load of the engine).
  const wn = Number(process.env.SIM_BENCH_WORKER_FIGHTS ?? 200_000);
  let t0 = performance.now();
  const one = await simulateParallel(system, doc, fightId, { fights: wn, seed: 3, workers: 1 });
  const oneWall = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const two = await simulateParallel(system, doc, fightId, { fights: wn, seed: 3, workers: 2 });
  const twoWall = (performance.now() - t0) / 1000;
  const same = JSON.stringify(one) === JSON.stringify(two);
  console.log(`workers   : ${wn.toLocaleString('en-US')} fights · 1 worker ${oneWall.toFixed(2)} s · 2 workers ${twoWall.toFixed(2)} s · speed-up ${(oneWall / twoWall).toFixed(2)}x (goal >= 1.8x; 2 cores shared with other processes) · identical results: ${same}`);

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
