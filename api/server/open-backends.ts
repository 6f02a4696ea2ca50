// A start-up step: opens what the server reads and writes (snapshots, replica, Redis, keys, accounts, revocations, secrets), each registered to close.
import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { openSnapshotReader } from '../../pipeline/snapshot/snapshot-reader.ts';
import { startReplicaFor, type SnapshotReplica } from '../../pipeline/index.ts';
import type { Config } from '../../platform/environment.ts';
import { openConsoleStores, type ConsoleStores } from '../accounts/console-stores.ts';
import type { RateLimitStores } from '../http/rate-limit-store.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { openKeyStore } from '../keys/open-key-store.ts';
import { createRedisRevocationFeed } from '../keys/redis-revocation-feed.ts';
import { createCursorCodec } from '../query/cursor-codec.ts';
import { loadOrCreateCursorSecret } from '../query/cursor-secret.ts';
import type { Closers } from './closers.ts';
import { migrateAccounts } from './migrate-accounts.ts';

export interface Backends {
  reader: ReturnType<typeof openSnapshotReader>;
  /** With LODGING_SNAPSHOT_STORE: follows the shared pointers into this data directory. */
  replica: SnapshotReplica | null;
  redis: Redis | null;
  keyStore: KeyStore;
  consoleStores: ConsoleStores;
  revocations: ReturnType<typeof createRedisRevocationFeed> | null;
  cursors: ReturnType<typeof createCursorCodec>;
  /** A key of its own for known-browser tokens, derived from the secret every replica shares. */
  browserKey: Buffer;
  /** Redis's, else the ones given (the cluster's), else none: this process's memory. */
  rateLimitStores: RateLimitStores | null;
}

/** Opens each backend in turn; what is open when one fails stays registered in `closers`, for the caller to close. */
export async function openBackends(config: Config, logger: Logger, closers: Closers, rateLimitStores?: RateLimitStores): Promise<Backends> {
  const prefix = config.redisPrefix;
  const reader = openSnapshotReader(config.dataDir, {
    onError: (error, country) => logger.error({ err: error, country }, 'snapshot could not be opened; keeping the previous one'),
  });
  closers.add(() => reader.close());
  const replica = startReplicaFor(config, () => reader.refresh(), logger);
  if (replica) closers.add(() => replica.close());
  let redis: Redis | null = null;
  // The Redis client and the rate-limit stores over it (ioredis, some 2 MB of heap) load only when REDIS_URL is set.
  let redisStores: typeof import('../http/rate-limit-store.ts') | null = null;
  if (config.redisUrl) {
    const { connectRedis, closeConnection } = await import('../../platform/redis-connection.ts');
    redisStores = await import('../http/rate-limit-store.ts');
    const connection = await connectRedis(config.redisUrl, { onError: (error) => logger.warn({ err: error }, 'redis unavailable') });
    redis = connection;
    closers.add(() => closeConnection(connection));
  }
  const keyStore = openKeyStore({ dataDir: config.dataDir, redis, redisPrefix: prefix, revokedKeepDays: config.auditKeepDays });
  const consoleStores = openConsoleStores({ dataDir: config.dataDir, redis, redisPrefix: prefix, auditKeepDays: config.auditKeepDays }, keyStore);
  closers.add(() => consoleStores.close());
  await migrateAccounts(keyStore, consoleStores, logger);
  let revocations: Backends['revocations'] = null;
  if (redis) {
    const feed = createRedisRevocationFeed(redis, prefix, (error) => logger.warn({ err: error }, 'revocation feed unavailable'));
    revocations = feed;
    closers.add(() => feed.close());
    await feed.ready(3_000);
  }
  const serverSecret = loadOrCreateCursorSecret(config.dataDir);
  return {
    reader,
    replica,
    redis,
    keyStore,
    consoleStores,
    revocations,
    cursors: createCursorCodec(serverSecret),
    browserKey: createHmac('sha256', serverSecret).update('lodging console known browsers').digest(),
    rateLimitStores: redis && redisStores ? redisStores.createRateLimitStores(redis, prefix) : (rateLimitStores ?? null),
  };
}
