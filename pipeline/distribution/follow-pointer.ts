// Makes this data directory serve what a shared pointer names: the file fetched if missing, its digest checked, then activated atomically.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error.ts';
import { activateSnapshot } from '../snapshot/activate-snapshot.ts';
import { readCatalog, updateCatalog } from '../snapshot/snapshot-catalog.ts';
import { countryDir, snapshotPath } from '../snapshot/snapshot-paths.ts';
import { readPointer, writePointer } from '../snapshot/snapshot-pointer.ts';
import { objectOf, sha256OfFile, type ObjectEncoding, type StoredSnapshot } from './stored-snapshot.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import { checkSnapshotFile } from '../snapshot/snapshot-file-check.ts';
import { rememberDigest, rememberedDigest } from './verified-digest.ts';
import { fetchExports } from './stored-exports.ts';

/**
 * Writes the named object's bytes to the file, decoded when the object is encoded; never more than `maxBytes` on
 * disk. Resolves to the SHA-256 (hex) of the bytes it wrote, hashed as it wrote them.
 */
export type FetchObject = (object: string, file: string, encoding?: ObjectEncoding, maxBytes?: number) => Promise<string>;

/** The object's bytes are not the ones the pointer vouches for: never served. */
export class DigestMismatchError extends AppError {
  constructor(readonly version: string, expected: string, actual: string) {
    super(`snapshot ${version}: content digest sha256 ${actual.slice(0, 12)}… differs from the pointer's ${expected.slice(0, 12)}…; not served`, { code: 'digest-mismatch', status: 502 });
    this.name = 'DigestMismatchError';
  }
}

/** This data directory has the snapshot's file and checked it before (its digest is remembered beside it). */
export function holdsSnapshotFile(dataDir: string, stored: StoredSnapshot): boolean {
  const file = snapshotPath(dataDir, stored.entry.country, stored.entry.version);
  return fs.existsSync(file) && rememberedDigest(file) === stored.sha256;
}

/**
 * The file this directory serves for the country now, when it checked or built it (its digest remembered, the file
 * untouched since): a fetched version's rows that are the same as its rows are not checked again.
 */
export function checkedFileOf(dataDir: string, country: StoredSnapshot['entry']['country']): string | null {
  const current = readPointer(dataDir, country);
  if (!current) return null;
  const file = snapshotPath(dataDir, country, current.version);
  return rememberedDigest(file) === null ? null : file;
}

/**
 * The snapshot's file in this data directory, fetched if missing, its digest and contents checked (the digest then
 * remembered beside it): what a replica does ahead of a publish (staging) and on a pointer move. The download stops
 * at the record's size; the contents check (checkSnapshotFile) runs once per file, never per request. Nothing is
 * activated; a throw leaves no file behind.
 */
export async function fetchSnapshotFile(dataDir: string, stored: StoredSnapshot, fetch: FetchObject): Promise<string> {
  const { entry } = stored;
  const file = snapshotPath(dataDir, entry.country, entry.version);
  // A file this directory checked before (a rollback, a roll forward, a staged publish) is not read again: 530 MB take seconds of a core.
  const known = fs.existsSync(file) ? rememberedDigest(file) : null;
  const remembered = known === stored.sha256;
  const present = remembered || (known === null && fs.existsSync(file) && (await sha256OfFile(file)) === stored.sha256);
  // A file of this directory not remembered as checked (one an earlier version fetched) is checked as a fetched one is.
  const checkedBefore = checkedFileOf(dataDir, entry.country);
  if (present && !remembered) await checkSnapshotFile(file, entry.country, entry.version, { checkedBefore });
  if (!present) {
    fs.mkdirSync(countryDir(dataDir, entry.country), { recursive: true });
    const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.download`;
    try {
      // The digest of what the download wrote, checked before anything reads the file.
      const actual = await fetch(objectOf(stored), temp, stored.encoding, stored.size);
      if (actual !== stored.sha256) throw new DigestMismatchError(entry.version, stored.sha256, actual);
      await checkSnapshotFile(temp, entry.country, entry.version, { checkedBefore });
      fs.renameSync(temp, file);
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  rememberDigest(file, stored.sha256);
  return file;
}

/**
 * 'unchanged' when the local pointer already names the version; otherwise the snapshot's file and the export files its
 * record lists are fetched and checked, then the version activated. The caller holds the country's lock (or is the
 * only writer of this data directory). A throw leaves the local pointer as it was.
 */
export async function followPointer(
  dataDir: string,
  stored: StoredSnapshot,
  fetch: FetchObject,
  options: { keep?: number; onExportProblem?: (problem: string) => void } = {},
): Promise<'unchanged' | 'switched'> {
  const { entry } = stored;
  if (readPointer(dataDir, entry.country)?.version === entry.version) return 'unchanged';
  await fetchSnapshotFile(dataDir, stored, fetch);
  // The export files the record lists, before the version is served; a problem with them never holds the snapshot back.
  const exported = await fetchExports(dataDir, stored, fetch).catch((error: unknown) => ({ problem: `export files of ${entry.country} ${entry.version} not fetched: ${error instanceof Error ? error.message : String(error)}` }));
  if (typeof exported === 'object') (options.onExportProblem ?? process.emitWarning)(exported.problem);
  const info: SnapshotInfo = {
    country: entry.country,
    version: entry.version,
    file: entry.file,
    publishedAt: entry.publishedAt,
    runId: entry.runId,
    publishedCount: entry.publishedCount,
  };
  const known = readCatalog(dataDir, entry.country)?.published.some((e) => e.version === entry.version) ?? false;
  if (known) {
    // Back to a snapshot this directory published before: a rollback, as `lodging rollback` does it locally.
    const from = readPointer(dataDir, entry.country)?.version ?? null;
    writePointer(dataDir, info);
    updateCatalog(dataDir, entry.country, (catalog) => {
      catalog.rollbacks = [...(catalog.rollbacks ?? []), { at: new Date().toISOString(), by: entry.by, from, to: entry.version }].slice(-50);
    });
  } else {
    const { byStatus, sources, forced, by, reason } = entry;
    activateSnapshot(dataDir, info, { ...(options.keep === undefined ? {} : { keep: options.keep }), keepPublishedAt: true, entry: { byStatus, sources, forced, by, reason } });
  }
  return 'switched';
}
