// A serving process's V8 heap growth: bounded to SERVER_HEAP_GROWING_PERCENT past what the last full collection kept.
import { setFlagsFromString } from 'node:v8';
import { SERVER_HEAP_GROWING_PERCENT } from '../../model/limits.ts';

/** The V8 flag a serving process runs with. */
export const SERVER_HEAP_FLAG = `--heap-growing-percent=${SERVER_HEAP_GROWING_PERCENT}`;

/**
 * Sets the flag in this process. V8 reads it each time it sizes the old generation after a full collection, so it takes
 * effect from the next one; called by `lodging serve` (and `start`) before the server opens, never by the pipeline.
 */
export function boundServerHeapGrowth(flag: string = SERVER_HEAP_FLAG): void {
  setFlagsFromString(flag);
}
