// The one Redis connection module: BullMQ's worker and producer connections and the API's fail-fast client.
import { Redis, type RedisOptions } from 'ioredis';

/** Never print a password that came in REDIS_URL. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(unparseable REDIS_URL)';
  }
}


export type ErrorListener = (error: Error) => void;

/** Reconnect quickly at first, then every 2 s: a restarted Redis is back within a few seconds. */
const retryStrategy = (times: number): number => Math.min(200 * times, 2000);

/**
 * For `lodging worker`: BullMQ requires `maxRetriesPerRequest: null` so that blocking commands survive a
 * reconnection; the offline queue stays on so commands issued during an outage run once Redis is back.
 */
export function createWorkerConnection(redisUrl: string, onError: ErrorListener, name = 'lodging-worker'): Redis {
  return connect(redisUrl, onError, { maxRetriesPerRequest: null, connectionName: name });
}

/**
 * For the writer (`lodging import --queue`): fail fast. With the offline queue off, a command issued while
 * Redis is unreachable rejects at once instead of piling up, so the writer notices an outage and decides
 * (wait for Redis, re-add lost chunks, or give up) instead of hanging.
 */
export function createProducerConnection(redisUrl: string, onError: ErrorListener, name = 'lodging-import'): Redis {
  return connect(redisUrl, onError, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    connectionName: name,
  });
}

function connect(redisUrl: string, onError: ErrorListener, options: RedisOptions): Redis {
  const client = new Redis(redisUrl, { retryStrategy, ...options });
  // Without a listener ioredis prints every reconnection error as an unhandled 'error' event.
  client.on('error', onError);
  return client;
}

/** Resolves once the client is connected; rejects with a message naming Redis (password hidden) after timeoutMs. */
export async function waitForRedis(client: Redis, redisUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    if (client.status === 'ready') {
      try {
        await client.ping();
        return;
      } catch (error) {
        lastError = error;
      }
    }
    if (client.status === 'end') break;
    await sleep(100);
  }
  const why = lastError instanceof Error ? lastError.message : `status ${client.status}`;
  throw new Error(`cannot reach Redis at ${redactRedisUrl(redisUrl)} within ${Math.round(timeoutMs / 1000)} s (${why})`);
}

/** Errors that mean "Redis is not reachable right now", as opposed to a refused or failed command. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  return /Connection is closed|enableOfflineQueue|max retries per request|Socket closed|connect ETIMEDOUT|LOADING|Connection in subscriber mode/i.test(
    error.message,
  );
}

/** Quits politely, or drops the socket when Redis is gone (QUIT would wait for a reconnection). */
export async function closeConnection(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// The API's client: keys and rate limits, set to fail fast while Redis is down so requests never hang on it.

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

