// `lodging worker`'s engine: takes chunk jobs from the import queue, normalises them, hands the results to the run's writer.
import { hostname } from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { SuppressionMatcher } from '../normalise/suppression.ts';
import { createSuppressionMatcher } from '../normalise/suppression.ts';
import type { Redis, RedisOptions } from 'ioredis';
import { closeConnection, createWorkerConnection, sleep, redactRedisUrl } from '../../platform/redis-connection.ts';
import { processChunk, type ChunkInput, type ChunkItem } from './process-chunk.ts';
import { DEFAULT_QUEUE_PREFIX, IMPORT_QUEUE_NAME, runKeys, type ChunkJobData } from './queue-names.ts';

export interface RunWorkerOptions {
  redisUrl: string;
  /** Chunks one process works on at once (default 2: while one is normalised, the next one is fetched). */
  concurrency?: number;
  queuePrefix?: string;
  log: (line: string) => void;
  /** Aborting closes the worker gracefully: chunks in hand are finished and handed over first. */
  signal?: AbortSignal;
  /** How long a chunk stays locked to a worker that stopped renewing it (crashed) before another takes it. */
  lockDurationMs?: number;
  /** How often this worker looks for such stalled chunks. */
  stalledIntervalMs?: number;
  /** The unit of work; tests substitute one that fails like a bug would. */
  process?: (input: ChunkInput, matcher: SuppressionMatcher) => ChunkItem[];
}

/**
 * Pushes a result only while the run's writer is alive, atomically, so a run that ended (published or
 * failed) never gets results nobody will read; the expiry is a second guard should the writer die.
 */
const PUSH_RESULT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[2]))
return 1`;
const RESULTS_TTL_S = 600;

export async function runWorker(options: RunWorkerOptions): Promise<void> {
  if (options.signal?.aborted) return;
  const prefix = options.queuePrefix ?? DEFAULT_QUEUE_PREFIX;
  const concurrency = options.concurrency ?? 2;
  const name = `${hostname()}:${process.pid}`;
  const log = options.log;
  const logError = throttledErrorLog(log);
  const connection = createWorkerConnection(options.redisUrl, (error) => logError('redis', error), `lodging-worker:${name}`);
  const clients = trackDuplicates(connection);
  const normalise = options.process ?? processChunk;
  let matcher: { runId: string; match: SuppressionMatcher } | null = null;

  const processJob = async (job: Job<ChunkJobData>) => {
    const { runId, chunkIndex, country, suppression, lines } = job.data;
    const keys = runKeys(prefix, runId);
    const label = `run ${runId} chunk ${chunkIndex}`;
    if ((await connection.exists(keys.live)) === 0) {
      log(`${label}: dropped, the run is over (its import finished, failed or died)`);
      return { dropped: true };
    }
    if (matcher?.runId !== runId) matcher = { runId, match: createSuppressionMatcher(suppression) };
    const started = performance.now();
    let items: ChunkItem[];
    try {
      items = normalise({ country, suppression, lines }, matcher.match);
    } catch (error) {
      // Bad data never throws (it is reported): this is a bug, and retrying a bug only repeats it.
      const why = error instanceof Error ? (error.stack ?? error.message) : String(error);
      throw new UnrecoverableError(`normalising threw, a bug rather than bad data: ${why}`);
    }
    const normalisedMs = performance.now() - started;
    const payload = JSON.stringify({ chunkIndex, items });
    const pushed = await connection.eval(PUSH_RESULT_SCRIPT, 2, keys.live, keys.results, payload, RESULTS_TTL_S);
    if (pushed !== 1) {
      log(`${label}: normalised, but the run ended meanwhile; result dropped`);
      return { dropped: true };
    }
    log(`${label}: ${lines.length} lines normalised in ${Math.round(normalisedMs)} ms (attempt ${job.attemptsMade + 1})`);
    return { items: items.length };
  };

  const worker = new Worker<ChunkJobData>(IMPORT_QUEUE_NAME, processJob, {
    connection,
    prefix,
    concurrency,
    name,
    autorun: false,
    lockDuration: options.lockDurationMs ?? 10_000,
    stalledInterval: options.stalledIntervalMs ?? 5_000,
    // A chunk whose worker died twice is retried once more; beyond that something about it kills workers.
    maxStalledCount: 2,
  });
  worker.on('error', (error) => logError('worker', error));
  worker.on('failed', (job, error) => {
    if (!job) return;
    const attempts = job.opts.attempts ?? 1;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= attempts;
    log(`run ${job.data.runId} chunk ${job.data.chunkIndex}: failed (attempt ${job.attemptsMade}/${attempts}${final ? ', final' : ', will retry'}): ${error.message.split('\n')[0]}`);
  });
  worker.on('stalled', (jobId) => log(`chunk job ${jobId} stalled (its worker stopped); back in the queue for another worker`));

  log(`worker ${name}: consuming queue ${IMPORT_QUEUE_NAME} (prefix ${prefix}) at ${redactRedisUrl(options.redisUrl)}, concurrency ${concurrency}`);
  const running = worker.run();
  const stop = () => {
    log(`worker ${name}: closing, finishing the chunks in hand first`);
    void untilConnected(clients, () => log(`worker ${name}: Redis is unreachable; closing once it is back (signal again to exit now)`)).then(
      () => worker.close(),
    );
  };
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    await running;
    await worker.close();
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await closeConnection(connection);
    log(`worker ${name}: closed`);
  }
}

/**
 * BullMQ's close interrupts the blocking connection with a disconnect and waits for it to end; a client that is
 * between reconnection attempts then never ends (ioredis drops its retry timer), and close hangs. So the
 * connections BullMQ derives from ours are tracked, and close waits until they are connected.
 */
function trackDuplicates(connection: Redis): Redis[] {
  const clients: Redis[] = [connection];
  const duplicate = connection.duplicate.bind(connection);
  connection.duplicate = ((override?: RedisOptions) => {
    const client = duplicate(override);
    clients.push(client);
    return client;
  }) as Redis['duplicate'];
  return clients;
}

async function untilConnected(clients: Redis[], onWait: () => void): Promise<void> {
  let told = false;
  while (clients.some((client) => ['reconnecting', 'connecting', 'connect'].includes(client.status))) {
    if (!told) onWait();
    told = true;
    await sleep(100);
  }
}

/** Redis outages produce an error per reconnection attempt: say it once every few seconds, not 5 times a second. */
function throttledErrorLog(log: (line: string) => void): (source: string, error: Error) => void {
  let last = '';
  let lastAt = 0;
  return (source, error) => {
    const line = `${source} error: ${error.message}`;
    const now = Date.now();
    if (line === last && now - lastAt < 5000) return;
    last = line;
    lastAt = now;
    log(line);
  };
}
