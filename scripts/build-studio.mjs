// npm run build: the renderer (vite) and, once it exists, the Electron main process (tsc).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function step(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

step('npx', ['vite', 'build', '--logLevel', 'warn']);
if (existsSync('tsconfig.electron.json')) step('npx', ['tsc', '-p', 'tsconfig.electron.json']);
