// npm run bench -- balance: the tier × role grid of classic-d20 (party: the four level-5 heroes of `bench-4v4`,
// 4 template roles × tiers 1–6 = 24 cells, four enemies a cell) at 2,000 fights a cell, on one thread (runGrid: the
// baseline, measured in the same run after a warm-up) and on two threads through runGridParallel, what `sim --grid
// --workers 2` runs: this thread (warm from the baseline) and one worker thread, which pays its start-up and JIT
// warm-up inside the timing. Both must give the same grid. BALANCE_BENCH_FIGHTS overrides the fights per cell.
// Then the needle of first-blood the same way (NEEDLE_BENCH_FIGHTS fights a variant, default 1,000).
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { runGrid } from '../engine/balance/grid';
import { runGridParallel } from '../engine/cli/balance-workers/pool';
import { runSensitivityParallel } from '../engine/cli/balance-workers/needle-pool';
import { sensitivity } from '../engine/balance/sensitivity';
import { workerScript } from '../engine/cli/worker-pool';
import { loadLine, parallelCeiling } from './machine';
import type { SystemDocument } from '../engine/schema/document';
import { loadSystem } from '../engine/sim/index';

const SYSTEM = new URL('../systems/classic-d20.json', import.meta.url);

export async function run(): Promise<void> {
  const doc = JSON.parse(readFileSync(SYSTEM, 'utf8')) as SystemDocument;
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  const fights = Number(process.env.BALANCE_BENCH_FIGHTS ?? 2_000);
  const options = { party: 'bench-4v4', fights, seed: 1 };

  runGrid(doc, loaded.system, { ...options, fights: 100 }); // warm-up
  const cpu0 = process.cpuUsage();
  let t0 = performance.now();
  const one = runGrid(doc, loaded.system, options);
  const oneWall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (typeof one === 'string') throw new Error(one);
  const total = one.cells.length * fights;

  const load = loadLine;
  const loadOne = load();
  // The worker bundle is built (once after a source edit) before any timing; that time is shown on its own.
  const bundleStart = performance.now();
  const script = await workerScript('grid-worker');
  const bundleLine = script.bundled
    ? `  worker bundle: ready in ${((performance.now() - bundleStart) / 1000).toFixed(2)} s (built now if a source was newer; not in the times below)`
    : '  worker bundle: none (cache not writable): workers run the sources through tsx';

  // Start-up alone (the worker loads the engine bundle and the system): one fight a cell.
  const cpuStart = process.cpuUsage();
  t0 = performance.now();
  await runGridParallel(doc, { ...options, fights: 1 }, 2);
  const startWall = (performance.now() - t0) / 1000;
  const startCpu = process.cpuUsage(cpuStart);

  // process.cpuUsage() counts every thread of the process: CPU seconds show the work apart from the machine's load.
  const cpu2 = process.cpuUsage();
  t0 = performance.now();
  const two = await runGridParallel(doc, options, 2);
  const twoWall = (performance.now() - t0) / 1000;
  const twoCpu = process.cpuUsage(cpu2);
  const loadTwo = load();
  const control = await parallelCeiling();
  if (typeof two === 'string') throw new Error(two);

  const rate = (seconds: number): string => Math.round(total / seconds).toLocaleString('en-US');
  const meanRounds = one.cells.reduce((a, c) => a + c.rounds.value, 0) / one.cells.length;
  process.stdout.write([
    `balance grid: classic-d20, party bench-4v4, ${one.roles.length} roles × ${one.tiers.length} tiers = ${one.cells.length} cells × ${fights.toLocaleString('en-US')} fights = ${total.toLocaleString('en-US')} fights (mean ${meanRounds.toFixed(2)} rounds a fight)`,
    bundleLine,
    `  1 thread  : ${oneWall.toFixed(2)} s wall (${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU), ${rate(oneWall)} fights/s   (baseline 1.00×) · ${loadOne}`,
    `  2 threads : ${twoWall.toFixed(2)} s wall, start-up included (${((twoCpu.user + twoCpu.system) / 1e6).toFixed(2)} s CPU, all threads), ${rate(twoWall)} fights/s   (${(oneWall / twoWall).toFixed(2)}× the baseline, wall) · ${loadTwo}`,
    `  2 threads, start-up alone (1 fight a cell): ${startWall.toFixed(2)} s wall (${((startCpu.user + startCpu.system) / 1e6).toFixed(2)} s CPU); without it: ${(oneWall / Math.max(0.001, twoWall - startWall)).toFixed(2)}× the baseline`,
    `  identical grids on 1 thread and 2 threads: ${isDeepStrictEqual(one, two) ? 'yes' : 'NO'}`,
    `  ${control}`,
    '',
  ].join('\n'));

  // The needle (sim --sensitivity): every variant of first-blood, on one thread (the baseline) and shared between two
  // (runSensitivityParallel, what `--workers 2` runs; the worker plans the needle and fights the original itself).
  const needleFights = Number(process.env.NEEDLE_BENCH_FIGHTS ?? 1_000);
  const needle = { fight: 'first-blood', fights: needleFights, seed: 1 };
  sensitivity(doc, loaded.system, { ...needle, fights: 50 }); // warm-up
  await workerScript('needle-worker');
  t0 = performance.now();
  const alone = sensitivity(doc, loaded.system, needle);
  const aloneWall = (performance.now() - t0) / 1000;
  const loadAlone = load();
  t0 = performance.now();
  const shared = await runSensitivityParallel(doc, loaded.system, JSON.stringify(doc), needle, 2);
  const sharedWall = (performance.now() - t0) / 1000;
  if (typeof alone === 'string' || typeof shared === 'string') throw new Error(typeof alone === 'string' ? alone : String(shared));
  const variants = alone.nudges.length + alone.skipped.length;
  process.stdout.write([
    `needle: classic-d20 first-blood, ${variants} variants × ${needleFights.toLocaleString('en-US')} fights (and the original's)`,
    `  1 thread  : ${aloneWall.toFixed(2)} s wall   (baseline 1.00×) · ${loadAlone}`,
    `  2 threads : ${sharedWall.toFixed(2)} s wall, start-up included   (${(aloneWall / sharedWall).toFixed(2)}× the baseline) · ${load()}`,
    `  identical answers on 1 thread and 2 threads: ${isDeepStrictEqual(alone, shared) ? 'yes' : 'NO'}`,
    '',
  ].join('\n'));
}
