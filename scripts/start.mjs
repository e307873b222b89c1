// `npm start`: builds the studio, then runs the desktop app (Electron); when Electron cannot start (binary missing
// and not downloadable, no display, it crashes on launch) it says why and opens the browser studio instead.
// `npm run web` (= `node scripts/start.mjs --web`): the browser studio directly.
// Options: --web, --no-build, --workspace DIR, --port N and --data DIR (browser studio: where backups and run history go).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { writeErr } from '../engine/cli/terminal-text.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const argv = process.argv.slice(2);
const webOnly = argv.includes('--web');
const skipBuild = argv.includes('--no-build');
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : null;
};
const workspace = option('--workspace');
const port = option('--port');
const dataDir = option('--data');

/** Electron must be running this long before we call it started (a broken launch dies within a second or two). */
const LAUNCH_GRACE_MS = 4000;
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  return spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status === 0;
}

function build() {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts ?? {};
  let rendererOk;
  if (scripts.build) {
    console.log('Building the studio (npm run build)...');
    rendererOk = run(npm, ['run', '-s', 'build']);
  } else if (existsSync('vite.config.ts')) {
    console.log('Building the renderer (vite build)...');
    rendererOk = run(npx, ['vite', 'build', '--logLevel', 'warn']);
  } else {
    console.warn('No renderer build is set up yet (no "build" script, no vite.config.ts); skipping it.');
    rendererOk = false;
  }
  if (!rendererOk) {
    if (existsSync('dist/renderer/index.html')) console.warn('The renderer build failed; using the previous build in dist/renderer.');
    else console.warn('The renderer is not built: the studio will show an error page until `npm run build` succeeds.');
  }
  if (!existsSync('dist/electron/web/main.js') || !scripts.build || !rendererOk) {
    console.log('Compiling the Electron main process (tsc -p tsconfig.electron.json)...');
    if (!run(npx, ['tsc', '-p', 'tsconfig.electron.json'])) {
      console.error('The Electron main process does not compile; fix the errors above.');
      process.exit(1);
    }
  }
}

/** The Electron binary's path, or why there is none (electron 42+ downloads it on first use). */
function findElectron() {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { encoding: 'utf8', timeout: 180_000 });
  if (probe.status === 0 && probe.stdout && existsSync(probe.stdout)) return { binary: probe.stdout };
  const text = `${probe.stderr ?? ''}\n${probe.error?.message ?? ''}`;
  const cause = /(ENOTFOUND \S+|fetch failed|ECONNREFUSED \S+|ETIMEDOUT|EAI_AGAIN \S+|ETIMEDOUT \S+|spawnSync \S+ ETIMEDOUT)/.exec(text)?.[1];
  return { why: `the Electron binary is not installed and could not be downloaded${cause ? `: ${cause}` : ''}` };
}

function displayProblem() {
  if (process.platform !== 'linux') return null;
  return process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? null : 'no display: DISPLAY and WAYLAND_DISPLAY are not set';
}

/** Resolves 'started' once Electron has run for LAUNCH_GRACE_MS, else why it died. */
function launchElectron(binary) {
  return new Promise((resolve) => {
    const args = ['.'];
    if (workspace) args.push('--workspace', path.resolve(workspace));
    const child = spawn(binary, args, { stdio: ['inherit', 'inherit', 'pipe'] });
    let stderr = '';
    const decoder = new StringDecoder('utf8');
    child.stderr.on('data', (chunk) => {
      const text = decoder.write(chunk);
      stderr += text;
      writeErr(text); // Electron's messages may quote a file: its control characters are shown, not obeyed
    });
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      resolve({ child });
    }, LAUNCH_GRACE_MS);
    child.once('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ why: `could not run ${binary}: ${error.message}` });
    });
    child.once('exit', (code, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Closed right away by the user: that is a start, not a failure.
      if (code === 0) process.exit(0);
      const lastLine = stderr.trim().split('\n').pop() ?? '';
      resolve({ why: `it exited at launch with ${signal ?? `code ${code}`}${lastLine ? `: ${lastLine.slice(0, 200)}` : ''}` });
    });
  });
}

function startBrowserStudio(fallbackReason) {
  const args = ['dist/electron/web/main.js', '--open'];
  if (workspace) args.push('--workspace', path.resolve(workspace));
  if (port) args.push('--port', port);
  if (dataDir) args.push('--data', path.resolve(dataDir));
  if (fallbackReason) args.push('--fallback-reason', fallbackReason);
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  forwardSignals(child);
  child.once('exit', (code) => process.exit(code ?? 0));
}

function forwardSignals(child) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
}

if (!skipBuild) build();

if (webOnly) {
  startBrowserStudio(null);
} else {
  const electron = findElectron();
  let why = electron.why ?? displayProblem();
  if (!why) {
    const launched = await launchElectron(electron.binary);
    if (launched.child) {
      forwardSignals(launched.child);
      launched.child.once('exit', (code) => process.exit(code ?? 0));
    } else why = launched.why;
  }
  if (why) startBrowserStudio(why);
}
