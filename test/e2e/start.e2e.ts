// The README's first command, `npm start`, on a machine where Electron cannot start (no display here, and the binary
// is not downloadable either): it must say why and open the browser studio, which must really be the studio.
// Linux only: elsewhere a machine without DISPLAY still has a screen, and Electron would open on it.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { launchBrowser, openStudio, REPO, SHOTS } from './harness';

const WHY = /^Electron could not start \((.+)\); opening the browser studio at (http:\/\/127\.0\.0\.1:\d+\/#code=[0-9a-f]+)$/m;

test.runIf(process.platform === 'linux')('npm start says why Electron could not start and opens the browser studio on the workspace', async () => {
  const root = mkdtempSync(join(tmpdir(), 'rules-studio-start-'));
  const workspace = join(root, 'workspace');
  const dataDir = join(root, 'data');
  mkdirSync(workspace);
  cpSync(join(REPO, 'systems', 'twin-dice.json'), join(workspace, 'twin-dice.json'));
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  // What `npm start` runs (package.json), without the build: the e2e phase runs after `npm run build`.
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build', '--workspace', workspace, '--data', dataDir, '--port', '0'], {
    cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const browser = await launchBrowser();
  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const m = WHY.exec(output);
        if (m && output.includes('Ctrl+C stops the server')) resolve(m);
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      void exited.then((code) => reject(new Error(`npm start exited (${code}) before serving:\n${output}`)));
    });
    const [, why, url] = match;
    // Either reason is true of this machine; which one is said depends on whether the binary happens to be installed.
    expect(why).toMatch(/^(no display: DISPLAY and WAYLAND_DISPLAY are not set|the Electron binary is not installed and could not be downloaded.*)$/);
    expect(output).toContain(`Workspace: ${workspace}  (backups: ${join(dataDir, 'backups')})`);

    const page = await browser.context.newPage();
    const errors: string[] = [];
    await openStudio(page, url!, 'twin-dice.json', errors);
    await expect.poll(() => page.locator('.statusbar').innerText()).toContain('Browser studio');
    expect(await page.locator('.sidebar').innerText()).toContain('twin-dice.json');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'start-fallback.png') });
    expect(errors).toEqual([]);
    // The page traded the address's one-time code for the session: the code left the address bar, a reload keeps
    // the session, and the same address in another tab (as someone who read it off a command line would) opens nothing.
    expect(page.url()).not.toContain('#code=');
    await page.reload();
    await expect.poll(() => page.locator('.sidebar').innerText()).toContain('twin-dice.json');
    const again = await browser.context.newPage();
    await again.goto(url!);
    await expect.poll(() => again.locator('#app').innerText()).toContain('This address has already been used');
    await again.screenshot({ path: join(SHOTS, 'start-address-used.png') });
    // The console told the next address; it opens the studio.
    await expect.poll(() => /That address has been used; another window: (\S+#code=[0-9a-f]+)/.exec(output)?.[1]).toBeTruthy();
    const next = /That address has been used; another window: (\S+#code=[0-9a-f]+)/.exec(output)![1]!;
    const third = await browser.context.newPage();
    await openStudio(third, next, 'twin-dice.json', errors);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
  // start.mjs passes the signal on to the server, and ends with its exit code.
  expect(await exited).toBe(0);
  rmSync(root, { recursive: true, force: true });
});
