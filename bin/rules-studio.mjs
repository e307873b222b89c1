#!/usr/bin/env node
// Entry point of the CLI (`npm run cli`, and `rules-studio` when installed). No build step is needed:
// - `check`, `roll` and `dist` run from one bundled file cached in node_modules/.cache/rules-studio, rebuilt by esbuild
//   (a fraction of a second) whenever a source under engine/ or schemas/ is newer, so a bad formula is answered in
//   about the time Node takes to start;
// - `sim` and `diff` start worker threads that load the TypeScript sources, so they (and any command, if the cache
//   cannot be written) run the sources through tsx. tsconfig.cli.json points chevrotain at its single-file bundle.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUNDLED_COMMANDS = new Set(['check', 'roll', 'dist']);

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

async function bundledCli() {
  const out = join(root, 'node_modules', '.cache', 'rules-studio', 'cli.mjs');
  const stale = !existsSync(out) || statSync(out).mtimeMs < Math.max(newestSource(join(root, 'engine')), newestSource(join(root, 'schemas')));
  if (stale) {
    const { build } = await import('esbuild');
    mkdirSync(dirname(out), { recursive: true });
    await build({
      entryPoints: [join(root, 'engine', 'cli', 'main.ts')],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      mainFields: ['module', 'main'], // jsonc-parser's UMD build requires its parts at run time; its ESM build bundles
      alias: { chevrotain: join(root, 'node_modules', 'chevrotain', 'lib', 'chevrotain.mjs') },
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    });
  }
  return out;
}

const command = process.argv[2];
let bundle = null;
if (BUNDLED_COMMANDS.has(command)) {
  try {
    bundle = await bundledCli();
  } catch {
    bundle = null; // read-only install or no esbuild: the sources through tsx still work
  }
}
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: join(root, 'tsconfig.cli.json') });
  await import('../engine/cli/main.ts');
}
