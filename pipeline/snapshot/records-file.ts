// A version's records file: every record and rejected line of its import, beside the snapshot, read by reports and review, never served.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { openSnapshotFile } from './open-snapshot-file.ts';
import { schemaSection } from './statements.ts';
import { recordsPath } from './snapshot-paths.ts';

/** The tables the records file holds (schema.sql, section records); snapshots built before it hold them themselves. */
export const RECORD_TABLES = ['listings', 'rejected_lines', 'listing_city_slugs'] as const;

/** The records sections' statements creating their tables and indexes in `schema` (an attached file, or temp). */
export function recordsSchemaSql(schema: string): string {
  return `${schemaSection('records')}\n${schemaSection('records-indexes')}`.replace(/^CREATE (TABLE|INDEX) (\w+)/gm, `CREATE $1 ${schema}.$2`);
}

const hasTable = (db: Database.Database, schema: string, table: string): boolean =>
  db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;

/**
 * Makes the records of the snapshot attached (or opened) as `snapshotSchema` readable on `db`: attaches its records
 * file as `alias` when there is one. Returns the schema whose `listings` are that snapshot's records: `alias`, the
 * snapshot's own schema for a file built before records had their own file, or null when neither has them here.
 */
export function attachRecords(db: Database.Database, snapshotFile: string, snapshotSchema: string, alias: string): string | null {
  const file = recordsPath(snapshotFile);
  if (fs.existsSync(file)) {
    db.prepare('ATTACH DATABASE ? AS ' + alias).run(file);
    return alias;
  }
  return hasTable(db, snapshotSchema, 'listings') ? snapshotSchema : null;
}

/**
 * Opens a snapshot read-only with its records readable by their plain table names (`listings`, `rejected_lines`,
 * `listing_city_slugs`): from its records file, else from its own tables (older files), else empty (records not on
 * this machine). `records` tells which.
 */
export function openSnapshotRecords(snapshotFile: string): { db: Database.Database; records: 'file' | 'snapshot' | 'none' } {
  const db = openSnapshotFile(snapshotFile);
  try {
    const schema = attachRecords(db, snapshotFile, 'main', 'records');
    if (schema === null) db.exec(recordsSchemaSql('temp'));
    return { db, records: schema === 'records' ? 'file' : schema === 'main' ? 'snapshot' : 'none' };
  } catch (error) {
    db.close();
    throw error;
  }
}
