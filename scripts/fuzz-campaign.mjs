// npm run fuzz-campaign -- [--formulas N] [--systems N] [--seed S] [--workers K] [--hang MS] [--chunks KIND:FROM..TO]
//                          [--out FILE] [--log FILE] [--fresh] | --replay KIND:CHUNK:INDEX | --merge LOG...
// The campaign before a release (issue 17): N random and mutated formulas through parse, check, compile, evaluate,
// dist and the CLI's roll and dist, and N mutated seed systems through check, load and a short sim of every fight
// (scripts/fuzz-campaign/cases.ts says what a failure is). Defaults: 1,000,000 formulas, 10,000 systems, seed 1.
// Cases run in worker threads, in chunks of 1,000 that a seed makes the same on every machine; a case that runs
// longer than --hang ms of CPU (default 10,000) is a hang: its worker is stopped and replaced, and the chunk goes on
// after it. Every case over 2 s of CPU is listed as slow, with its input.
// Resumable: each finished chunk is appended as one JSON line to --log (default test-output/fuzz-campaign-seedS.jsonl)
// and a later run with the same seed and log skips the chunks already there (--fresh starts the log again), so a
// campaign can be completed across sessions; --chunks runs only some chunks (repeatable), --merge LOG... adds up
// logs (of several machines or sessions) without running anything. Prints the counts of this run and of the whole
// log, each failure with its chunk and index (replay: --replay KIND:CHUNK:INDEX), and writes them as JSON to --out.
// Run it with `nice -n 19`. FUZZ_CAMPAIGN_PLANT_HANG=KIND:CHUNK:INDEX makes that case spin forever (the script's test).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: npm run fuzz-campaign -- [--formulas N] [--systems N] [--seed S] [--workers K] [--hang MS] [--chunks KIND:FROM..TO] [--out FILE] [--log FILE] [--fresh] | --replay KIND:CHUNK:INDEX | --merge LOG...';
const CHUNK = 1_000;
const KINDS = ['formulas', 'systems'];

function parseArgs(argv) {
  const options = { formulas: 1_000_000, systems: 10_000, seed: 1, workers: Math.max(1, Math.min(2, cpus().length)), hang: 10_000, out: 'test-output/fuzz-campaign.json', log: null, fresh: false, replay: null, chunks: [], merge: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--fresh') {
      options.fresh = true;
      continue;
    }
    if (arg === '--merge') {
      options.merge = argv.slice(i + 1);
      if (options.merge.length === 0) fail('--merge needs at least one log file');
      break;
    }
    const value = argv[++i];
    if (value === undefined) fail(`${arg} needs a value`);
    if (arg === '--out') options.out = value;
    else if (arg === '--log') options.log = value;
    else if (arg === '--replay') {
      const m = /^(formulas|systems):(\d+):(\d+)$/.exec(value);
      if (!m || Number(m[3]) >= CHUNK) fail(`--replay: expected formulas|systems:CHUNK:INDEX (INDEX below ${CHUNK}), got ${value}`);
      options.replay = { kind: m[1], chunk: Number(m[2]), index: Number(m[3]) };
    } else if (arg === '--chunks') {
      const m = /^(formulas|systems):(\d+)(?:\.\.(\d+))?$/.exec(value);
      if (!m || (m[3] !== undefined && Number(m[3]) < Number(m[2]))) fail(`--chunks: expected formulas|systems:FROM..TO (TO included, at least FROM), got ${value}`);
      options.chunks.push({ kind: m[1], from: Number(m[2]), to: Number(m[3] ?? m[2]) });
    } else if (['--formulas', '--systems', '--seed', '--workers', '--hang'].includes(arg)) {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 0) fail(`${arg}: expected a whole number, got ${value}`);
      options[arg.slice(2)] = n;
    } else fail(`unknown option ${arg}`);
  }
  if (options.workers < 1) fail('--workers: at least 1');
  options.log ??= `test-output/fuzz-campaign-seed${options.seed}.jsonl`;
  return options;
}

function fail(message) {
  console.error(`fuzz-campaign: ${message}\n${USAGE}`);
  process.exit(2);
}

const fromRoot = (file) => (isAbsolute(file) ? file : join(root, file));
const count = (n) => n.toLocaleString('en-US');

/** The chunks of a log (one JSON line each; a line cut short by a kill is skipped), the last of each chunk kept. */
function readLog(file, seed) {
  const chunks = new Map();
  if (!existsSync(file)) return chunks;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (seed !== undefined && entry.seed !== seed) continue;
    const key = `${entry.seed}:${entry.kind}:${entry.chunk}`;
    const before = chunks.get(key);
    if (before === undefined || entry.to >= before.to) chunks.set(key, entry);
  }
  return chunks;
}

/** Totals of a log's chunks: cases of each kind, failures, hangs, slow cases. */
function summarize(entries) {
  const sum = { formulas: 0, systems: 0, chunks: { formulas: 0, systems: 0 }, failures: [], hangs: [], slow: [], reached: { formulas: {}, systems: {} }, slowest: { formulas: { ms: 0 }, systems: { ms: 0 } }, seeds: new Set(), commits: new Set() };
  for (const e of entries) {
    sum[e.kind] += e.cases;
    sum.chunks[e.kind]++;
    sum.failures.push(...e.failures);
    sum.hangs.push(...e.hangs);
    sum.slow.push(...e.slow);
    for (const [k, v] of Object.entries(e.reached)) sum.reached[e.kind][k] = (sum.reached[e.kind][k] ?? 0) + v;
    if (e.slowest.ms > sum.slowest[e.kind].ms) sum.slowest[e.kind] = { ...e.slowest, chunk: e.chunk };
    sum.seeds.add(e.seed);
    if (e.commit) sum.commits.add(e.commit);
  }
  return sum;
}

function failureKinds(failures) {
  const byProblem = new Map();
  for (const f of failures) {
    const key = `${f.stage}: ${f.problem.split('\n')[0].replace(/\d+/g, 'N')}`;
    if (!byProblem.has(key)) byProblem.set(key, { ...f, count: 0 });
    byProblem.get(key).count++;
  }
  return byProblem;
}

function printSummary(title, sum) {
  console.log(`${title}: ${count(sum.formulas)} formulas (${sum.chunks.formulas} chunks), ${count(sum.systems)} systems (${sum.chunks.systems} chunks), ${sum.failures.length} failures, ${sum.hangs.length} hangs, ${sum.slow.length} slow`);
}

function printDetails(sum, hangMs) {
  console.log(`reached: formulas ${JSON.stringify(sum.reached.formulas)}; systems ${JSON.stringify(sum.reached.systems)}`);
  for (const kind of KINDS) {
    const s = sum.slowest[kind];
    if (s.ms > 0) console.log(`slowest ${kind} case: ${Math.round(s.ms)} ms (${kind}:${s.chunk}:${s.index}) ${JSON.stringify(s.input).slice(0, 200)}`);
  }
  console.log(`slow (over 2 s of CPU): ${sum.slow.length}`);
  // (Logs of before CPU timing list a slow case by its name only, timed by the wall clock.)
  for (const c of sum.slow) console.log(typeof c === 'string' ? `  ${c} (wall clock)` : `  ${c.kind}:${c.chunk}:${c.index} ${c.cpuMs} ms CPU (${c.ms} ms) ${JSON.stringify(c.input).slice(0, 200)}`);
  console.log(`hangs (over ${hangMs} ms of CPU): ${sum.hangs.length}`);
  for (const h of sum.hangs) console.log(`  ${h.kind}:${h.chunk}:${h.index}${h.cpuMs === undefined ? '' : ` ${h.cpuMs} ms CPU`} (${h.ms} ms) ${JSON.stringify(h.input).slice(0, 300)}`);
  const byProblem = failureKinds(sum.failures);
  console.log(`failures: ${sum.failures.length} in ${byProblem.size} kinds`);
  for (const f of byProblem.values()) console.log(`  [${f.count}x] ${f.stage} ${f.kind}:${f.chunk}:${f.index} ${JSON.stringify(f.input).slice(0, 200)}\n      ${f.problem.split('\n').join('\n      ').slice(0, 600)}`);
}

const options = parseArgs(process.argv.slice(2));

if (options.merge) {
  const all = new Map();
  for (const file of options.merge) for (const [key, entry] of readLog(fromRoot(file))) if (!all.has(key) || entry.to >= all.get(key).to) all.set(key, entry);
  const sum = summarize(all.values());
  printSummary(`fuzz-campaign logs (seed ${[...sum.seeds].join(', ') || 'none'})`, sum);
  printDetails(sum, options.hang);
  process.exit(sum.failures.length + sum.hangs.length > 0 ? 1 : 0);
}

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

const logFile = fromRoot(options.log);
mkdirSync(dirname(logFile), { recursive: true });
if (options.fresh && existsSync(logFile)) renameSync(logFile, `${logFile}.${Date.now()}.old`);
const logged = readLog(logFile, options.seed);
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch {
  // Not a checkout: the log lines go without a commit.
}

/** The cases of a kind's chunk this campaign covers: [0, to). */
const casesOf = (kind, chunk) => Math.min(CHUNK, options[kind] - chunk * CHUNK);
const selected = (kind, chunk) => options.chunks.length === 0 || options.chunks.some((c) => c.kind === kind && chunk >= c.from && chunk <= c.to);
const jobs = [];
let skipped = 0;
{
  // Interleaved, a chunk of systems after every ten of formulas, so a campaign stopped early has some of both.
  const chunksOf = { formulas: Math.ceil(options.formulas / CHUNK), systems: Math.ceil(options.systems / CHUNK) };
  const push = (kind, chunk) => {
    if (!selected(kind, chunk)) return;
    const to = casesOf(kind, chunk);
    if ((logged.get(`${options.seed}:${kind}:${chunk}`)?.to ?? 0) >= to) skipped++;
    else jobs.push({ kind, chunk, seed: options.seed, from: 0, to });
  };
  for (let f = 0, s = 0; f < chunksOf.formulas || s < chunksOf.systems; ) {
    for (let k = 0; k < 10 && f < chunksOf.formulas; k++) push('formulas', f++);
    if (s < chunksOf.systems) push('systems', s++);
  }
}
/** Chunks under way: their counts so far, over the pieces a hang cuts them into. */
const pending = new Map();
const pendingOf = (job) => {
  const key = `${job.kind}:${job.chunk}`;
  if (!pending.has(key)) pending.set(key, { seed: options.seed, kind: job.kind, chunk: job.chunk, to: job.to, cases: 0, reached: {}, failures: [], hangs: [], slow: [], slowest: { ms: 0 } });
  return pending.get(key);
};
const finished = [];
const started = Date.now();
let running = 0;
let lastSnapshot = Date.now();

/** A chunk whose last piece is done: one line of the log, appended (a kill loses at most the chunks running). */
function close(job) {
  const entry = pendingOf(job);
  pending.delete(`${job.kind}:${job.chunk}`);
  const line = { ...entry, commit, at: new Date().toISOString() };
  appendFileSync(logFile, `${JSON.stringify(line)}\n`);
  finished.push(line);
}

function writeReport(complete) {
  const seconds = Math.round((Date.now() - started) / 1000);
  // Cases of chunks still running, not yet in the totals (their failures come with the chunk).
  const inFlight = workers.filter((w) => w?.progress).map((w) => ({ ...w.progress, from: w.job?.from ?? 0 }));
  const run = summarize(finished);
  const all = summarize(readLog(logFile, options.seed).values());
  const report = {
    complete, seed: options.seed, seconds, log: options.log, skipped,
    totals: { formulas: run.formulas, systems: run.systems },
    log_totals: { formulas: all.formulas, systems: all.systems, failures: all.failures.length, hangs: all.hangs.length, slow: all.slow.length, commits: [...all.commits] },
    inFlight, reached: run.reached, failures: run.failures.length, kinds: [...failureKinds(run.failures).values()], failureList: run.failures, hangs: run.hangs, slow: run.slow, slowest: run.slowest,
  };
  mkdirSync(dirname(fromRoot(options.out)), { recursive: true });
  writeFileSync(fromRoot(options.out), `${JSON.stringify(report, null, 2)}\n`);
}

function startWorker(slot) {
  // Each worker its own shared cells (chunk, index, the case's start in wall and CPU ms): one being stopped cannot
  // write over its successor's.
  const shared = new SharedArrayBuffer(8 * 4);
  const worker = new Worker(workerFile, { workerData: { shared } });
  const entry = { worker, slot, job: null, state: new Float64Array(shared) };
  worker.on('message', (message) => {
    if (message.progress !== undefined) {
      entry.progress = { kind: message.progress, index: message.index, failures: message.failures };
      return;
    }
    entry.progress = null;
    const { done } = message;
    const chunk = pendingOf(done);
    chunk.cases += message.cases;
    for (const [k, v] of Object.entries(message.reached)) chunk.reached[k] = (chunk.reached[k] ?? 0) + v;
    chunk.failures.push(...message.failures);
    chunk.slow.push(...message.slow);
    if (message.slowest.ms > chunk.slowest.ms) chunk.slowest = message.slowest;
    close(done);
    next(entry);
  });
  worker.on('error', (err) => {
    if (entry.job) pendingOf(entry.job).failures.push({ kind: entry.job.kind, chunk: entry.job.chunk, index: entry.state[1], stage: 'worker', problem: String(err?.stack ?? err), input: '' });
    replace(entry);
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
  // The worker times each case from its start (a fresh worker's start-up is not a case's).
  entry.state[1] = job.from;
  entry.state[2] = 0;
  entry.worker.postMessage(job);
}

/** Stops a worker stuck on (or broken by) its current case and goes on without that case in a fresh one. */
function replace(entry) {
  const { job, slot } = entry;
  const index = entry.state[1];
  entry.worker.removeAllListeners();
  void entry.worker.terminate();
  running--;
  entry.progress = null;
  if (job !== null) {
    // The piece's cases before it were reported by nobody: the fresh worker runs the piece again (same inputs, same
    // results) without the stuck case, which counts as run.
    pendingOf(job).cases += 1;
    const skip = [...(job.skip ?? []), index];
    if (skip.length < job.to - job.from) jobs.unshift({ ...job, skip });
    else close(job);
  }
  workers[slot] = startWorker(slot);
}

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const watchdog = setInterval(() => {
  for (const entry of workers) {
    if (entry?.job == null) continue;
    const since = entry.state[2];
    // A hang is a case over --hang ms of CPU, not of waiting: under `nice -n 19` on a busy machine a case may wait
    // for the CPU for longer than it runs. The process's CPU stands for the case's (exact with one worker; with
    // more, a case is stopped early rather than late). Over ten times --hang of wall time, it is a hang however.
    const wall = Date.now() - since;
    const cpu = cpuMs() - entry.state[3];
    if (since > 0 && wall > options.hang && (cpu > options.hang || wall > 10 * options.hang)) {
      const { kind, chunk } = entry.job;
      const index = entry.state[1];
      const input = kind === 'formulas' ? cases.formulaInputs(chunk, options.seed)[index] : cases.describeMutation(cases.systemInputs(chunk, options.seed)[index]);
      pendingOf(entry.job).hangs.push({ kind, chunk, index, input, ms: Math.round(wall), cpuMs: Math.round(cpu) });
      replace(entry);
    }
  }
  // A snapshot every 30 s: a campaign stopped early still leaves its counts.
  if (Date.now() - lastSnapshot > 30_000) {
    lastSnapshot = Date.now();
    writeReport(false);
    const run = summarize(finished);
    if (!process.stderr.isTTY) process.stderr.write(`${count(run.formulas)} formulas, ${count(run.systems)} systems, ${run.failures.length} failures, ${run.hangs.length} hangs, ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
}, 250);

// Stopped (Ctrl+C, kill): the chunks running are lost, the finished ones are in the log; the counts are printed.
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopped) process.exit(130);
    stopped = true;
    for (const entry of workers) void entry?.worker.terminate();
    finish();
  });
}

if (jobs.length === 0) finish();
else for (let slot = 0; slot < Math.min(options.workers, jobs.length); slot++) workers.push(startWorker(slot));

function finish() {
  clearInterval(watchdog);
  const seconds = Math.round((Date.now() - started) / 1000);
  writeReport(!stopped);
  const run = summarize(finished);
  const all = summarize(readLog(logFile, options.seed).values());
  console.log(`\nfuzz-campaign (seed ${options.seed}, ${seconds} s, ${skipped} chunks already in the log skipped${stopped ? `; stopped with ${jobs.length + pending.size} chunks to go` : ''})`);
  printSummary('this run', run);
  printDetails(run, options.hang);
  printSummary(`the log ${options.log} (seed ${options.seed}, of ${count(options.formulas)} formulas and ${count(options.systems)} systems)`, all);
  console.log(`written to ${options.out}`);
  process.exit(run.failures.length + run.hangs.length > 0 ? 1 : 0);
}
