// Test helper: a file's trigram index as schema version 8 and before wrote it, the whole search text in one column.
import type Database from 'better-sqlite3';
import { schemaSection } from '../../../../pipeline/snapshot/statements.ts';

/** Replaces places_fts with the one-column index of those versions, filled from the same search text. */
export function useOneColumnTrigrams(db: Database.Database): void {
  db.exec('DROP TABLE places_fts');
  db.exec(schemaSection('search-trigrams-one-column'));
  db.exec('INSERT INTO places_fts (rowid, search_text) SELECT rowid, search_text FROM places');
}
