// Helpers for the BullMQ suites: a queue prefix of their own, workers in this process, and a sweep of the keys they leave.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { runWorker, type RunWorkerOptions } from '../../../pipeline/jobs/bullmq-worker.ts';

/** Each suite (and test) gets its own keys, so suites running in parallel on one Redis never meet. */
export function uniquePrefix(label: string): string {
  return `lodging-test-${label}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

export interface InProcessWorkers {
  logs: string[];
  stop(): Promise<void>;
}

export function startWorkers(count: number, options: Omit<RunWorkerOptions, 'log' | 'signal'>): InProcessWorkers {
  const logs: string[] = [];
  const controller = new AbortController();
  const running = Array.from({ length: count }, () =>
    runWorker({ lockDurationMs: 2000, stalledIntervalMs: 1000, ...options, log: (line) => logs.push(line), signal: controller.signal }),
  );
  return {
    logs,
    async stop() {
      controller.abort();
      await Promise.all(running);
    },
  };
}

/** Keys under the prefix, found with SCAN (never KEYS, never FLUSHALL: the Redis is shared). */
export async function keysWithPrefix(redisUrl: string, pattern: string): Promise<string[]> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
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

export async function deleteKeysWithPrefix(redisUrl: string, prefix: string): Promise<void> {
  const keys = await keysWithPrefix(redisUrl, `${prefix}:*`);
  if (keys.length === 0) return;
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  try {
    for (let i = 0; i < keys.length; i += 500) await client.del(...keys.slice(i, i + 500));
  } finally {
    client.disconnect();
  }
}
