// Creating a key: the one place a secret exists in plaintext, returned once to the caller and never stored.
import { AppError } from '../../platform/errors/app-error.ts';
import { cleanText } from '../../model/typed-text.ts';
import { generateKeyId, generateKeySecret, hashKeySecret, shownLastFourOf, shownPrefixOf } from './key-secret.ts';
import type { ApiKey, InsertOptions, KeyStore, StoredKey } from './key-store.ts';

export interface CreatedKey {
  key: ApiKey;
  stored: StoredKey;
  accountId: string;
  /** Shown once; only its hash is kept. */
  secret: string;
}

const LABEL = /^[^\u0000-\u001f\u007f]{1,100}$/u;
/** The longest expiry a key may be given at creation (issue: "at most a year"). */
export const MAX_KEY_LIFETIME_DAYS = 365;
const DAY_MS = 86_400_000;

export class InvalidKeyInputError extends AppError {
  declare readonly code: 'invalid-key-input';
  constructor(message: string) {
    super(message, { code: 'invalid-key-input', status: 400 });
    this.name = 'InvalidKeyInputError';
  }
}

export interface NewKeyInput {
  accountId: string;
  name: string;
  /** Days until the key expires; null or absent: it never expires. */
  lifetimeDays?: number | null;
  /** Set by a roll: the key this one replaces. */
  rolledFrom?: string | null;
  /** Set by a roll: the replaced key's lineage (see StoredKey.lineage). */
  lineage?: string;
}

export async function createKey(
  store: KeyStore,
  input: NewKeyInput,
  now: () => Date = () => new Date(),
  insertOptions: InsertOptions = {},
): Promise<CreatedKey> {
  const accountId = input.accountId.trim();
  const named = cleanText(input.name, 'name', { max: 100 });
  if (!named.ok) throw new InvalidKeyInputError(named.problem);
  const name = named.value;
  const lifetimeDays = input.lifetimeDays ?? null;
  if (!LABEL.test(accountId)) throw new InvalidKeyInputError('account must be 1 to 100 printable characters');
  if (lifetimeDays !== null && (!Number.isInteger(lifetimeDays) || lifetimeDays < 1 || lifetimeDays > MAX_KEY_LIFETIME_DAYS)) {
    throw new InvalidKeyInputError(`expiry must be 1 to ${MAX_KEY_LIFETIME_DAYS} days`);
  }
  const secret = generateKeySecret();
  const created = now();
  const id = generateKeyId();
  const stored: StoredKey = {
    id,
    accountId,
    name,
    prefix: shownPrefixOf(secret),
    secretHash: hashKeySecret(secret),
    lastFour: shownLastFourOf(secret),
    creationTime: created.toISOString(),
    revokedAt: null,
    expiresAt: lifetimeDays === null ? null : new Date(created.getTime() + lifetimeDays * DAY_MS).toISOString(),
    lifetimeDays,
    rolledFrom: input.rolledFrom ?? null,
    rolledTo: null,
    lineage: input.lineage ?? id,
    lastUsedAt: null,
    lastUsedAddress: null,
    expiryRecorded: false,
  };
  await store.insert(stored, insertOptions);
  return {
    key: { id: stored.id, name: stored.name, prefix: stored.prefix, creationTime: stored.creationTime },
    stored,
    accountId,
    secret,
  };
}
