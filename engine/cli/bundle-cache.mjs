// The one place that turns the TypeScript sources into runnable bundles, for both the bin (the CLI itself) and the
// worker pools (`sim --workers`, the balance grid). No build step for the user: a bundle is built by esbuild on first
// use and cached in node_modules/.cache/rules-studio, and rebuilt when the sources it was built from differ from these
// (a sha256 of the project root's path and of every file under engine/ and schemas/, in the bundle's first line).
// Plain JavaScript so that the bin can load it without tsx. When a bundle cannot be built or written (read-only
// install, no esbuild), callers fall back to running the sources through tsx (registerTsx).
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
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

/** The first line of every bundle: the key of the sources it was built from. */
const KEY_LINE = '// rules-studio bundle ';

function sourceFiles(dir, prefix, into) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name.endsWith('.test.ts')) continue;
    const relative = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) sourceFiles(join(dir, entry.name), relative, into);
    else into.push(relative);
  }
}

/**
 * What a bundle of `entry` under `root` is built from, as one sha256: the project root's path (another checkout,
 * even one sharing this node_modules or this cache, gets another key), the entry, and the path and bytes of every file
 * under root/engine and root/schemas (tests aside) and of the lock file (an install may change a bundled package).
 * File times play no part: a source restored with an old time still changes the key. About 1.5 MB read and hashed,
 * a few milliseconds.
 */
export function bundleKey(root, entry) {
  const hash = createHash('sha256');
  hash.update(`rules-studio bundle 1\0${resolve(root)}\0${entry}\0`);
  const files = [];
  sourceFiles(join(root, 'engine'), 'engine', files);
  sourceFiles(join(root, 'schemas'), 'schemas', files);
  files.sort();
  files.push('package-lock.json');
  for (const file of files) {
    let bytes;
    try {
      bytes = readFileSync(join(root, file));
    } catch {
      bytes = null; // gone meanwhile, or the lock file is missing: its absence is part of the key
    }
    hash.update(`${file}\0${bytes === null ? -1 : bytes.length}\0`);
    if (bytes !== null) hash.update(bytes);
  }
  return hash.digest('hex');
}

/** The key a bundle says it was built from (its first line), or null (no file, or not one of ours). */
function keyOf(outfile) {
  let fd;
  try {
    fd = openSync(outfile, 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(KEY_LINE.length + 64);
    const read = readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, read).toString('latin1');
    return text.startsWith(KEY_LINE) ? text.slice(KEY_LINE.length) : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Builds `entry` (a path under `root`) into `outfile` unless `outfile` was built from exactly these sources (its first
 * line holds bundleKey, compared in full; file times are never trusted). Returns true when it built. Safe when several
 * processes build at once: each writes its own temporary file and renames it into place (atomic), so a reader never
 * sees half a bundle, and a bundle a source was saved during is keyed on what was read before the build.
 */
export async function buildIfStale(root, entry, outfile) {
  const key = bundleKey(root, entry);
  if (keyOf(outfile) === key) return false;
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
    banner: { js: `${KEY_LINE}${key}\nimport { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);` },
    define: { __RULES_STUDIO_ROOT__: JSON.stringify(root) }, // findRoot's answer when the cache is outside the project
  });
  mkdirSync(dirname(outfile), { recursive: true });
  const temporary = `${outfile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, outfile);
  return true;
}

function cacheDir() {
  return process.env[CACHE_DIR_ENV] || join(projectRoot, 'node_modules', '.cache', 'rules-studio');
}

/**
 * The absolute path of a fresh bundle of `name` (one of BUNDLE_ENTRIES), building it unless the cached one was built
 * from these very sources of this very project (buildIfStale); null when
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
