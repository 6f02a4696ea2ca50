// Runs the key store contract against SQLite (a temp file) and Redis (the real shared Redis, under a unique prefix).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { Redis } from 'ioredis';
import { openRedisKeyStore } from '../../../api/keys/redis-key-store.ts';
import { openSqliteKeyStore } from '../../../api/keys/sqlite-key-store.ts';
import type { KeyStore, KeyStoreOptions } from '../../../api/keys/key-store.ts';
import { TEST_REDIS_URL, deletePrefix, describeWithRedis, keysMatching, pingRedis, uniquePrefix } from '../../support/redis.ts';
import { runKeyStoreContract } from './support/key-store-contract.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

runKeyStoreContract('SQLite', async (options: KeyStoreOptions = {}) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lodging-keys-'));
  const file = path.join(dir, 'keys.sqlite');
  const store = openSqliteKeyStore(file, options.now, options);
  const peers: KeyStore[] = [];
  cleanups.push(async () => {
    await store.close();
    for (const peer of peers) await peer.close();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    store,
    openPeer: async () => {
      const peer = openSqliteKeyStore(file);
      peers.push(peer);
      return peer;
    },
    dump: async () => {
      const files = ['', '-wal'].map((suffix) => readFile(`${file}${suffix}`).catch(() => Buffer.alloc(0)));
      return (await Promise.all(files)).map((b) => b.toString('latin1')).join('\n');
    },
  };
});

const reachable = await (await pingRedis()) === null;
describeWithRedis('Redis key store', reachable, () => {
  runKeyStoreContract('Redis', async (options: KeyStoreOptions = {}) => {
    const prefix = uniquePrefix('keys');
    const connections: Redis[] = [];
    const connect = () => {
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      connections.push(redis);
      return redis;
    };
    cleanups.push(async () => {
      await deletePrefix(TEST_REDIS_URL, prefix);
      for (const redis of connections) redis.disconnect();
    });
    const admin = connect();
    return {
      store: openRedisKeyStore(connect(), { prefix, ...options }),
      openPeer: async () => openRedisKeyStore(connect(), { prefix }),
      dump: async () => {
        const keys = await keysMatching(TEST_REDIS_URL, `${prefix}*`);
        const parts: string[] = [...keys];
        for (const key of keys) {
          const type = await admin.type(key);
          if (type === 'string') parts.push((await admin.get(key)) ?? '');
          else if (type === 'set') parts.push(...(await admin.smembers(key)));
          else if (type === 'list') parts.push(...(await admin.lrange(key, 0, -1)));
        }
        return parts.join('\n');
      },
    };
  });
});
