// Creating a key: the one place a secret exists in plaintext, returned once to the caller and never stored.
import { generateKeyId, generateKeySecret, hashKeySecret, shownPrefixOf } from './key-secret.ts';
import type { ApiKey, KeyStore, StoredKey } from './key-store.ts';

export interface CreatedKey {
  key: ApiKey;
  accountId: string;
  /** Shown once; only its hash is kept. */
  secret: string;
}

const LABEL = /^[^\u0000-\u001f\u007f]{1,100}$/u;

export class InvalidKeyInputError extends Error {
  readonly code = 'invalid-key-input';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidKeyInputError';
  }
}

export async function createKey(
  store: KeyStore,
  input: { accountId: string; name: string },
  now: () => Date = () => new Date(),
): Promise<CreatedKey> {
  const accountId = input.accountId.trim();
  const name = input.name.trim();
  if (!LABEL.test(accountId)) throw new InvalidKeyInputError('account must be 1 to 100 printable characters');
  if (!LABEL.test(name)) throw new InvalidKeyInputError('name must be 1 to 100 printable characters');
  const secret = generateKeySecret();
  const stored: StoredKey = {
    id: generateKeyId(),
    accountId,
    name,
    prefix: shownPrefixOf(secret),
    secretHash: hashKeySecret(secret),
    creationTime: now().toISOString(),
    revokedAt: null,
  };
  await store.insert(stored);
  return {
    key: { id: stored.id, name: stored.name, prefix: stored.prefix, creationTime: stored.creationTime },
    accountId,
    secret,
  };
}
