// Shared by the tests of systems/games/hard-roads, wild-aces and last-light: each system read from its file, checked
// through the CLI as a designer would, its exact rates asked of the CLI's `dist`, its simulated rates read off the
// engine's statistics and held to 4.5 standard deviations of the closed form.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { run as dist } from '../../engine/cli/dist';
import { checkSystem } from '../../engine/schema/check';
import type { SystemDocument } from '../../engine/schema/document';
import { loadSystem, simulate, type SimStats, type System } from '../../engine/sim/index';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export const gamePath = (id: string): string => `systems/games/${id}.json`;
export const gameText = (id: string): string => readFileSync(resolve(ROOT, gamePath(id)), 'utf8');
export const gameDocument = (id: string): SystemDocument => JSON.parse(gameText(id)) as SystemDocument;

export function loadGame(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(`${doc.id} does not load:\n${loaded.diagnostics.map((d) => JSON.stringify(d)).join('\n')}`);
  return loaded.system;
}

/** `rules-studio check FILE` from the project root, as a designer runs it: its exit code, its words, its diagnostics. */
/** A game checks with no problems through the CLI and the checker, and names itself after its file. */
export function expectCleanGame(id: string): void {
  const r = cliCheck(gamePath(id));
  expect(r.said).toBe('1 file checked: no problems\n');
  expect(r.diagnostics).toEqual([]);
  expect(r.status).toBe(0);
  expect(checkSystem(gameText(id)).diagnostics).toEqual([]);
  const doc = gameDocument(id);
  expect(doc.$schema).toBe('../../schemas/system.schema.json');
  expect(doc.id).toBe(id);
}

/** The system has three sample fights, and 200 of each (seed 5) all end within their rounds; `also` checks more of each. */
export function expectSampleFightsEnd(system: System, doc: SystemDocument, also: (stats: SimStats) => void): void {
  expect((doc.fights ?? []).length).toBe(3);
  for (const fight of doc.fights!) {
    const stats = simulate(system, fight.id, { fights: 200, seed: 5 });
    expect(stats.wins.heroes + stats.wins.enemies + stats.wins.draw).toBe(200);
    also(stats);
    expect(stats.rounds.max).toBeLessThanOrEqual(fight.maxRounds ?? 100);
  }
}

export function cliCheck(file: string): { status: number | null; said: string; diagnostics: unknown[] } {
  const run = (...more: string[]) => spawnSync(process.execPath, ['bin/rules-studio.mjs', 'check', file, ...more], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  const plain = run();
  const json = run('--json');
  const [report] = JSON.parse(json.stdout) as { diagnostics: unknown[] }[];
  return { status: plain.status, said: plain.stdout + plain.stderr, diagnostics: report!.diagnostics };
}

/** The exact distribution `rules-studio dist FORMULA ... --json` prints (value → probability). */
export async function exact(formula: string, ...args: string[]): Promise<Map<number, number>> {
  let out = '';
  let err = '';
  const code = await dist([formula, ...args, '--json'], { out: (t) => void (out += t), err: (t) => void (err += t) },
    (path) => readFile(resolve(ROOT, path), 'utf8'));
  expect(err).toBe('');
  expect(code).toBe(0);
  return new Map((JSON.parse(out) as { pmf: Array<[number, number]> }).pmf);
}

/** P(true) of a test formula, exactly. */
export async function chance(formula: string, ...args: string[]): Promise<number> {
  return (await exact(`(${formula}) ? 1 : 0`, ...args)).get(1) ?? 0;
}

/** `hits` of `n` within 4.5 standard deviations of n·p. */
export function within(hits: number, n: number, p: number, what = ''): void {
  expect(n, `${what}: no trials`).toBeGreaterThan(0);
  const sd = Math.sqrt(n * p * (1 - p));
  expect(Math.abs(hits - n * p), `${what}: ${hits}/${n} against ${p}`).toBeLessThanOrEqual(Math.max(4.5 * sd, 1e-9));
}

/** Ways for 2d6 to total exactly s (1..6..1 over 2..12). */
export const ways2d6 = (s: number): number => (s < 2 || s > 12 ? 0 : 6 - Math.abs(s - 7));

/** n choose k. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}
