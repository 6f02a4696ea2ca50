// The shared rate-limit stores on Redis: one namespace per window, so a key id and a client address never share a counter.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRateLimitStores } from '../../../api/http/rate-limit-store.ts';
import { describeWithRedis, keysMatching, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../support/redis.ts';

const reachable = await redisAvailable();

describeWithRedis('createRateLimitStores', reachable, () => {
  let redis: Redis;
  const prefix = `${uniquePrefix('rate-limit-store')}:`;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    const keys = await keysMatching(TEST_REDIS_URL, `${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts each window apart, under the server prefix', async () => {
    const stores = createRateLimitStores(redis, prefix);
    for (const store of Object.values(stores)) store.init?.({ windowMs: 60_000 } as never);
    await stores.perKey.increment('same');
    await stores.perKey.increment('same');
    const other = await stores.authFailures.increment('same');
    expect(other.totalHits).toBe(1);
    expect((await stores.perKey.increment('same')).totalHits).toBe(3);
    expect(await redis.exists(`${prefix}rl:key:same`, `${prefix}rl:auth-failures:same`)).toBe(2);
  });
});
