// `npm run web` / the fallback of `npm start`: the browser studio's command line, run as a real process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { exchangeCode } from '../../renderer/src/host/browser-host';

const base = mkdtempSync(path.join(tmpdir(), 'rs-web-cli-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const entry = path.resolve('electron/web/main.ts');

test('prints why Electron could not start and the browser studio address; serves the API; stops on SIGTERM', async () => {
  writeFileSync(path.join(base, 'mine.json'), '{}');
  const child = spawn(process.execPath, ['--import', 'tsx', entry, '--workspace', base, '--data', path.join(base, '.data'), '--fallback-reason', 'no display: DISPLAY and WAYLAND_DISPLAY are not set'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.split('\n')[0]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  const match = /^Electron could not start \(no display: DISPLAY and WAYLAND_DISPLAY are not set\); opening the browser studio at (http:\/\/127\.0\.0\.1:(\d+)\/#code=([0-9a-f]{48}))$/.exec(firstLine);
  expect(match, firstLine).not.toBeNull();
  const [, , port, code] = match!;
  const token = await exchangeCode(`http://127.0.0.1:${port}`, code!);
  // The used address is void; the console says the next one.
  await expect.poll(() => /That address has been used; another window: (http:\/\/127\.0\.0\.1:\d+\/#code=[0-9a-f]{48})\n/.exec(output)?.[1]).toBeTruthy();
  expect(output).not.toContain(token);
  await expect(exchangeCode(`http://127.0.0.1:${port}`, code!)).rejects.toThrow(/already been used/);
  const response = await fetch(`http://127.0.0.1:${port}/api/invoke/studio:files.list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rules-studio-token': token! },
    body: '{"args":[]}',
  });
  expect(await response.json()).toEqual({ result: [expect.objectContaining({ path: 'mine.json' })] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});

test('a bad option is refused with exit code 2', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', entry, '--port', 'lots'], { encoding: 'utf8' });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('--port expects 0..65535, got lots');
});

/** Starts the browser studio as `npm start`'s fallback does; resolves with its output once it says it is serving. */
function startWeb(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ReturnType<typeof spawn>; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ctrl+C stops the server')) resolve({ child, output: () => output });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

async function stop(child: ReturnType<typeof spawn>): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test('--open hands the browser a one-time code, never the token: the command line others can see in ps opens nothing', async () => {
  const bin = mkdtempSync(path.join(tmpdir(), 'rs-fake-open-'));
  const argvFile = path.join(bin, 'argv.txt');
  // A stand-in for xdg-open that keeps the command line it was given (what `ps` would show).
  writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${argvFile}'\n`, { mode: 0o755 });
  const web = await startWeb(['--workspace', base, '--data', path.join(base, '.data'), '--open'], {
    ...process.env, PATH: `${bin}:${process.env.PATH}`, DISPLAY: ':99', WAYLAND_DISPLAY: '',
  });
  try {
    await expect.poll(() => existsSync(argvFile) && readFileSync(argvFile, 'utf8').trim()).toBeTruthy();
    const commandLine = readFileSync(argvFile, 'utf8').trim();
    const [, port, code] = /^http:\/\/127\.0\.0\.1:(\d+)\/#code=([0-9a-f]{48})$/.exec(commandLine) ?? [];
    expect(code, commandLine).toBeDefined();
    // The browser's page trades the code; whoever read the command line afterwards gets nothing.
    const token = await exchangeCode(`http://127.0.0.1:${port}`, code!);
    expect(commandLine).not.toContain(token);
    expect(web.output()).not.toContain(token);
    await expect(exchangeCode(`http://127.0.0.1:${port}`, code!)).rejects.toThrow(/already been used/);
  } finally {
    await stop(web.child);
    rmSync(bin, { recursive: true, force: true });
  }
});

test('what the console prints (a workspace path, why Electron did not start) has its control characters escaped', async () => {
  const odd = path.join(base, 'odd\u001b[2J\u202eworkspace');
  mkdirSync(odd, { recursive: true });
  const web = await startWeb(['--workspace', odd, '--data', path.join(base, '.data'), '--fallback-reason', 'it said \u001b[31mno\u001b[0m'], { ...process.env });
  try {
    const output = web.output();
    expect(output).not.toMatch(/[\u001b\u202e]/);
    expect(output).toContain('Electron could not start (it said \\u001b[31mno\\u001b[0m)');
    expect(output).toContain('Workspace: ' + path.join(base, 'odd\\u001b[2J\\u202eworkspace'));
  } finally {
    await stop(web.child);
  }
});
