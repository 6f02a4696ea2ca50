// Real Redis for tests: the shared one at 127.0.0.1:6379 under a unique prefix, or a private redis-server a test may kill.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { describe, it } from 'vitest';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, pingRedis } from '../../support/redis-available.ts';

export const SHARED_REDIS_URL = TEST_REDIS_URL;

export async function isRedisReachable(url = SHARED_REDIS_URL): Promise<boolean> {
  return (await pingRedis(url)) === null;
}

/**
 * Registers the suite when Redis answers. Under CI=true it always registers, so a missing Redis fails loudly;
 * elsewhere a missing Redis leaves one test that says so and warns.
 */
export function describeWithRedis(name: string, reachable: boolean, suite: () => void): void {
  if (reachable || process.env.CI === 'true') {
    describe(name, suite);
    return;
  }
  describe(name, () => {
    it(`NOT RUN: no Redis at ${SHARED_REDIS_URL} (CI=true makes this a failure)`, () => {
      console.warn(`\n!!! ${name}: Redis at ${SHARED_REDIS_URL} is not reachable; these Redis tests did not run !!!\n`);
    });
  });
}

export function uniquePrefix(label: string): string {
  return `test:api:${label}:${process.pid}:${randomUUID().slice(0, 8)}:`;
}

/** Every key under the prefix, by SCAN (KEYS would block the shared Redis). */
export async function scanPrefix(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  return found;
}

/** Deletes every key under the prefix (never FLUSHALL: the Redis is shared). */
export async function deletePrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await scanPrefix(redis, prefix);
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  } finally {
    redis.disconnect();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateRedis {
  url: string;
  /** Kills the process (SIGKILL: an outage, not a clean shutdown) and waits for it to exit. */
  kill(): Promise<void>;
}

/** A throwaway redis-server on a free port, so an outage can be simulated without touching the shared one. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100 && !(await isRedisReachable(url)); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!(await isRedisReachable(url))) {
    child.kill('SIGKILL');
    throw new Error(`redis-server did not start on port ${port}`);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
