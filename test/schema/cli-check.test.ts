// `rules-studio check`: exit codes (0 clean, 1 errors, 2 usage or unreadable), --json shape, human output with caret.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { run, type CheckIo } from '../../engine/cli/check';

const fixtures = new URL('../fixtures/', import.meta.url);
const path = (name: string) => new URL(name, fixtures).pathname;

function capture(): { io: CheckIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    io: { out: (t) => { out += t; }, err: (t) => { err += t; }, readText: async (p) => readFileSync(p, 'utf8') },
    out: () => out,
    err: () => err,
  };
}

describe('check command', () => {
  it('exits 0 on a clean file', async () => {
    const c = capture();
    expect(await run([path('systems/minimal.json')], c.io)).toBe(0);
    expect(c.out()).toBe('');
    expect(c.err()).toContain('no problems');
  });

  it('exits 1 with file:line:column, the source line and a caret underline', async () => {
    const c = capture();
    const file = path('bad/12-misspelt-attack-key.json');
    expect(await run([file], c.io)).toBe(1);
    const [first, source, caret] = c.out().split('\n');
    expect(first).toBe(`${file}:43:36: error: unknown key \`damge\` in \`combat.attack\`; did you mean \`damage\`?`);
    expect(source!.slice(2 + 35, 2 + 42)).toBe('"damge"');
    expect(caret).toBe(`  ${' '.repeat(35)}^~~~~~~`); // 7 characters: "damge"
  });

  it('--json gives the spec §4 shape for every file', async () => {
    const c = capture();
    const bad = path('bad/24-unknown-check.json');
    const good = path('systems/minimal.json');
    expect(await run([good, bad, '--json'], c.io)).toBe(1);
    const report = JSON.parse(c.out()) as { file: string; diagnostics: Record<string, unknown>[] }[];
    expect(report.map((r) => r.file)).toEqual([good, bad]);
    expect(report[0]!.diagnostics).toEqual([]);
    expect(report[1]!.diagnostics).toEqual([{
      severity: 'error', message: 'unknown check `atack` in `combat.attack.check`; did you mean `attack`?', source: 'schema',
      pointer: '/combat/attack/check', line: 43, column: 26, endLine: 43, endColumn: 33,
    }]);
  });

  it('exits 2 for no files, an unknown option, or an unreadable file', async () => {
    expect(await run([], capture().io)).toBe(2);
    expect(await run(['--frobnicate', path('systems/minimal.json')], capture().io)).toBe(2);
    const c = capture();
    expect(await run([path('systems/minimal.json'), path('does-not-exist.json')], c.io)).toBe(2);
    expect(c.err()).toContain('cannot read this file (ENOENT)');
  });

  it('warnings alone exit 0', async () => {
    const c = capture();
    expect(await run([path('bad/52-order-ability-not-owned.json')], c.io)).toBe(0);
    expect(c.out()).toContain(': warning: this order uses `shield`');
  });
});
