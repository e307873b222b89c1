// npm run fuzz-campaign -- [--formulas N] [--systems N] [--seed S] [--workers K] [--hang MS] [--out FILE]
// The campaign before a release (issue 17): N random and mutated formulas through parse, check, compile, evaluate,
// dist and the CLI's roll and dist, and N mutated seed systems through check, load and a short sim of every fight
// (scripts/fuzz-campaign/cases.ts says what a failure is). Defaults: 1,000,000 formulas, 10,000 systems, seed 1.
// Cases run in worker threads, in chunks of 1,000 that a seed makes the same on every machine; a case that runs
// longer than --hang ms (default 10,000) is a hang: its worker is stopped and replaced, and the chunk goes on after
// it. Every case over 2 s is listed as slow, to re-time alone. Prints the counts, each failure with its chunk and
// index (replay: --replay KIND:CHUNK:INDEX), and writes them all as JSON to --out. Run it with `nice -n 19`.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: npm run fuzz-campaign -- [--formulas N] [--systems N] [--seed S] [--workers K] [--hang MS] [--out FILE] [--replay KIND:CHUNK:INDEX]';

function parseArgs(argv) {
  const options = { formulas: 1_000_000, systems: 10_000, seed: 1, workers: Math.max(1, Math.min(2, cpus().length)), hang: 10_000, out: 'test-output/fuzz-campaign.json', replay: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[++i];
    if (value === undefined) fail(`${arg} needs a value`);
    if (arg === '--out') options.out = value;
    else if (arg === '--replay') {
      const m = /^(formulas|systems):(\d+):(\d+)$/.exec(value);
      if (!m) fail(`--replay: expected formulas|systems:CHUNK:INDEX, got ${value}`);
      options.replay = { kind: m[1], chunk: Number(m[2]), index: Number(m[3]) };
    } else if (['--formulas', '--systems', '--seed', '--workers', '--hang'].includes(arg)) {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 0) fail(`${arg}: expected a whole number, got ${value}`);
      options[arg.slice(2)] = n;
    } else fail(`unknown option ${arg}`);
  }
  return options;
}

function fail(message) {
  console.error(`fuzz-campaign: ${message}\n${USAGE}`);
  process.exit(2);
}

const options = parseArgs(process.argv.slice(2));
const CHUNK = 1_000;
const outDir = join(process.env.RULES_STUDIO_CACHE_DIR ?? join(tmpdir(), 'rules-studio-fuzz'), 'fuzz-campaign');
mkdirSync(outDir, { recursive: true });
const bundle = async (entry, name) => {
  const outfile = join(outDir, name);
  await build({
    entryPoints: [join(root, entry)], bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'error',
    mainFields: ['module', 'main'], alias: { chevrotain: join(root, 'node_modules', 'chevrotain', 'lib', 'chevrotain.mjs') },
    // The cases read the seed systems relative to the sources: keep import.meta.url pointing there.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(root, entry)).href) },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
};
const workerFile = await bundle('scripts/fuzz-campaign/worker.ts', 'worker.mjs');
const casesFile = await bundle('scripts/fuzz-campaign/cases.ts', 'cases.mjs');
const cases = await import(pathToFileURL(casesFile).href);

if (options.replay) {
  const { kind, chunk, index } = options.replay;
  const input = kind === 'formulas' ? cases.formulaInputs(chunk, options.seed)[index] : cases.systemInputs(chunk, options.seed)[index];
  console.log(kind === 'formulas' ? JSON.stringify(input) : cases.describeMutation(input));
  const started = performance.now();
  const cpu = process.cpuUsage();
  const outcome = kind === 'formulas' ? await cases.runFormula(input, chunk * CHUNK + index) : cases.runSystem(input, chunk * CHUNK + index);
  const used = process.cpuUsage(cpu);
  // CPU time as well as wall time: on a busy machine the wall time is mostly waiting.
  console.log(JSON.stringify({ ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000), ...outcome }, null, 2));
  process.exit(0);
}

const jobs = [];
{
  // Interleaved, a chunk of systems after every ten of formulas, so a campaign stopped early has some of both.
  const formulaChunks = Math.ceil(options.formulas / CHUNK);
  const systemChunks = Math.ceil(options.systems / CHUNK);
  for (let f = 0, s = 0; f < formulaChunks || s < systemChunks; ) {
    for (let k = 0; k < 10 && f < formulaChunks; k++) jobs.push({ kind: 'formulas', chunk: f++, seed: options.seed, from: 0 });
    if (s < systemChunks) jobs.push({ kind: 'systems', chunk: s++, seed: options.seed, from: 0 });
  }
}
const totals = { formulas: 0, systems: 0 };
const reached = { formulas: {}, systems: {} };
const failures = [];
const hangs = [];
const slow = [];
const slowest = { formulas: { ms: 0 }, systems: { ms: 0 } };
const shared = new SharedArrayBuffer(8 * 3 * options.workers);
const state = new Float64Array(shared);
const started = Date.now();
let running = 0;
let lastSnapshot = Date.now();

function failureKinds() {
  const byProblem = new Map();
  for (const f of failures) {
    const key = `${f.stage}: ${f.problem.split('\n')[0].replace(/\d+/g, 'N')}`;
    if (!byProblem.has(key)) byProblem.set(key, { ...f, count: 0 });
    byProblem.get(key).count++;
  }
  return byProblem;
}

function writeReport(complete) {
  const seconds = Math.round((Date.now() - started) / 1000);
  // Cases of chunks still running, not yet in the totals (their failures come with the chunk).
  const inFlight = workers.filter((w) => w?.progress).map((w) => ({ ...w.progress, from: w.job?.from ?? 0 }));
  const report = { complete, seed: options.seed, seconds, totals, inFlight, reached, failures: failures.length, kinds: [...failureKinds().values()], hangs, slow, slowest };
  mkdirSync(dirname(join(root, options.out)), { recursive: true });
  writeFileSync(join(root, options.out), `${JSON.stringify(report, null, 2)}\n`);
}

function startWorker(slot) {
  const worker = new Worker(workerFile, { workerData: { shared, slot } });
  const entry = { worker, slot, job: null };
  worker.on('message', (message) => {
    if (message.progress !== undefined) {
      entry.progress = { kind: message.progress, index: message.index, failures: message.failures };
      return;
    }
    entry.progress = null;
    const { done } = message;
    totals[done.kind] += message.cases;
    for (const [k, v] of Object.entries(message.reached)) reached[done.kind][k] = (reached[done.kind][k] ?? 0) + v;
    failures.push(...message.failures);
    if (message.slowest.ms > slowest[done.kind].ms) slowest[done.kind] = { ...message.slowest, chunk: done.chunk };
    next(entry);
  });
  worker.on('error', (err) => {
    failures.push({ kind: entry.job?.kind, chunk: entry.job?.chunk, index: state[slot * 3 + 1], stage: 'worker', problem: String(err?.stack ?? err), input: '' });
    replace(entry, 1);
  });
  running++;
  next(entry);
  return entry;
}

const workers = [];
function next(entry) {
  const job = jobs.shift();
  if (job === undefined) {
    entry.job = null;
    entry.worker.terminate();
    running--;
    if (running === 0) finish();
    return;
  }
  entry.job = job;
  state[entry.slot * 3 + 2] = Date.now();
  entry.worker.postMessage(job);
}

/** Stops a worker stuck on (or broken by) its current case and goes on after that case in a fresh one. */
function replace(entry, skip) {
  const { job, slot } = entry;
  const index = state[slot * 3 + 1];
  entry.worker.removeAllListeners();
  void entry.worker.terminate();
  running--;
  if (job !== null) {
    // The cases before it were counted by nobody: they run again in the fresh worker (same inputs, same results).
    if (index + skip < CHUNK) jobs.unshift({ ...job, from: index + skip });
    totals[job.kind] += skip;
  }
  workers[slot] = startWorker(slot);
}

const watchdog = setInterval(() => {
  for (const entry of workers) {
    if (entry?.job == null) continue;
    const since = state[entry.slot * 3 + 2];
    if (since > 0 && Date.now() - since > options.hang) {
      const { kind, chunk } = entry.job;
      const index = state[entry.slot * 3 + 1];
      const input = kind === 'formulas' ? cases.formulaInputs(chunk, options.seed)[index] : cases.describeMutation(cases.systemInputs(chunk, options.seed)[index]);
      hangs.push({ kind, chunk, index, input, ms: Date.now() - since });
      replace(entry, 1);
    } else if (since > 0 && Date.now() - since > 2_000) {
      const key = `${entry.job.kind}:${entry.job.chunk}:${state[entry.slot * 3 + 1]}`;
      if (!slow.includes(key)) slow.push(key);
    }
  }
  const done = totals.formulas + totals.systems;
  // A snapshot every 30 s: a campaign stopped early still leaves its counts.
  if (Date.now() - lastSnapshot > 30_000) {
    lastSnapshot = Date.now();
    writeReport(false);
  }
  if (process.stderr.isTTY || done % 50_000 < 2_000) process.stderr.write(`\r${done.toLocaleString('en-US')} cases, ${failures.length} failures, ${hangs.length} hangs, ${Math.round((Date.now() - started) / 1000)} s `);
}, 250);

for (let slot = 0; slot < options.workers; slot++) workers.push(startWorker(slot));

function finish() {
  clearInterval(watchdog);
  const seconds = Math.round((Date.now() - started) / 1000);
  const byProblem = failureKinds();
  writeReport(true);
  console.log(`\nfuzz-campaign (seed ${options.seed}, ${seconds} s): ${totals.formulas.toLocaleString('en-US')} formulas, ${totals.systems.toLocaleString('en-US')} systems`);
  console.log(`reached: formulas ${JSON.stringify(reached.formulas)}; systems ${JSON.stringify(reached.systems)}`);
  for (const kind of ['formulas', 'systems']) {
    const s = slowest[kind];
    if (s.ms > 0) console.log(`slowest ${kind} case: ${Math.round(s.ms)} ms (${kind}:${s.chunk}:${s.index}) ${JSON.stringify(s.input).slice(0, 200)}`);
  }
  console.log(`slow (over 2 s, re-time with --replay): ${slow.length ? slow.join(', ') : 'none'}`);
  console.log(`hangs (over ${options.hang} ms): ${hangs.length}`);
  for (const h of hangs) console.log(`  ${h.kind}:${h.chunk}:${h.index} ${JSON.stringify(h.input).slice(0, 300)}`);
  console.log(`failures: ${failures.length} in ${byProblem.size} kinds`);
  for (const f of byProblem.values()) console.log(`  [${f.count}x] ${f.stage} ${f.kind}:${f.chunk}:${f.index} ${JSON.stringify(f.input).slice(0, 200)}\n      ${f.problem.split('\n').join('\n      ').slice(0, 600)}`);
  console.log(`written to ${options.out}`);
  process.exit(failures.length + hangs.length > 0 ? 1 : 0);
}
