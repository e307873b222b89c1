// `npm run web`: starts the browser studio.
//   node dist/electron/web/main.js [--workspace DIR] [--port N] [--data DIR] [--open] [--fallback-reason TEXT]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStudioServer } from './server.js';

/** The folder holding package.json above this file: works from dist/electron/web and from the sources (tsx). */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

interface WebArgs {
  workspace: string;
  port: number;
  dataDir: string;
  open: boolean;
  fallbackReason: string | null;
}

export function parseWebArgs(argv: string[]): WebArgs | string {
  const args: WebArgs = {
    workspace: path.join(repoRoot, 'systems'),
    port: 0,
    dataDir: path.join(repoRoot, '.rules-studio'),
    open: false,
    fallbackReason: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--open') {
      args.open = true;
      continue;
    }
    const value = argv[++i];
    if (value === undefined) return `${flag} needs a value`;
    if (flag === '--workspace') args.workspace = path.resolve(value);
    else if (flag === '--data') args.dataDir = path.resolve(value);
    else if (flag === '--fallback-reason') args.fallbackReason = value;
    else if (flag === '--port') {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) return `--port expects 0..65535, got ${value}`;
      args.port = port;
    } else return `unknown option ${flag}`;
  }
  return args;
}

/** Best effort: a machine without a display (CI, ssh) just gets the printed URL. */
function openInBrowser(url: string): void {
  const command =
    process.platform === 'darwin' ? ['open', url]
    : process.platform === 'win32' ? ['cmd', '/c', 'start', '""', url]
    : process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? ['xdg-open', url]
    : null;
  if (!command) return;
  const child = spawn(command[0]!, command.slice(1), { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

async function main(): Promise<number> {
  const args = parseWebArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`rules-studio web: ${args}`);
    return 2;
  }
  const server = await startStudioServer({
    workspace: args.workspace,
    dataDir: args.dataDir,
    seedsDir: path.join(repoRoot, 'systems'),
    rendererDir: path.join(repoRoot, 'dist', 'renderer'),
    port: args.port,
  });
  const where = server.url;
  if (args.fallbackReason !== null) console.log(`Electron could not start (${args.fallbackReason}); opening the browser studio at ${where}`);
  else console.log(`Rules Studio (browser mode) at ${where}`);
  console.log(`Workspace: ${args.workspace}  (backups: ${path.join(args.dataDir, 'backups')})`);
  console.log('The #token part of the address is this run\'s key: keep it to yourself. Ctrl+C stops the server.');
  if (args.open) openInBrowser(server.url);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

const isEntry = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  main().then(
    (code) => {
      if (code !== 0) process.exit(code);
    },
    (error: unknown) => {
      console.error(`rules-studio web: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
