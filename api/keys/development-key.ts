// The key `npm start` prints outside production: a fresh one per start, older ones revoked so the account never hits five.
import { createKey } from './create-key.ts';
import type { CreatedKey } from './create-key.ts';
import type { KeyStore } from './key-store.ts';

export const DEVELOPMENT_ACCOUNT = 'local-development';
export const DEVELOPMENT_KEY_NAME = 'printed by npm start';

export async function createDevelopmentKey(store: KeyStore): Promise<CreatedKey> {
  for (const key of await store.listByAccount(DEVELOPMENT_ACCOUNT)) {
    if (key.revokedAt === null) await store.revoke(key.id);
  }
  return createKey(store, { accountId: DEVELOPMENT_ACCOUNT, name: DEVELOPMENT_KEY_NAME });
}
