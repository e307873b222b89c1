// Plain-JS entry of a balance worker thread: registers tsx in this thread, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
