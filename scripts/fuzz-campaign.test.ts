// The fuzz campaign's own script (scripts/fuzz-campaign.mjs), run small: the report's shape and counts, the same
// cases for the same seed, --replay of one case, a planted hang reported as a hang while the run goes on, and the
// chunk log that lets a campaign resume (a second run skips what the first finished; --merge adds logs up).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formulaInputs, systemInputs, describeMutation } from './fuzz-campaign/cases';

const dir = mkdtempSync(join(tmpdir(), 'fuzz-campaign-test-'));
// Its own bundle folder: a campaign running beside (with the default cache) keeps its bundles.
const env = { ...process.env, RULES_STUDIO_CACHE_DIR: join(dir, 'cache') };
function campaign(args: string[], extra: Record<string, string> = {}) {
  const ran = spawnSync(process.execPath, ['scripts/fuzz-campaign.mjs', ...args], { encoding: 'utf8', env: { ...env, ...extra }, timeout: 240_000 });
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}
const small = (name: string) => ['--formulas', '300', '--systems', '4', '--seed', '5', '--workers', '1', '--out', join(dir, `${name}.json`), '--log', join(dir, `${name}.jsonl`)];
const report = (name: string) => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const log = (name: string) => readFileSync(join(dir, `${name}.jsonl`), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

describe('npm run fuzz-campaign', () => {
  it('runs 300 formulas and 4 systems: the report counts them, one log line a chunk, the same cases for the same seed', { timeout: 300_000 }, () => {
    const first = campaign(small('a'));
    expect(first.stderr).not.toMatch(/Error/);
    expect(first.stdout).toMatch(/this run: 300 formulas \(1 chunks\), 4 systems \(1 chunks\), 0 failures, 0 hangs, 0 slow/);
    const a = report('a');
    expect(a).toMatchObject({ complete: true, seed: 5, totals: { formulas: 300, systems: 4 }, log_totals: { formulas: 300, systems: 4, failures: 0, hangs: 0 }, failures: 0, hangs: [] });
    // Every formula parsed or not; reached counts never exceed the cases.
    expect(a.reached.formulas.parsed).toBeGreaterThan(0);
    expect(Object.values(a.reached.formulas).every((n) => (n as number) <= 300)).toBe(true);
    expect(log('a').map((e) => [e.kind, e.chunk, e.to, e.cases])).toEqual([['formulas', 0, 300, 300], ['systems', 0, 4, 4]]);
    // The same seed: the same cases, and the same run gives the same counts.
    expect(formulaInputs(0, 5)).toEqual(formulaInputs(0, 5));
    expect(formulaInputs(0, 6)).not.toEqual(formulaInputs(0, 5));
    expect(systemInputs(0, 5).map(describeMutation)).toEqual(systemInputs(0, 5).map(describeMutation));
    campaign(small('b'));
    expect(report('b').reached).toEqual(a.reached);

    // Resumed with the same log: nothing left to run; --merge adds the two logs up (each chunk once per seed).
    const again = campaign(small('a'));
    expect(again.stdout).toMatch(/2 chunks already in the log skipped/);
    expect(again.stdout).toMatch(/this run: 0 formulas/);
    const merged = spawnSync(process.execPath, ['scripts/fuzz-campaign.mjs', '--merge', join(dir, 'a.jsonl'), join(dir, 'b.jsonl')], { encoding: 'utf8', env });
    expect(merged.stdout).toMatch(/^fuzz-campaign logs \(seed 5\): 300 formulas \(1 chunks\), 4 systems \(1 chunks\), 0 failures, 0 hangs, 0 slow/);
  });

  it('--replay formulas:0:7 runs that one case: the input the seed gives and its outcome', { timeout: 120_000 }, () => {
    const replay = campaign(['--seed', '5', '--replay', 'formulas:0:7']);
    expect(replay.status).toBe(0);
    const [input, ...rest] = replay.stdout.split('\n');
    expect(JSON.parse(input!)).toBe(formulaInputs(0, 5)[7]);
    expect(JSON.parse(rest.join('\n'))).toMatchObject({ input: formulaInputs(0, 5)[7], failures: [] });
    expect(campaign(['--replay', 'formulas:0:1000']).status).toBe(2);
  });

  it('a case over the hang limit is a hang: listed with its input, its worker replaced, every other case run', { timeout: 300_000 }, () => {
    const hung = campaign([...small('hang'), '--hang', '1500', '--systems', '0'], { FUZZ_CAMPAIGN_PLANT_HANG: 'formulas:0:3' });
    expect(hung.status).toBe(1);
    const r = report('hang');
    expect(r.hangs).toEqual([expect.objectContaining({ kind: 'formulas', chunk: 0, index: 3, input: formulaInputs(0, 5)[3] })]);
    expect(r.hangs[0].cpuMs).toBeGreaterThan(1500);
    // The 299 others ran (the piece before the hang again, in the fresh worker), and the hung one counts as run.
    expect(r.totals.formulas).toBe(300);
    // What the others reached is what the same cases reached without the hang, less at most the hung case's.
    const whole = report('b').reached.formulas as Record<string, number>;
    for (const [stage, n] of Object.entries(whole)) expect(n - ((r.reached.formulas as Record<string, number>)[stage] ?? 0)).toBeOneOf([0, 1]);
    expect(hung.stdout).toMatch(/hangs \(over 1500 ms of CPU\): 1\n {2}formulas:0:3 /);
  });
});
