// Redis going away mid-run, on a redis-server of the test's own: restarted empty, the import re-queues and completes; gone for good, it says so.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqRunner } from '../../../pipeline/jobs/bullmq-runner.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import type { ImportProgress } from '../../../pipeline/jobs/runner.ts';
import { ImportError } from '../../../pipeline/sources/import-error.ts';
import type { ImportReport } from '../../../pipeline/report/import-report.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { writeContractInput, writeSmallInput, writeSuppressionList, type ContractInput } from './support/contract-input.ts';
import { startWorkers, type InProcessWorkers } from './support/queue-test-kit.ts';
import { redisServerAvailable, startRedisServer, type OwnRedis, uniquePrefix } from '../../support/redis.ts';
import { comparableReport, readSnapshotContent, type SnapshotContent } from './support/snapshot-content.ts';

describe.runIf(redisServerAvailable())('the BullMQ runner when Redis restarts mid-run', () => {
  let work = '';
  let input: ContractInput;
  let reference: { report: ImportReport; content: SnapshotContent };
  let redis: OwnRedis;
  let workers: InProcessWorkers | null = null;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(tmpdir(), 'lodging-restart-'));
    input = await writeContractInput(path.join(work, 'input'));
    const dataDir = path.join(work, 'reference');
    await writeSuppressionList(dataDir);
    const { report } = await createInProcessRunner({ threads: 0 }).run({ country: 'es', files: input.files, dataDir });
    reference = { report, content: readSnapshotContent(dataDir, report) };
    redis = await startRedisServer();
  });

  afterEach(async () => {
    await workers?.stop();
    workers = null;
  });

  afterAll(async () => {
    await redis?.stop();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  /** Runs the import and calls midRun once, when some but not all chunks are written. */
  const importWithOutage = async (dataDir: string, midRun: () => Promise<void>, settings: { redisDownTimeoutMs?: number } = {}) => {
    const queuePrefix = uniquePrefix('restart');
    workers = startWorkers(2, { redisUrl: redis.url, queuePrefix, concurrency: 1 });
    const runner = createBullmqRunner({ redisUrl: redis.url, queuePrefix, chunkSize: 100, maxChunksInFlight: 4, ...settings });
    let outage: Promise<void> | null = null;
    const onProgress = (p: ImportProgress) => {
      if (outage === null && p.listingsWritten > input.lines / 4) outage = midRun();
    };
    try {
      return await runner.run({ country: 'es', files: input.files, dataDir }, onProgress);
    } finally {
      await outage;
    }
  };

  it('re-queues what an empty restarted Redis lost and publishes what in-process publishes', async () => {
    const dataDir = path.join(work, 'restarted');
    await writeSuppressionList(dataDir);
    const { report } = await importWithOutage(dataDir, async () => {
      await redis.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await redis.start();
    });
    expect(readSnapshotContent(dataDir, report)).toEqual(reference.content);
    expect(comparableReport(report)).toEqual(comparableReport(reference.report));
  });

  it('fails with queue-unavailable naming Redis when it does not come back, and the current snapshot keeps serving', async () => {
    const dataDir = path.join(work, 'gone');
    await writeSuppressionList(dataDir);
    const first = await createInProcessRunner({ threads: 0 }).run({ country: 'es', files: [await writeSmallInput(work)], dataDir });
    const failing = importWithOutage(dataDir, () => redis.stop(), { redisDownTimeoutMs: 1500 });

    await expect(failing).rejects.toBeInstanceOf(ImportError);
    await expect(failing).rejects.toMatchObject({
      code: 'queue-unavailable',
      message: expect.stringMatching(new RegExp(`lost Redis at redis://127\\.0\\.0\\.1:${redis.port} mid-run.*current snapshot keeps serving`)),
    });
    expect(readPointer(dataDir, 'es')?.version).toBe(first.report.snapshot?.version);
    // Back up, so the workers can close as they would after an outage.
    await redis.start();
  });
});
