// Key use cases shared by `lodging keys` and the console: create, list, revoke and roll within an account, audited.
import type { AccountStore } from './account-store.ts';
import { AccountDisabledError, KeyAlreadyRolledError, KeyNotActiveError, KeyNotFoundError, TooManyKeysCreatedError } from './account-errors.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';
import { createKey } from '../keys/create-key.ts';
import type { CreatedKey } from '../keys/create-key.ts';
import { isActiveKey } from '../keys/key-store.ts';
import type { KeyStore, StoredKey } from '../keys/key-store.ts';

export interface KeyStores {
  keys: KeyStore;
  accounts: AccountStore;
}

/** How long a rolled key keeps working beside its replacement. */
export const ROLL_OVERLAPS = { now: 0, '24h': 24 * 3_600_000, '7d': 7 * 24 * 3_600_000 } as const;
export type RollOverlap = keyof typeof ROLL_OVERLAPS;
/** The overlaps by name, for schemas and checks: a user's string is matched against this list, never looked up with `in`. */
export const ROLL_OVERLAP_NAMES = ['now', '24h', '7d'] as const satisfies readonly RollOverlap[];

export function isRollOverlap(value: unknown): value is RollOverlap {
  return typeof value === 'string' && (ROLL_OVERLAP_NAMES as readonly string[]).includes(value);
}
/** Keys expiring sooner than this are flagged on every console page. */
export const EXPIRY_WARNING_MS = 7 * 24 * 3_600_000;

export type KeyState = 'active' | 'expired' | 'revoked';

export function keyState(key: StoredKey, now: Date): KeyState {
  if (key.revokedAt !== null) return 'revoked';
  return isActiveKey(key, now) ? 'active' : 'expired';
}

export function expiresSoon(key: StoredKey, now: Date): boolean {
  return keyState(key, now) === 'active' && key.expiresAt !== null && Date.parse(key.expiresAt) - now.getTime() <= EXPIRY_WARNING_MS;
}

/**
 * Whether to remind the account to roll a key (the banner on every console page): it expires within 7 days, was not
 * rolled already (a rolled key ends on purpose; its replacement carries on), and its whole lifetime is longer than the
 * warning window: a key made to live 7 days or less was chosen short on purpose, so it is not nagged about.
 */
export function needsRollReminder(key: StoredKey, now: Date): boolean {
  if (!expiresSoon(key, now) || key.rolledTo !== null) return false;
  const lifetimeMs = key.lifetimeDays === null ? Number.POSITIVE_INFINITY : key.lifetimeDays * 24 * 3_600_000;
  return lifetimeMs > EXPIRY_WARNING_MS;
}

async function activeAccount(stores: KeyStores, accountId: string) {
  const account = await stores.accounts.findAccount(accountId);
  if (!account) throw new KeyNotFoundError();
  if (account.status !== 'active') throw new AccountDisabledError(accountId);
  return account;
}

/** Keys an account may create (or roll) per hour: create/revoke cycles cannot flood its audit trail or the store. */
export const KEYS_CREATED_PER_HOUR = 20;

async function countKeyCreation(stores: KeyStores, accountId: string): Promise<void> {
  const counted = await stores.accounts.countAttempt([{ subject: `key-creations:${accountId}`, limit: KEYS_CREATED_PER_HOUR, windowMs: 3_600_000 }], Date.now());
  if (!counted.admitted) throw new TooManyKeysCreatedError(Math.ceil(counted.retryAfterMs / 1000));
}

export async function createAccountKey(
  stores: KeyStores,
  input: { accountId: string; name: string; lifetimeDays?: number | null },
  by: Actor,
): Promise<CreatedKey> {
  await activeAccount(stores, input.accountId);
  await countKeyCreation(stores, input.accountId);
  const created = await createKey(stores.keys, input);
  const expiry = created.stored.expiresAt ? `, expires ${created.stored.expiresAt}` : '';
  await audit(stores.accounts, input.accountId, 'key-created', by, { keyId: created.key.id, detail: `"${created.key.name}"${expiry}` });
  return created;
}

/** Every key of the account; a key found expired is written to the audit trail once, at its expiry time. */
export async function listAccountKeys(stores: KeyStores, accountId: string, now = new Date()): Promise<StoredKey[]> {
  const keys = await stores.keys.listByAccount(accountId);
  for (const key of keys) {
    if (!key.expiryRecorded && key.revokedAt === null && keyState(key, now) === 'expired') {
      await stores.keys.markExpiryRecorded(key.id);
      key.expiryRecorded = true;
      const why = key.rolledTo ? `rolled to ${key.rolledTo}` : 'reached its expiry';
      await audit(stores.accounts, accountId, 'key-expired', { actor: 'system', address: null }, { keyId: key.id, detail: why, at: key.expiresAt! });
    }
  }
  return keys;
}

/** The key, if it belongs to the account (null account: any key, for the CLI and operators); else KeyNotFoundError. */
export async function findAccountKey(stores: KeyStores, accountId: string | null, keyId: string): Promise<StoredKey> {
  const key = await stores.keys.findById(keyId);
  if (!key || (accountId !== null && key.accountId !== accountId)) throw new KeyNotFoundError();
  return key;
}

export async function revokeAccountKey(stores: KeyStores, accountId: string | null, keyId: string, by: Actor): Promise<StoredKey> {
  const key = await findAccountKey(stores, accountId, keyId);
  if (key.revokedAt !== null) return key;
  const revoked = (await stores.keys.revoke(key.id)) ?? key;
  await audit(stores.accounts, key.accountId, 'key-revoked', by, { keyId: key.id, detail: `"${key.name}"` });
  return revoked;
}

/**
 * A replacement with the same name and lifetime; the old key expires after the overlap, checked at authentication
 * (so a restart loses nothing). During the overlap both count toward the five, so at five only "now" can succeed.
 */
export async function rollAccountKey(
  stores: KeyStores,
  accountId: string | null,
  keyId: string,
  overlap: RollOverlap,
  by: Actor,
  now: () => Date = () => new Date(),
): Promise<{ old: StoredKey; created: CreatedKey }> {
  const old = await findAccountKey(stores, accountId, keyId);
  if (keyState(old, now()) !== 'active') throw new KeyNotActiveError();
  if (old.rolledTo !== null) throw new KeyAlreadyRolledError(old.rolledTo);
  await activeAccount(stores, old.accountId);
  await countKeyCreation(stores, old.accountId);
  const oldExpiresAt = new Date(now().getTime() + ROLL_OVERLAPS[overlap]).toISOString();
  const created = await createKey(
    stores.keys,
    { accountId: old.accountId, name: old.name, lifetimeDays: old.lifetimeDays, rolledFrom: old.id, lineage: old.lineage },
    now,
    { replacing: { id: old.id, expiresAt: oldExpiresAt } },
  );
  await audit(stores.accounts, old.accountId, 'key-rolled', by, {
    keyId: old.id,
    detail: `replaced by ${created.key.id}; the old key ${overlap === 'now' ? 'stopped at once' : `works until ${oldExpiresAt}`}`,
  });
  return { old: (await stores.keys.findById(old.id)) ?? old, created };
}
