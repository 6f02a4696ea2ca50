// Secret → active key: format check, lookup by hash, constant-time confirm; serves a recent answer while the store is down.
import { hashKeySecret, hashesMatch, looksLikeKeySecret } from './key-secret.ts';
import { KeyStoreUnavailableError } from './key-store.ts';
import type { KeyStore, StoredKey } from './key-store.ts';

export type KeyCheck = { ok: true; key: StoredKey } | { ok: false; reason: 'malformed' | 'unknown-or-revoked' };

export interface KeyAuthenticator {
  /** KeyStoreUnavailableError only when the store fails and this key was not confirmed recently. */
  authenticate(secret: string): Promise<KeyCheck>;
}

export interface KeyAuthenticatorOptions {
  /**
   * How long a confirmed key keeps working while the store cannot be reached (default 5 minutes).
   * No revocation can be written to an unreachable store either, so this does not delay one.
   */
  staleIfErrorMs?: number;
  /** Bound on remembered keys (default 10 000). */
  maxRemembered?: number;
  now?: () => number;
}

export function createKeyAuthenticator(store: KeyStore, options: KeyAuthenticatorOptions = {}): KeyAuthenticator {
  const staleIfErrorMs = options.staleIfErrorMs ?? 5 * 60_000;
  const maxRemembered = options.maxRemembered ?? 10_000;
  const now = options.now ?? Date.now;
  const confirmed = new Map<string, { key: StoredKey; at: number }>();

  const remember = (hash: string, key: StoredKey) => {
    confirmed.delete(hash);
    confirmed.set(hash, { key, at: now() });
    if (confirmed.size > maxRemembered) confirmed.delete(confirmed.keys().next().value as string);
  };

  return {
    async authenticate(secret) {
      if (!looksLikeKeySecret(secret)) return { ok: false, reason: 'malformed' };
      const hash = hashKeySecret(secret);
      let key: StoredKey | null;
      try {
        key = await store.findActiveByHash(hash);
      } catch (error) {
        const recent = confirmed.get(hash);
        if (error instanceof KeyStoreUnavailableError && recent && now() - recent.at <= staleIfErrorMs) {
          return { ok: true, key: recent.key };
        }
        throw error instanceof KeyStoreUnavailableError ? error : new KeyStoreUnavailableError(String(error));
      }
      if (!key || key.revokedAt !== null || !hashesMatch(key.secretHash, hash)) {
        confirmed.delete(hash);
        return { ok: false, reason: 'unknown-or-revoked' };
      }
      remember(hash, key);
      return { ok: true, key };
    },
  };
}
