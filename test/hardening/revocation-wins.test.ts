// Defect 8: revocation wins. A key revoked before a store outage stops working on every replica; the fallback is bounded.
import { describe, expect, it } from 'vitest';
import { createKeyAuthenticator } from '../../api/keys/authenticate-key.ts';
import type { RevocationListener } from '../../api/keys/authenticate-key.ts';
import { createKey } from '../../api/keys/create-key.ts';
import { generateKeySecret, hashKeySecret, shownPrefixOf } from '../../api/keys/key-secret.ts';
import { KeyStoreUnavailableError, completeStoredKey } from '../../api/keys/key-store.ts';
import type { KeyStore, StoredKey } from '../../api/keys/key-store.ts';
import { startServer } from '../../api/server.ts';
import type { RunningServer } from '../../api/server.ts';
import { parseConfig } from '../../platform/environment.ts';
import { describeWithRedis, redisAvailable, startRedisServer, uniquePrefix } from '../support/redis.ts';
import { makeDataDir, removeDataDir } from '../api/support/test-api.ts';

/** A store that answers from a map, or fails as an unreachable one does while `down` is set. */
function fakeStore() {
  const keys = new Map<string, StoredKey>();
  const state = { down: false, keys };
  const store: KeyStore = {
    kind: 'redis',
    async insert(key) {
      keys.set(key.secretHash, key);
    },
    async findActiveByHash(hash) {
      if (state.down) throw new KeyStoreUnavailableError('store down');
      const key = keys.get(hash);
      return key && key.revokedAt === null ? key : null;
    },
    async listByAccount() {
      return [];
    },
    async revoke() {
      return null;
    },
    async findById() {
      return null;
    },
    async listAccountIds() {
      return [];
    },
    async recordLastUse() {},
    async markExpiryRecorded() {},
    async close() {},
  };
  return { store, state };
}

function makeKey(): { secret: string; key: StoredKey } {
  const secret = generateKeySecret();
  return {
    secret,
    key: completeStoredKey({ id: `key_${secret.slice(-6)}`, name: 'k', prefix: shownPrefixOf(secret), creationTime: new Date().toISOString(), accountId: 'a', secretHash: hashKeySecret(secret), revokedAt: null }),
  };
}

function manualFeed() {
  let listener: RevocationListener | null = null;
  return {
    feed: { listen: (l: RevocationListener) => void (listener = l) },
    emit: () => listener!,
  };
}

/** A stored key, an authenticator over the failing store with a revocation feed the test drives, and the store's switch. */
async function subscribedAuthenticator(options: Omit<NonNullable<Parameters<typeof createKeyAuthenticator>[1]>, 'revocations'> = {}) {
  const { store, state } = fakeStore();
  const { secret, key } = makeKey();
  await store.insert(key);
  const { feed, emit } = manualFeed();
  const auth = createKeyAuthenticator(store, { ...options, revocations: feed });
  return { auth, state, secret, key, emit };
}

describe("the authenticator's outage fallback", () => {
  it('without a revocation feed there is none: a store failure is a 503 for every key', async () => {
    const { store, state } = fakeStore();
    const { secret, key } = makeKey();
    await store.insert(key);
    const auth = createKeyAuthenticator(store);
    expect((await auth.authenticate(secret)).ok).toBe(true);
    state.down = true;
    await expect(auth.authenticate(secret)).rejects.toBeInstanceOf(KeyStoreUnavailableError);
  });

  it('serves a key confirmed while subscribed, and forgets it when its revocation is heard', async () => {
    const { auth, state, secret, key, emit } = await subscribedAuthenticator();
    emit().subscribed();
    expect((await auth.authenticate(secret)).ok).toBe(true);
    state.down = true;
    expect((await auth.authenticate(secret)).ok).toBe(true);
    emit().revoked(key.secretHash);
    await expect(auth.authenticate(secret)).rejects.toBeInstanceOf(KeyStoreUnavailableError);
  });

  it('forgets every confirmation on each (re)subscription', async () => {
    const { auth, state, secret, emit } = await subscribedAuthenticator();
    emit().subscribed();
    await auth.authenticate(secret);
    emit().lost();
    emit().subscribed();
    state.down = true;
    await expect(auth.authenticate(secret)).rejects.toBeInstanceOf(KeyStoreUnavailableError);
  });

  it('keeps the fallback for at most outageFallbackMs after the subscription was lost', async () => {
    let clock = 1_000_000;
    const { auth, state, secret, emit } = await subscribedAuthenticator({ outageFallbackMs: 60_000, now: () => clock });
    emit().subscribed();
    await auth.authenticate(secret);
    emit().lost();
    state.down = true;
    clock += 60_000;
    expect((await auth.authenticate(secret)).ok).toBe(true);
    clock += 1;
    await expect(auth.authenticate(secret)).rejects.toBeInstanceOf(KeyStoreUnavailableError);
  });

  it('does not remember a key confirmed while unsubscribed, nor one whose lookup raced a revocation', async () => {
    const { auth, state, secret, key, emit } = await subscribedAuthenticator();
    expect((await auth.authenticate(secret)).ok).toBe(true); // not yet subscribed
    emit().subscribed();
    emit().lost();
    state.down = true;
    await expect(auth.authenticate(secret)).rejects.toBeInstanceOf(KeyStoreUnavailableError);

    state.down = false;
    emit().subscribed();
    const racing = auth.authenticate(secret); // the store answers "active"…
    emit().revoked(key.secretHash); // …but the revocation is heard before that answer is used
    expect((await racing).ok).toBe(true);
    state.down = true;
    await expect(auth.authenticate(secret)).rejects.toBeInstanceOf(KeyStoreUnavailableError);
  });
});

const reachable = await redisAvailable();

describeWithRedis('two replicas, then a Redis outage', reachable, () => {
  it('a key revoked shortly before the outage is refused by every replica during it', async () => {
    const redis = await startRedisServer();
    const dataDir = await makeDataDir({});
    const env = { LOG_LEVEL: 'silent', REDIS_URL: redis.url, LODGING_REDIS_PREFIX: uniquePrefix('revocation'), LODGING_DATA_DIR: dataDir, PORT: '0' };
    const servers: RunningServer[] = [];
    try {
      for (let i = 0; i < 2; i += 1) servers.push(await startServer(parseConfig(env), { refreshIntervalMs: 0 }));
      const [a, b] = servers as [RunningServer, RunningServer];
      const { key, secret } = await createKey(a.keyStore, { accountId: 'revoke-then-outage', name: 'r' });
      const other = await createKey(a.keyStore, { accountId: 'revoke-then-outage', name: 'kept' });
      const call = (server: RunningServer, s: string) => fetch(`${server.url}/api/v1/key`, { headers: { 'X-API-Key': s } });
      for (const server of servers) {
        expect((await call(server, secret)).status).toBe(200);
        expect((await call(server, other.secret)).status).toBe(200);
      }
      await a.keyStore.revoke(key.id);
      // The revocation travels over pub/sub; give it a moment (a poll, not a timed assertion).
      await new Promise((resolve) => setTimeout(resolve, 100));
      await redis.kill();
      for (const server of servers) {
        expect((await call(server, secret)).status).not.toBe(200);
        expect((await call(server, other.secret)).status).toBe(200);
      }
    } finally {
      await redis.kill();
      for (const server of servers) await server.close();
      await removeDataDir(dataDir);
    }
  });
});
