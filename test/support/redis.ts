// The one Redis helper for tests: is the shared Redis there (CI fails without it), unique prefixes, sweeping them,
// and a private redis-server a test may stop, restart or kill without touching the shared one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, it } from 'vitest';
import { freePort } from './local-ports.ts';

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
 * on a laptop without one, say clearly that they did not run. Under CI=true a missing Redis fails the run.
 */
export async function redisAvailable(url = TEST_REDIS_URL): Promise<boolean> {
  const failure = await pingRedis(url);
  if (failure === null) return true;
  const message = `Redis at ${url} does not answer (${failure})`;
  if (process.env.CI === 'true') throw new Error(`${message}: the Redis integration suites must run under CI`);
  console.warn(`\n*** SKIPPING the Redis integration suites: ${message}. Start redis-server to run them. ***\n`);
  return false;
}

/**
 * Registers the suite when Redis answers (and always under CI=true, so a missing Redis fails loudly);
 * elsewhere a missing Redis leaves one test that says so.
 */
export function describeWithRedis(name: string, reachable: boolean, suite: () => void): void {
  if (reachable || process.env.CI === 'true') {
    describe(name, suite);
    return;
  }
  describe(name, () => {
    it(`NOT RUN: no Redis at ${TEST_REDIS_URL} (CI=true makes this a failure)`, () => {
      console.warn(`\n!!! ${name}: Redis at ${TEST_REDIS_URL} is not reachable; these Redis tests did not run !!!\n`);
    });
  });
}

/** Each suite (and test) gets its own keys, so suites running in parallel on one shared Redis never meet. */
export function uniquePrefix(label: string): string {
  return `lodging-test-${label}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/** Keys matching the pattern, found with SCAN (never KEYS, never FLUSHALL: the Redis is shared). */
export async function keysMatching(url: string, pattern: string): Promise<string[]> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  try {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  } finally {
    client.disconnect();
  }
}

/** Deletes every key that starts with prefix. */
export async function deletePrefix(url: string, prefix: string): Promise<void> {
  const keys = await keysMatching(url, `${prefix}*`);
  if (keys.length === 0) return;
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  try {
    for (let i = 0; i < keys.length; i += 500) await client.del(...keys.slice(i, i + 500));
  } finally {
    client.disconnect();
  }
}

/** Like redisAvailable, for suites that start redis-server themselves. */
export function redisServerAvailable(): boolean {
  const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (found) return true;
  if (process.env.CI === 'true') throw new Error('redis-server is not installed: the Redis restart suites must run under CI');
  console.warn('\n*** SKIPPING the Redis restart suites: redis-server is not installed. ***\n');
  return false;
}

export interface OwnRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM); without persistence everything it held is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Kills it (SIGKILL: an outage, not a clean shutdown) and waits for it to exit. */
  kill(): Promise<void>;
}

/** A throwaway redis-server on a free port. */
export async function startRedisServer(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child = started;
    while ((await pingRedis(url)) !== null) {
      if (started.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${started.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  await start();
  return { url, port, start, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
