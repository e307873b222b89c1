#!/usr/bin/env node
// Entry point of the CLI (`npm run cli`, and `rules-studio` when installed). No build step is needed: every command
// runs from one bundled file cached in node_modules/.cache/rules-studio, rebuilt by esbuild (a fraction of a second)
// whenever the sources under engine/ or schemas/ (or the project's place) differ from those it was built from, so a
// bad formula is answered in about the time Node takes to start. `sim --workers K` and the grid start their worker
// threads from bundles cached the same way (engine/cli/bundle-cache.mjs builds them all). If the cache cannot be written, the sources run through tsx.
import { pathToFileURL } from 'node:url';
import { cachedBundle, registerTsx } from '../engine/cli/bundle-cache.mjs';

const bundle = await cachedBundle('cli');
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  await registerTsx();
  await import('../engine/cli/main.ts');
}
