// The worker pools: results identical to one thread whatever the number of workers and chunks, from the cached
// bundle and from the tsx fallback; errors in a worker reach the caller; the bundle cache rebuilds when a source is
// newer. (Speed is the bench's business: tests never assert on time.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { finishGrid, planGrid, runCell, runGrid } from '../balance/grid';
import type { SystemDocument } from '../schema/document';
import { loadSystem, mergeStats, simulate, simulatePartial, type System } from '../sim/index';
import { sensitivity } from '../balance/sensitivity';
import { runSensitivityParallel } from './balance-workers/needle-pool';
import { gridSetup, runGridParallel } from './balance-workers/pool';
import { buildIfStale, bundleKey, CACHE_DIR_ENV } from './bundle-cache.mjs';
import { chunkFights, simulateParallel, startSimCrew, workersNeeded } from './sim-workers/pool';
import { runTasks, startCrew, workerScript } from './worker-pool';

const doc = JSON.parse(readFileSync(new URL('../../test/fixtures/systems/mini-d20.json', import.meta.url), 'utf8')) as SystemDocument;
const loaded = loadSystem(doc);
if (!loaded.ok) throw new Error('fixture does not load');
const mini: System = loaded.system;
const scratch = mkdtempSync(join(tmpdir(), 'rules-studio-pool-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('chunkFights', () => {
  it('cuts [0, fights) into contiguous chunks in index order', () => {
    for (const [fights, workers] of [[0, 2], [1, 1], [249, 2], [1300, 2], [200_000, 2], [10_007, 3]] as const) {
      const chunks = chunkFights(fights, workers);
      expect(chunks.length).toBeGreaterThan(0);
      let next = 0;
      for (const c of chunks) {
        expect(c.from).toBe(next);
        next += c.count;
      }
      expect(next).toBe(fights);
    }
    expect(chunkFights(200_000, 2).length).toBe(96);
    expect(chunkFights(2, 2)).toEqual([{ from: 0, count: 1 }, { from: 1, count: 1 }]); // two workers really start
    expect(chunkFights(400, 2)).toEqual([{ from: 0, count: 200 }, { from: 200, count: 200 }]);
    expect(chunkFights(1000, 2).map((c) => c.count)).toEqual([250, 250, 250, 250]);
  });
});

describe('sim over worker threads, from the bundle', () => {
  it('runs the cached bundle', async () => {
    expect((await workerScript('sim-worker')).bundled).toBe(true);
    expect((await workerScript('needle-worker')).bundled).toBe(true);
  });

  it('gives what one thread gives, on 2 and 3 threads, over more chunks than threads', async () => {
    const one = simulate(mini, 'skirmish', { fights: 1100, seed: 4 });
    for (const workers of [2, 3]) {
      expect(await simulateParallel(mini, doc, 'skirmish', { fights: 1100, seed: 4, workers })).toEqual(one);
    }
  }, 60_000);

  it('merges the workers\' own numbers: ready workers, this thread slowed, the same statistics as one thread', async () => {
    // This thread may finish a short run before a worker is ready, or take over a worker's last tasks: here it is
    // slowed, and the workers are ready first, so most chunks are the workers' answers.
    const options = { fights: 6000, seed: 4 };
    const one = simulate(mini, 'skirmish', options);
    for (const workers of [2, 3]) {
      const setup = { docText: JSON.stringify(doc), fightId: 'skirmish', seed: 4 };
      const crew = startCrew('sim-worker', setup, workers - 1);
      await until(() => crew.ready.length === workers - 1 && crew.ready.every(Boolean));
      let here = 0;
      const parts = await runTasks('sim-worker', setup, chunkFights(options.fights, workers), workers, (chunk) => {
        here++;
        slowly();
        return simulatePartial(mini, 'skirmish', { fights: chunk.count, seed: 4, from: chunk.from }).toPartial();
      }, crew);
      expect(mergeStats(mini, 'skirmish', 4, parts)).toEqual(one);
      expect(here).toBeLessThan(parts.length); // the workers answered some
    }
  }, 60_000);

  it('tells its progress as chunks are answered: rising, each chunk once, ending at every fight', async () => {
    const seen: number[] = [];
    const stats = await simulateParallel(mini, doc, 'skirmish', { fights: 3000, seed: 4, workers: 2 }, undefined, (done) => seen.push(done));
    expect(stats).toEqual(simulate(mini, 'skirmish', { fights: 3000, seed: 4 }));
    expect(seen).toHaveLength(chunkFights(3000, 2).length);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
    expect(seen.at(-1)).toBe(3000);
  }, 60_000);

  it('gives zero fights as one thread does', async () => {
    expect(await simulateParallel(mini, doc, 'troll', { fights: 0, seed: 1, workers: 2 })).toEqual(simulate(mini, 'troll', { fights: 0, seed: 1 }));
  }, 60_000);

  it('rejects with the worker\'s error', async () => {
    await expect(simulateParallel(mini, doc, 'no-such-fight', { fights: 600, seed: 1, workers: 2 })).rejects.toThrow(/unknown fight 'no-such-fight'/);
  }, 60_000);

  it('rejects with the diagnostics of a system that does not load in a worker that is handed a task', async () => {
    const broken = { ...doc, attributes: 'not a list' } as unknown as SystemDocument;
    // the worker loads the broken document; this thread, slow here, leaves it tasks once it is ready
    const setup = { docText: JSON.stringify(broken), fightId: 'skirmish', seed: 1 };
    await expect(runTasks('sim-worker', setup, chunkFights(60 * 250, 60), 2, slowly)).rejects.toThrow(/^\/heroes\/\d+: derived/);
  }, 60_000);

  it('gives the same grid as one thread on 3 threads, cells taken as threads finish', async () => {
    const options = { party: 'skirmish', fights: 60, seed: 3, tiers: [1, 2, 3] };
    expect(await runGridParallel(doc, options, 3)).toEqual(runGrid(doc, mini, options));
    expect(await runGridParallel(doc, options, 2, mini)).toEqual(runGrid(doc, mini, options));
    // with workers ready before the run and this thread slowed, so that most cells are the workers' answers
    const plan = planGrid(doc, options);
    if (typeof plan === 'string') throw new Error(plan);
    const crew = startCrew('grid-worker', gridSetup(doc, options), 2);
    await until(() => crew.ready.length === 2 && crew.ready.every(Boolean));
    let here = 0;
    const cells = plan.cells.map((cell) => cell.index);
    const states = await runTasks('grid-worker', gridSetup(doc, options), cells, 3, (cell) => { here++; slowly(); return runCell(mini, plan, cell); }, crew);
    expect(finishGrid(doc, plan, states)).toEqual(runGrid(doc, mini, options));
    expect(here).toBeLessThan(cells.length);
  }, 60_000);

  it('gives the same numbers on this thread alone (1 thread starts no worker)', async () => {
    expect(await simulateParallel(mini, doc, 'skirmish', { fights: 300, seed: 5, workers: 1 })).toEqual(simulate(mini, 'skirmish', { fights: 300, seed: 5 }));
  });
});

/** This thread's share made slow (50 ms a task, a null result): a worker is surely ready before it is done. */
function slowly(): null {
  const end = performance.now() + 50;
  while (performance.now() < end) { /* busy */ }
  return null;
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 30_000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// `sim` starts its workers before it checks the document: a crew started ahead, taken over by runTasks.
describe('a crew of workers started ahead', () => {
  /** A worker's threadId is -1 once it has stopped. */
  const stopped = async (crew: { workers: Promise<{ threadId: number }[]> }): Promise<boolean[]> => (await crew.workers).map((w) => w.threadId === -1);

  it('gives what one thread gives, and every worker is ended afterwards', async () => {
    const options = { fights: 1100, seed: 4, workers: 3 };
    expect(workersNeeded(options)).toBe(2);
    const crew = startSimCrew(JSON.stringify(doc), 'skirmish', options);
    expect(await simulateParallel(mini, doc, 'skirmish', options, crew)).toEqual(simulate(mini, 'skirmish', { fights: 1100, seed: 4 }));
    expect(await stopped(crew)).toEqual([true, true]);
  }, 60_000);

  it('ends at once the workers the tasks do not need (fewer chunks than workers)', async () => {
    const crew = startSimCrew(JSON.stringify(doc), 'skirmish', { fights: 1100, seed: 4, workers: 4 });
    const few = { fights: 2, seed: 4, workers: 4 }; // two chunks: one worker needed of the crew's three
    expect(await simulateParallel(mini, doc, 'skirmish', few, crew)).toEqual(simulate(mini, 'skirmish', { fights: 2, seed: 4 }));
    expect(await stopped(crew)).toEqual([true, true, true]);
  }, 60_000);

  it('is ended by dismiss when it is never used', async () => {
    const crew = startCrew('sim-worker', { docText: JSON.stringify(doc), fightId: 'skirmish', seed: 1 }, 2);
    expect(await stopped(crew)).toEqual([false, false]);
    await crew.dismiss();
    expect(await stopped(crew)).toEqual([true, true]);
  }, 60_000);

  it('answers with what its workers were started with: a text that does not parse is their error', async () => {
    const setup = { docText: '{ not json', fightId: 'skirmish', seed: 1 };
    const crew = startCrew('sim-worker', setup, 1);
    await expect(runTasks('sim-worker', setup, chunkFights(60 * 250, 60), 2, slowly, crew)).rejects.toThrow(/JSON/);
    expect(await stopped(crew)).toEqual([true]);
  }, 60_000);

  it('leaves a worker nothing while it starts, and takes over what it still holds when nothing else is left', async () => {
    const setup = { docText: JSON.stringify(doc), fightId: 'skirmish', seed: 1 };
    const crew = startCrew('sim-worker', setup, 1);
    await until(() => crew.ready[0] === true);
    // The worker, ready, is handed tasks 0 and 1 at once: ten million fights each, that it would fight for minutes.
    // This thread answers 2..9, then 0 and 1 itself: the run ends without waiting for the worker.
    const tasks = Array.from({ length: 10 }, () => ({ from: 0, count: 10_000_000 }));
    const order: number[] = [];
    const results = await runTasks('sim-worker', setup, tasks, 2, (task) => { order.push(tasks.indexOf(task)); return order.length; }, crew);
    expect(order).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 0, 1]);
    expect(results).toEqual([9, 10, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await stopped(crew)).toEqual([true]);
  }, 60_000);

  it('gives one thread\'s numbers when this thread is done before a worker is ready', async () => {
    // 300 fights: done here long before a worker has loaded the engine; it is ended unused
    const crew = startSimCrew(JSON.stringify(doc), 'skirmish', { fights: 300, seed: 6, workers: 2 });
    expect(await simulateParallel(mini, doc, 'skirmish', { fights: 300, seed: 6, workers: 2 }, crew)).toEqual(simulate(mini, 'skirmish', { fights: 300, seed: 6 }));
    expect(await stopped(crew)).toEqual([true]);
  }, 60_000);
});

describe('sim over worker threads, through tsx when the cache cannot be written', () => {
  it('falls back to the sources and gives the same numbers', async () => {
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, '');
    const saved = process.env[CACHE_DIR_ENV];
    process.env[CACHE_DIR_ENV] = join(blocker, 'cache'); // a folder inside a file: mkdir fails
    try {
      expect((await workerScript('sim-worker')).bundled).toBe(false);
      const two = await simulateParallel(mini, doc, 'skirmish', { fights: 300, seed: 8, workers: 2 });
      expect(two).toEqual(simulate(mini, 'skirmish', { fights: 300, seed: 8 }));
      expect((await workerScript('needle-worker')).bundled).toBe(false);
      const needle = { fight: 'skirmish', fights: 40, seed: 2 };
      const told: number[] = [];
      const parallel = await runSensitivityParallel(doc, mini, JSON.stringify(doc), needle, 2, undefined, (done) => told.push(done));
      const alone = sensitivity(doc, mini, needle);
      expect(typeof alone === 'string' ? alone : alone.nudges.length).toBeGreaterThan(0);
      expect(parallel).toEqual(alone);
      // Told at the start, then once a variant: every variant is answered once.
      expect(told).toEqual(Array.from({ length: told.length }, (_, i) => i));
    } finally {
      if (saved === undefined) delete process.env[CACHE_DIR_ENV]; else process.env[CACHE_DIR_ENV] = saved;
    }
  }, 60_000);
});

describe('buildIfStale', () => {
  it('builds once, then again whenever a source under engine/ changes, whatever its file time says', async () => {
    const root = join(scratch, 'project');
    mkdirSync(join(root, 'engine'), { recursive: true });
    const source = join(root, 'engine', 'entry.ts');
    const outfile = join(root, 'cache', 'entry.mjs');
    writeFileSync(source, 'export const answer: number = 41;\n');
    expect(await buildIfStale(root, 'engine/entry.ts', outfile)).toBe(true);
    expect(await buildIfStale(root, 'engine/entry.ts', outfile)).toBe(false);
    // Changed, and dated long before the bundle (a copy that keeps times, an archive): still rebuilt.
    writeFileSync(source, 'export const answer: number = 42;\n');
    const old = new Date('2001-01-01T00:00:00Z');
    utimesSync(source, old, old);
    expect(await buildIfStale(root, 'engine/entry.ts', outfile)).toBe(true);
    expect(((await import(`${pathToFileURL(outfile).href}?v=2`)) as { answer: number }).answer).toBe(42);
    // Touched but unchanged: nothing to build.
    const later = new Date(Date.now() + 5_000);
    utimesSync(source, later, later);
    expect(await buildIfStale(root, 'engine/entry.ts', outfile)).toBe(false);
    // A new file under engine/ changes the key too (an import may now resolve to it).
    writeFileSync(join(root, 'engine', 'other.ts'), 'export {};\n');
    expect(await buildIfStale(root, 'engine/entry.ts', outfile)).toBe(true);
  });

  it('never takes a bundle built from another project, even one newer than every source here', async () => {
    const here = join(scratch, 'here');
    const there = join(scratch, 'there');
    for (const [root, answer] of [[here, 1], [there, 2]] as const) {
      mkdirSync(join(root, 'engine'), { recursive: true });
      writeFileSync(join(root, 'engine', 'entry.ts'), `export const answer: number = ${answer};\n`);
    }
    const shared = join(scratch, 'shared-cache', 'entry.mjs');
    expect(await buildIfStale(there, 'engine/entry.ts', shared)).toBe(true);
    expect(await buildIfStale(here, 'engine/entry.ts', shared)).toBe(true);
    expect(((await import(`${pathToFileURL(shared).href}?v=here`)) as { answer: number }).answer).toBe(1);
    // The same sources byte for byte in another folder are still another project (the bundle knows its root).
    writeFileSync(join(there, 'engine', 'entry.ts'), 'export const answer: number = 1;\n');
    expect(bundleKey(there, 'engine/entry.ts')).not.toBe(bundleKey(here, 'engine/entry.ts'));
  });
});
