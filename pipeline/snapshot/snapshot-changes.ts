// The change feed's comparison: two kept snapshot files of a country, their id/hash tables joined by id.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { CountryCode } from '../../model/place.ts';
import { readCatalog } from './snapshot-catalog.ts';
import { parseSnapshotFileName, snapshotFileName, snapshotPath } from './snapshot-paths.ts';
import { readPointer } from './snapshot-pointer.ts';
import type { ChangeRows } from './reader-types.ts';
import { openSnapshotFile } from './open-snapshot-file.ts';
import { CHANGE_RECORDS_SQL, CHANGE_REPLACED_BY_SQL, changesChunkSql, HAS_SAME_PLACE_TABLE_SQL, nthHashIdSql } from './statements.ts';
import { compareIds, DiffCache, firstAfter, type Change, type DiffProgress } from './diff-cache.ts';
import type { RowBudget } from './row-budget.ts';

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

/** Rows of each side one step of the walk reads (the budget permitting): the step's end is the nearer of the two sides' ends. */
export const CHANGE_CHUNK_ROWS = 5000;

/** The two files joined for walking, and the statements of a step. */
interface Joined {
  db: Database.Database;
  nthMain: Database.Statement;
  nthOld: Database.Statement;
  bounded: Database.Statement;
  open: Database.Statement;
}

/** The `to` file with `from` attached, or null when either went (pruned) or holds no content hashes. */
function joinFiles(toFile: string, fromFile: string, from: string, to: string): Joined | null {
  let db: Database.Database;
  try {
    db = openSnapshotFile(toFile);
  } catch {
    return null; // pruned between the check and the open
  }
  try {
    db.prepare('ATTACH DATABASE ? AS old').run(fromFile);
    if (!hasHashes(db, 'main', to) || !hasHashes(db, 'old', from)) {
      db.close();
      return null;
    }
  } catch {
    db.close();
    return null; // pruned since the check
  }
  return {
    db,
    nthMain: db.prepare(nthHashIdSql('main')).pluck(),
    nthOld: db.prepare(nthHashIdSql('old')).pluck(),
    bounded: db.prepare(changesChunkSql(true)).raw(true),
    open: db.prepare(changesChunkSql(false)).raw(true),
  };
}

/** One step: the changes from the progress's end up to `rows` ids further on each side (or to the end), added to it. */
function step(joined: Joined, progress: DiffProgress, rows: number): void {
  const at = { after: progress.scannedTo, skip: rows - 1 };
  const ends = [joined.nthMain.get(at), joined.nthOld.get(at)].filter((id): id is string => typeof id === 'string');
  // The nearer end bounds the step (a side that ends within it has fewer rows left); when both end within it, the last step.
  const upto = ends.length === 2 && compareIds(ends[1]!, ends[0]!) < 0 ? ends[1] : ends[0];
  const found = (upto === undefined ? joined.open.all({ after: progress.scannedTo }) : joined.bounded.all({ after: progress.scannedTo, upto })) as [
    string,
    Change['change'],
  ][];
  for (const [id, change] of found) progress.changes.push({ id, change });
  if (upto === undefined) progress.complete = true;
  else progress.scannedTo = upto;
}

/**
 * Ids added, changed or removed from `from` to `to`, after `afterId`, at most `limit`; null when either is not kept.
 * The diff is walked in id order a step at a time, each step counted against `budget`, only as far as the page needs,
 * and kept in `cache`: later pages, and a request retried after the budget stopped it, go on from where it stopped.
 */
export function snapshotChanges(
  dataDir: string,
  country: CountryCode,
  from: string,
  to: string,
  afterId: string | undefined,
  limit: number,
  cache: DiffCache = new DiffCache(),
  options: { records?: boolean; budget?: RowBudget } = {},
): ChangeRows | null {
  const { budget } = options;
  const toFile = keptSnapshotFile(dataDir, country, to);
  const fromFile = keptSnapshotFile(dataDir, country, from);
  if (toFile === null || fromFile === null) return null;
  if (from === to) return { changes: [], hasMore: false };
  const after = afterId ?? '';
  const progress = cache.progressFor(`${country}/${from}/${to}`, after);
  const first = firstAfter(progress.changes, after);
  let joined: Joined | null = null;
  try {
    while (!progress.complete && progress.changes.length - first <= limit) {
      joined ??= joinFiles(toFile, fromFile, from, to);
      if (joined === null) return null;
      const rows = budget ? Math.min(CHANGE_CHUNK_ROWS, Math.floor(budget.left / 2)) : CHANGE_CHUNK_ROWS;
      budget?.take(Math.max(rows, 1) * 2);
      step(joined, progress, rows);
    }
  } finally {
    joined?.db.close();
    cache.trim(progress, after);
  }
  const start = firstAfter(progress.changes, after);
  const changes = progress.changes.slice(start, start + limit);
  const hasMore = progress.changes.length - start > limit;
  if (options.records !== true || changes.length === 0) return { changes, hasMore };
  const withRecords = changesWithRecords(toFile, fromFile, from, to, changes);
  return withRecords === null ? null : { changes: withRecords, hasMore };
}

/**
 * A page's changes with each added or changed id's served JSON in `to`, each changed one's previous JSON in `from`,
 * and each removed one merged into another place the id `to` serves it under.
 */
function changesWithRecords(toFile: string, fromFile: string, from: string, to: string, changes: readonly Change[]): ChangeRows['changes'] | null {
  const joined = joinFiles(toFile, fromFile, from, to);
  if (joined === null) return null;
  try {
    const rows = joined.db.prepare(CHANGE_RECORDS_SQL).raw(true).all({ ids: JSON.stringify(changes.map((c) => c.id)) }) as [string, string | null, string | null][];
    const byId = new Map(rows.map(([id, place, previous]) => [id, { place, previous }]));
    const replacedBy = replacements(joined.db, changes.filter((c) => c.change === 'removed').map((c) => c.id));
    return changes.map(({ id, change }) => {
      const found = byId.get(id);
      const place = change === 'removed' ? null : (found?.place ?? null);
      const previous = change === 'changed' ? (found?.previous ?? null) : null;
      const kept = change === 'removed' ? replacedBy.get(id) : undefined;
      return { id, change, ...(place ? { place } : {}), ...(previous ? { previous } : {}), ...(kept ? { replacedBy: kept } : {}) };
    });
  } finally {
    joined.db.close();
  }
}

/** Removed id → the id `main` serves its place under, for those merged into another (none in snapshots without the table). */
function replacements(db: Database.Database, removed: readonly string[]): Map<string, string> {
  if (removed.length === 0 || db.prepare(HAS_SAME_PLACE_TABLE_SQL).get() === undefined) return new Map();
  const rows = db.prepare(CHANGE_REPLACED_BY_SQL).raw(true).all({ ids: JSON.stringify(removed) }) as [string, string][];
  return new Map(rows);
}
