// `npm run web` / the fallback of `npm start`: the browser studio's command line, run as a real process.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

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
  const match = /^Electron could not start \(no display: DISPLAY and WAYLAND_DISPLAY are not set\); opening the browser studio at (http:\/\/127\.0\.0\.1:(\d+)\/#token=([0-9a-f]{48}))$/.exec(firstLine);
  expect(match, firstLine).not.toBeNull();
  const [, , port, token] = match!;
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
