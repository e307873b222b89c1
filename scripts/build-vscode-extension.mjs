// Builds the VS Code extension (editors/vscode/) into a .vsix, offline: esbuild bundles the client (with
// vscode-languageclient) into editors/vscode/dist/extension.js, then @vscode/vsce packages the folder without
// asking npm for dependencies (the bundle has them). `node scripts/build-vscode-extension.mjs [--out FILE]`;
// default dist/rules-studio-vscode-<version>.vsix. npm test runs it through test/vscode/vsix.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const extension = join(root, 'editors', 'vscode');
const manifest = JSON.parse(readFileSync(join(extension, 'package.json'), 'utf8'));
const at = process.argv.indexOf('--out');
const out = resolve(at > 0 ? process.argv[at + 1] : join(root, 'dist', `rules-studio-vscode-${manifest.version}.vsix`));

await build({
  entryPoints: [join(extension, 'src', 'extension.ts')],
  outfile: join(extension, 'dist', 'extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: ['vscode'],
  mainFields: ['module', 'main'],
  minify: true,
  logLevel: 'warning',
});

mkdirSync(dirname(out), { recursive: true });
const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', out], {
  cwd: extension,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});
process.stdout.write(r.stdout);
process.stderr.write(r.stderr);
if (r.status !== 0) {
  console.error(`build-vscode-extension: vsce package failed (exit ${r.status})`);
  process.exit(1);
}
console.log(`build-vscode-extension: ${out}`);
