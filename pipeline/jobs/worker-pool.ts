// A small pool of worker threads running processChunk; results come back in submission order.
import { Worker } from 'node:worker_threads';
import type { ChunkInput, ChunkItem } from './process-chunk.ts';

interface Pending {
  resolve: (items: ChunkItem[]) => void;
  reject: (error: Error) => void;
}

export class ChunkWorkerPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private failure: Error | null = null;
  private closing = false;

  constructor(size: number) {
    const boot = new URL('./ts-worker-boot.mjs', import.meta.url);
    const entry = new URL('./normalise-worker.ts', import.meta.url).href;
    for (let i = 0; i < size; i += 1) {
      const worker = new Worker(boot, { workerData: { entry } });
      worker.on('message', (message: { seq: number; items?: ChunkItem[]; error?: string }) => {
        const waiter = this.pending.get(message.seq);
        if (!waiter) return;
        this.pending.delete(message.seq);
        if (message.items) waiter.resolve(message.items);
        else waiter.reject(new Error(`chunk failed in a worker thread: ${message.error}`));
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.closing) this.fail(new Error(`a worker thread exited with code ${code}`));
      });
      this.workers.push(worker);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  process(input: ChunkInput): Promise<ChunkItem[]> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.seq++;
    const worker = this.workers[seq % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      worker.postMessage({ seq, input });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
