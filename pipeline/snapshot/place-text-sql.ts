// The SQL functions that turn a served place's stored text (model/served-place-text.ts) into its JSON and back, for SQL that reads places.
import type Database from 'better-sqlite3';
import { servedPlaceJson, storedTextOfJson } from '../../model/served-place-text.ts';

/**
 * `served_json(place_json)`: the place's JSON (a row of a file built before stored texts is returned as it is);
 * `stored_place_text(json)`: the text a row stores for a served place's JSON. Deterministic, so SQLite may reuse a
 * result within a statement; neither touches anything outside its argument.
 */
export function registerPlaceTextFunctions(db: Database.Database): void {
  db.function('served_json', { deterministic: true }, (text) => (typeof text === 'string' ? servedPlaceJson(text) : text));
  db.function('stored_place_text', { deterministic: true }, (json) => storedTextOfJson(String(json)));
}
