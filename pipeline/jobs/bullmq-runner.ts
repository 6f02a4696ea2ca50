// The BullMQ runner: this process reads the export and is the one writer; `lodging worker` processes anywhere normalise the chunks.
import { createSnapshotBuilder } from '../snapshot/snapshot-builder.ts';
import type { SnapshotBuilder } from '../snapshot/snapshot-types.ts';
import { readExportLines, type ExportLine } from '../sources/read-export.ts';
import type { ImportCaps } from '../sources/import-caps.ts';
import { QueuedRun } from './bullmq-import-run.ts';
import { prepareImport } from './prepare-import.ts';
import { DEFAULT_QUEUE_PREFIX } from './queue-names.ts';
import type { ImportJob, ImportProgress, ImportResult, ImportRunner } from './runner.ts';
import { SnapshotSink } from './snapshot-sink.ts';
import { LineChunker } from './line-chunker.ts';

export interface BullmqRunnerOptions {
  redisUrl: string;
  /** Lines per chunk job (default CHUNK_MAX_LINES; also cut at CHUNK_MAX_CHARS of text): bounds a job's size in Redis and a worker's unit of work. */
  chunkSize?: number;
  /** Chunks queued but not yet written, at most (default 8): bounds Redis memory whatever the export's size. */
  maxChunksInFlight?: number;
  queuePrefix?: string;
  /** What one import may read (default DEFAULT_IMPORT_CAPS). */
  caps?: ImportCaps;
  /** Give up when no worker has taken a chunk for this long (default 60 s). */
  noWorkerTimeoutMs?: number;
  /** Wait this long for Redis to come back mid-run before giving up (default 30 s). */
  redisDownTimeoutMs?: number;
  /** Fail the run at start when Redis cannot be reached within this time (default 5 s). */
  connectTimeoutMs?: number;
  /** Attempts per chunk for transient errors, with exponential backoff from backoffMs (defaults 5 and 1 s). */
  attempts?: number;
  backoffMs?: number;
}

export function createBullmqRunner(options: BullmqRunnerOptions): ImportRunner {
  const maxInFlight = Math.max(1, options.maxChunksInFlight ?? 8);
  const settings = {
    redisUrl: options.redisUrl,
    prefix: options.queuePrefix ?? DEFAULT_QUEUE_PREFIX,
    noWorkerTimeoutMs: options.noWorkerTimeoutMs ?? 60_000,
    redisDownTimeoutMs: options.redisDownTimeoutMs ?? 30_000,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    attempts: options.attempts ?? 5,
    backoffMs: options.backoffMs ?? 1_000,
  };

  return {
    name: 'bullmq',
    async run(job: ImportJob, onProgress?: (progress: ImportProgress) => void): Promise<ImportResult> {
      const prepared = await prepareImport(job);
      // Redis first: an unreachable queue fails the run before a snapshot file is started.
      const queued = await QueuedRun.open(
        { ...settings, noWorkerTimeoutMs: job.waitForWorkersMs ?? settings.noWorkerTimeoutMs, onNotice: job.onNotice },
        prepared,
      );
      let builder: SnapshotBuilder;
      try {
        builder = createSnapshotBuilder({ dataDir: prepared.dataDir, country: prepared.country, runId: prepared.runId, distinct: prepared.distinct });
      } catch (error) {
        await queued.close();
        throw error;
      }
      const sink = new SnapshotSink(builder);
      let bytesRead = 0;
      let linesRead = 0;
      const progress = (phase: ImportProgress['phase']) =>
        onProgress?.({ linesRead, listingsWritten: sink.written, bytesRead, bytesTotal: prepared.bytesTotal, phase });
      const collect = async () => {
        await queued.collect((items) => sink.write(items));
        progress('reading');
      };
      try {
        let chunkIndex = 0;
        const submit = async (chunk: ExportLine[]) => {
          while (queued.inFlight >= maxInFlight) await collect();
          await queued.add(chunkIndex, chunk);
          chunkIndex += 1;
        };
        const chunker = new LineChunker(options.chunkSize === undefined ? {} : { maxLines: options.chunkSize });
        for await (const line of readExportLines(prepared.files, (p) => (bytesRead = p.bytesRead), options.caps ? { caps: options.caps } : {})) {
          linesRead += 1;
          const chunk = chunker.push(line);
          if (chunk) await submit(chunk);
        }
        const last = chunker.rest();
        if (last) await submit(last);
        progress('reading');
        while (queued.inFlight > 0) await collect();
        progress('publishing');
        const result = sink.publish(prepared, 'bullmq', job.candidateOnly ?? false);
        progress('done');
        return result;
      } catch (error) {
        builder.abort();
        throw error;
      } finally {
        await queued.close();
      }
    },
    async close() {},
  };
}
