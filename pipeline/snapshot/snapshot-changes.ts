// The change feed's comparison: two kept snapshot files of a country, their id/hash tables joined by id.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { CountryCode } from '../../model/place.ts';
import { readCatalog } from './snapshot-catalog.ts';
import { parseSnapshotFileName, snapshotFileName, snapshotPath } from './snapshot-paths.ts';
import { readPointer } from './snapshot-pointer.ts';
import type { ChangeRows } from './reader-types.ts';
import { openSnapshotFile } from './open-snapshot-file.ts';
import { CHANGES_SQL, CHANGES_WITH_RECORDS_SQL } from './statements.ts';

/**
 * True when the country served this version: the current one, or one its catalog records as published (rollbacks
 * only point back at those). A held or dry-run candidate sits beside them on disk but was never served: comparing
 * with it would show ids nobody was ever given.
 */
function wasServed(dataDir: string, country: CountryCode, version: string): boolean {
  if (readPointer(dataDir, country)?.version === version) return true;
  return readCatalog(dataDir, country)?.published.some((entry) => entry.version === version) ?? false;
}

/** The file of a served, kept snapshot that holds content hashes, or null (malformed, never served, pruned, too old). */
function keptSnapshotFile(dataDir: string, country: CountryCode, version: string): string | null {
  if (parseSnapshotFileName(snapshotFileName(country, version)) === null) return null;
  if (!wasServed(dataDir, country, version)) return null;
  const file = snapshotPath(dataDir, country, version);
  return fs.existsSync(file) ? file : null;
}

const hasHashes = (db: Database.Database, schema: string, version: string): boolean =>
  db.prepare(`SELECT value FROM ${schema}.meta WHERE key = 'version'`).pluck().get() === version &&
  db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = 'place_hashes'`).pluck().get() !== undefined;

/**
 * Ids added, changed or removed from `from` to `to`, after `afterId`, at most `limit`; null when either is not kept.
 * With `records`, each added or changed id also carries its served JSON, and each changed one its previous JSON.
 */
export function snapshotChanges(
  dataDir: string,
  country: CountryCode,
  from: string,
  to: string,
  afterId: string | undefined,
  limit: number,
  records = false,
): ChangeRows | null {
  const toFile = keptSnapshotFile(dataDir, country, to);
  const fromFile = keptSnapshotFile(dataDir, country, from);
  if (toFile === null || fromFile === null) return null;
  let db: Database.Database;
  try {
    db = openSnapshotFile(toFile);
  } catch {
    return null; // pruned between the check and the open
  }
  try {
    try {
      db.prepare('ATTACH DATABASE ? AS old').run(fromFile);
    } catch {
      return null; // pruned since the check
    }
    if (!hasHashes(db, 'main', to) || !hasHashes(db, 'old', from)) return null;
    type Row = [string, ChangeRows['changes'][number]['change'], string | null, string | null];
    const rows = db.prepare(records ? CHANGES_WITH_RECORDS_SQL : CHANGES_SQL).raw(true).all({ after: afterId ?? '', limit: limit + 1 }) as Row[];
    const hasMore = rows.length > limit;
    if (hasMore) rows.length = limit;
    const change = ([id, kind, place, previous]: Row) => ({ id, change: kind, ...(place ? { place } : {}), ...(previous ? { previous } : {}) });
    return { changes: records ? rows.map(change) : rows.map(([id, kind]) => ({ id, change: kind })), hasMore };
  } finally {
    db.close();
  }
}
