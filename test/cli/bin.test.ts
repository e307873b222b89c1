// The installed entry point: every command runs from the cached bundle (sim's workers from theirs), giving the engine's answers.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
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
});
