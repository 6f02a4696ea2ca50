// The BullMQ runner's failure modes and guarantees on real Redis: bugs fail the run, idle queues time out, results count once, memory stays bounded.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqRunner } from '../../../pipeline/jobs/bullmq-runner.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { makeRunId } from '../../../pipeline/jobs/prepare-import.ts';
import { processChunk, type ChunkItem } from '../../../pipeline/jobs/process-chunk.ts';
import { IMPORT_QUEUE_NAME, runKeys } from '../../../pipeline/jobs/queue-names.ts';
import { ImportError } from '../../../pipeline/sources/import-error.ts';
import type { ImportReport } from '../../../pipeline/report/import-report.ts';
import { countryDir } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { TEST_REDIS_URL, deletePrefix, keysMatching, redisAvailable, uniquePrefix } from '../../support/redis.ts';
import { writeContractInput, writeSmallInput, writeSuppressionList, type ContractInput } from './support/contract-input.ts';
import { startWorkers, type InProcessWorkers } from './support/queue-test-kit.ts';
import { comparableReport, readSnapshotContent } from './support/snapshot-content.ts';

describe.runIf(await redisAvailable())('the BullMQ runner on real Redis, when things go wrong', () => {
  let work = '';
  let input: ContractInput;
  let reference: ImportReport;
  let workers: InProcessWorkers | null = null;
  const prefixes: string[] = [];
  const clients: Redis[] = [];

  const newPrefix = (label: string) => {
    const prefix = uniquePrefix(label);
    prefixes.push(prefix);
    return prefix;
  };
  const newDataDir = async (name: string) => {
    const dataDir = path.join(work, name);
    await writeSuppressionList(dataDir);
    return dataDir;
  };
  const client = () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    redis.on('error', () => undefined);
    clients.push(redis);
    return redis;
  };
  const snapshotFiles = async (dataDir: string) =>
    (await fs.readdir(countryDir(dataDir, 'es')).catch(() => [] as string[])).filter((f) => f.endsWith('.sqlite'));

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(tmpdir(), 'lodging-faults-'));
    input = await writeContractInput(path.join(work, 'input'), 1200);
    const dataDir = await newDataDir('reference');
    reference = (await createInProcessRunner({ threads: 0 }).run({ country: 'es', files: input.files, dataDir })).report;
  });

  afterEach(async () => {
    await workers?.stop();
    workers = null;
    for (const redis of clients.splice(0)) redis.disconnect();
    await Promise.all(prefixes.splice(0).map((prefix) => deletePrefix(TEST_REDIS_URL, `${prefix}:`)));
  });

  afterAll(async () => {
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('fails fast with queue-unavailable, naming Redis, when Redis cannot be reached, before any snapshot file is started', async () => {
    const dataDir = await newDataDir('unreachable');
    const runner = createBullmqRunner({ redisUrl: 'redis://:secret@127.0.0.1:1', connectTimeoutMs: 500 });
    const failing = runner.run({ country: 'es', files: input.files, dataDir });
    await expect(failing).rejects.toMatchObject({ code: 'queue-unavailable', message: expect.stringMatching(/cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/) });
    expect(await snapshotFiles(dataDir)).toEqual([]);
  });

  it('gives up with a clear message when no worker consumes the queue, and leaves nothing of the run in Redis', async () => {
    const queuePrefix = newPrefix('idle');
    const dataDir = await newDataDir('idle');
    const runner = createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix, noWorkerTimeoutMs: 1500, chunkSize: 200 });
    const failing = runner.run({ country: 'es', files: input.files, dataDir });
    await expect(failing).rejects.toBeInstanceOf(ImportError);
    await expect(failing).rejects.toMatchObject({
      code: 'queue-unavailable',
      message: expect.stringMatching(new RegExp(`no \`lodging worker\` is consuming queue ${IMPORT_QUEUE_NAME} \\(prefix ${queuePrefix}\\) at redis://127\\.0\\.0\\.1:6379`)),
    });
    expect(readPointer(dataDir, 'es')).toBeNull();
    expect(await snapshotFiles(dataDir)).toEqual([]);
    expect(await keysMatching(TEST_REDIS_URL, `${queuePrefix}:${IMPORT_QUEUE_NAME}:run:*`)).toEqual([]);
    const queue = new Queue(IMPORT_QUEUE_NAME, { connection: client(), prefix: queuePrefix });
    expect(await queue.getJobCountByTypes('waiting', 'delayed', 'active', 'failed', 'completed')).toBe(0);
    await queue.close();
  });

  it('fails the run with run-failed, once and without retrying, when normalising a chunk throws (a bug), keeping the current snapshot', async () => {
    const queuePrefix = newPrefix('bug');
    const dataDir = await newDataDir('bug');
    workers = startWorkers(2, {
      redisUrl: TEST_REDIS_URL,
      queuePrefix,
      process: (chunk, matcher) => {
        if (chunk.lines.some((line) => line.source.fileIndex === 2)) throw new TypeError('simulated bug in a normaliser');
        return processChunk(chunk, matcher);
      },
    });
    const runner = createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix, chunkSize: 200 });
    const before = await runner.run({ country: 'es', files: [await writeSmallInput(work)], dataDir });
    const failing = runner.run({ country: 'es', files: input.files, dataDir });

    await expect(failing).rejects.toBeInstanceOf(ImportError);
    await expect(failing).rejects.toMatchObject({
      code: 'run-failed',
      message: expect.stringMatching(/^chunk \d+ \(.*es-(hand|b)\.jsonl(\.gz)? lines? \d+.*\) failed in a worker after 1 attempt\(s\): normalising threw.*simulated bug in a normaliser/s),
    });
    expect(readPointer(dataDir, 'es')?.version).toBe(before.report.snapshot?.version);
    // The current snapshot and its records file, nothing of the failed build.
    const kept = path.basename(before.report.snapshot!.file);
    expect(await snapshotFiles(dataDir)).toEqual([kept.replace(/\.sqlite$/, '.records.sqlite'), kept]);
  });

  it('writes a chunk whose result arrives twice only once', async () => {
    const queuePrefix = newPrefix('twice');
    const dataDir = await newDataDir('twice');
    const runId = makeRunId();
    const redis = client();
    let firstChunk: ChunkItem[] | null = null;
    workers = startWorkers(1, {
      redisUrl: TEST_REDIS_URL,
      queuePrefix,
      concurrency: 1,
      process: (chunk, matcher) => {
        const items = processChunk(chunk, matcher);
        const first = chunk.lines[0]!.source;
        if (first.fileIndex === 0 && first.line === 1) firstChunk = items;
        // While a later chunk is normalised, chunk 0's result is delivered again, as a re-run chunk would.
        else if (first.fileIndex === 2 && firstChunk) void redis.rpush(runKeys(queuePrefix, runId).results, JSON.stringify({ chunkIndex: 0, items: firstChunk }));
        return items;
      },
    });
    const runner = createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix, chunkSize: 100, maxChunksInFlight: 2 });
    const { report } = await runner.run({ country: 'es', files: input.files, dataDir, runId });

    expect(firstChunk).not.toBeNull();
    expect(report.lines).toBe(input.lines);
    expect(comparableReport(report)).toEqual(comparableReport(reference));
  });

  it('keeps Redis bounded: never more than maxChunksInFlight chunks queued or awaiting the writer, nothing left after', async () => {
    const queuePrefix = newPrefix('bounded');
    const dataDir = await newDataDir('bounded');
    const runId = makeRunId();
    const maxChunksInFlight = 3;
    const workerSlots = 2 * 2;
    workers = startWorkers(2, { redisUrl: TEST_REDIS_URL, queuePrefix, concurrency: 2 });
    const queue = new Queue(IMPORT_QUEUE_NAME, { connection: client(), prefix: queuePrefix });
    const redis = client();
    const runner = createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix, chunkSize: 50, maxChunksInFlight });
    let finished = false;
    const seen = { jobs: 0, results: 0 };
    const watching = (async () => {
      while (!finished) {
        const [jobs, results] = await Promise.all([
          queue.getJobCountByTypes('waiting', 'active', 'delayed', 'prioritized'),
          redis.llen(runKeys(queuePrefix, runId).results),
        ]);
        seen.jobs = Math.max(seen.jobs, jobs);
        seen.results = Math.max(seen.results, results);
      }
    })();
    const { report } = await runner.run({ country: 'es', files: input.files, dataDir, runId }).finally(() => (finished = true));
    await watching;

    expect(comparableReport(report)).toEqual(comparableReport(reference));
    expect(readSnapshotContent(dataDir, report).places.length).toBe(reference.byStatus.published);
    expect(seen.jobs).toBeGreaterThan(0);
    // A job stays active from when its processor pushes its result until BullMQ marks it completed (and removes it):
    // meanwhile the writer may have written that result and queued the next chunk. So besides the chunks in flight,
    // Redis may hold for a moment one finishing job a worker slot, never more, whatever the export's size.
    expect(seen.jobs).toBeLessThanOrEqual(maxChunksInFlight + workerSlots);
    expect(seen.results).toBeLessThanOrEqual(maxChunksInFlight);
    expect(await keysMatching(TEST_REDIS_URL, `${queuePrefix}:${IMPORT_QUEUE_NAME}:run:*`)).toEqual([]);
    expect(await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'failed', 'completed')).toBe(0);
    await queue.close();
  });
});
