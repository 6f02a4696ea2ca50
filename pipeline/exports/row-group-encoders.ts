// Worker threads that turn the GeoParquet's row groups into Arrow IPC bytes side by side, answered in the order asked.
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { siblingModule, startProjectWorker } from '../../platform/project-worker.ts';

/** What each worker is started with: the snapshot file it reads (its own read-only connection) and the profileUrl base. */
export interface RowGroupWorkerData {
  file: string;
  publicUrl: string;
}
export interface RowGroupRequest {
  seq: number;
  rowids: Float64Array;
}
export type RowGroupAnswer = { seq: number; ipc: Uint8Array } | { seq: number; error: string };

/**
 * A row group's places are read, parsed and laid out as Arrow columns: most of an export's CPU. Workers build the
 * groups in parallel while this thread hands the finished ones to the Parquet writer and reads the JSON Lines, itself
 * a core's work: so one worker a core but this thread's, at least one and at most 4. On 2 cores a second worker only
 * shared the cores, and held some 70 MB more at 1M places (docs/benchmarks.md, "One export worker on two cores"). At
 * most two groups a worker are asked for ahead, so memory holds a few row groups whatever the country's size.
 */
export const rowGroupThreadsFor = (cores: number): number => Math.max(1, Math.min(4, cores - 1));
/** This machine's. */
export const ROW_GROUP_THREADS = rowGroupThreadsFor(os.availableParallelism());

/**
 * A worker's old generation is bounded: a row group's places are a few tens of MB, and without a bound V8 lets each
 * worker's heap grow with the garbage of every group (the build's peak RSS rose by ~150 MB at 200k places). Its young
 * generation is held at 16 MB: the 1M build alone peaked 50–70 MB lower for some 4 % more of its CPU (8 MB cost
 * 15–20 %; docs/benchmarks.md, "The export build's young generation").
 */
const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

/** Row groups asked for but not yet taken, per worker. */
const AHEAD_PER_WORKER = 2;

export class RowGroupEncoders {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (ipc: Uint8Array) => void; reject: (error: Error) => void }>();
  private seq = 0;
  private failure: Error | null = null;

  constructor(data: RowGroupWorkerData, threads = ROW_GROUP_THREADS) {
    const entry = siblingModule(import.meta.url, 'row-group-worker');
    for (let i = 0; i < threads; i += 1) {
      const worker = startProjectWorker(entry, { data, resourceLimits: WORKER_RESOURCE_LIMITS });
      worker.on('message', (answer: RowGroupAnswer) => {
        const waiter = this.waiting.get(answer.seq);
        this.waiting.delete(answer.seq);
        if ('ipc' in answer) waiter?.resolve(answer.ipc);
        else this.fail(new Error(`an export row group failed in a worker thread: ${answer.error}`));
      });
      worker.on('error', (error) => this.fail(new Error(`an export worker thread failed: ${error.message}`)));
      worker.on('exit', (code) => {
        if (this.waiting.size > 0) this.fail(new Error(`an export worker thread exited (code ${code}) with row groups outstanding`));
      });
      this.workers.push(worker);
    }
  }

  /** How many row groups may be asked for before the first is taken. */
  get ahead(): number {
    return this.workers.length * AHEAD_PER_WORKER;
  }

  /** The Arrow IPC stream of these rowids' places, in the order given (the rowids are copied to the worker). */
  encode(rowids: Float64Array): Promise<Uint8Array> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.seq++;
    const answer = new Promise<Uint8Array>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    answer.catch(() => undefined); // taken in order by the caller; a later one failing first must not go unhandled
    this.workers[seq % this.workers.length]!.postMessage({ seq, rowids: rowids.slice() } satisfies RowGroupRequest);
    return answer;
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    this.fail(new Error('the export workers were closed'));
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
}
