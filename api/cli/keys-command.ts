// `lodging keys create|list|revoke|roll`: the shell side of API keys, calling the console's use cases; a secret is printed once.
import { parseArgs } from 'node:util';
import { UsageError } from '../../platform/cli-io.ts';
import type { CliIo } from '../../platform/cli-io.ts';
import { resolveAccount } from '../accounts/account-service.ts';
import { CLI_ACTOR } from '../accounts/audit.ts';
import { MAX_KEY_LIFETIME_DAYS } from '../keys/create-key.ts';
import { createAccountKey, isRollOverlap, keyState, listAccountKeys, revokeAccountKey, rollAccountKey } from '../accounts/key-service.ts';
import { shownSecretText } from '../keys/key-secret.ts';
import type { StoredKey } from '../keys/key-store.ts';
import { withConsoleStores } from './with-console-stores.ts';

export const KEYS_USAGE = `usage: lodging keys create --account A --name N [--expires DAYS] [--json]
       lodging keys list --account A [--json]
       lodging keys revoke ID
       lodging keys roll ID [--overlap now|24h|7d] [--json]
  create   makes a key for an existing account (its id or e-mail) and prints its secret once
           (--json: {id,name,prefix,creationTime,expiresAt,secret}); at most 5 active per account; --expires 1..${MAX_KEY_LIFETIME_DAYS}
  list     every key of the account: active, expired and revoked, last use (never a secret)
  revoke   revokes a key; every API replica refuses it from the next request
  roll     a new secret with the same name and expiry; the old one works for the overlap (default 24h), then is refused
Keys live in $LODGING_DATA_DIR/keys.sqlite, or in Redis when REDIS_URL is set (under $LODGING_REDIS_PREFIX, default lodging:).
Accounts: see \`lodging accounts --help\`.`;

type KeysIo = Pick<CliIo, 'stdout' | 'stderr' | 'env'>;

const listed = (key: StoredKey, now: Date) => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  lastFour: key.lastFour,
  creationTime: key.creationTime,
  status: keyState(key, now),
  expiresAt: key.expiresAt,
  revocationTime: key.revokedAt,
  lastUsedAt: key.lastUsedAt,
  lastUsedAddress: key.lastUsedAddress,
});

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      account: { type: 'string' },
      name: { type: 'string' },
      expires: { type: 'string' },
      overlap: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
}

function printSecret(io: KeysIo, json: boolean, created: Awaited<ReturnType<typeof createAccountKey>>, intro: string): void {
  const { key, secret, stored } = created;
  io.stdout(
    json
      ? `${JSON.stringify({ ...key, expiresAt: stored.expiresAt, secret })}\n`
      : `${intro}\nSecret, shown only this once; store it now:\n\n  ${secret}\n\n` +
          `Send it as the X-API-Key header (or Authorization: Bearer).\n`,
  );
}

export async function runKeysCommand(argv: string[], io: KeysIo): Promise<number> {
  const [action, ...rest] = argv;
  const { values, positionals } = parse(rest);
  const json = values.json ?? false;
  if (action === 'create') {
    if (!values.account || !values.name) throw new UsageError('create needs --account and --name');
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
    if (values.expires !== undefined && !/^\d{1,3}$/.test(values.expires)) throw new UsageError(`--expires must be a number of days, 1 to ${MAX_KEY_LIFETIME_DAYS}`);
    return withConsoleStores(io, 'keys', async (stores) => {
      const account = await resolveAccount(stores.accounts, values.account!);
      const lifetimeDays = values.expires === undefined ? null : Number(values.expires);
      const created = await createAccountKey(stores, { accountId: account.id, name: values.name!, lifetimeDays }, CLI_ACTOR);
      const expiry = created.stored.expiresAt ? `, expires ${created.stored.expiresAt}` : '';
      printSecret(io, json, created, `Created ${created.key.id} "${created.key.name}" (prefix ${created.key.prefix}) for account ${account.id}${expiry}.`);
      return 0;
    });
  }
  if (action === 'list') {
    if (!values.account) throw new UsageError('list needs --account');
    return withConsoleStores(io, 'keys', async (stores) => {
      const account = await resolveAccount(stores.accounts, values.account!);
      const now = new Date();
      const keys = (await listAccountKeys(stores, account.id, now)).map((key) => listed(key, now));
      if (json) io.stdout(`${JSON.stringify(keys)}\n`);
      else if (keys.length === 0) io.stdout(`No keys for account ${account.id}.\n`);
      else {
        for (const k of keys) {
          const until = k.status === 'active' && k.expiresAt ? `  until ${k.expiresAt}` : '';
          io.stdout(`${k.id}  ${shownSecretText(k)}  ${k.status.padEnd(7)}  ${k.creationTime}  ${k.name}${until}\n`);
        }
      }
      return 0;
    });
  }
  if (action === 'revoke') {
    const [id, extra] = positionals;
    if (!id || extra !== undefined) throw new UsageError('revoke needs exactly one key ID');
    return withConsoleStores(io, 'keys', async (stores) => {
      if (!(await stores.keys.findById(id))) {
        io.stderr(`lodging keys: no key ${id}\n`);
        return 1;
      }
      await revokeAccountKey(stores, null, id, CLI_ACTOR);
      io.stdout(`Revoked ${id}; it is refused from the next request on.\n`);
      return 0;
    });
  }
  if (action === 'roll') {
    const [id, extra] = positionals;
    if (!id || extra !== undefined) throw new UsageError('roll needs exactly one key ID');
    const overlap = values.overlap ?? '24h';
    if (!isRollOverlap(overlap)) throw new UsageError('--overlap must be now, 24h or 7d');
    return withConsoleStores(io, 'keys', async (stores) => {
      const { old, created } = await rollAccountKey(stores, null, id, overlap, CLI_ACTOR);
      printSecret(io, json, created, `Rolled ${old.id} to ${created.key.id} "${created.key.name}"; the old secret ${overlap === 'now' ? 'stopped working now' : `works until ${old.expiresAt}`}.`);
      return 0;
    });
  }
  throw new UsageError(action === undefined ? 'give an action: create, list, revoke or roll' : `unknown action "${action}"`);
}
