// npm run fuzz: the property tests (parser, checker, dice, simulator, schema, balance) with more cases and seeds of
// their own, looking for counterexamples that `npm test`'s fixed seeds do not reach.
//   npm run fuzz -- [--scale N] [--seeds K | --seed S] [file ...]
// --scale multiplies every property's runs (default 10); --seeds searches K seeds picked from the clock (default 3);
// --seed searches one. Each failure is printed with the command that replays it; make it a named test (DEVELOPERS.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const USAGE = 'usage: npm run fuzz -- [--scale N] [--seeds K | --seed S] [file ...]';

function fail(message) {
  console.error(`fuzz: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { scale: 10, seeds: 3, seed: null, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${arg} needs a value`);
      return v;
    };
    if (arg === '--scale') {
      options.scale = Number(value());
      if (!(options.scale > 0 && options.scale <= 10_000)) fail(`--scale: expected a number above 0, at most 10000, got ${argv[i]}`);
    } else if (arg === '--seeds') {
      options.seeds = Number(value());
      if (!Number.isInteger(options.seeds) || options.seeds < 1 || options.seeds > 1000) fail(`--seeds: expected a whole number from 1 to 1000, got ${argv[i]}`);
    } else if (arg === '--seed') {
      options.seed = Number(value());
      if (!Number.isSafeInteger(options.seed)) fail(`--seed: expected a whole number, got ${argv[i]}`);
    } else if (arg.startsWith('-')) {
      fail(`unknown option ${arg}`);
    } else {
      if (!existsSync(arg)) fail(`no such file: ${arg}`);
      options.files.push(arg);
    }
  }
  return options;
}

/** The test files whose properties take their parameters from test/fuzz.ts. */
function propertyFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) { if (entry.name !== 'node_modules' && entry.name !== 'e2e') walk(path); continue; }
      if (entry.name.endsWith('.test.ts') && entry.name !== 'fuzz.test.ts' && /\bfuzz\(/.test(readFileSync(path, 'utf8'))) found.push(relative('.', path));
    }
  };
  walk('engine');
  walk('test');
  return found.sort();
}

const options = parseArgs(process.argv.slice(2));
const files = options.files.length ? options.files : propertyFiles();
if (files.length === 0) fail('no property tests found (files that call fuzz() from test/fuzz.ts)');
const start = Date.now() % 1_000_000_007;
const seeds = options.seed !== null ? [options.seed] : Array.from({ length: options.seeds }, (_, i) => start + i * 7919);
mkdirSync('test-output', { recursive: true });
console.log(`fuzz: ${files.length} files, runs x${options.scale}, seeds ${seeds.join(', ')}`);

const failures = [];
for (const seed of seeds) {
  const out = `test-output/fuzz-${seed}.json`;
  const t0 = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', '--testTimeout=0', '--reporter=dot', '--reporter=json', `--outputFile=${out}`, ...files], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, FUZZ_SEED: String(seed), FUZZ_SCALE: String(options.scale), FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  if (!existsSync(out)) { failures.push({ seed, file: '(vitest)', name: '(no report)', message: `vitest exited ${run.status} and wrote no report` }); continue; }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  let failedHere = 0;
  for (const file of report.testResults ?? []) {
    const rel = relative('.', file.name);
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      failedHere++;
      failures.push({ seed, file: rel, name: t.fullName ?? t.title, message: (t.failureMessages ?? []).join('\n').split('\n').slice(0, 12).join('\n') });
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      failedHere++;
      failures.push({ seed, file: rel, name: '(file failed to load)', message: file.message ?? '' });
    }
  }
  console.log(`\nfuzz: seed ${seed}: ${report.numPassedTests ?? 0} passed, ${failedHere} failed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** A test's full name as vitest's -t pattern (a regular expression), quoted for a POSIX shell. */
function namePattern(name) {
  const pattern = `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  return `'${pattern.replace(/'/g, `'\\''`)}'`;
}

for (const f of failures) {
  console.log(`\n--- ${f.file} · ${f.name} · FUZZ_SEED=${f.seed}\n${f.message}`);
  console.log(`replay: FUZZ_SEED=${f.seed} FUZZ_SCALE=${options.scale} npx vitest run ${f.file} -t ${namePattern(f.name)}`);
}
console.log(`\nfuzz: ${seeds.length} seed${seeds.length === 1 ? '' : 's'} searched, ${failures.length} counterexample${failures.length === 1 ? '' : 's'}`);
process.exit(failures.length === 0 ? 0 : 1);
