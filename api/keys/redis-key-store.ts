// The key store every replica shares when REDIS_URL is set: a revocation deletes the hash entry, so the next lookup anywhere fails.
import type { Redis } from 'ioredis';
import { revocationChannel } from './redis-revocation-feed.ts';
import { KeyStoreUnavailableError, MAX_ACTIVE_KEYS_PER_ACCOUNT, TooManyActiveKeysError } from './key-store.ts';
import type { KeyStore, StoredKey } from './key-store.ts';

// Counts and inserts in one step so two creates cannot both see four active keys.
const INSERT_SCRIPT = `
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
if redis.call('EXISTS', KEYS[3]) == 1 or redis.call('EXISTS', KEYS[4]) == 1 then return -1 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('SET', KEYS[3], ARGV[2])
redis.call('SET', KEYS[4], ARGV[2])
return 1`;

export interface RedisKeyStoreOptions {
  /** Namespace of every Redis key this store writes, e.g. "lodging:"; tests use a unique one per run. */
  prefix: string;
  now?: () => Date;
}

export function openRedisKeyStore(redis: Redis, options: RedisKeyStoreOptions): KeyStore {
  const now = options.now ?? (() => new Date());
  const k = {
    byHash: (hash: string) => `${options.prefix}keys:hash:${hash}`,
    byId: (id: string) => `${options.prefix}keys:id:${id}`,
    active: (account: string) => `${options.prefix}keys:account:${account}:active`,
    all: (account: string) => `${options.prefix}keys:account:${account}:all`,
  };

  const unavailable = (error: unknown) =>
    new KeyStoreUnavailableError(`key store (redis) failed: ${(error as Error).message}`, { cause: error });
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  };
  const parse = (json: string | null): StoredKey | null => (json ? (JSON.parse(json) as StoredKey) : null);

  return {
    kind: 'redis',
    async insert(key) {
      const json = JSON.stringify(key);
      const keys = [k.active(key.accountId), k.all(key.accountId), k.byId(key.id), k.byHash(key.secretHash)];
      const result = await call(() => redis.eval(INSERT_SCRIPT, keys.length, ...keys, key.id, json, MAX_ACTIVE_KEYS_PER_ACCOUNT));
      if (result === 0) throw new TooManyActiveKeysError(key.accountId);
      if (result !== 1) throw unavailable(new Error('key id or secret hash already exists'));
    },
    async findActiveByHash(secretHash) {
      const key = parse(await call(() => redis.get(k.byHash(secretHash))));
      return key && key.revokedAt === null ? key : null;
    },
    async listByAccount(accountId) {
      const ids = await call(() => redis.lrange(k.all(accountId), 0, -1));
      if (ids.length === 0) return [];
      const values = await call(() => redis.mget(ids.map(k.byId)));
      return values.map(parse).filter((key): key is StoredKey => key !== null);
    },
    async revoke(id) {
      const key = parse(await call(() => redis.get(k.byId(id))));
      if (!key || key.revokedAt !== null) return key;
      const revoked: StoredKey = { ...key, revokedAt: now().toISOString() };
      const results = await call(() =>
        redis
          .multi()
          .del(k.byHash(key.secretHash))
          .srem(k.active(key.accountId), key.id)
          .set(k.byId(key.id), JSON.stringify(revoked))
          // Every replica's authenticator drops the key from its outage fallback at once.
          .publish(revocationChannel(options.prefix), key.secretHash)
          .exec(),
      );
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw unavailable(failed?.[0] ?? new Error('revocation was not applied'));
      return revoked;
    },
    async close() {
      // The Redis connection belongs to whoever opened it (it is shared with the rate limiter).
    },
  };
}
