// `npm run web`: starts the browser studio.
//   node dist/electron/web/main.js [--workspace DIR] [--port N] [--data DIR] [--open] [--fallback-reason TEXT]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startStudioServer } from './server.js';

/** The folder holding package.json above this file: works from dist/electron/web and from the sources (tsx). */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

type TerminalText = typeof import('../../engine/cli/terminal-text.mjs');

/**
 * The CLI's escaping writers (engine/cli/terminal-text.mjs, plain JavaScript): what this console prints (a workspace
 * path, why Electron did not start, an error) has its control characters escaped. Loaded from the project at run
 * time: this file is compiled into dist/electron, outside of which tsc does not reach.
 */
function terminalText(): Promise<TerminalText> {
  return import(pathToFileURL(path.join(repoRoot, 'engine', 'cli', 'terminal-text.mjs')).href) as Promise<TerminalText>;
}

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

async function main({ escapeControls: safe, writeErr, writeOut }: TerminalText): Promise<number> {
  const args = parseWebArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    writeErr(`rules-studio web: ${safe(args)}\n`);
    return 2;
  }
  const server = await startStudioServer({
    workspace: args.workspace,
    dataDir: args.dataDir,
    seedsDir: path.join(repoRoot, 'systems'),
    rendererDir: path.join(repoRoot, 'dist', 'renderer'),
    port: args.port,
    onCodeUsed: (next) => writeOut(`That address has been used; another window: ${next}\n`),
  });
  const where = server.url;
  if (args.fallbackReason !== null) writeOut(`Electron could not start (${safe(args.fallbackReason)}); opening the browser studio at ${where}\n`);
  else writeOut(`Rules Studio (browser mode) at ${where}\n`);
  writeOut(`Workspace: ${safe(args.workspace)}  (backups: ${safe(path.join(args.dataDir, 'backups'))})\n`);
  writeOut('Each address opens the studio once (its #code is spent when the page loads). Ctrl+C stops the server.\n');
  if (args.open) openInBrowser(server.url);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

const isEntry = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  void terminalText().then((terminal) => main(terminal).then(
    (code) => {
      if (code !== 0) process.exit(code);
    },
    (error: unknown) => {
      terminal.writeErr(`rules-studio web: ${terminal.escapeControls(error instanceof Error ? error.message : String(error))}\n`);
      process.exit(1);
    },
  ));
}
