// Opens a snapshot file read-only as the served side does: with trusted_schema off, the file's own schema can run nothing.
import Database from 'better-sqlite3';
import { registerPlaceTextFunctions } from './place-text-sql.ts';

/**
 * A snapshot file may come from another machine (a shared store): with trusted_schema off, SQLite refuses to run
 * functions with side effects, or virtual tables not marked innocuous, from the file's views, triggers, defaults
 * and indexes. The snapshot schema uses none of them, so nothing it needs is refused. `timeout`: how long to wait
 * for a lock (better-sqlite3's option; 0 answers SQLITE_BUSY at once). SQL that reads a place's JSON gets it from
 * `served_json(place_json)` (place-text-sql.ts).
 */
export function openSnapshotFile(file: string, options: { timeout?: number } = {}): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true, ...options });
  try {
    db.pragma('trusted_schema = OFF');
    registerPlaceTextFunctions(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
