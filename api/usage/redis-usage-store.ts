// Hourly key usage in Redis: one hash per key and UTC day (fields "<hour>:ok" and "<hour>:429"), expiring after 8 days;
// export downloads in one hash per key and UTC day ("count" and a field per file counted), shared by every replica.
import type { Redis } from 'ioredis';
import { KeyStoreUnavailableError } from '../keys/key-store.ts';
import { downloadVerdict } from './download-verdict.ts';
import { DOWNLOAD_DAYS_KEPT, HOUR_MS, USAGE_KEPT_MS } from './usage-store.ts';
import type { DownloadTaken, UsageCount, UsageStore } from './usage-store.ts';

const DAY_MS = 24 * HOUR_MS;

/**
 * Counts a download only if the day's count is still the one the rule was applied to (compare and add): the rule
 * stays in downloadVerdict, and two replicas never both take the last download. KEYS[1] the day's hash; ARGV: the
 * file's field, the count read, the expiry in ms. 1 when counted, 0 when the count moved meanwhile.
 */
const COUNT_IF_UNCHANGED = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count ~= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], ARGV[1], '1')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** Tries of a compare and add that another replica's count keeps moving: more only under a storm of one key's downloads. */
const DOWNLOAD_TRIES = 50;

export function openRedisUsageStore(redis: Redis, options: { prefix: string; now?: () => number }): UsageStore {
  const now = options.now ?? Date.now;
  const dayKey = (keyId: string, hour: number) => `${options.prefix}usage:${keyId}:${hour - (hour % DAY_MS)}`;
  const downloadsKey = (keyId: string, day: number) => `${options.prefix}downloads:${keyId}:${day}`;
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
    async takeDownload({ keyId, day, file, fromByte, limit }) {
      const key = downloadsKey(keyId, day);
      const field = `file:${file}`;
      for (let attempt = 0; attempt < DOWNLOAD_TRIES; attempt += 1) {
        const [countText, counted] = await call(() => redis.hmget(key, 'count', field));
        const count = Number(countText ?? 0);
        const verdict = downloadVerdict({ count, fileCounted: counted !== null }, fromByte, limit);
        if (!verdict.allowed || !verdict.counts) return { allowed: verdict.allowed, counted: false, count } satisfies DownloadTaken;
        const done = await call(() => redis.eval(COUNT_IF_UNCHANGED, 1, key, field, String(count), String(DOWNLOAD_DAYS_KEPT * DAY_MS)));
        if (done === 1) return { allowed: true, counted: true, count: count + 1 };
      }
      throw new KeyStoreUnavailableError(`usage store (redis): the download count of a key kept moving (${DOWNLOAD_TRIES} tries)`);
    },
    async downloadsOn(keyId, day) {
      return Number((await call(() => redis.hget(downloadsKey(keyId, day), 'count'))) ?? 0);
    },
    async close() {
      // The connection belongs to the server.
    },
  };
}
