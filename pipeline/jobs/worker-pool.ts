// A small pool of worker threads running processChunk; results come back in submission order; a dead worker's chunks are retried on a fresh one.
import { AppError } from '../../platform/errors/app-error.ts';
import type { Worker } from 'node:worker_threads';
import { siblingModule, startProjectWorker } from '../../platform/project-worker.ts';
import type { ChunkInput, ChunkItem } from './process-chunk.ts';

/**
 * The generations' bounds in each worker thread. Without the old generation's, V8 sizes a worker's heap for the whole
 * machine and lets it grow with the garbage of every chunk (two threads held ~250 MB of a 200k import's peak). A chunk
 * is bounded (line-chunker.ts), so its live set stays far below this, and collecting sooner cost no CPU in the A/B
 * runs. The young generation at 24 MB (8 MiB semi-spaces instead of 16) leaves each worker ~16 MB smaller; with
 * chunks of THREAD_CHUNK_MAX_LINES it cost no CPU in imports alternated on a quiet machine (8 or 16 MB, with chunks
 * of 1000 lines, cost 12–21 % more CPU; 32 MB is rounded up to V8's default). A worker that runs out all the same
 * dies, and its chunk is retried like any lost chunk. See docs/benchmarks.md, "Decisions".
 */
const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 24 };

interface Pending {
  input: ChunkInput;
  /** Workers this chunk was lost with so far. */
  attempts: number;
  resolve: (items: ChunkItem[]) => void;
  reject: (error: Error) => void;
}

export interface ChunkWorkerPoolOptions {
  /** The worker module (default normalise-worker.ts). */
  entry?: URL;
  /** How many times a chunk whose worker died is sent to a fresh worker before the pool fails (default 2). */
  maxRetries?: number;
}

/** Why the pool gave up; the runner reports it as the import's one line. */
export class WorkerPoolError extends AppError {
  constructor(message: string) {
    super(message, { code: 'worker-pool' });
    this.name = 'WorkerPoolError';
  }
}

export class ChunkWorkerPool {
  private readonly workers: (Worker | null)[] = [];
  /** Chunks posted to each worker slot and not answered yet. */
  private readonly held: Set<number>[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly entry: string;
  private readonly maxRetries: number;
  private seq = 0;
  private failure: Error | null = null;
  private closing = false;

  constructor(size: number, options: ChunkWorkerPoolOptions = {}) {
    this.entry = (options.entry ?? siblingModule(import.meta.url, 'normalise-worker')).href;
    this.maxRetries = options.maxRetries ?? 2;
    for (let slot = 0; slot < size; slot += 1) {
      this.held.push(new Set());
      this.workers.push(this.spawn(slot));
    }
  }

  get size(): number {
    return this.workers.length;
  }

  process(input: ChunkInput): Promise<ChunkItem[]> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.seq++;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { input, attempts: 0, resolve, reject });
      this.post(seq % this.workers.length, seq);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    const workers = this.workers.splice(0).filter((worker): worker is Worker => worker !== null);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private spawn(slot: number): Worker {
    const worker = startProjectWorker(new URL(this.entry), { resourceLimits: WORKER_RESOURCE_LIMITS });
    let lastError: Error | null = null;
    worker.on('message', (message: { seq: number; items?: ChunkItem[]; error?: string }) => {
      this.held[slot]?.delete(message.seq);
      const waiter = this.pending.get(message.seq);
      if (!waiter) return;
      this.pending.delete(message.seq);
      if (message.items) waiter.resolve(message.items);
      else this.fail(new WorkerPoolError(`a chunk failed in a worker thread: ${firstLine(message.error)}`));
    });
    worker.on('error', (error) => {
      lastError = error;
    });
    // Any exit with work outstanding is a failure, whatever the code: retry that work on a fresh worker.
    worker.on('exit', (code) => {
      if (this.closing || this.workers[slot] !== worker) return;
      this.workers[slot] = null;
      const lost = [...(this.held[slot] ?? [])];
      this.held[slot] = new Set();
      if (lost.length === 0 && code === 0) return;
      const why = lastError ? `${lastError.name}: ${lastError.message}` : `exit code ${code}`;
      for (const seq of lost) {
        const waiter = this.pending.get(seq);
        if (!waiter) continue;
        waiter.attempts += 1;
        if (waiter.attempts > this.maxRetries) {
          this.fail(new WorkerPoolError(`a worker thread died ${waiter.attempts} times on the same chunk (last: ${why}); giving up`));
          return;
        }
      }
      if (this.failure) return;
      this.workers[slot] = this.spawn(slot);
      for (const seq of lost) this.post(slot, seq);
    });
    return worker;
  }

  private post(slot: number, seq: number): void {
    let worker = this.workers[slot];
    if (!worker) {
      worker = this.spawn(slot);
      this.workers[slot] = worker;
    }
    const waiter = this.pending.get(seq);
    if (!waiter) return;
    this.held[slot]!.add(seq);
    worker.postMessage({ seq, input: waiter.input });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(this.failure);
    this.pending.clear();
  }
}

function firstLine(text: string | undefined): string {
  return (text ?? 'unknown error').split('\n')[0]!;
}
