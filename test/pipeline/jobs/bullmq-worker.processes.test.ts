// `lodging worker` processes on a real Redis: two share an import; one killed mid-chunk loses nothing; SIGTERM closes gracefully.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqRunner } from '../../../pipeline/jobs/bullmq-runner.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { makeRunId } from '../../../pipeline/jobs/prepare-import.ts';
import { IMPORT_QUEUE_NAME } from '../../../pipeline/jobs/queue-names.ts';
import type { ImportReport } from '../../../pipeline/report/import-report.ts';
import { runImportCommand } from '../../../pipeline/cli/import-command.ts';
import { TEST_REDIS_URL, deletePrefix, keysMatching, redisAvailable, uniquePrefix } from '../../support/redis.ts';
import { writeContractInput, writeSuppressionList, type ContractInput } from './support/contract-input.ts';

import { comparableReport, readSnapshotContent, type SnapshotContent } from './support/snapshot-content.ts';
import { spawnWorker, stopWorker, type WorkerProcess } from './support/worker-processes.ts';

/** Short locks so that a killed worker's chunk changes hands in a couple of seconds rather than the default ten. */
const FAST_RECOVERY = ['--lock-duration-ms', '2000', '--stalled-interval-ms', '1000'];

describe.runIf(await redisAvailable())('lodging worker processes on real Redis', () => {
  let work = '';
  let input: ContractInput;
  let reference: { report: ImportReport; content: SnapshotContent };
  const workers: WorkerProcess[] = [];
  const prefixes: string[] = [];

  const startWorker = (queuePrefix: string, ...args: string[]) => {
    const worker = spawnWorker(TEST_REDIS_URL, ['--queue-prefix', queuePrefix, ...FAST_RECOVERY, ...args]);
    workers.push(worker);
    return worker;
  };
  const newPrefix = (label: string) => {
    const prefix = uniquePrefix(label);
    prefixes.push(prefix);
    return prefix;
  };
  const expectSameAsReference = (dataDir: string, report: ImportReport) => {
    expect(readSnapshotContent(dataDir, report)).toEqual(reference.content);
    expect(comparableReport(report)).toEqual(comparableReport(reference.report));
  };

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(tmpdir(), 'lodging-workers-'));
    input = await writeContractInput(path.join(work, 'input'));
    const dataDir = path.join(work, 'reference');
    await writeSuppressionList(dataDir);
    const { report } = await createInProcessRunner({ threads: 0 }).run({ country: 'es', files: input.files, dataDir });
    reference = { report, content: readSnapshotContent(dataDir, report) };
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => stopWorker(worker)));
    await Promise.all(prefixes.splice(0).map((prefix) => deletePrefix(TEST_REDIS_URL, `${prefix}:`)));
  });

  afterAll(async () => {
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('spreads one import over two worker processes and publishes what in-process publishes', async () => {
    const queuePrefix = newPrefix('two');
    const [first, second] = [startWorker(queuePrefix, '--concurrency', '1'), startWorker(queuePrefix, '--concurrency', '1')];
    const dataDir = path.join(work, 'two-workers');
    await writeSuppressionList(dataDir);
    const runner = createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix, chunkSize: 100, maxChunksInFlight: 6 });
    const { report } = await runner.run({ country: 'es', files: input.files, dataDir });

    expectSameAsReference(dataDir, report);
    for (const worker of [first!, second!]) expect(worker.logs.some((line) => /lines normalised/.test(line))).toBe(true);
  });

  it('derives the queue from LODGING_REDIS_PREFIX: the importer and a worker given only that prefix share a queue under it', async () => {
    const prefix = newPrefix('derived');
    const env = { LODGING_REDIS_PREFIX: `${prefix}:` };
    const worker = spawnWorker(TEST_REDIS_URL, ['--concurrency', '1'], env);
    workers.push(worker);
    expect(await worker.waitForLog(/consuming queue/)).toContain(`(prefix ${prefix})`);
    const dataDir = path.join(work, 'derived-prefix');
    await writeSuppressionList(dataDir);
    const out: string[] = [];
    const code = await runImportCommand(['--country', 'es', '--queue', '--wait-for-workers', '60', ...input.files], {
      stdout: (s) => void out.push(s),
      stderr: (s) => void out.push(s),
      env: { ...env, REDIS_URL: TEST_REDIS_URL, LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    expect(code, out.join('')).toBe(0);
    expect(worker.logs.some((line) => /lines normalised/.test(line))).toBe(true);
    expect(await keysMatching(TEST_REDIS_URL, `${prefix}:${IMPORT_QUEUE_NAME}:*`)).not.toEqual([]);
  });

  it('closes a worker gracefully on SIGTERM: exit code 0, after saying so', async () => {
    const worker = startWorker(newPrefix('term'));
    await worker.waitForLog(/consuming queue/);
    expect(await stopWorker(worker)).toBe(0);
    expect(worker.logs.some((line) => /SIGTERM received/.test(line))).toBe(true);
    expect(worker.logs.at(-1)).toMatch(/closed$/);
  });

  it('completes an import as in-process does when its only worker is killed mid-chunk and another starts', async () => {
    const queuePrefix = newPrefix('kill');
    const victim = startWorker(queuePrefix, '--concurrency', '1');
    const dataDir = path.join(work, 'killed-worker');
    await writeSuppressionList(dataDir);
    const runId = makeRunId();
    const runner = createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix, chunkSize: 500, maxChunksInFlight: 4 });
    const running = runner.run({ country: 'es', files: input.files, dataDir, runId });

    let finished = false;
    void running.finally(() => (finished = true)).catch(() => undefined);
    const killedJobId = await killWhileHoldingAChunk(victim, queuePrefix, () => finished);
    expect(await victim.exited).toBeNull();
    const successor = startWorker(queuePrefix, '--concurrency', '1');
    const { report } = await running;

    expectSameAsReference(dataDir, report);
    expect(killedJobId.startsWith(runId)).toBe(true);
    expect(successor.logs.some((line) => line.includes(`chunk job ${killedJobId} stalled`))).toBe(true);
  });
});

/**
 * Freezes the worker (SIGSTOP) when it has a chunk active; if the chunk is still active once frozen, the
 * worker is killed holding it (SIGKILL), otherwise it is thawed and watched again. Returns the chunk's job id.
 */
async function killWhileHoldingAChunk(worker: WorkerProcess, prefix: string, importFinished: () => boolean): Promise<string> {
  const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  const queue = new Queue(IMPORT_QUEUE_NAME, { connection, prefix });
  try {
    for (;;) {
      if (importFinished()) throw new Error('the import finished before its worker could be caught holding a chunk');
      const active = await queue.getActive();
      if (active.length > 0) {
        worker.child.kill('SIGSTOP');
        const stillActive = (await queue.getActive()).find((job) => active.some((seen) => seen.id === job.id));
        if (stillActive?.id) {
          worker.child.kill('SIGKILL');
          return stillActive.id;
        }
        worker.child.kill('SIGCONT');
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
