// The README's test command: lint, type checks, unit tests, then the browser end-to-end tests.
// Ends with one plain line `N passed, N failed` (CI reads it; vitest's own summary is not read).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-output', { recursive: true });
let passed = 0;
let failed = 0;

function run(label, cmd, args) {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  return r.status === 0;
}

function gate(label, cmd, args) {
  if (run(label, cmd, args)) passed += 1;
  else { failed += 1; console.log(`FAILED: ${label}`); }
}

function vitest(label, config, out) {
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`];
  if (config) args.push('--config', config);
  const ok = run(label, 'npx', args);
  if (!existsSync(out)) { failed += 1; console.log(`FAILED: ${label} wrote no report`); return; }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A suite that fails to load has no failed tests but a failed run.
  if (!ok && !(report.numFailedTests > 0)) { failed += 1; console.log(`FAILED: ${label} (a test file failed to load)`); }
}

gate('lint', 'node', ['scripts/lint.mjs']);
gate('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
gate('typecheck engine (no DOM, no Node)', 'npx', ['tsc', '--noEmit', '-p', 'engine/tsconfig.json']);
gate('typecheck electron (main, preload, browser server)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.electron.json']);
gate('typecheck VS Code extension', 'npx', ['tsc', '--noEmit', '-p', 'editors/vscode/tsconfig.json']);
if (existsSync('scripts/build-validators.mjs')) gate('generate validators', 'node', ['scripts/build-validators.mjs']);
if (existsSync('renderer/tsconfig.json')) gate('svelte-check (renderer)', 'npx', ['svelte-check', '--tsconfig', 'renderer/tsconfig.json', '--threshold', 'error', '--output', 'human']);
vitest('unit tests', null, 'test-output/unit.json');
if (existsSync('vitest.e2e.config.ts')) {
  gate('build studio', 'npm', ['run', '-s', 'build']);
  vitest('end-to-end tests (Chromium)', 'vitest.e2e.config.ts', 'test-output/e2e.json');
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
