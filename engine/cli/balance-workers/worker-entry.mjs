// Plain-JS entry of a balance worker thread: registers tsx in this thread, then loads the TypeScript worker.
// chevrotain is imported first, by plain Node: through tsx's loader hooks its many small ESM files take about three
// times as long to load, and worker start-up is most of a short grid's time.
import 'chevrotain';
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
