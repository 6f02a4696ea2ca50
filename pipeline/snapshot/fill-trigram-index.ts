// Fills the trigram index of q from the places' search text, a line a column (schema.sql, section search-trigrams).
import type Database from 'better-sqlite3';
import { searchTextLine } from './search-text.ts';
import { BUILD_SQL, fillPlacesFtsSql } from './statements.ts';

/** Once places is filled, in one pass: the index flushes every 64 MiB (setFtsHashSize), so it ends in few segments. */
export function fillTrigramIndex(db: Database.Database): void {
  db.prepare(BUILD_SQL.setFtsHashSize).run();
  db.function('search_text_line', { deterministic: true }, (text, index, rest) => searchTextLine(String(text), Number(index), rest === 1));
  db.prepare(fillPlacesFtsSql(db.prepare(BUILD_SQL.selectFtsColumns).pluck().all() as string[])).run();
}
