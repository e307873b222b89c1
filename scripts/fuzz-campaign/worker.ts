// One worker of the fuzz campaign: takes chunks from the driver, runs their cases, says which case it is on (the
// driver's watchdog reads that from shared memory) and sends each chunk's counts and failures back.
// FUZZ_CAMPAIGN_PLANT_HANG=KIND:CHUNK:INDEX spins forever on that case: the script's test of its watchdog.
import { parentPort, workerData } from 'node:worker_threads';
import { CHUNK, describeMutation, formulaInputs, runFormula, runSystem, systemInputs, type Failure } from './cases';

const { shared } = workerData as { shared: SharedArrayBuffer };
const state = new Float64Array(shared); // [chunk, index, started (wall ms), started (process CPU ms)]
/** A case over this much CPU is slow (the bound). */
const SLOW_MS = 2_000;
const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const planted = process.env.FUZZ_CAMPAIGN_PLANT_HANG;

parentPort!.on('message', async (job: { kind: 'formulas' | 'systems'; chunk: number; seed: number; from: number; to: number; skip?: number[] }) => {
  const failures: Failure[] = [];
  const reached: Record<string, number> = {};
  let slowest = { ms: 0, index: -1, input: '' };
  const slow: { kind: string; chunk: number; index: number; input: string; ms: number; cpuMs: number }[] = [];
  const inputs = job.kind === 'formulas' ? formulaInputs(job.chunk, job.seed) : systemInputs(job.chunk, job.seed);
  let ran = 0;
  for (let index = job.from; index < job.to; index++) {
    // A case that hung an earlier worker (the driver counts it).
    if (job.skip?.includes(index)) continue;
    ran++;
    state[0] = job.chunk;
    state[1] = index;
    const cpu = cpuMs();
    state[3] = cpu;
    state[2] = performance.timeOrigin + performance.now();
    const started = performance.now();
    if (planted === `${job.kind}:${job.chunk}:${index}`) for (;;);
    const caseSeed = job.chunk * CHUNK + index;
    const outcome = job.kind === 'formulas' ? await runFormula(inputs[index] as string, caseSeed) : runSystem(inputs[index] as Parameters<typeof runSystem>[0], caseSeed);
    const ms = performance.now() - started;
    const used = cpuMs() - cpu;
    if (ms > slowest.ms) slowest = { ms, index, input: outcome.input };
    if (used > SLOW_MS) slow.push({ kind: job.kind, chunk: job.chunk, index, input: outcome.input, ms: Math.round(ms), cpuMs: Math.round(used) });
    for (const r of outcome.reached) reached[r] = (reached[r] ?? 0) + 1;
    for (const f of outcome.failures) failures.push({ kind: job.kind, chunk: job.chunk, index, input: outcome.input, ...f });
    // Progress between chunk reports (a chunk of systems takes minutes on a busy machine).
    if ((index + 1) % 50 === 0) parentPort!.postMessage({ progress: job.kind, index: index + 1, failures: failures.length });
  }
  state[2] = 0;
  parentPort!.postMessage({ done: job, cases: ran, reached, failures, slowest, slow });
});

export { describeMutation };
