// The purity lint really catches what it claims to: run it in a scratch tree with a bad engine file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const script = resolve('scripts/lint.mjs');

function lintTree(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'lint-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return spawnSync('node', [script], { cwd: dir, encoding: 'utf8' });
}

describe('engine purity lint', () => {
  test('a clean engine passes', () => {
    expect(lintTree({ 'engine/a.ts': "import { x } from './b';\nexport const y = x;\n" }).status).toBe(0);
  });
  test('node:, electron and monaco imports in engine/ fail, with file and line', () => {
    const r = lintTree({ 'engine/sim/a.ts': "export {};\nimport { readFileSync } from 'node:fs';\n" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('engine/sim/a.ts:2');
    expect(lintTree({ 'engine/a.ts': "import * as m from 'monaco-editor/editor';\n" }).status).toBe(1);
    expect(lintTree({ 'engine/a.ts': "import { app } from 'electron';\n" }).status).toBe(1);
  });
  test('engine/cli may use node', () => {
    expect(lintTree({ 'engine/cli/main.ts': "import { readFileSync } from 'node:fs';\n" }).status).toBe(0);
  });
  test('DOM access and eval fail anywhere they are forbidden', () => {
    expect(lintTree({ 'engine/a.ts': 'export const w = document.body;\n' }).status).toBe(1);
    expect(lintTree({ 'renderer/src/a.ts': 'export const f = new Function("return 1");\n' }).status).toBe(1);
  });
  test('the CLI and the web server print only through the escaping writers', () => {
    const raw = lintTree({ 'engine/cli/a.ts': "export {};\nprocess.stderr.write(`${message}\\n`);\n" });
    expect(raw.status).toBe(1);
    expect(raw.stderr).toContain('engine/cli/a.ts:2');
    expect(lintTree({ 'electron/web/main.ts': 'console.log(where);\n' }).status).toBe(1);
    expect(lintTree({ 'engine/cli/a.ts': "import { writeErr } from './terminal-text.mjs';\nwriteErr('x');\n" }).status).toBe(0);
    expect(lintTree({ 'engine/cli/a.test.ts': 'console.log(1);\n' }).status).toBe(0);
    expect(lintTree({ 'engine/cli/lsp/a.ts': 'connection.console.error(message);\n' }).status).toBe(0); // a protocol's own console
  });
});

describe('file size', () => {
  test('an engine file over 600 lines fails, with its name and count; 600 pass, and so do generated files and other areas', () => {
    const lines = (n: number): string => 'export {};\n'.repeat(n);
    const bad = lintTree({ 'engine/sim/big.ts': lines(601) });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('engine/sim/big.ts: 601 lines; an engine file has at most 600');
    expect(lintTree({ 'engine/sim/big.test.ts': lines(601) }).status).toBe(1);
    expect(lintTree({ 'engine/sim/ok.ts': lines(600) }).status).toBe(0);
    expect(lintTree({ 'engine/schema/generated/validators.ts': lines(5000) }).status).toBe(0);
    expect(lintTree({ 'renderer/src/big.ts': lines(601) }).status).toBe(0);
  });
});

describe('layer map', () => {
  test('the renderer reaches the engine only through engine/index.ts', () => {
    const bad = lintTree({ 'renderer/src/a.ts': "export {};\nimport { loadSystem } from '../../engine/sim/index';\n" });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("renderer/src/a.ts:2: renderer imports '../../engine/sim/index' (engine/sim), against the layer map");
    expect(lintTree({ 'renderer/src/a.ts': "import { loadSystem } from '../../engine/index';\n" }).status).toBe(0);
    expect(lintTree({ 'renderer/src/a.svelte': "<script lang=\"ts\">\n  import { tune } from '../../engine/balance/tune';\n</script>\n" }).status).toBe(1);
  });
  test('the run record is the one contract file the engine reads (types only); the rest of the contract it may not', () => {
    expect(lintTree({ 'engine/balance/a.ts': "import type { ReadonlyRunRecord } from '../../electron/contract/run-record';\n" }).status).toBe(0);
    const bad = lintTree({ 'engine/balance/a.ts': "import type { StudioApi } from '../../electron/contract/studio';\n" });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('engine/balance imports');
    expect(lintTree({ 'electron/contract/run-record.ts': "import { x } from './studio.js';\n" }).status).toBe(1);
  });
  test('the renderer and the electron side meet only in the contract', () => {
    expect(lintTree({ 'renderer/src/a.ts': "import type { X } from '../../electron/ipc/handle';\n" }).status).toBe(1);
    expect(lintTree({ 'renderer/src/a.ts': "import type { StudioApi } from '../../electron/contract/studio';\n" }).status).toBe(0);
    expect(lintTree({ 'electron/a.ts': "import { x } from '../renderer/src/b';\n" }).status).toBe(1);
    expect(lintTree({ 'electron/contract/a.ts': "import { x } from '../ipc/b.js';\n" }).status).toBe(1);
  });
  test('engine layers import only those below them', () => {
    expect(lintTree({ 'engine/formula/a.ts': "import { runFight } from '../sim/index';\n" }).status).toBe(1);
    expect(lintTree({ 'engine/sim/a.ts': "import { x } from '../balance/grid';\n" }).status).toBe(1);
    expect(lintTree({ 'engine/sim/a.ts': "import { parseFormula } from '../formula/parse';\n" }).status).toBe(0);
    expect(lintTree({ 'engine/schema/a.ts': "import { x } from '../cli/eta';\n" }).status).toBe(1);
  });
});
