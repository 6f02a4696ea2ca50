// The download allowance kept on the usage store (keys.sqlite, or Redis with REDIS_URL), so every API process shares each key's count.
import { DAY_MS, type DownloadAllowance } from '../exports/download-allowance.ts';
import type { UsageStore } from './usage-store.ts';

/** The UTC day of an instant, as days since the epoch. */
export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);

/** The allowance on the usage store: keys.sqlite on one machine, Redis (REDIS_URL) across replicas. */
export function storedDownloadAllowance(store: UsageStore, limit: number, now: () => number = Date.now): DownloadAllowance {
  return {
    async take(keyId, file, fromByte) {
      const at = now();
      const day = utcDay(at);
      const resetS = Math.ceil(((day + 1) * DAY_MS - at) / 1000);
      const taken = await store.takeDownload({ keyId, day, file, fromByte, limit });
      return { allowed: taken.allowed, counted: taken.counted, limit, remaining: Math.max(0, limit - taken.count), resetS };
    },
    used: (keyId) => store.downloadsOn(keyId, utcDay(now())),
  };
}
