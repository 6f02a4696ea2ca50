// Picks the key store: Redis when the server has a Redis connection (shared by replicas), else <dataDir>/keys.sqlite.
import type { Redis } from 'ioredis';
import type { KeyStore } from './key-store.ts';
import { keysDatabasePath, openSqliteKeyStore } from './sqlite-key-store.ts';
import { openRedisKeyStore } from './redis-key-store.ts';

export interface KeyStoreLocation {
  dataDir: string;
  redis: Redis | null;
  /** Namespace of Redis keys (default "lodging:"). */
  redisPrefix?: string;
  /** Days revoked keys stay listed before they are pruned (LODGING_AUDIT_KEEP_DAYS). */
  revokedKeepDays?: number;
}

export function openKeyStore(location: KeyStoreLocation): KeyStore {
  const keep = location.revokedKeepDays === undefined ? {} : { revokedKeepDays: location.revokedKeepDays };
  if (location.redis) return openRedisKeyStore(location.redis, { prefix: location.redisPrefix ?? 'lodging:', ...keep });
  return openSqliteKeyStore(keysDatabasePath(location.dataDir), undefined, keep);
}
