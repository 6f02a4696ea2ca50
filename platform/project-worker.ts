// Starts a worker thread on one of the project's modules: compiled (dist/*.js) as it is, from its TypeScript source through tsx.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running `entry`. From the compiled build the module runs as is; from the sources it is loaded by
 * ts-worker-boot.mjs, which registers tsx's loader first. `workerData` reaches the module as `workerData.data`
 * either way (the boot file needs its own slot for the entry).
 */
export function startProjectWorker(entry: URL, options: Omit<WorkerOptions, 'workerData'> & { data?: unknown } = {}): Worker {
  const { data, ...rest } = options;
  return entry.href.endsWith('.js')
    ? new Worker(entry, { ...rest, workerData: { data } })
    : new Worker(new URL('./ts-worker-boot.mjs', import.meta.url), { ...rest, workerData: { entry: entry.href, data } });
}

/** The URL of a sibling worker module of `moduleUrl`, named without extension: `.js` when compiled, `.ts` from the sources. */
export function siblingModule(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${moduleUrl.endsWith('.js') ? '.js' : '.ts'}`, moduleUrl);
}
