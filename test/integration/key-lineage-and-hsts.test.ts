// Against the real server (SQLite and real Redis): a rolled key keeps its predecessor's rate-limit window; HSTS only behind an https public URL.
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../api/accounts/audit.ts';
import { createAccountKey, rollAccountKey } from '../../api/accounts/key-service.ts';
import { TEST_REDIS_URL, deletePrefix, describeWithRedis, pingRedis, uniquePrefix } from '../support/redis.ts';
import { startTestApi } from '../api/support/test-api.ts';

type Backend = 'sqlite' | 'redis';

async function withApi(backend: Backend, env: NodeJS.ProcessEnv, work: (api: Awaited<ReturnType<typeof startTestApi>>) => Promise<void>) {
  const prefix = `${uniquePrefix('lineage')}:`;
  const api = await startTestApi({ exports: {}, env: { ...env, ...(backend === 'redis' ? { REDIS_URL: TEST_REDIS_URL, LODGING_REDIS_PREFIX: prefix } : {}) } });
  try {
    await work(api);
  } finally {
    await api.close();
    if (backend === 'redis') await deletePrefix(TEST_REDIS_URL, prefix);
  }
}

function lineageSuite(backend: Backend) {
  it('a rolled key keeps its predecessor’s rate-limit window, through two rolls', async () => {
    await withApi(backend, { LODGING_RATE_LIMIT: '3', LODGING_RATE_WINDOW_S: '600' }, async (api) => {
      const stores = api.server.stores;
      const { account } = await createAccount(stores.accounts, { email: `lineage-${process.pid}-${backend}@example.com` }, api.publicUrl, CLI_ACTOR);
      const first = await createAccountKey(stores, { accountId: account.id, name: 'rolled' }, CLI_ACTOR);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await api.get('/api/v1/key', { secret: first.secret })).status);
      expect(statuses).toEqual([200, 200, 200]);
      expect((await api.get('/api/v1/key', { secret: first.secret })).status).toBe(429);
      const { created: second } = await rollAccountKey(stores, account.id, first.key.id, 'now', CLI_ACTOR);
      expect((await api.get('/api/v1/key', { secret: second.secret })).status).toBe(429);
      const { created: third } = await rollAccountKey(stores, account.id, second.key.id, 'now', CLI_ACTOR);
      expect(third.stored.lineage).toBe(first.key.id);
      expect((await api.get('/api/v1/key', { secret: third.secret })).status).toBe(429);
      // Another key of the same account has its own window.
      const other = await createAccountKey(stores, { accountId: account.id, name: 'other' }, CLI_ACTOR);
      expect((await api.get('/api/v1/key', { secret: other.secret })).status).toBe(200);
    });
  });
}

describe('key lineage on SQLite', () => lineageSuite('sqlite'));
const reachable = (await pingRedis()) === null;
describeWithRedis('key lineage on Redis', reachable, () => lineageSuite('redis'));

describe('Strict-Transport-Security', () => {
  it('is sent for one year on pages, console and API when the public URL is https', async () => {
    await withApi('sqlite', { LODGING_PUBLIC_URL: 'https://lodging.example' }, async (api) => {
      for (const path of ['/healthz', '/console/sign-in', '/api/v1/key', '/nowhere']) {
        const res = await api.get(path);
        expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
      }
    });
  });

  it('is not sent over a plain http public URL', async () => {
    await withApi('sqlite', {}, async (api) => {
      expect((await api.get('/healthz')).headers.get('strict-transport-security')).toBeNull();
    });
  });
});
