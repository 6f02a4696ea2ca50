// Secret → active key: format check, lookup by hash, constant-time confirm; while the store is down, only a bounded, revocation-aware fallback.
import { hashKeySecret, hashesMatch, looksLikeKeySecret } from './key-secret.ts';
import { KeyStoreUnavailableError, isActiveKey } from './key-store.ts';
import type { KeyStore, StoredKey } from './key-store.ts';

export type KeyCheck = { ok: true; key: StoredKey } | { ok: false; reason: 'malformed' | 'unknown-or-revoked' };

export interface KeyAuthenticator {
  /** KeyStoreUnavailableError when the store fails and the fallback below cannot vouch for this key. */
  authenticate(secret: string): Promise<KeyCheck>;
}

/** What a revocation feed tells its listener (see redis-revocation-feed.ts). */
export interface RevocationListener {
  /** A key with this secret hash was revoked, on any replica. */
  revoked(secretHash: string): void;
  /** The feed is (again) subscribed: anything published while it was not is lost, so forget every confirmation. */
  subscribed(): void;
  /** The feed lost its subscription: revocations may now go unheard. */
  lost(): void;
}

export interface RevocationFeed {
  listen(listener: RevocationListener): void;
}

export interface KeyAuthenticatorOptions {
  /**
   * Revocations as they happen (Redis pub/sub). Without a feed there is no fallback at all: a store failure is a
   * 503 for every key, since nothing would tell this process about a revocation it cannot read.
   */
  revocations?: RevocationFeed;
  /**
   * The outage fallback's bound (default 5 minutes): a key keeps working while the store cannot be reached only if
   * this process confirmed it while subscribed to revocations, and for at most this long after the subscription was lost.
   */
  outageFallbackMs?: number;
  /** Bound on remembered keys (default 10 000). */
  maxRemembered?: number;
  now?: () => number;
}

export function createKeyAuthenticator(store: KeyStore, options: KeyAuthenticatorOptions = {}): KeyAuthenticator {
  const outageFallbackMs = options.outageFallbackMs ?? 5 * 60_000;
  const maxRemembered = options.maxRemembered ?? 10_000;
  const now = options.now ?? Date.now;
  /** Keys confirmed by the store while the feed was subscribed; each revocation and each resubscription removes. */
  const confirmed = new Map<string, StoredKey>();
  let subscribed = false;
  let lostAt: number | null = null;
  /** Moves on every revocation and (re)subscription, so a lookup that raced one is not remembered. */
  let generation = 0;

  options.revocations?.listen({
    revoked(hash) {
      generation += 1;
      confirmed.delete(hash);
    },
    subscribed() {
      generation += 1;
      confirmed.clear();
      subscribed = true;
      lostAt = null;
    },
    lost() {
      if (!subscribed) return;
      subscribed = false;
      lostAt = now();
    },
  });

  const fallbackOpen = (): boolean => subscribed || (lostAt !== null && now() - lostAt <= outageFallbackMs);

  const remember = (hash: string, key: StoredKey) => {
    confirmed.delete(hash);
    confirmed.set(hash, key);
    if (confirmed.size > maxRemembered) confirmed.delete(confirmed.keys().next().value as string);
  };

  return {
    async authenticate(secret) {
      if (!looksLikeKeySecret(secret)) return { ok: false, reason: 'malformed' };
      const hash = hashKeySecret(secret);
      const before = generation;
      const listening = subscribed;
      let key: StoredKey | null;
      try {
        key = await store.findActiveByHash(hash);
      } catch (error) {
        const known = confirmed.get(hash);
        // An expiry (or a roll's end) needs no store to be known: the fallback honours it too.
        if (error instanceof KeyStoreUnavailableError && known && fallbackOpen() && isActiveKey(known, new Date(now()))) {
          return { ok: true, key: known };
        }
        throw error instanceof KeyStoreUnavailableError ? error : new KeyStoreUnavailableError(String(error));
      }
      if (!key || key.revokedAt !== null || !hashesMatch(key.secretHash, hash)) {
        confirmed.delete(hash);
        return { ok: false, reason: 'unknown-or-revoked' };
      }
      // Only what the store said while this process could hear revocations, and with none arriving meanwhile.
      if (listening && subscribed && generation === before) remember(hash, key);
      return { ok: true, key };
    },
  };
}
