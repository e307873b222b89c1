// Keeps the layers honest: engine/ is pure (no DOM, node:*, electron, svelte, monaco; engine/cli, where the Node-only
// adapters such as worker threads live, and tests excepted), every relative import follows the layer map below
// (DEVELOPERS.md draws it), and nothing anywhere evaluates text as code. What the command line and the browser studio's console print goes
// through engine/cli/terminal-text.mjs (control characters escaped), never straight to process.stdout/stderr.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The layer map: what each area may import besides itself. An area is engine/<folder>, engine/index (the public
 * surface), contract (electron/contract/: the studio API both sides of IPC share, pure types and the link check),
 * renderer or electron. The renderer and the electron side reach the engine only through engine/index.ts, and each
 * other only through the contract.
 */
const ENGINE_BELOW_CLI = ['engine/i18n', 'engine/formula', 'engine/dice', 'engine/schema', 'engine/sim', 'engine/balance', 'engine/editor'];
export const LAYERS = {
  // engine/i18n: the checker's messages in other languages (a translation layer over the English templates); it
  // imports nothing, so every layer may use it.
  'engine/i18n': [],
  'engine/formula': ['engine/i18n', 'engine/dice'],
  'engine/dice': ['engine/i18n', 'engine/formula'],
  'engine/schema': ['engine/i18n', 'engine/formula', 'engine/dice'],
  'engine/sim': ['engine/i18n', 'engine/formula', 'engine/dice', 'engine/schema'],
  'engine/balance': ['engine/i18n', 'engine/formula', 'engine/dice', 'engine/schema', 'engine/sim'],
  'engine/editor': ['engine/i18n', 'engine/formula', 'engine/dice', 'engine/schema'],
  'engine/index': ENGINE_BELOW_CLI,
  'engine/cli': [...ENGINE_BELOW_CLI, 'engine/index', 'engine/cli/terminal-text'],
  contract: ['run-record'],
  renderer: ['engine/index', 'contract'],
  electron: ['engine/index', 'contract', 'engine/cli/terminal-text'],
  // electron/contract/run-record.ts: the run-history record, types only, the one file the engine and the studio
  // both declare from (the engine's RunEntry is derived from it); it imports nothing.
  'run-record': [],
};
for (const area of Object.keys(LAYERS)) if (area !== 'run-record' && !LAYERS[area].includes('run-record')) LAYERS[area].push('run-record');

/** The area of a repository path, or null for what the map does not govern (tests' helpers, scripts, data). */
function areaOf(path) {
  if (path === 'engine/index.ts' || path === 'engine/index') return 'engine/index';
  // The one way anything prints a rule file's text to a terminal (the browser studio's server too).
  if (path === 'engine/cli/terminal-text.mjs') return 'engine/cli/terminal-text';
  const engine = /^engine\/([^/]+)\//.exec(path);
  if (engine) return `engine/${engine[1]}`;
  if (path === 'electron/contract/run-record.ts' || path === 'electron/contract/run-record' || path === 'electron/contract/run-record.js') return 'run-record';
  if (path.startsWith('electron/contract/')) return 'contract';
  const top = /^(renderer|electron)\//.exec(path);
  return top ? top[1] : null;
}

/** The most lines an engine file may have (tests too; the generated validators are not read). */
export const MAX_ENGINE_LINES = 600;

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]*)['"]/g;

const FORBIDDEN_IN_ENGINE = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"](node:[^'"]*|fs|path|os|child_process|worker_threads|electron|svelte[^'"]*|monaco-editor[^'"]*)['"]/;
const DOM_GLOBALS = /\b(document|window|localStorage|navigator)\s*\./;
const EVAL = /\beval\s*\(|\bnew\s+Function\s*\(/;
const RAW_PRINT = /(?<![.\w])process\.(stdout|stderr)\.write\s*\(|(?<![.\w])console\.(log|error|warn|info|debug)\s*\(/;
const printsToTerminal = (p) => /(^|\/)(engine\/cli|electron\/web)\//.test(p) && !/\.test\.ts$/.test(p);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|svelte|mts|cts)$/.test(name)) yield p;
  }
}

const problems = [];
const engineExempt = (p) => /(^|\/)engine\/cli\//.test(p) || /\.test\.ts$/.test(p);
for (const root of ['engine', 'electron', 'renderer']) {
  let list;
  try { list = [...files(root)]; } catch { continue; }
  for (const file of list) {
    const text = readFileSync(file, 'utf8');
    // A file a newcomer can read: no engine file over MAX_ENGINE_LINES lines (the generated validators are skipped
    // with every 'generated' folder); split it by what its parts do.
    const lineCount = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    if (root === 'engine' && lineCount > MAX_ENGINE_LINES) {
      problems.push(`${relative('.', file)}: ${lineCount} lines; an engine file has at most ${MAX_ENGINE_LINES} (split it by what its parts do)`);
    }
    text.split('\n').forEach((line, i) => {
      const at = `${relative('.', file)}:${i + 1}`;
      if (EVAL.test(line) && !/\.test\.ts$/.test(file)) problems.push(`${at}: eval or new Function: formulas and rule files are untrusted data`);
      if (printsToTerminal(file) && RAW_PRINT.test(line) && !/^\s*(\/\/|\*)/.test(line)) {
        problems.push(`${at}: print through writeOut/writeErr or escapeControls (engine/cli/terminal-text.mjs): a rule file's control characters must not reach the terminal`);
      }
      const from = areaOf(relative('.', file).split('\\').join('/'));
      if (from && !(from.startsWith('engine/') && /\.test\.ts$/.test(file))) {
        for (const m of line.matchAll(IMPORT)) {
          const target = normalize(join(dirname(relative('.', file)), m[1])).split('\\').join('/');
          const to = areaOf(target);
          if (to === null || to === from || LAYERS[from].includes(to)) continue;
          const allowed = LAYERS[from].length ? LAYERS[from].join(', ') : 'nothing outside itself';
          problems.push(`${at}: ${from} imports '${m[1]}' (${to}), against the layer map: ${from} may import ${allowed}`);
        }
      }
      if (root === 'engine' && !engineExempt(file)) {
        const m = FORBIDDEN_IN_ENGINE.exec(line);
        if (m) problems.push(`${at}: engine/ must stay pure; it imports '${m[1]}'`);
        if (DOM_GLOBALS.test(line) && !/^\s*(\/\/|\*)/.test(line)) problems.push(`${at}: engine/ must not touch the DOM`);
      }
    });
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`lint: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('lint: clean');
