// Worker-thread entry: registers the TypeScript loader, then loads the real worker module named in workerData.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
