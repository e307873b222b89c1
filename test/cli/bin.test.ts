// The installed entry point: every command runs from the cached bundle (sim's workers from theirs), giving the engine's answers.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
}

/** A run that must end by itself: a worker thread left running would keep the process alive until the timeout. */
function cliEnds(...args: string[]) {
  return spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args], { encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
}

describe('bin/rules-studio.mjs', () => {
  test('dist of a bad formula exits 1 with the message and a caret', () => {
    const r = cli('dist', '1 / 0');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('division by zero');
    expect(r.stderr).toContain('^');
  });
  test('roll repeats with the same seed', () => {
    const a = cli('roll', 'd20 + @str.mod', '--set', 'str.mod=3', '--seed', '1');
    const b = cli('roll', 'd20 + @str.mod', '--set', 'str.mod=3', '--seed', '1');
    expect(a.status).toBe(0);
    expect(a.stdout).toMatch(/^d20 \(\d+\) \+ 3 = \d+/);
    expect(b.stdout).toBe(a.stdout);
  });
  test('check reports a schema error in a file, with its line, and exits 1', () => {
    const r = cli('check', 'test/fixtures/systems/mini-d20.json');
    expect(r.status).toBe(0);
    const bad = cli('check', '--json', 'package.json');
    expect(bad.status).toBe(1);
    const [report] = JSON.parse(bad.stdout) as [{ diagnostics: { line: number; source: string }[] }];
    expect(report.diagnostics.length).toBeGreaterThan(0);
    expect(report.diagnostics[0]!.line).toBeGreaterThanOrEqual(1);
  });
  test('sim on two worker threads prints what one thread prints', () => {
    const fight = JSON.parse(readFileSync('test/fixtures/systems/mini-d20.json', 'utf8')).fights[0].id;
    const r = cli('sim', 'test/fixtures/systems/mini-d20.json', '--fight', fight, '--fights', '20', '--json', '--workers', '2');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).fights).toBe(20);
    expect(r.stdout).toBe(cli('sim', 'test/fixtures/systems/mini-d20.json', '--fight', fight, '--fights', '20', '--json').stdout);
  });
  // sim starts its workers before it checks the document (their start-up overlaps the check): they must be ended
  // on every way out, or the process would never exit.
  test('sim --workers 2 on a system with errors exits 1 with the diagnostics, and ends', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bin-sim-')), 'broken.json');
    const doc = JSON.parse(readFileSync('test/fixtures/systems/mini-d20.json', 'utf8')) as { derived: Record<string, string> };
    doc.derived['str.mod'] = 'floor((@strr - 10) / 2)';
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const r = cliEnds('sim', file, '--fight', 'skirmish', '--fights', '2000', '--workers', '2');
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/broken\.json:\d+:\d+: error: .*strr/);
  });
  test.runIf(availableParallelism() < 64)('sim --workers above the cores is capped to the cores with a note, and prints what one thread prints', () => {
    const cores = availableParallelism();
    const args = ['sim', 'test/fixtures/systems/mini-d20.json', '--fight', 'skirmish', '--fights', '400', '--json'];
    const many = cliEnds(...args, '--workers', '64');
    expect(many.status).toBe(0);
    expect(many.stderr).toBe(`sim: --workers 64 is more than the ${cores} core${cores === 1 ? '' : 's'} here; using ${cores} (the numbers are the same for any count)\n`);
    expect(many.stdout).toBe(cliEnds(...args).stdout);
    const grid = cliEnds('sim', 'test/balance/fixtures/mirror.json', '--grid', '--party', 'solo', '--fights', '20', '--json', '--workers', '64');
    expect(grid.status).toBe(0);
    expect(grid.stderr).toContain(`sim --grid: --workers 64 is more than the ${cores} core`);
  });
  test('sim --workers 3 with an unknown fight exits 1 naming the fights, and ends', () => {
    const r = cliEnds('sim', 'test/fixtures/systems/mini-d20.json', '--fight', 'nope', '--fights', '2000', '--workers', '3');
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown fight 'nope' \(fights: duel, skirmish/);
  });
  test('sim reads a file with a byte-order mark as check does, on one thread and on two', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bin-sim-')), 'bom.json');
    writeFileSync(file, `\uFEFF${readFileSync('test/fixtures/systems/mini-d20.json', 'utf8')}`);
    expect(cliEnds('check', file).status).toBe(0);
    const plain = cliEnds('sim', 'test/fixtures/systems/mini-d20.json', '--fight', 'skirmish', '--fights', '600', '--json');
    for (const workers of ['1', '2']) {
      const r = cliEnds('sim', file, '--fight', 'skirmish', '--fights', '600', '--json', '--workers', workers);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(plain.stdout);
    }
  });
  test('runs from a cache moved out of the project (RULES_STUDIO_CACHE_DIR), its workers from bundles built there', () => {
    const cache = mkdtempSync(join(tmpdir(), 'bin-cache-'));
    const args = ['sim', 'test/fixtures/systems/mini-d20.json', '--fight', 'skirmish', '--fights', '600', '--json'];
    const moved = spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args, '--workers', '2'], {
      encoding: 'utf8', timeout: 120_000, env: { ...process.env, RULES_STUDIO_CACHE_DIR: cache },
    });
    expect(moved.stderr).toBe('');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toBe(cli(...args).stdout);
    expect(existsSync(join(cache, 'cli.mjs'))).toBe(true);
    expect(existsSync(join(cache, 'sim-worker.mjs'))).toBe(true); // built, not the slow fallback through tsx
  });
  test('sim --grid --workers 3 prints the grid one thread prints; an unknown party or a system with errors exits 1, and ends', () => {
    const args = ['sim', 'test/balance/fixtures/mirror.json', '--grid', '--party', 'solo', '--fights', '100', '--seed', '2', '--json'];
    const three = cliEnds(...args, '--workers', '3');
    expect(three.status).toBe(0);
    expect(three.stdout).toBe(cliEnds(...args).stdout);
    const nobody = cliEnds('sim', 'test/balance/fixtures/mirror.json', '--grid', '--party', 'nobody', '--workers', '3');
    expect(nobody.signal).toBeNull();
    expect(nobody.status).toBe(1);
    const file = join(mkdtempSync(join(tmpdir(), 'bin-grid-')), 'broken.json');
    writeFileSync(file, readFileSync('test/balance/fixtures/mirror.json', 'utf8').replace('"heroes"', '"heroes": 3, "heroez"'));
    const broken = cliEnds('sim', file, '--grid', '--party', 'solo', '--workers', '3');
    expect(broken.signal).toBeNull();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/never simulated/);
  });
});

/** A copy of this project's sources in a temporary folder, sharing this node_modules (a symlink), as a second checkout would. */
function checkout(name: string): string {
  const root = join(mkdtempSync(join(tmpdir(), 'bin-checkout-')), name);
  for (const part of ['bin', 'engine', 'schemas', 'package.json', 'package-lock.json', 'tsconfig.cli.json']) {
    cpSync(part, join(root, part), { recursive: true, preserveTimestamps: true });
  }
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  return root;
}

/** `check` of a clean system from `root`, with `cache` as the bundle cache: what it says at the end. */
function checkFrom(root: string, cache: string): string {
  const r = spawnSync(process.execPath, [join(root, 'bin/rules-studio.mjs'), 'check', resolve('test/fixtures/systems/mini-d20.json')], {
    encoding: 'utf8', timeout: 120_000, cwd: root, env: { ...process.env, RULES_STUDIO_CACHE_DIR: cache },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr.trim();
}

/** Changes the summary `check` prints in `root`'s sources; the file keeps the given time. */
function plantSummary(root: string, summary: string, time?: Date): void {
  const file = join(root, 'engine/cli/check.ts');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain("'no problems'");
  writeFileSync(file, text.replace("'no problems'", `'${summary}'`));
  if (time) utimesSync(file, time, time);
}

describe('the bundle cache runs the engine of these sources', () => {
  test('a source changed but dated before the bundle (a copy that keeps times) is rebuilt, not run stale', () => {
    const root = checkout('here');
    const cache = mkdtempSync(join(tmpdir(), 'bin-cache-'));
    expect(checkFrom(root, cache)).toBe('1 file checked: no problems');
    plantSummary(root, 'no problems (changed here)', new Date('2001-01-01T00:00:00Z'));
    expect(checkFrom(root, cache)).toBe('1 file checked: no problems (changed here)');
  }, 120_000);
  test('a bundle another checkout wrote into the same cache (shared node_modules) is never run here', () => {
    const here = checkout('here');
    const there = checkout('there');
    const cache = mkdtempSync(join(tmpdir(), 'bin-cache-'));
    expect(checkFrom(here, cache)).toBe('1 file checked: no problems');
    plantSummary(there, 'no problems (the other engine)');
    expect(checkFrom(there, cache)).toBe('1 file checked: no problems (the other engine)');
    // Its bundle is newer than every source here, and sits where this checkout looks.
    expect(checkFrom(here, cache)).toBe('1 file checked: no problems');
    expect(checkFrom(there, cache)).toBe('1 file checked: no problems (the other engine)');
  }, 120_000);
});
