// Whether the real Redis the integration suites need answers: under CI=true its absence fails the run, elsewhere it skips loudly.
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why Redis at url does not answer PING, or null when it does. */
export async function pingRedis(url = TEST_REDIS_URL): Promise<string | null> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const pong = await client.ping();
    return pong === 'PONG' ? null : `PING answered ${pong}`;
  } catch (error) {
    return (error as Error).message;
  } finally {
    client.disconnect();
  }
}

/**
 * Use with `describe.runIf(await redisAvailable())`. Never a mock: suites that need Redis run against it or,
 * on a laptop without one, say clearly that they did not run.
 */
export async function redisAvailable(url = TEST_REDIS_URL): Promise<boolean> {
  const failure = await pingRedis(url);
  if (failure === null) return true;
  const message = `Redis at ${url} does not answer (${failure})`;
  if (process.env.CI === 'true') throw new Error(`${message}: the Redis integration suites must run under CI`);
  console.warn(`\n*** SKIPPING the Redis integration suites: ${message}. Start redis-server to run them. ***\n`);
  return false;
}
