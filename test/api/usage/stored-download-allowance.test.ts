// The daily download allowance on each usage store (real keys.sqlite, real Redis): starts count, resumptions of a
// file counted today do not, a new UTC day starts afresh, and two stores on one backend share the count.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../api/exports/download-allowance.ts';
import { storedDownloadAllowance } from '../../../api/usage/stored-download-allowance.ts';
import { openRedisUsageStore } from '../../../api/usage/redis-usage-store.ts';
import { openSqliteUsageStore } from '../../../api/usage/sqlite-usage-store.ts';
import type { UsageStore } from '../../../api/usage/usage-store.ts';
import { deletePrefix, describeWithRedis, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../support/redis.ts';

let now = 10 * DAY_MS + 1000;
const clock = () => now;

/** Two stores on one backend, as two API processes would open them. */
function allowanceSuite(open: () => Promise<[UsageStore, UsageStore]>, close: () => Promise<void>): void {
  let stores: [UsageStore, UsageStore];
  beforeAll(async () => {
    stores = await open();
  });
  afterAll(async () => {
    for (const store of stores ?? []) await store.close();
    await close();
  });

  it('counts each start, lets a counted file resume for free, refuses a start past the limit, and renews at midnight', async () => {
    now = 10 * DAY_MS + 1000;
    const allowance = storedDownloadAllowance(stores[0], 2, clock);
    expect(await allowance.take('k', 'a', 0)).toMatchObject({ allowed: true, counted: true, remaining: 1 });
    expect(await allowance.take('k', 'a', 500)).toMatchObject({ allowed: true, counted: false, remaining: 1 });
    expect(await allowance.take('k', 'b', 500)).toMatchObject({ allowed: true, counted: true, remaining: 0 });
    expect(await allowance.take('k', 'a', 0)).toMatchObject({ allowed: false, remaining: 0, resetS: 86_399 });
    expect(await allowance.take('k', 'b', 9)).toMatchObject({ allowed: true, counted: false });
    expect(await allowance.take('other', 'a', 0)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await allowance.used('k')).toBe(2);
    now += DAY_MS;
    expect(await allowance.used('k')).toBe(0);
    expect(await allowance.take('k', 'a', 7)).toMatchObject({ allowed: true, counted: true, remaining: 1 });
  });

  it('is one count for every process: a file started through one resumes free through the other, and the last download goes once', async () => {
    now = 20 * DAY_MS;
    const [one, two] = stores.map((store) => storedDownloadAllowance(store, 3, clock));
    expect(await one!.take('shared', 'a', 0)).toMatchObject({ counted: true, remaining: 2 });
    expect(await two!.take('shared', 'a', 1000)).toMatchObject({ allowed: true, counted: false, remaining: 2 });
    expect(await two!.used('shared')).toBe(1);
    const race = await Promise.all([one!.take('shared', 'b', 0), two!.take('shared', 'c', 0), one!.take('shared', 'd', 0), two!.take('shared', 'e', 0)]);
    expect(race.filter((decision) => decision.allowed)).toHaveLength(2);
    expect(await one!.used('shared')).toBe(3);
  });
}

describe('the download allowance on keys.sqlite', () => {
  let dir = '';
  allowanceSuite(
    async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'lodging-allowance-'));
      const file = path.join(dir, 'keys.sqlite');
      return [openSqliteUsageStore(file, clock), openSqliteUsageStore(file, clock)];
    },
    () => rm(dir, { recursive: true, force: true }),
  );
});

const reachable = await redisAvailable();
describeWithRedis('the download allowance on Redis', reachable, () => {
  const prefix = `${uniquePrefix('allowance')}:`;
  const clients: Redis[] = [];
  allowanceSuite(
    async () => {
      clients.push(new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL));
      return [openRedisUsageStore(clients[0]!, { prefix, now: clock }), openRedisUsageStore(clients[1]!, { prefix, now: clock })];
    },
    async () => {
      await deletePrefix(TEST_REDIS_URL, prefix);
      for (const client of clients) client.disconnect();
    },
  );
});
