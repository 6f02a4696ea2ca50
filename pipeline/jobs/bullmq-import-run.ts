// The writer's side of one queued import: adds chunk jobs, collects their results exactly once, watches for failures and outages.
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ExportLine } from '../sources/read-export.ts';
import { closeConnection, createProducerConnection, isConnectionError, sleep, waitForRedis, redactRedisUrl } from '../../platform/redis-connection.ts';
import type { ChunkItem } from './process-chunk.ts';
import type { PreparedImport } from './prepare-import.ts';
import { CHUNK_JOB_NAME, chunkJobId, IMPORT_QUEUE_NAME, runKeys, type ChunkJobData, type ChunkResult, type RunKeys } from './queue-names.ts';
import { ImportError } from '../sources/import-error.ts';

export interface QueuedRunSettings {
  redisUrl: string;
  prefix: string;
  /** Fail the run when nothing was picked up and no worker is connected for this long (--wait-for-workers). */
  noWorkerTimeoutMs: number;
  /** Told within 5 s, and every 10 s after, while no worker is connected. */
  onNotice?: ((line: string) => void) | undefined;
  redisDownTimeoutMs: number;
  connectTimeoutMs: number;
  attempts: number;
  backoffMs: number;
}

const LIVE_TTL_MS = 60_000;
const CHECK_EVERY_MS = 2_000;
/** Idle this long with no worker connected: say so (well within the 5 s a person waits before wondering). */
const NOTICE_AFTER_MS = 2_500;
const NOTICE_EVERY_MS = 10_000;

/**
 * Results travel through a per-run Redis list that workers push onto and this writer pops from: a popped
 * result is gone from Redis, so memory holds at most the chunks in flight, whatever the export's size (and, for a
 * moment, the jobs whose results are already written while their workers mark them completed: a job is removed on
 * completion, after its processor has pushed its result).
 * (Job return values would stay in Redis until removed and travel again through the events stream.)
 * Chunks are kept here until written so that any chunk Redis loses (a restart without persistence, a
 * result lost with a dropped connection) is simply queued again under the same job id.
 */
export class QueuedRun {
  private readonly keys: RunKeys;
  private readonly pending = new Map<number, ExportLine[]>();
  private readonly written = new Set<number>();
  private readonly requeued = new Set<number>();
  private lastActivityAt = Date.now();
  private lastCheckAt = Date.now();
  private lastError = '';
  private lastNoticeAt = 0;

  private constructor(
    private readonly settings: QueuedRunSettings,
    private readonly prepared: PreparedImport,
    private readonly producer: Redis,
    private readonly reader: Redis,
    private readonly queue: Queue<ChunkJobData>,
  ) {
    this.keys = runKeys(settings.prefix, prepared.runId);
  }

  static async open(settings: QueuedRunSettings, prepared: PreparedImport): Promise<QueuedRun> {
    let lastError = '';
    const onError = (error: Error) => (lastError = error.message);
    const producer = createProducerConnection(settings.redisUrl, onError);
    const reader = createProducerConnection(settings.redisUrl, onError, 'lodging-import-results');
    try {
      await Promise.all([producer, reader].map((client) => waitForRedis(client, settings.redisUrl, settings.connectTimeoutMs)));
    } catch (error) {
      await Promise.all([closeConnection(producer), closeConnection(reader)]);
      throw new ImportError('queue-unavailable', `${(error as Error).message}${lastError ? `: ${lastError}` : ''}`);
    }
    // The events stream is shared by every run; results never travel through it, so a short one suffices.
    const queue = new Queue<ChunkJobData>(IMPORT_QUEUE_NAME, { connection: producer, prefix: settings.prefix, streams: { events: { maxLen: 1000 } } });
    const run = new QueuedRun(settings, prepared, producer, reader, queue);
    const track = (error: Error) => (run.lastError = error.message);
    for (const emitter of [producer, reader]) emitter.on('error', track);
    queue.on('error', track);
    try {
      await run.redis(() => run.markLive());
    } catch (error) {
      await run.close();
      throw error;
    }
    return run;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** Queues one chunk; the lines stay here until its result is written. */
  async add(chunkIndex: number, lines: ExportLine[]): Promise<void> {
    this.pending.set(chunkIndex, lines);
    await this.redis(() => this.enqueue(chunkIndex, lines));
  }

  /** Waits up to a second for one result and hands it to write (never twice for the same chunk); checks on the jobs now and then. */
  async collect(write: (items: ChunkItem[]) => void): Promise<void> {
    const popped = await this.redis(() => this.reader.blpop(this.keys.results, 1));
    if (popped) this.accept(popped[1], write);
    if (!popped || Date.now() - this.lastCheckAt >= CHECK_EVERY_MS) await this.check(write);
  }

  /** Removes what is left of the run in Redis; best effort, since the keys expire and workers drop orphaned chunks anyway. */
  async close(): Promise<void> {
    try {
      if (this.producer.status === 'ready') {
        await this.producer.del(this.keys.live);
        const leftovers = [...this.pending.keys(), ...this.requeued].map((index) => chunkJobId(this.prepared.runId, index));
        // A chunk locked by a worker cannot be removed: that worker drops its result (the run is no longer live).
        await Promise.allSettled(leftovers.map((id) => this.queue.remove(id)));
        await this.producer.del(this.keys.results);
      }
    } catch {
      // See above.
    } finally {
      await this.queue.close().catch(() => undefined);
      await Promise.all([closeConnection(this.producer), closeConnection(this.reader)]);
    }
  }

  private accept(raw: string, write: (items: ChunkItem[]) => void): void {
    const result = JSON.parse(raw) as ChunkResult;
    this.lastActivityAt = Date.now();
    if (this.written.has(result.chunkIndex) || !this.pending.has(result.chunkIndex)) return;
    write(result.items);
    this.written.add(result.chunkIndex);
    this.pending.delete(result.chunkIndex);
  }

  private enqueue(chunkIndex: number, lines: ExportLine[]) {
    const { runId, country, suppression } = this.prepared;
    return this.queue.add(CHUNK_JOB_NAME, { runId, chunkIndex, country, suppression, lines }, {
      jobId: chunkJobId(runId, chunkIndex),
      attempts: this.settings.attempts,
      backoff: { type: 'exponential', delay: this.settings.backoffMs },
      removeOnComplete: true,
      // Kept so this writer can read why it failed; close() removes it, the age limit catches the rest.
      removeOnFail: { age: 24 * 3600 },
    });
  }

  private markLive() {
    return this.producer.set(this.keys.live, JSON.stringify({ startedAt: this.prepared.startedAt }), 'PX', LIVE_TTL_MS);
  }

  /** Fails the run on a failed chunk or when nobody works; queues again chunks whose job and result Redis lost. */
  private async check(write: (items: ChunkItem[]) => void): Promise<void> {
    this.lastCheckAt = Date.now();
    await this.redis(() => this.markLive());
    const indexes = [...this.pending.keys()];
    const states = await this.redis(() => Promise.all(indexes.map((i) => this.queue.getJobState(chunkJobId(this.prepared.runId, i)))));
    const vanished: number[] = [];
    for (const [n, state] of states.entries()) {
      const index = indexes[n]!;
      if (state === 'failed') await this.failWith(index);
      if (state === 'active' || state === 'delayed') this.lastActivityAt = Date.now();
      if (state === 'unknown' || state === 'completed') vanished.push(index);
    }
    if (vanished.length > 0) {
      // A job leaves Redis only after its result was pushed: results popped now settle every chunk not lost.
      let raw: string | null;
      while ((raw = await this.redis(() => this.reader.lpop(this.keys.results))) !== null) this.accept(raw, write);
      for (const index of vanished.filter((i) => this.pending.has(i))) {
        this.requeued.add(index);
        await this.redis(() => this.enqueue(index, this.pending.get(index)!));
      }
    }
    const idleMs = Date.now() - this.lastActivityAt;
    if (this.pending.size > 0 && (idleMs > this.settings.noWorkerTimeoutMs || idleMs >= NOTICE_AFTER_MS)) {
      // Workers busy with another run's chunks are still workers: this run's chunks wait their turn.
      const connected = await this.queue.getWorkersCount().catch(() => 0);
      if (connected > 0) {
        if (idleMs > this.settings.noWorkerTimeoutMs) this.lastActivityAt = Date.now();
        return;
      }
      const where = `queue ${IMPORT_QUEUE_NAME} (prefix ${this.settings.prefix}) at ${redactRedisUrl(this.settings.redisUrl)}`;
      if (idleMs > this.settings.noWorkerTimeoutMs) {
        throw new ImportError(
          'queue-unavailable',
          `no \`lodging worker\` is consuming ${where}: ` +
            `nothing was picked up for ${Math.round(this.settings.noWorkerTimeoutMs / 1000)} s and no worker is connected. Start workers with the same REDIS_URL ` +
            '(`npx lodging worker`); nothing was published, the current snapshot keeps serving.',
        );
      }
      if (Date.now() - this.lastNoticeAt >= NOTICE_EVERY_MS) {
        this.lastNoticeAt = Date.now();
        const left = Math.max(0, Math.round((this.settings.noWorkerTimeoutMs - idleMs) / 1000));
        this.settings.onNotice?.(
          `waiting for a worker: 0 workers connected to ${where}; start one with \`npx lodging worker\` (same REDIS_URL) — giving up in ${left} s`,
        );
      }
    }
  }

  private async failWith(index: number): Promise<never> {
    const job = await this.redis(() => this.queue.getJob(chunkJobId(this.prepared.runId, index)));
    const lines = this.pending.get(index) ?? [];
    const [first, last] = [lines[0]?.source, lines.at(-1)?.source];
    let where = '';
    if (first && last) {
      where = first.file === last.file ? ` (${first.file} lines ${first.line}–${last.line})` : ` (${first.file} line ${first.line} to ${last.file} line ${last.line})`;
    }
    throw new ImportError(
      'run-failed',
      `chunk ${index}${where} failed in a worker after ${job?.attemptsMade ?? '?'} attempt(s): ${job?.failedReason ?? 'no reason recorded'}; ` +
        'the current snapshot keeps serving',
    );
  }

  /** Runs a Redis operation; while Redis is unreachable, waits for it (up to redisDownTimeoutMs), then re-checks the run. */
  private async redis<T>(operation: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await operation();
      } catch (error) {
        if (error instanceof ImportError) throw error;
        if (!isConnectionError(error)) {
          throw new ImportError('queue-unavailable', `Redis at ${redactRedisUrl(this.settings.redisUrl)} refused a command: ${(error as Error).message}`);
        }
        this.lastError = (error as Error).message;
        await this.waitForReconnection();
      }
    }
  }

  private async waitForReconnection(): Promise<void> {
    const deadline = Date.now() + this.settings.redisDownTimeoutMs;
    while (Date.now() < deadline) {
      await sleep(250);
      const alive = await Promise.all([this.producer.ping(), this.reader.ping()]).then(() => true, () => false);
      if (!alive) continue;
      // Whatever the outage cost (the live key, jobs, results), the next check restores or re-queues it.
      if (!(await this.markLive().then(() => true, () => false))) continue;
      this.lastActivityAt = Date.now();
      this.lastCheckAt = 0;
      return;
    }
    throw new ImportError(
      'queue-unavailable',
      `lost Redis at ${redactRedisUrl(this.settings.redisUrl)} mid-run and it did not come back within ` +
        `${Math.round(this.settings.redisDownTimeoutMs / 1000)} s (${this.lastError}); the current snapshot keeps serving`,
    );
  }
}
