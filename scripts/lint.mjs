// Keeps the layers honest: engine/ is pure (no DOM, node:*, electron, svelte, monaco; engine/cli, where the Node-only
// adapters such as worker threads live, and tests excepted),
// and nothing anywhere evaluates text as code. What the command line and the browser studio's console print goes
// through engine/cli/terminal-text.mjs (control characters escaped), never straight to process.stdout/stderr.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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
    text.split('\n').forEach((line, i) => {
      const at = `${relative('.', file)}:${i + 1}`;
      if (EVAL.test(line) && !/\.test\.ts$/.test(file)) problems.push(`${at}: eval or new Function: formulas and rule files are untrusted data`);
      if (printsToTerminal(file) && RAW_PRINT.test(line) && !/^\s*(\/\/|\*)/.test(line)) {
        problems.push(`${at}: print through writeOut/writeErr or escapeControls (engine/cli/terminal-text.mjs): a rule file's control characters must not reach the terminal`);
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
