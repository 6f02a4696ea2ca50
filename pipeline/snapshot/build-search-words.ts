// Writes a new snapshot's word index (search_words) from its served places' words (seal-inputs.ts): one row per distinct word.
import type Database from 'better-sqlite3';
import { nameSortKey } from './search-words.ts';
import { BUILD_SQL, schemaSection } from './statements.ts';
import { PostingsCollector, rowidsBlob } from './word-postings.ts';

/** The SQL function sort=name's key is computed with (statements.ts NAME_KEY_OF) on a connection reading a file without stored keys. */
export function registerSortName(db: Database.Database): void {
  db.function('sort_name', { deterministic: true }, (name) => nameSortKey(name));
}

/** Creates search_words and writes the collected words (the builder collects them: fill-from-seal-inputs.ts); returns how many distinct words it holds. */
export function writeSearchWords(db: Database.Database, collector: PostingsCollector): number {
  db.exec(schemaSection('search-words'));
  const insert = db.prepare(BUILD_SQL.insertSearchWord);
  const words = collector.size;
  for (const [word, lists] of collector.words()) insert.run(word, rowidsBlob(lists.name), rowidsBlob(lists.city), rowidsBlob(lists.label));
  return words;
}

/** Builds search_words again on its own, for a file whose places are filled (bench/search-index-costs.ts). */
export function buildSearchWords(db: Database.Database): number {
  const collector = new PostingsCollector();
  for (const [rowid, words] of db.prepare(BUILD_SQL.selectPlaceWords).raw(true).iterate() as Iterable<[number, string]>) collector.addWords(rowid, words);
  return writeSearchWords(db, collector);
}
