// The workload of `npm run bench -- instructions`: N fights of classic-d20's `bench-4v4`, by the engine or by the
// hand-written baseline, and nothing else. Run from an esbuild bundle under valgrind, which counts the instructions.
//   node sim-count.mjs engine|baseline <system.json> <fight> <fights>
import { readFileSync } from 'node:fs';
import { deriveSeed } from '../engine/dice/rng';
import type { SystemDocument } from '../engine/schema/document';
import { loadSystem, simulate } from '../engine/sim/index';
import { baselineFight } from './sim-baseline';

const [side, systemPath, fightId, fights] = process.argv.slice(2);
const n = Number(fights);
if ((side !== 'engine' && side !== 'baseline') || !systemPath || !fightId || !Number.isInteger(n) || n < 0) {
  throw new Error('usage: sim-count engine|baseline <system.json> <fight> <fights>');
}
// Both sides load the system, so the difference between two fight counts is fights alone.
const loaded = loadSystem(JSON.parse(readFileSync(systemPath, 'utf8')) as SystemDocument);
if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
let heroWins = 0;
if (side === 'engine') heroWins = simulate(loaded.system, fightId, { fights: n, seed: 5 }).wins.heroes;
else for (let i = 0; i < n; i++) if (baselineFight(deriveSeed(5, i)).heroesWon) heroWins++;
console.log(JSON.stringify({ side, fights: n, heroWins }));
