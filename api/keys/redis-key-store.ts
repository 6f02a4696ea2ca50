// The key store every replica shares when REDIS_URL is set: a revocation deletes the hash entry, so the next lookup anywhere fails.
import type { Redis } from 'ioredis';
import { revocationChannel } from './redis-revocation-feed.ts';
import { KeyStoreUnavailableError, MAX_ACTIVE_KEYS_PER_ACCOUNT, TooManyActiveKeysError, completeStoredKey, isActiveKey, revokedPruneCutoff } from './key-store.ts';
import type { KeyStore, KeyStoreOptions, StoredKey } from './key-store.ts';

// Retires the replaced key (a roll), drops expired ids from the active set, then counts and inserts in one step,
// so two creates cannot both see four active keys.
const INSERT_SCRIPT = `
local active, all, byId, byHash, expiry = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local now = tonumber(ARGV[4])
if ARGV[5] ~= '' then
  local oldKey = ARGV[9] .. ARGV[5]
  local raw = redis.call('GET', oldKey)
  if raw then
    local old = cjson.decode(raw)
    local until_ms = tonumber(ARGV[7])
    local current = tonumber(redis.call('HGET', expiry, ARGV[5]) or '0')
    if current == 0 or current > until_ms then
      old.expiresAt = ARGV[6]
      redis.call('HSET', expiry, ARGV[5], until_ms)
    end
    old.rolledTo = ARGV[1]
    local encoded = cjson.encode(old)
    redis.call('SET', oldKey, encoded)
    if redis.call('EXISTS', ARGV[8] .. old.secretHash) == 1 then redis.call('SET', ARGV[8] .. old.secretHash, encoded) end
  end
end
for _, id in ipairs(redis.call('SMEMBERS', active)) do
  local ends = tonumber(redis.call('HGET', expiry, id) or '0')
  if ends ~= 0 and ends <= now then redis.call('SREM', active, id) end
end
if redis.call('SCARD', active) >= tonumber(ARGV[3]) then return 0 end
if redis.call('EXISTS', byId) == 1 or redis.call('EXISTS', byHash) == 1 then return -1 end
redis.call('SADD', active, ARGV[1])
redis.call('RPUSH', all, ARGV[1])
redis.call('SET', byId, ARGV[2])
redis.call('SET', byHash, ARGV[2])
if ARGV[10] ~= '' then redis.call('HSET', expiry, ARGV[1], ARGV[10]) end
return 1`;

// One round trip per API request: the key by hash, unless its account is disabled.
const FIND_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local key = cjson.decode(raw)
if redis.call('SISMEMBER', KEYS[2], key.accountId) == 1 then return false end
return raw`;

// Field updates applied where the record lives, so a concurrent revocation is never overwritten.
const PATCH_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local key = cjson.decode(raw)
for field, value in pairs(cjson.decode(ARGV[1])) do key[field] = value end
redis.call('SET', KEYS[1], cjson.encode(key))
return 1`;

const REVOKE_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local key = cjson.decode(raw)
if key.revokedAt ~= nil and key.revokedAt ~= cjson.null then return raw end
key.revokedAt = ARGV[1]
local encoded = cjson.encode(key)
redis.call('SET', KEYS[1], encoded)
redis.call('DEL', ARGV[2] .. key.secretHash)
redis.call('SREM', ARGV[3] .. key.accountId .. ':active', key.id)
-- Every replica's authenticator drops the key from its outage fallback at once.
redis.call('PUBLISH', ARGV[4], key.secretHash)
return encoded`;

// Removes the account's keys revoked before ARGV[1] (ISO instants compare as text): record, list entry, expiry, hash entry.
const PRUNE_SCRIPT = `
local all, expiry, cutoff = KEYS[1], KEYS[2], ARGV[1]
local pruned = 0
for _, id in ipairs(redis.call('LRANGE', all, 0, -1)) do
  local raw = redis.call('GET', ARGV[2] .. id)
  if raw then
    local key = cjson.decode(raw)
    if type(key.revokedAt) == 'string' and key.revokedAt < cutoff then
      redis.call('DEL', ARGV[2] .. id)
      redis.call('DEL', ARGV[3] .. key.secretHash)
      redis.call('LREM', all, 0, id)
      redis.call('HDEL', expiry, id)
      pruned = pruned + 1
    end
  end
end
return pruned`;

export interface RedisKeyStoreOptions extends KeyStoreOptions {
  /** Namespace of every Redis key this store writes, e.g. "lodging:"; tests use a unique one per run. */
  prefix: string;
}

/** The set of disabled account ids, which the key lookup consults (written by the account store). */
export function disabledAccountsKey(prefix: string): string {
  return `${prefix}accounts:disabled`;
}

export function openRedisKeyStore(redis: Redis, options: RedisKeyStoreOptions): KeyStore {
  const now = options.now ?? (() => new Date());
  const k = {
    hashPrefix: `${options.prefix}keys:hash:`,
    idPrefix: `${options.prefix}keys:id:`,
    accountPrefix: `${options.prefix}keys:account:`,
    byHash: (hash: string) => `${options.prefix}keys:hash:${hash}`,
    byId: (id: string) => `${options.prefix}keys:id:${id}`,
    active: (account: string) => `${options.prefix}keys:account:${account}:active`,
    all: (account: string) => `${options.prefix}keys:account:${account}:all`,
    expiry: (account: string) => `${options.prefix}keys:account:${account}:expiry`,
    disabled: disabledAccountsKey(options.prefix),
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
  const parse = (json: string | null): StoredKey | null => (json ? completeStoredKey(JSON.parse(json) as StoredKey) : null);
  const prune = (accountId: string) =>
    call(() =>
      redis.eval(PRUNE_SCRIPT, 2, k.all(accountId), k.expiry(accountId), revokedPruneCutoff(now(), options.revokedKeepDays), k.idPrefix, k.hashPrefix),
    );
  const patch = (id: string, fields: Partial<StoredKey>) =>
    call(() => redis.eval(PATCH_SCRIPT, 1, k.byId(id), JSON.stringify(fields)));

  return {
    kind: 'redis',
    async insert(key, insertOptions = {}) {
      await prune(key.accountId);
      const json = JSON.stringify(key);
      const keys = [k.active(key.accountId), k.all(key.accountId), k.byId(key.id), k.byHash(key.secretHash), k.expiry(key.accountId)];
      const replacing = insertOptions.replacing;
      const result = await call(() =>
        redis.eval(
          INSERT_SCRIPT,
          keys.length,
          ...keys,
          key.id,
          json,
          MAX_ACTIVE_KEYS_PER_ACCOUNT,
          now().getTime(),
          replacing?.id ?? '',
          replacing?.expiresAt ?? '',
          replacing ? Date.parse(replacing.expiresAt) : 0,
          k.hashPrefix,
          k.idPrefix,
          key.expiresAt ? Date.parse(key.expiresAt) : '',
        ),
      );
      if (result === 0) throw new TooManyActiveKeysError(key.accountId);
      if (result !== 1) throw unavailable(new Error('key id or secret hash already exists'));
    },
    async findActiveByHash(secretHash) {
      const key = parse((await call(() => redis.eval(FIND_SCRIPT, 2, k.byHash(secretHash), k.disabled))) as string | null);
      return key && isActiveKey(key, now()) ? key : null;
    },
    async findById(id) {
      return parse(await call(() => redis.get(k.byId(id))));
    },
    async listByAccount(accountId) {
      await prune(accountId);
      const ids = await call(() => redis.lrange(k.all(accountId), 0, -1));
      if (ids.length === 0) return [];
      const values = await call(() => redis.mget(ids.map(k.byId)));
      return values.map(parse).filter((key): key is StoredKey => key !== null);
    },
    async listAccountIds() {
      // SCAN (never KEYS: the Redis may be shared); run once at start-up by the accounts migration.
      const found = new Set<string>();
      let cursor = '0';
      do {
        const [next, names] = await call(() => redis.scan(cursor, 'MATCH', `${k.accountPrefix}*:all`, 'COUNT', 500));
        cursor = next;
        for (const name of names) found.add(name.slice(k.accountPrefix.length, -':all'.length));
      } while (cursor !== '0');
      return [...found];
    },
    async revoke(id) {
      const raw = await call(() => redis.eval(REVOKE_SCRIPT, 1, k.byId(id), now().toISOString(), k.hashPrefix, k.accountPrefix, revocationChannel(options.prefix)));
      return parse(raw as string | null);
    },
    async recordLastUse(uses) {
      if (uses.length === 0) return;
      const pipeline = redis.pipeline();
      for (const use of uses) {
        pipeline.eval(PATCH_SCRIPT, 1, k.byId(use.id), JSON.stringify({ lastUsedAt: use.at, lastUsedAddress: use.address }));
      }
      const results = await call(() => pipeline.exec());
      const failed = results?.find(([error]) => error);
      if (failed) throw unavailable(failed[0]);
    },
    async markExpiryRecorded(id) {
      await patch(id, { expiryRecorded: true });
    },
    async close() {
      // The Redis connection belongs to whoever opened it (it is shared with the rate limiter).
    },
  };
}
