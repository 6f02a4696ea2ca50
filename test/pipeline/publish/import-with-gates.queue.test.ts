// The same gates through BullMQ on real Redis, and a queue import with no worker: said within seconds, bounded by --wait-for-workers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBullmqRunner } from '../../../pipeline/jobs/bullmq-runner.ts';
import { ImportError } from '../../../pipeline/sources/import-error.ts';
import { importWithGates } from '../../../pipeline/publish/import-with-gates.ts';
import { listRuns } from '../../../pipeline/runs/run-store.ts';
import { pointerPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { startWorkers, type InProcessWorkers } from '../jobs/support/queue-test-kit.ts';
import { TEST_REDIS_URL, deletePrefix, describeWithRedis, redisAvailable, uniquePrefix } from '../../support/redis.ts';
import { generatedLines, hotel, restaurant, writeLines } from '../../support/publication-kit.ts';

describeWithRedis('publication gates with --queue (BullMQ on real Redis)', await redisAvailable(), () => {
  let dataDir: string;
  let workers: InProcessWorkers;
  const queuePrefix = uniquePrefix('publication');
  const idlePrefix = uniquePrefix('publication-idle');
  const runner = () => createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix, chunkSize: 100 });

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-queue-gates-'));
    workers = startWorkers(2, { redisUrl: TEST_REDIS_URL, queuePrefix });
  });
  afterAll(async () => {
    await workers?.stop();
    await deletePrefix(TEST_REDIS_URL, queuePrefix);
    await deletePrefix(TEST_REDIS_URL, idlePrefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes a good export, refuses an empty one and an almost all rejected one with the current snapshot untouched, --force publishes', async () => {
    const exports = path.join(dataDir, 'exports');
    const good = await importWithGates({ country: 'es', files: [writeLines(exports, 'good.jsonl', generatedLines('es', 250))], dataDir, runner: runner() });
    expect(good.exitCode).toBe(0);
    expect(good.run).toMatchObject({ outcome: 'published', runner: 'bullmq' });
    const pointer = fs.readFileSync(pointerPath(dataDir, 'es'));

    for (const lines of [[], [hotel('one'), ...Array.from({ length: 300 }, (_, i) => restaurant(`r${i}`))]]) {
      const refused = await importWithGates({ country: 'es', files: [writeLines(exports, `bad-${lines.length}.jsonl`, lines)], dataDir, runner: runner() });
      expect(refused.exitCode).toBe(3);
      expect(refused.run.outcome).toBe('refused');
      expect(refused.report.gates.some((g) => g.gate === 'rejected-share' && g.status === 'fail')).toBe(true);
      expect(fs.readFileSync(pointerPath(dataDir, 'es')).equals(pointer)).toBe(true);
    }

    const dry = await importWithGates({ country: 'es', files: [writeLines(exports, 'dry.jsonl', generatedLines('es', 250, 2))], dataDir, runner: runner(), dryRun: true });
    expect(dry.exitCode).toBe(0);
    expect(dry.run.outcome).toBe('dry-run');
    expect(fs.readFileSync(pointerPath(dataDir, 'es')).equals(pointer)).toBe(true);

    const forced = await importWithGates({
      country: 'es',
      files: [writeLines(exports, 'forced.jsonl', [hotel('one'), restaurant('r1'), restaurant('r2')])],
      dataDir,
      runner: runner(),
      force: { reason: 'queue test' },
      actor: 'console:ops@example.org',
    });
    expect(forced.exitCode).toBe(0);
    expect(forced.run.forced).toEqual({ by: 'console:ops@example.org', reason: 'queue test' });
    expect(fs.readFileSync(pointerPath(dataDir, 'es')).equals(pointer)).toBe(false);
  }, 120_000);

  it('with no worker it says so (workers connected, the command to start one) and --wait-for-workers ends the run, publishing nothing', async () => {
    const notices: string[] = [];
    const before = fs.readFileSync(pointerPath(dataDir, 'es'));
    const idle = createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix: idlePrefix });
    const attempt = importWithGates({
      country: 'es',
      files: [writeLines(path.join(dataDir, 'exports'), 'idle.jsonl', generatedLines('es', 120))],
      dataDir,
      runner: idle,
      waitForWorkersMs: 6000,
      onNotice: (line) => notices.push(line),
    });
    await expect(attempt).rejects.toThrow(ImportError);
    await expect(attempt).rejects.toThrow(/nothing was picked up for 6 s and no worker is connected.*npx lodging worker.*nothing was published/);
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]).toMatch(/waiting for a worker: 0 workers connected to queue .* start one with `npx lodging worker`/);
    expect(fs.readFileSync(pointerPath(dataDir, 'es')).equals(before)).toBe(true);
    const [last] = listRuns(dataDir, { country: 'es' });
    expect(last).toMatchObject({ outcome: 'failed', runner: 'bullmq' });
    expect(last!.error).toMatch(/no `lodging worker`/);
  }, 60_000);
});
