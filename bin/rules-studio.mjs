#!/usr/bin/env node
// Installed entry point: runs the TypeScript CLI through tsx's loader, so no build step is needed.
import { register } from 'tsx/esm/api';
register();
await import('../engine/cli/main.ts');
