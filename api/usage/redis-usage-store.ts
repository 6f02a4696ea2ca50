// Hourly key usage in Redis: one hash per key and UTC day (fields "<hour>:ok" and "<hour>:429"), expiring after 8 days.
import type { Redis } from 'ioredis';
import { KeyStoreUnavailableError } from '../keys/key-store.ts';
import { HOUR_MS, USAGE_KEPT_MS } from './usage-store.ts';
import type { UsageCount, UsageStore } from './usage-store.ts';

const DAY_MS = 24 * HOUR_MS;

export function openRedisUsageStore(redis: Redis, options: { prefix: string; now?: () => number }): UsageStore {
  const now = options.now ?? Date.now;
  const dayKey = (keyId: string, hour: number) => `${options.prefix}usage:${keyId}:${hour - (hour % DAY_MS)}`;
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new KeyStoreUnavailableError(`usage store (redis) failed: ${(error as Error).message}`, { cause: error });
    }
  };
  return {
    async add(counts) {
      if (counts.length === 0) return;
      const pipeline = redis.pipeline();
      for (const count of counts) {
        const key = dayKey(count.keyId, count.hour);
        if (count.ok > 0) pipeline.hincrby(key, `${count.hour}:ok`, count.ok);
        if (count.limited > 0) pipeline.hincrby(key, `${count.hour}:429`, count.limited);
        pipeline.pexpire(key, USAGE_KEPT_MS + DAY_MS);
      }
      const results = await call(() => pipeline.exec());
      const failed = results?.find(([error]) => error);
      if (failed) throw new KeyStoreUnavailableError(`usage store (redis) failed: ${(failed[0] as Error).message}`);
    },
    async hourly(keyId, fromHour) {
      const days: number[] = [];
      for (let day = fromHour - (fromHour % DAY_MS); day <= now(); day += DAY_MS) days.push(day);
      const pipeline = redis.pipeline();
      for (const day of days) pipeline.hgetall(dayKey(keyId, day));
      const results = await call(() => pipeline.exec());
      const byHour = new Map<number, UsageCount>();
      for (const [error, value] of results ?? []) {
        if (error) throw new KeyStoreUnavailableError(`usage store (redis) failed: ${error.message}`);
        for (const [field, text] of Object.entries(value as Record<string, string>)) {
          const [hourText, kind] = field.split(':');
          const hour = Number(hourText);
          if (hour < fromHour) continue;
          const entry = byHour.get(hour) ?? { keyId, hour, ok: 0, limited: 0 };
          if (kind === 'ok') entry.ok += Number(text);
          else entry.limited += Number(text);
          byHour.set(hour, entry);
        }
      }
      return [...byHour.values()].sort((a, b) => a.hour - b.hour);
    },
    async close() {
      // The connection belongs to the server.
    },
  };
}
