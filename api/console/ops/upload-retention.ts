// Stored console uploads are kept a number of days and within a disk quota: the oldest go first, never the one just stored.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isExportName } from './import-directory.ts';

export interface UploadRetention {
  keepDays: number;
  quotaBytes: number;
}

/** The names receive-upload gives stored files (`20261125-154129-ab12-name.jsonl`); files put there by hand never match. */
const STORED_UPLOAD = /^\d{8}-\d{6}-[0-9a-f]{4}-/;

/** A stored upload's name as it was uploaded (without its time and random prefix); a file put there by hand keeps its own. */
export function uploadedName(stored: string): string {
  return STORED_UPLOAD.test(stored) ? stored.replace(STORED_UPLOAD, '') : stored;
}
/** Temp files of uploads cut off by a crash are removed once this old. */
const STALE_PART_MS = 24 * 3_600_000;

interface Stored {
  name: string;
  bytes: number;
  mtimeMs: number;
}

/** Removes stored uploads past the retention, then the oldest until the rest fit the quota; returns the names removed. */
export async function pruneUploads(dir: string, retention: UploadRetention, keep: string | readonly string[] | null = null, now = Date.now()): Promise<string[]> {
  const kept = new Set(keep === null ? [] : typeof keep === 'string' ? [keep] : keep);
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch {
    return [];
  }
  const stored: Stored[] = [];
  const removed: string[] = [];
  const remove = async (name: string) => {
    await fs.rm(path.join(dir, name), { force: true });
    removed.push(name);
  };
  for (const name of entries) {
    const isPart = name.startsWith('.upload-') && name.endsWith('.part');
    if (!isPart && !(STORED_UPLOAD.test(name) && isExportName(name))) continue;
    const stat = await fs.lstat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile()) continue;
    if (isPart) {
      if (now - stat.mtimeMs > STALE_PART_MS) await remove(name);
      continue;
    }
    stored.push({ name, bytes: stat.size, mtimeMs: stat.mtimeMs });
  }
  stored.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
  const cutoff = now - retention.keepDays * 86_400_000;
  let total = stored.reduce((sum, file) => sum + file.bytes, 0);
  for (const file of stored) {
    if (kept.has(file.name)) continue;
    if (file.mtimeMs < cutoff || total > retention.quotaBytes) {
      await remove(file.name);
      total -= file.bytes;
    }
  }
  return removed;
}
