// Redis connections per BullMQ's production guidance: workers retry forever, producers fail fast, every client has an error listener.
import { Redis, type RedisOptions } from 'ioredis';
import { redactRedisUrl } from './queue-names.ts';

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
