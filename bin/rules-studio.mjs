#!/usr/bin/env node
// Installed entry point: runs the TypeScript CLI through tsx's loader, so no build step is needed.
// tsconfig.cli.json points chevrotain at its single-file bundle (see the note there): start-up in a fraction of the time.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.cli.json', import.meta.url)) });
await import('../engine/cli/main.ts');
