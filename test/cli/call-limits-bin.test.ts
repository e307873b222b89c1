// `rules-studio check` through the CLI bundle on the pathological systems of issue 17 (generated): a clear limit
// error at the call, exit 1, no stack trace.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chain, systemWith } from '../formula/pathological';

const dir = mkdtempSync(join(tmpdir(), 'rs-call-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
}

describe('check of pathological user functions through the CLI', () => {
  it('a chain of 2,000, a fan-out of 30 and 2,000 nested parentheses end with exit 1 and the limit at the call', () => {
    const files: [string, string, string][] = [
      ['chain.json', systemWith(chain(2_000)).text, ':82:16: error: `f0(1)` calls functions 2,000 deep (f0 → f1 → f2 → … → f1998 → f1999)'],
      ['fan.json', systemWith(chain(30, 2)).text, ':82:16: error: `f0(1)` grows to 4,294,967,291 parts'],
      ['parens.json', systemWith(chain(1)).text.replace('"deep.v": "f0(1)"', `"deep.v": "${'('.repeat(2_000)}1${')'.repeat(2_000)}"`), 'error: this formula is 4,001 characters long; the limit is 2,000'],
    ];
    for (const [name, text, expected] of files) {
      writeFileSync(join(dir, name), text);
      const result = cli('check', join(dir, name));
      expect(result.status).toBe(1);
      expect(result.stdout).toContain(expected);
      expect(result.stdout + result.stderr).not.toMatch(/RangeError|call stack|at .*\.mjs:\d+/);
    }
  });
});
