// One ioredis connection for keys and rate limits, set to fail fast while Redis is down so requests never hang on it.
import { Redis } from 'ioredis';

export interface RedisConnectOptions {
  /** How long start-up waits for the first connection before carrying on degraded (default 3 s). */
  readyTimeoutMs?: number;
  onError?: (error: Error) => void;
}

/**
 * enableOfflineQueue false + maxRetriesPerRequest 0: while disconnected, commands reject at once instead of queueing,
 * so the rate limiter passes requests through and the key lookup falls back; reconnection continues in the background.
 */
export async function connectRedis(url: string, options: RedisConnectOptions = {}): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    lazyConnect: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let lastReported = 0;
  redis.on('error', (error: Error) => {
    // One line per 10 s at most: a dead Redis must not flood the log.
    if (Date.now() - lastReported > 10_000) {
      lastReported = Date.now();
      options.onError?.(error);
    }
  });
  const ready = redis.connect().catch((error: Error) => options.onError?.(error));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, options.readyTimeoutMs ?? 3_000).unref());
  await Promise.race([ready, timeout]);
  return redis;
}

export async function disconnectRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
