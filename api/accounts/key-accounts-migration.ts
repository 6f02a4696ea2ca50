// First start after accounts existed: every account id that keys reference becomes an account (active, no password), so no key stops working.
import type { AccountStore } from './account-store.ts';
import type { KeyStore } from '../keys/key-store.ts';

/** Idempotent; returns the ids of the accounts it created. */
export async function migrateKeyAccounts(keys: KeyStore, accounts: AccountStore): Promise<string[]> {
  const created: string[] = [];
  const at = new Date().toISOString();
  for (const id of await keys.listAccountIds()) {
    const made = await accounts.ensureAccount({
      id,
      email: null,
      name: id.slice(0, 100),
      role: 'developer',
      status: 'active',
      createdAt: at,
      passwordHash: null,
      passwordChangedAt: null,
    });
    if (made) created.push(id);
  }
  return created;
}
