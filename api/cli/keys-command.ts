// `lodging keys create|list|revoke`: the operator's side of API keys; the secret is printed once, at creation.
import { parseArgs } from 'node:util';
import { parseConfig } from '../../platform/environment.ts';
import { createKey, InvalidKeyInputError } from '../keys/create-key.ts';
import { TooManyActiveKeysError } from '../keys/key-store.ts';
import type { KeyStore, StoredKey } from '../keys/key-store.ts';
import { openKeyStore } from '../keys/open-key-store.ts';
import { connectRedis, closeConnection, redactRedisUrl } from '../../platform/redis-connection.ts';
import { CommandFailure, UsageError } from '../../platform/cli-io.ts';
import { KeyStoreUnavailableError } from '../keys/key-store.ts';
import type { CliIo } from '../../platform/cli-io.ts';

export const KEYS_USAGE = `usage: lodging keys create --account A --name N [--json]
       lodging keys list --account A [--json]
       lodging keys revoke ID
  create   makes a key and prints its secret once (--json: {id,name,prefix,creationTime,secret}); at most 5 active per account
  list     every key of the account, active and revoked (never a secret)
  revoke   revokes a key; every API replica refuses it from the next request
Keys live in $LODGING_DATA_DIR/keys.sqlite, or in Redis when REDIS_URL is set (under $LODGING_REDIS_PREFIX, default lodging:).`;

type KeysIo = Pick<CliIo, 'stdout' | 'stderr' | 'env'>;

/** One line naming the store that cannot be reached and how to fix it. */
function unreachable(what: string, fix: string, cause: unknown): CommandFailure {
  return new CommandFailure(`cannot reach the key store (${what}): ${fix}`, { cause });
}

async function withStore<T>(io: KeysIo, work: (store: KeyStore) => Promise<T>): Promise<T> {
  const config = parseConfig(io.env);
  const where = config.redisUrl
    ? `Redis at ${redactRedisUrl(config.redisUrl)}`
    : `SQLite at ${config.dataDir}/keys.sqlite`;
  const fix = config.redisUrl
    ? 'start Redis there (or fix REDIS_URL), or unset REDIS_URL to use the SQLite store in LODGING_DATA_DIR'
    : 'check that LODGING_DATA_DIR exists and is writable';
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  if (redis && redis.status !== 'ready') {
    await closeConnection(redis);
    throw unreachable(where, fix, new Error(`redis status ${redis.status}`));
  }
  let store: KeyStore;
  try {
    store = openKeyStore({ dataDir: config.dataDir, redis, redisPrefix: config.redisPrefix });
  } catch (error) {
    if (redis) await closeConnection(redis);
    throw unreachable(where, fix, error);
  }
  try {
    return await work(store);
  } catch (error) {
    if (error instanceof KeyStoreUnavailableError) throw unreachable(where, fix, error);
    throw error;
  } finally {
    await store.close();
    if (redis) await closeConnection(redis);
  }
}

const listed = (key: StoredKey) => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  creationTime: key.creationTime,
  status: key.revokedAt === null ? 'active' : 'revoked',
  revocationTime: key.revokedAt,
});

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { account: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
}

export async function runKeysCommand(argv: string[], io: KeysIo): Promise<number> {
  const [action, ...rest] = argv;
  const { values, positionals } = parse(rest);
  if (action === 'create') {
    if (!values.account || !values.name) throw new UsageError('create needs --account and --name');
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
    return withStore(io, async (store) => {
      try {
        const { key, secret } = await createKey(store, { accountId: values.account!, name: values.name! });
        io.stdout(
          values.json
            ? `${JSON.stringify({ ...key, secret })}\n`
            : `Created ${key.id} "${key.name}" (prefix ${key.prefix}) for account ${values.account}.\n` +
                `Secret, shown only this once; store it now:\n\n  ${secret}\n\n` +
                `Send it as the X-API-Key header (or Authorization: Bearer).\n`,
        );
        return 0;
      } catch (error) {
        if (error instanceof TooManyActiveKeysError || error instanceof InvalidKeyInputError) {
          io.stderr(`lodging keys: ${error.message}\n`);
          return 1;
        }
        throw error;
      }
    });
  }
  if (action === 'list') {
    if (!values.account) throw new UsageError('list needs --account');
    return withStore(io, async (store) => {
      const keys = (await store.listByAccount(values.account!)).map(listed);
      if (values.json) io.stdout(`${JSON.stringify(keys)}\n`);
      else if (keys.length === 0) io.stdout(`No keys for account ${values.account}.\n`);
      else for (const k of keys) io.stdout(`${k.id}  ${k.prefix}…  ${k.status.padEnd(7)}  ${k.creationTime}  ${k.name}\n`);
      return 0;
    });
  }
  if (action === 'revoke') {
    const [id, extra] = positionals;
    if (!id || extra !== undefined) throw new UsageError('revoke needs exactly one key ID');
    return withStore(io, async (store) => {
      const before = (await store.revoke(id)) ?? null;
      if (!before) {
        io.stderr(`lodging keys: no key ${id}\n`);
        return 1;
      }
      io.stdout(`Revoked ${id}; it is refused from the next request on.\n`);
      return 0;
    });
  }
  throw new UsageError(action === undefined ? 'give an action: create, list or revoke' : `unknown action "${action}"`);
}
