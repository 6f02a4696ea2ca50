// A download's sink for a brotli-encoded object: a worker thread expands, hashes and writes it, so the serving thread never holds the expanded bytes.
import fs from 'node:fs';
import { AppError } from '../../platform/errors/app-error.ts';
import { siblingModule, startProjectWorker } from '../../platform/project-worker.ts';
import type { FileSink } from './file-sink.ts';

/** What the worker is given: the file (created empty by this side) and the most expanded bytes it may hold. */
export interface ExpandJob {
  file: string;
  maxBytes: number | null;
}

/** Posted to the worker: a chunk of the encoded object, its end, or stop. */
export type ToExpander = { kind: 'chunk'; bytes: Uint8Array } | { kind: 'end' } | { kind: 'abort' };

/** Posted back: how many encoded bytes it took in, its digest once the file is complete and closed, or why it failed. */
export type FromExpander =
  | { kind: 'taken'; bytes: number }
  | { kind: 'done'; sha256: string }
  | { kind: 'failed'; reason: ExpandFailure['reason']; message: string };

/** Why expanding failed: the expanded bytes would pass the limit, the bytes are not brotli, or anything else (the disk). */
export class ExpandFailure extends AppError {
  constructor(
    readonly reason: 'past-limit' | 'undecodable' | 'other',
    message: string,
  ) {
    super(message, { code: 'expand-failure', status: 502 });
    this.name = 'ExpandFailure';
  }
}

/**
 * Encoded bytes posted but not yet taken in by the worker's decoder: the download waits beyond this, so what it
 * holds stays a few chunks (the object store's consumer asks for 4 MiB at a time).
 */
const IN_FLIGHT_BYTES = 4 * 1024 * 1024;

/** The worker's heap bound: it holds a few chunks at a time; the expanded pieces it allocates are external memory. */
const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 32 };

/**
 * Creates `file` (never overwriting one: EEXIST) and starts the worker that fills it with the expansion of the chunks
 * written: 187 MB of expanded pieces then pass through the worker's small heap, whose collections cost little,
 * instead of the serving thread's, where they cost a replica a fifth of its CPU for an announced snapshot.
 */
export function expandingSink(file: string, maxBytes: number | null): FileSink {
  fs.closeSync(fs.openSync(file, 'wx'));
  const worker = startProjectWorker(siblingModule(import.meta.url, 'expanding-sink-worker'), {
    data: { file, maxBytes } satisfies ExpandJob,
    resourceLimits: WORKER_RESOURCE_LIMITS,
  });
  let inFlight = 0;
  let digest: string | null = null;
  let failure: ExpandFailure | null = null;
  let wake: (() => void) | null = null;
  const changed = () => new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: FromExpander) => {
    if (message.kind === 'taken') inFlight -= message.bytes;
    else if (message.kind === 'done') digest = message.sha256;
    else failure ??= new ExpandFailure(message.reason, message.message);
    notify();
  });
  worker.on('error', (error) => {
    failure ??= new ExpandFailure('other', `the expanding thread failed: ${error.message}`);
    notify();
  });
  void exited.then(() => {
    if (digest === null) failure ??= new ExpandFailure('other', 'the expanding thread stopped');
    notify();
  });
  const post = (message: ToExpander) => worker.postMessage(message);
  return {
    async write(bytes) {
      if (failure) throw failure;
      // A view of a larger buffer would be copied whole: post only its own bytes.
      post({ kind: 'chunk', bytes: bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice() });
      inFlight += bytes.byteLength;
      while (inFlight > IN_FLIGHT_BYTES && !failure) await changed();
      if (failure) throw failure;
    },
    async end() {
      if (failure) throw failure;
      post({ kind: 'end' });
      while (digest === null && !failure) await changed();
      await exited;
      if (digest === null) throw failure!;
      return digest;
    },
    async abort() {
      post({ kind: 'abort' });
      // The worker closes the file and ends; one that hangs is stopped (its descriptor is the process's: closed on exit of the stream).
      const stop = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(stop);
      fs.rmSync(file, { force: true });
    },
  };
}
