// Whether the real Redis the integration suites need answers: under CI=true its absence fails the run, elsewhere it skips loudly.
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Use with `describe.runIf(await redisAvailable())`. Never a mock: suites that need Redis run against it or,
 * on a laptop without one, say clearly that they did not run.
 */
export async function redisAvailable(url = TEST_REDIS_URL): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  client.on('error', () => undefined);
  let failure: string | null = null;
  try {
    await client.connect();
    const pong = await client.ping();
    if (pong !== 'PONG') failure = `PING answered ${pong}`;
  } catch (error) {
    failure = (error as Error).message;
  } finally {
    client.disconnect();
  }
  if (failure === null) return true;
  const message = `Redis at ${url} does not answer (${failure})`;
  if (process.env.CI === 'true') throw new Error(`${message}: the Redis integration suites must run under CI`);
  console.warn(`\n*** SKIPPING the Redis integration suites: ${message}. Start redis-server to run them. ***\n`);
  return false;
}
