// With REDIS_URL: replicas share rate-limit windows and see revocations at once; a Redis outage does not stop the API.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateKeySecret } from '../../api/keys/key-secret.ts';
import { parseConfig } from '../../platform/environment.ts';
import { startServer } from '../../api/server.ts';
import type { RunningServer } from '../../api/server.ts';
import { createKey } from '../../api/keys/create-key.ts';
import { TEST_REDIS_URL, deletePrefix, describeWithRedis, pingRedis, startRedisServer, uniquePrefix } from '../support/redis.ts';
import { makeDataDir, removeDataDir } from '../api/support/test-api.ts';
import { readJson } from '../api/support/shapes.ts';

const reachable = await (await pingRedis()) === null;

async function startReplica(dataDir: string, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const config = parseConfig({ LOG_LEVEL: 'silent', ...env, LODGING_DATA_DIR: dataDir, PORT: '0' });
  return startServer(config, { refreshIntervalMs: 0, authFailureLimit: { limit: 1000, windowS: 60 } });
}

const call = (server: RunningServer, secret: string, path = '/api/v1/key') =>
  readJson(fetch(`${server.url}${path}`, { headers: { 'X-API-Key': secret } }));

describeWithRedis('two replicas on one Redis', reachable, () => {
  const prefix = uniquePrefix('replicas');
  let a: RunningServer;
  let b: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    const env = { REDIS_URL: TEST_REDIS_URL, LODGING_REDIS_PREFIX: prefix, LODGING_RATE_LIMIT: '5', LODGING_RATE_WINDOW_S: '120' };
    a = await startReplica(dataDir, env);
    b = await startReplica(dataDir, env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await deletePrefix(TEST_REDIS_URL, prefix);
    await removeDataDir(dataDir);
  });

  it('keeps keys in Redis, not in the data dir', () => {
    expect(a.keyStore.kind).toBe('redis');
  });

  it('shares one window per key across replicas', async () => {
    const { secret } = await createKey(a.keyStore, { accountId: 'shared-window', name: 'w' });
    const remaining = [];
    for (const server of [a, b, a, b, a]) remaining.push((await call(server, secret)).headers.get('ratelimit-remaining'));
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const limited = await call(b, secret);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('a key revoked through one replica is refused by the other on the next request', async () => {
    const { key, secret } = await createKey(a.keyStore, { accountId: 'revoke-across', name: 'r' });
    expect((await call(b, secret)).status).toBe(200);
    await a.keyStore.revoke(key.id);
    expect((await call(b, secret)).status).toBe(401);
  });
});

describeWithRedis('Redis becomes unreachable', reachable, () => {
  it('keeps serving: known keys still work (unlimited), unknown keys get 503, not 401', async () => {
    const redis = await startRedisServer();
    const dataDir = await makeDataDir({ es: [{ providerId: 'p1', name: 'Hotel Uno', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] }] });
    const server = await startReplica(dataDir, { REDIS_URL: redis.url, LODGING_REDIS_PREFIX: uniquePrefix('outage') });
    try {
      const { secret } = await createKey(server.keyStore, { accountId: 'outage', name: 'o' });
      const before = await call(server, secret, '/api/v1/places?country=es');
      expect(before.status).toBe(200);
      expect(before.headers.get('ratelimit-policy')).toBe('600;w=60');

      await redis.kill();

      const during = await call(server, secret, '/api/v1/places?country=es');
      expect(during.status).toBe(200);
      expect(during.body.places).toHaveLength(1);
      const stranger = await call(server, generateKeySecret());
      expect(stranger.status).toBe(503);
      expect(stranger.headers.get('retry-after')).not.toBeNull();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await redis.kill();
      await server.close();
      await removeDataDir(dataDir);
    }
  });
});
