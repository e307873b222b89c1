// A worker thread of bench/machine.ts: a fixed amount of pure integer arithmetic, no engine, no allocation.
import { parentPort, workerData } from 'node:worker_threads';

let x = 1;
for (let i = 0; i < workerData; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
parentPort.postMessage(x);
