// Hourly key usage in keys.sqlite (table key_usage): one upsert per key and hour per flush.
import { KeyStoreUnavailableError } from '../keys/key-store.ts';
import { openKeysDatabase } from '../keys/sqlite-key-store.ts';
import { USAGE_KEPT_MS } from './usage-store.ts';
import type { UsageCount, UsageStore } from './usage-store.ts';

export function openSqliteUsageStore(file: string, now: () => number = Date.now): UsageStore {
  const db = openKeysDatabase(file);
  const upsert = db.prepare(
    `INSERT INTO key_usage (key_id, hour, ok, limited) VALUES (@keyId, @hour, @ok, @limited)
     ON CONFLICT (key_id, hour) DO UPDATE SET ok = ok + excluded.ok, limited = limited + excluded.limited`,
  );
  const purge = db.prepare('DELETE FROM key_usage WHERE hour < ?');
  const hourly = db.prepare<[string, number], { key_id: string; hour: number; ok: number; limited: number }>(
    'SELECT * FROM key_usage WHERE key_id = ? AND hour >= ? ORDER BY hour',
  );
  const addAll = db.transaction((counts: UsageCount[]) => {
    for (const count of counts) upsert.run(count);
    purge.run(now() - USAGE_KEPT_MS);
  });
  const guard = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw new KeyStoreUnavailableError(`usage store ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  };
  return {
    async add(counts) {
      if (counts.length > 0) guard(() => addAll.immediate(counts));
    },
    async hourly(keyId, fromHour) {
      return guard(() => hourly.all(keyId, fromHour)).map((row) => ({ keyId: row.key_id, hour: row.hour, ok: row.ok, limited: row.limited }));
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
