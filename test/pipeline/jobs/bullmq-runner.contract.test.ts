// The BullMQ runner, against a real Redis with two workers taking chunks out of order, against the runner contract.
import { describe } from 'vitest';
import { createBullmqRunner } from '../../../pipeline/jobs/bullmq-runner.ts';
import { TEST_REDIS_URL, deletePrefix, redisAvailable, uniquePrefix } from '../../support/redis.ts';
import { describeRunnerContract } from './support/runner-contract.ts';
import { startWorkers } from './support/queue-test-kit.ts';

describe.runIf(await redisAvailable())('BullMQ on real Redis', () => {
  describeRunnerContract('bullmq', async () => {
    const queuePrefix = uniquePrefix('contract');
    // Two workers taking two chunks each: results come back in any order.
    const workers = startWorkers(2, { redisUrl: TEST_REDIS_URL, queuePrefix, concurrency: 2 });
    return {
      runner: createBullmqRunner({ redisUrl: TEST_REDIS_URL, queuePrefix, chunkSize: 97, maxChunksInFlight: 6 }),
      async stop() {
        await workers.stop();
        await deletePrefix(TEST_REDIS_URL, `${queuePrefix}:`);
      },
    };
  });
});
