// The key store contract shared by the SQLite and Redis stores, and the failures they report.

/** The spec's Key resource: non-secret metadata only. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  creationTime: string;
}

export interface StoredKey extends ApiKey {
  accountId: string;
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  secretHash: string;
  revokedAt: string | null;
}

export const MAX_ACTIVE_KEYS_PER_ACCOUNT = 5;

export interface KeyStore {
  readonly kind: 'sqlite' | 'redis';
  /** Adds a key; TooManyActiveKeysError when the account already holds five active keys (checked atomically). */
  insert(key: StoredKey): Promise<void>;
  /** The active key with this secret hash, or null (unknown or revoked). KeyStoreUnavailableError when it cannot tell. */
  findActiveByHash(secretHash: string): Promise<StoredKey | null>;
  /** Every key of the account, active and revoked, oldest first. */
  listByAccount(accountId: string): Promise<StoredKey[]>;
  /** Revokes a key; returns it (already revoked keys unchanged), or null when the id is unknown. */
  revoke(id: string): Promise<StoredKey | null>;
  close(): Promise<void>;
}

export class TooManyActiveKeysError extends Error {
  readonly code = 'too-many-active-keys';
  constructor(accountId: string) {
    super(`account ${accountId} already has ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys; revoke one first`);
    this.name = 'TooManyActiveKeysError';
  }
}

export class KeyStoreUnavailableError extends Error {
  readonly code = 'key-store-unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeyStoreUnavailableError';
  }
}

export function toApiKey(key: StoredKey): ApiKey {
  return { id: key.id, name: key.name, prefix: key.prefix, creationTime: key.creationTime };
}
