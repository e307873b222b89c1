// A needle worker when its bundle cannot be built: the TypeScript worker run through tsx (seconds to start).
import { registerTsx } from '../bundle-cache.mjs';

await registerTsx();
await import('./needle-worker.ts');
