// Revocations over Redis pub/sub: the store publishes each revoked secret hash; every replica's authenticator hears it at once.
import type { Redis } from 'ioredis';
import type { RevocationFeed, RevocationListener } from './authenticate-key.ts';

export function revocationChannel(prefix: string): string {
  return `${prefix}keys:revoked`;
}

export interface RedisRevocationFeed extends RevocationFeed {
  /** Resolves once subscribed (or after timeoutMs, leaving the fallback closed until it is). */
  ready(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A dedicated subscriber connection (a subscribed connection can issue nothing else). Each time it is ready it
 * subscribes again and tells the listener, which forgets every confirmation: messages sent while it was down are lost.
 */
export function createRedisRevocationFeed(redis: Redis, prefix: string, onError: (error: Error) => void): RedisRevocationFeed {
  const channel = revocationChannel(prefix);
  const subscriber = redis.duplicate({ lazyConnect: true, autoResubscribe: false, enableOfflineQueue: true, maxRetriesPerRequest: null });
  const listeners: RevocationListener[] = [];
  let isSubscribed = false;
  let waiters: (() => void)[] = [];
  let closed = false;

  subscriber.on('error', onError);
  subscriber.on('message', (from: string, hash: string) => {
    if (from === channel) for (const listener of listeners) listener.revoked(hash);
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        isSubscribed = true;
        for (const listener of listeners) listener.subscribed();
        for (const wake of waiters.splice(0)) wake();
      },
      (error: Error) => onError(error),
    );
  });
  subscriber.on('close', () => {
    if (!isSubscribed) return;
    isSubscribed = false;
    for (const listener of listeners) listener.lost();
  });
  subscriber.connect().catch(() => undefined); // retried in the background by ioredis

  return {
    listen(listener) {
      listeners.push(listener);
      if (isSubscribed) listener.subscribed();
    },
    ready(timeoutMs) {
      if (isSubscribed) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      waiters = [];
      subscriber.disconnect();
    },
  };
}
