// Opens the stores the server uses (keys.sqlite, or Redis with REDIS_URL) for one CLI command, and closes them after.
import { parseConfig, resolvePublicUrl } from '../../platform/environment.ts';
import type { CliIo } from '../../platform/cli-io.ts';
import { CommandFailure } from '../../platform/cli-io.ts';
import { closeConnection, connectRedis, redactRedisUrl } from '../../platform/redis-connection.ts';
import { openConsoleStores } from '../accounts/console-stores.ts';
import type { ConsoleStores } from '../accounts/console-stores.ts';
import { AccountDisabledError, AccountInputError, KeyAlreadyRolledError, KeyNotActiveError, KeyNotFoundError, UnknownAccountError } from '../accounts/account-errors.ts';
import { AccountExistsError } from '../accounts/account-store.ts';
import { migrateKeyAccounts } from '../accounts/key-accounts-migration.ts';
import { InvalidKeyInputError } from '../keys/create-key.ts';
import { KeyStoreUnavailableError, TooManyActiveKeysError } from '../keys/key-store.ts';

export type StoresIo = Pick<CliIo, 'stdout' | 'stderr' | 'env'>;

export interface CliStores extends ConsoleStores {
  /** Base of invitation links: LODGING_PUBLIC_URL, else http://localhost:$PORT. */
  publicUrl: string;
}

const EXPECTED = [
  AccountInputError,
  AccountExistsError,
  UnknownAccountError,
  AccountDisabledError,
  KeyNotFoundError,
  KeyNotActiveError,
  KeyAlreadyRolledError,
  InvalidKeyInputError,
  TooManyActiveKeysError,
];

/** Runs `work` with the stores; an expected failure (unknown account, five keys…) becomes one line on stderr and exit code 1. */
export async function withConsoleStores(io: StoresIo, command: string, work: (stores: CliStores) => Promise<number>): Promise<number> {
  const config = parseConfig(io.env);
  const where = config.redisUrl ? `Redis at ${redactRedisUrl(config.redisUrl)}` : `SQLite at ${config.dataDir}/keys.sqlite`;
  const fix = config.redisUrl
    ? 'start Redis there (or fix REDIS_URL), or unset REDIS_URL to use the SQLite store in LODGING_DATA_DIR'
    : 'check that LODGING_DATA_DIR exists and is writable';
  // One line naming the store that cannot be reached and how to fix it (no stack unless --verbose/DEBUG).
  const unreachable = (cause: unknown) => new CommandFailure(`cannot reach the key store (${where}): ${fix}`, { cause });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  if (redis && redis.status !== 'ready') {
    await closeConnection(redis);
    throw unreachable(new Error(`redis status ${redis.status}`));
  }
  let stores: ConsoleStores;
  try {
    stores = openConsoleStores({ dataDir: config.dataDir, redis, redisPrefix: config.redisPrefix, auditKeepDays: config.auditKeepDays });
  } catch (error) {
    if (redis) await closeConnection(redis);
    throw unreachable(error);
  }
  try {
    // The same migration as at server start, so keys made before accounts existed have theirs.
    await migrateKeyAccounts(stores.keys, stores.accounts);
    return await work({ ...stores, publicUrl: resolvePublicUrl(config, config.port) });
  } catch (error) {
    if (EXPECTED.some((kind) => error instanceof kind)) {
      io.stderr(`lodging ${command}: ${(error as Error).message}\n`);
      return 1;
    }
    if (error instanceof KeyStoreUnavailableError) throw unreachable(error);
    throw error;
  } finally {
    await stores.close();
    if (redis) await closeConnection(redis);
  }
}
