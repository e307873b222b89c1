// The one place that turns the TypeScript sources into runnable bundles, for both the bin (the CLI itself) and the
// worker pools (`sim --workers`, the balance grid). No build step for the user: a bundle is built by esbuild on first
// use and cached in node_modules/.cache/rules-studio, and rebuilt when a file under engine/ or schemas/ is newer.
// Plain JavaScript so that the bin can load it without tsx. When a bundle cannot be built or written (read-only
// install, no esbuild), callers fall back to running the sources through tsx (registerTsx).
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What can be bundled: name → entry source, relative to the project root. */
export const BUNDLE_ENTRIES = {
  cli: 'engine/cli/main.ts',
  'sim-worker': 'engine/cli/sim-workers/worker.ts',
  'grid-worker': 'engine/cli/balance-workers/worker.ts',
  'needle-worker': 'engine/cli/balance-workers/needle-worker.ts',
};

/** Set to 1 to run everything from the sources through tsx (debugging; the fallback's own tests). */
export const NO_BUNDLE_ENV = 'RULES_STUDIO_NO_BUNDLE';
/** Overrides where bundles are cached (default node_modules/.cache/rules-studio under the project root). */
export const CACHE_DIR_ENV = 'RULES_STUDIO_CACHE_DIR';

// This file may itself be inlined into a bundle (the CLI bundle contains the pools), so import.meta.url is either
// engine/cli/ or the cache folder: the root is the nearest folder above that holds this file's source. A cache moved
// out of the project (CACHE_DIR_ENV) has none above it: a bundle knows the root it was built from (esbuild's define).
function findRoot() {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'engine', 'cli', 'bundle-cache.mjs'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  // eslint-disable-next-line no-undef -- replaced by esbuild's define in a bundle; undeclared (typeof: 'undefined') in the sources
  const built = typeof __RULES_STUDIO_ROOT__ === 'string' ? __RULES_STUDIO_ROOT__ : null;
  if (built && existsSync(join(built, 'engine', 'cli', 'bundle-cache.mjs'))) return built;
  throw new Error('rules-studio: cannot find the project root above ' + fileURLToPath(import.meta.url));
}

export const projectRoot = findRoot();

/**
 * Imports a package the bundles leave out (esbuild, tsx). From a bundle in a cache outside the project
 * (CACHE_DIR_ENV) the package is not found beside it: then it is resolved from the project root.
 */
async function importFromProject(specifier) {
  try {
    return await import(specifier);
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    return import(pathToFileURL(createRequire(join(projectRoot, 'package.json')).resolve(specifier)).href);
  }
}

function modified(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestSource(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : modified(path)); // a file may go meanwhile
  }
  return newest;
}

/**
 * Builds `entry` (a path under `root`) into `outfile` unless `outfile` is at least as new as every file under
 * root/engine and root/schemas and the lock file (an install may change a bundled package). Returns true when it
 * built. Safe when several processes build at once: each writes its own temporary file and renames it into place
 * (atomic), so a reader never sees half a bundle.
 */
export async function buildIfStale(root, entry, outfile) {
  const newest = Math.max(newestSource(join(root, 'engine')), newestSource(join(root, 'schemas')), modified(join(root, 'package-lock.json')));
  // 1 ms of slack: a file time set from JavaScript keeps whole milliseconds, a source's has nanoseconds
  if (existsSync(outfile) && statSync(outfile).mtimeMs >= newest - 1) return false;
  const { build } = await importFromProject('esbuild');
  const result = await build({
    entryPoints: [join(root, entry)],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    mainFields: ['module', 'main'], // jsonc-parser's UMD build requires its parts at run time; its ESM build bundles
    // chevrotain's package entry is ~600 lodash-es modules; its single-file build is the same code
    alias: { chevrotain: join(root, 'node_modules', 'chevrotain', 'lib', 'chevrotain.mjs') },
    external: ['esbuild', 'tsx', 'tsx/*'], // only this file loads them, and only to build or to fall back
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    define: { __RULES_STUDIO_ROOT__: JSON.stringify(root) }, // findRoot's answer when the cache is outside the project
  });
  mkdirSync(dirname(outfile), { recursive: true });
  const temporary = `${outfile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  // Stamped with the newest source's time, not the build's end: a source saved during the build is still newer.
  const stamp = new Date(Math.ceil(newest));
  utimesSync(temporary, stamp, stamp);
  renameSync(temporary, outfile);
  return true;
}

function cacheDir() {
  return process.env[CACHE_DIR_ENV] || join(projectRoot, 'node_modules', '.cache', 'rules-studio');
}

/**
 * The absolute path of a fresh bundle of `name` (one of BUNDLE_ENTRIES), building it if a source is newer; null when
 * it cannot be built or written (the caller runs the sources through tsx instead) or when NO_BUNDLE_ENV is set.
 */
export async function cachedBundle(name) {
  if (process.env[NO_BUNDLE_ENV] === '1') return null;
  const entry = BUNDLE_ENTRIES[name];
  if (!entry) throw new Error(`rules-studio: no bundle named '${name}'`);
  const outfile = join(cacheDir(), `${name}.mjs`);
  try {
    await buildIfStale(projectRoot, entry, outfile);
    return outfile;
  } catch {
    return null;
  }
}

/** Registers tsx in this thread, so that importing a .ts source works (the fallback when there is no bundle). */
export async function registerTsx() {
  const { register } = await importFromProject('tsx/esm/api');
  // tsconfig.cli.json maps chevrotain to its single-file build (its package entry costs seconds through tsx's loader)
  const cliConfig = join(projectRoot, 'tsconfig.cli.json');
  register(existsSync(cliConfig) ? { tsconfig: cliConfig } : {});
}
