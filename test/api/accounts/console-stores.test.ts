// Runs the console store contract on SQLite (a temp keys.sqlite) and on the real shared Redis under a unique prefix.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { Redis } from 'ioredis';
import { openConsoleStores } from '../../../api/accounts/console-stores.ts';
import { TEST_REDIS_URL, deletePrefix, describeWithRedis, pingRedis, uniquePrefix } from '../../support/redis.ts';
import { runConsoleStoreContract } from './support/console-store-contract.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

runConsoleStoreContract('SQLite', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lodging-console-'));
  const stores = openConsoleStores({ dataDir: dir, redis: null });
  cleanups.push(async () => {
    await stores.close();
    await rm(dir, { recursive: true, force: true });
  });
  return stores;
});

const reachable = (await pingRedis()) === null;
describeWithRedis('Redis console stores', reachable, () => {
  runConsoleStoreContract('Redis', async () => {
    const prefix = `${uniquePrefix('console-store')}:`;
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    cleanups.push(async () => {
      await deletePrefix(TEST_REDIS_URL, prefix);
      redis.disconnect();
    });
    return openConsoleStores({ dataDir: '/nonexistent', redis, redisPrefix: prefix });
  });
});
