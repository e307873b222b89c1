// Plain-JS entry of a simulator worker thread: registers tsx in this thread, then loads the TypeScript worker.
// tsx reads tsconfig.cli.json, which maps chevrotain to its single-file bundle: its package entry loads ~600 lodash-es
// modules one by one through the loader, which made each worker's start-up cost seconds.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const cliConfig = fileURLToPath(new URL('../../../tsconfig.cli.json', import.meta.url));
register(existsSync(cliConfig) ? { tsconfig: cliConfig } : {});
await import('./worker.ts');
