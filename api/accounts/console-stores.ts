// The stores the console, the CLI and the API share, opened on one backend: keys.sqlite by default, Redis with REDIS_URL.
import type { Redis } from 'ioredis';
import type { KeyStore } from '../keys/key-store.ts';
import { openRedisKeyStore } from '../keys/redis-key-store.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../keys/sqlite-key-store.ts';
import { openRedisUsageStore } from '../usage/redis-usage-store.ts';
import { openSqliteUsageStore } from '../usage/sqlite-usage-store.ts';
import type { UsageStore } from '../usage/usage-store.ts';
import type { AccountStore } from './account-store.ts';
import { openRedisAccountStore } from './redis-account-store.ts';
import { openSqliteAccountStore } from './sqlite-account-store.ts';

export interface ConsoleStores {
  keys: KeyStore;
  accounts: AccountStore;
  usage: UsageStore;
  close(): Promise<void>;
}

export interface StoresLocation {
  dataDir: string;
  redis: Redis | null;
  /** Namespace of Redis keys (default "lodging:"). */
  redisPrefix?: string;
  now?: () => Date;
  /** Days the audit trail keeps its entries, and revoked keys stay listed (LODGING_AUDIT_KEEP_DAYS). */
  auditKeepDays?: number;
}

export function openConsoleStores(location: StoresLocation, keys?: KeyStore): ConsoleStores {
  const prefix = location.redisPrefix ?? 'lodging:';
  const now = location.now ?? (() => new Date());
  const keep = location.auditKeepDays ? { revokedKeepDays: location.auditKeepDays } : {};
  if (location.redis) {
    const keyStore = keys ?? openRedisKeyStore(location.redis, { prefix, now, ...keep });
    const accounts = openRedisAccountStore(location.redis, { prefix, ...(location.auditKeepDays ? { auditKeepDays: location.auditKeepDays } : {}) });
    const usage = openRedisUsageStore(location.redis, { prefix, now: () => now().getTime() });
    return { keys: keyStore, accounts, usage, close: async () => keyStore.close() };
  }
  const file = keysDatabasePath(location.dataDir);
  const keyStore = keys ?? openSqliteKeyStore(file, now, keep);
  const accounts = openSqliteAccountStore(file, location.auditKeepDays ? { auditKeepDays: location.auditKeepDays } : {});
  const usage = openSqliteUsageStore(file, () => now().getTime());
  return {
    keys: keyStore,
    accounts,
    usage,
    close: async () => {
      await usage.close();
      await accounts.close();
      await keyStore.close();
    },
  };
}
