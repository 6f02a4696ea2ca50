// The embedded runner: reads the export, normalises chunks on worker threads (or inline for small files), publishes.
import { availableParallelism } from 'node:os';
import { createSnapshotBuilder } from '../snapshot/snapshot-builder.ts';
import { readExportLines, type ExportLine } from '../sources/read-export.ts';
import type { ImportCaps } from '../sources/import-caps.ts';
import type { ChunkItem } from './process-chunk.ts';
import { prepareImport } from './prepare-import.ts';
import type { ImportJob, ImportProgress, ImportResult, ImportRunner } from './runner.ts';
import { SnapshotSink } from './snapshot-sink.ts';
import { ChunkWorkerPool, WorkerPoolError, type ChunkWorkerPoolOptions } from './worker-pool.ts';
import { ImportError } from '../sources/import-error.ts';
import { LineChunker, THREAD_CHUNK_MAX_LINES } from './line-chunker.ts';

export interface InProcessRunnerOptions {
  /** Worker threads; 0 normalises on the main thread. Default: one per core. */
  threads?: number;
  /** Lines per chunk (default THREAD_CHUNK_MAX_LINES; chunks are also cut at CHUNK_MAX_CHARS of text). */
  chunkSize?: number;
  /** Below this many bytes of input, threads are not worth their start-up (default 4 MiB). */
  threadThresholdBytes?: number;
  /** The worker threads' module and retry bound (see ChunkWorkerPool). */
  pool?: ChunkWorkerPoolOptions;
  /** What one import may read (default DEFAULT_IMPORT_CAPS). */
  caps?: ImportCaps;
}

export function createInProcessRunner(options: InProcessRunnerOptions = {}): ImportRunner {
  const threads = options.threads ?? availableParallelism();
  const threshold = options.threadThresholdBytes ?? 4 * 1024 * 1024;

  return {
    name: 'in-process',
    async run(job: ImportJob, onProgress?: (progress: ImportProgress) => void): Promise<ImportResult> {
      const prepared = await prepareImport(job);
      const threaded = threads > 0 && prepared.bytesTotal >= threshold;
      // The normaliser (its rules, tables and libraries: ~17 MB of RSS) is loaded on this thread only when this thread
      // runs it; with worker threads, only they need it.
      const processChunk = threaded ? null : (await import('./process-chunk.ts')).processChunk;
      const builder = createSnapshotBuilder({ dataDir: prepared.dataDir, country: prepared.country, runId: prepared.runId, distinct: prepared.distinct });
      const sink = new SnapshotSink(builder);
      const pool = threaded ? new ChunkWorkerPool(threads, options.pool) : null;
      const maxInFlight = pool ? pool.size * 2 : 0;
      const inFlight: Promise<ChunkItem[]>[] = [];
      let bytesRead = 0;
      let linesRead = 0;
      const progress = (phase: ImportProgress['phase']) =>
        onProgress?.({ linesRead, listingsWritten: sink.written, bytesRead, bytesTotal: prepared.bytesTotal, phase });
      const submit = (lines: ExportLine[]) => {
        const input = { country: prepared.country, suppression: prepared.suppression, lines };
        if (pool) {
          const result = pool.process(input);
          // Awaited in order by drainTo; until then a rejection must not count as unhandled (it would kill the process).
          result.catch(() => undefined);
          inFlight.push(result);
        }
        else sink.write(processChunk!(input));
      };
      const drainTo = async (limit: number) => {
        while (inFlight.length > limit) {
          sink.write(await inFlight.shift()!);
          progress('reading');
        }
      };
      try {
        const chunker = new LineChunker({ maxLines: options.chunkSize ?? THREAD_CHUNK_MAX_LINES });
        for await (const line of readExportLines(prepared.files, (p) => (bytesRead = p.bytesRead), options.caps ? { caps: options.caps } : {})) {
          linesRead += 1;
          const chunk = chunker.push(line);
          if (chunk === null) continue;
          submit(chunk);
          if (pool) await drainTo(maxInFlight);
          else progress('reading');
        }
        const last = chunker.rest();
        if (last) submit(last);
        await drainTo(0);
        // The workers' heaps are no use to the publication (index builds, FTS, gates): give them back first.
        await pool?.close();
        progress('publishing');
        const result = sink.publish(prepared, 'in-process', job.candidateOnly ?? false);
        progress('done');
        return result;
      } catch (error) {
        await Promise.allSettled(inFlight);
        builder.abort();
        if (error instanceof WorkerPoolError) throw new ImportError('run-failed', `import failed: ${error.message}; nothing was published`);
        throw error;
      } finally {
        await pool?.close();
      }
    },
    async close() {},
  };
}
