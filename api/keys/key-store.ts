// The key store contract shared by the SQLite and Redis stores, and the failures they report.
import { AppError } from '../../platform/errors/app-error.ts';

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
  /** The secret's last four characters, shown beside the prefix; null for keys made before they were kept. */
  lastFour: string | null;
  revokedAt: string | null;
  /** After this instant the key is refused (an expiry chosen at creation, or the end of a roll's overlap). */
  expiresAt: string | null;
  /** Lifetime chosen at creation, in days (null: never expires); a roll gives the replacement the same. */
  lifetimeDays: number | null;
  /** The key this one replaced by a roll, and the key that replaced it. */
  rolledFrom: string | null;
  rolledTo: string | null;
  /** The first key of its roll chain (its own id when never rolled): rate limits follow it, so a roll is no way around them. */
  lineage: string;
  /** Written at most once a minute per key, off the request path. */
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  /** Set once the audit trail has recorded this key's expiry. */
  expiryRecorded: boolean;
}

export const MAX_ACTIVE_KEYS_PER_ACCOUNT = 5;

/** Revoked keys are kept this many days (LODGING_AUDIT_KEEP_DAYS, as long as the audit trail), then pruned. */
export const DEFAULT_REVOKED_KEEP_DAYS = 90;

export interface KeyStoreOptions {
  now?: () => Date;
  /** Days a revoked key stays listed before the store removes it (default DEFAULT_REVOKED_KEEP_DAYS). */
  revokedKeepDays?: number;
}

/** The instant before which a revocation is old enough to prune, as an ISO string (comparable as text). */
export function revokedPruneCutoff(now: Date, keepDays: number | undefined): string {
  return new Date(now.getTime() - (keepDays ?? DEFAULT_REVOKED_KEEP_DAYS) * 86_400_000).toISOString();
}

/** Active: not revoked and not past its expiry. Counts toward the five, and authenticates. */
export function isActiveKey(key: Pick<StoredKey, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return key.revokedAt === null && (key.expiresAt === null || Date.parse(key.expiresAt) > now.getTime());
}

/** Fills the fields older records lack (keys stored before expiry, rolls and last use existed). */
export function completeStoredKey(key: Partial<StoredKey> & Pick<StoredKey, 'id' | 'accountId'>): StoredKey {
  return {
    id: key.id,
    accountId: key.accountId,
    name: key.name ?? '',
    prefix: key.prefix ?? '',
    creationTime: key.creationTime ?? new Date(0).toISOString(),
    secretHash: key.secretHash ?? '',
    lastFour: key.lastFour ?? null,
    revokedAt: key.revokedAt ?? null,
    expiresAt: key.expiresAt ?? null,
    lifetimeDays: key.lifetimeDays ?? null,
    rolledFrom: key.rolledFrom ?? null,
    rolledTo: key.rolledTo ?? null,
    lineage: key.lineage ?? key.id,
    lastUsedAt: key.lastUsedAt ?? null,
    lastUsedAddress: key.lastUsedAddress ?? null,
    expiryRecorded: key.expiryRecorded ?? false,
  };
}

export interface LastUse {
  id: string;
  at: string;
  address: string | null;
}

export interface InsertOptions {
  /** A roll: in the same atomic step, the old key gets this expiry (and `rolledTo`) before the five are counted. */
  replacing?: { id: string; expiresAt: string };
}

export interface KeyStore {
  readonly kind: 'sqlite' | 'redis';
  /**
   * Adds a key; TooManyActiveKeysError when the account already holds five active keys (checked atomically).
   * The account's keys revoked before the retention are pruned first.
   */
  insert(key: StoredKey, options?: InsertOptions): Promise<void>;
  /**
   * The key with this secret hash if it authenticates now: not revoked, not expired, its account not disabled;
   * else null. KeyStoreUnavailableError when it cannot tell.
   */
  findActiveByHash(secretHash: string): Promise<StoredKey | null>;
  findById(id: string): Promise<StoredKey | null>;
  /** Every key of the account, active, expired and revoked, oldest first; keys revoked before the retention are pruned first. */
  listByAccount(accountId: string): Promise<StoredKey[]>;
  /** Account ids that hold at least one key (the accounts migration reads these). */
  listAccountIds(): Promise<string[]>;
  /** Revokes a key; returns it (already revoked keys unchanged), or null when the id is unknown. */
  revoke(id: string): Promise<StoredKey | null>;
  /** Batched "last used" writes from the usage recorder. */
  recordLastUse(uses: LastUse[]): Promise<void>;
  markExpiryRecorded(id: string): Promise<void>;
  close(): Promise<void>;
}

export class TooManyActiveKeysError extends AppError {
  declare readonly code: 'too-many-active-keys';
  constructor(accountId: string) {
    super(`account ${accountId} already has ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys; revoke one first`, {
      code: 'too-many-active-keys',
      status: 409,
      publicMessage: `This account already has ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys. Revoke or roll one first.`,
    });
    this.name = 'TooManyActiveKeysError';
  }
}

export class KeyStoreUnavailableError extends AppError {
  declare readonly code: 'key-store-unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, { code: 'key-store-unavailable', status: 503, publicMessage: 'The key store cannot answer right now.', cause: options?.cause });
    this.name = 'KeyStoreUnavailableError';
  }
}

export function toApiKey(key: StoredKey): ApiKey {
  return { id: key.id, name: key.name, prefix: key.prefix, creationTime: key.creationTime };
}
