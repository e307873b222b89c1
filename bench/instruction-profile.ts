// Where the engine's instructions go, function by function, per fight of classic-d20's `bench-4v4`: valgrind's
// callgrind counts every instruction, node's --perf-basic-prof names the generated code, and the difference between
// a run of 30,000 fights and one of 10,000 leaves the steady state. Not part of `npm run bench` (it takes a few
// minutes); run it when looking for what to speed up:
//   npx tsx bench/instruction-profile.ts [engine|baseline] [rows]
// Self instructions only (what a function does itself, its calls not counted); "native" rows are node's own code
// (V8's runtime and compiler, the garbage collector), named as callgrind names them. PROFILE_NODE_FLAGS passes node
// more flags (`--no-turbo-inlining`: each function keeps its own instructions instead of lending them to its caller).
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callgrindPid, parsePerfMap, perFight, selfCosts } from './callgrind';
import { cannotRun, countScript, FEW, MANY, underValgrind } from './valgrind';

async function profile(script: string, side: 'engine' | 'baseline', fights: number): Promise<Map<string, number>> {
  const out = join(tmpdir(), `rules-studio-callgrind-${side}-${fights}-${process.pid}.out`);
  // --perf-basic-prof also turns on V8's code log, an isolate-*.log in the working directory unless sent elsewhere.
  const v8log = join(tmpdir(), `rules-studio-v8-${side}-${fights}-${process.pid}.log`);
  try {
    const extra = (process.env['PROFILE_NODE_FLAGS'] ?? '').split(' ').filter(Boolean);
    await underValgrind(['--tool=callgrind', '--dump-instr=yes', `--callgrind-out-file=${out}`], script, side, fights,
      ['--perf-basic-prof', '--no-logfile-per-isolate', `--logfile=${v8log}`, ...extra]);
    const callgrind = readFileSync(out, 'utf8');
    const pid = callgrindPid(callgrind);
    if (pid === null) throw new Error(`no pid in ${out}`);
    const mapFile = join('/tmp', `perf-${pid}.map`);
    try {
      return selfCosts(callgrind, parsePerfMap(readFileSync(mapFile, 'utf8')));
    } finally {
      rmSync(mapFile, { force: true });
    }
  } finally {
    rmSync(out, { force: true });
    rmSync(v8log, { force: true });
  }
}

const side = process.argv[2] === 'baseline' ? 'baseline' : 'engine';
const rows = Number(process.argv[3] ?? 40);
const problem = cannotRun();
if (problem) {
  console.log(`cannot profile: ${problem}`);
} else {
  const script = await countScript();
  const [few, many] = await Promise.all([profile(script, side, FEW), profile(script, side, MANY)]);
  const costs = perFight(few, many, MANY - FEW);
  const total = costs.reduce((sum, [, n]) => sum + n, 0);
  const group = (prefix: string): number => costs.filter(([name]) => name.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);
  console.log(`${side} · classic-d20 bench-4v4 · instructions per fight, (${MANY.toLocaleString('en-US')} fights - ${FEW.toLocaleString('en-US')}) / ${(MANY - FEW).toLocaleString('en-US')}: ${Math.round(total).toLocaleString('en-US')}`);
  console.log(`JavaScript ${Math.round(group('JS:')).toLocaleString('en-US')} · V8 builtins ${Math.round(group('Builtin:') + group('BytecodeHandler:')).toLocaleString('en-US')} · native ${Math.round(group('native ')).toLocaleString('en-US')}`);
  for (const [name, n] of costs.slice(0, rows)) console.log(`${Math.round(n).toLocaleString('en-US').padStart(8)}  ${name}`);
}
