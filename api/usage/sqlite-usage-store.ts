// Hourly key usage in keys.sqlite (table key_usage): one upsert per key and hour per flush; export downloads per key and day (key_downloads).
import { KeyStoreUnavailableError } from '../keys/key-store.ts';
import { openKeysDatabase } from '../keys/sqlite-key-store.ts';
import { downloadVerdict } from './download-verdict.ts';
import { DOWNLOAD_DAYS_KEPT, USAGE_KEPT_MS } from './usage-store.ts';
import type { DownloadTake, DownloadTaken, UsageCount, UsageStore } from './usage-store.ts';

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
  const downloadsOn = db.prepare<[string, number], number>('SELECT count FROM key_downloads WHERE key_id = ? AND day = ?').pluck();
  const fileCounted = db.prepare<[string, number, string], number>('SELECT 1 FROM key_download_files WHERE key_id = ? AND day = ? AND file = ?').pluck();
  const countDownload = db.prepare(
    `INSERT INTO key_downloads (key_id, day, count) VALUES (?, ?, 1) ON CONFLICT (key_id, day) DO UPDATE SET count = count + 1`,
  );
  const countFile = db.prepare('INSERT OR IGNORE INTO key_download_files (key_id, day, file) VALUES (?, ?, ?)');
  const purgeDays = db.prepare('DELETE FROM key_downloads WHERE day < ?');
  const purgeFiles = db.prepare('DELETE FROM key_download_files WHERE day < ?');
  // Read, judge and count in one write transaction: two processes on this file never both take the last download.
  const take = db.transaction(({ keyId, day, file, fromByte, limit }: DownloadTake): DownloadTaken => {
    const count = downloadsOn.get(keyId, day) ?? 0;
    const verdict = downloadVerdict({ count, fileCounted: fileCounted.get(keyId, day, file) !== undefined }, fromByte, limit);
    if (!verdict.allowed || !verdict.counts) return { allowed: verdict.allowed, counted: false, count };
    countDownload.run(keyId, day);
    countFile.run(keyId, day, file);
    purgeDays.run(day - DOWNLOAD_DAYS_KEPT + 1);
    purgeFiles.run(day - DOWNLOAD_DAYS_KEPT + 1);
    return { allowed: true, counted: true, count: count + 1 };
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
    async takeDownload(request) {
      return guard(() => take.immediate(request));
    },
    async downloadsOn(keyId, day) {
      return guard(() => downloadsOn.get(keyId, day) ?? 0);
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
