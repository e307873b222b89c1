// The single-core part of `npm run bench -- sim`, run from an esbuild bundle as the CLI and the studio's workers run
// the engine: through tsx every closure made at run time is wrapped for its name (keepNames), which costs the
// baseline (it makes closures in every fight) far more than the engine, so measuring under tsx flatters the engine.
// Engine and baseline alternate over rounds, each round the same fights for both; prints one JSON line.
import { readFileSync } from 'node:fs';
import { deriveSeed } from '../engine/dice/rng';
import type { SystemDocument } from '../engine/schema/document';
import { loadSystem, simulate, type SimStats } from '../engine/sim/index';
import { baselineFight } from './sim-baseline';

export interface RateResult {
  readonly system: string;
  readonly fight: string;
  readonly perRound: number;
  readonly rounds: number;
  /** Each side's least disturbed round (least CPU), in CPU seconds and wall seconds. */
  readonly engine: { readonly cpu: number; readonly wall: number; readonly heroWinRate: number; readonly meanRounds: number };
  readonly baseline: { readonly cpu: number; readonly wall: number; readonly heroWinRate: number; readonly meanRounds: number };
  /** baseline CPU / engine CPU of each round, sorted. */
  readonly ratios: readonly number[];
}

function cpuSeconds(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
}

export function measure(systemPath: string, fightId: string, perRound: number, rounds: number): RateResult {
  const doc = JSON.parse(readFileSync(systemPath, 'utf8')) as SystemDocument;
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  const system = loaded.system;
  simulate(system, fightId, { fights: 2_000, seed: 99 });
  for (let i = 0; i < 2_000; i++) baselineFight(deriveSeed(99, i));
  let engineStats: SimStats | null = null;
  let heroWins = 0, roundsSum = 0, baselineFights = 0;
  let engine = { cpu: Infinity, wall: Infinity };
  let baseline = { cpu: Infinity, wall: Infinity };
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let c0 = cpuSeconds(), t0 = performance.now();
    engineStats = simulate(system, fightId, { fights: perRound, seed: 1 + r });
    const e = { cpu: cpuSeconds() - c0, wall: (performance.now() - t0) / 1000 };
    c0 = cpuSeconds(); t0 = performance.now();
    for (let i = 0; i < perRound; i++) {
      const result = baselineFight(deriveSeed(1 + r, i));
      if (result.heroesWon) heroWins++;
      roundsSum += result.rounds;
    }
    const b = { cpu: cpuSeconds() - c0, wall: (performance.now() - t0) / 1000 };
    baselineFights += perRound;
    if (e.cpu < engine.cpu) engine = e;
    if (b.cpu < baseline.cpu) baseline = b;
    ratios.push(b.cpu / e.cpu);
  }
  ratios.sort((a, b) => a - b);
  return {
    system: system.id, fight: fightId, perRound, rounds, ratios,
    engine: { ...engine, heroWinRate: engineStats!.wins.heroes / perRound, meanRounds: engineStats!.rounds.mean },
    baseline: { ...baseline, heroWinRate: heroWins / baselineFights, meanRounds: roundsSum / baselineFights },
  };
}

// Run as a script (the bundle): node sim-rate.mjs <system.json> <fight> <fights per round> <rounds>
const [systemPath, fightId, perRound, rounds] = process.argv.slice(2);
if (systemPath && fightId) console.log(JSON.stringify(measure(systemPath, fightId, Number(perRound ?? 10_000), Number(rounds ?? 5))));
