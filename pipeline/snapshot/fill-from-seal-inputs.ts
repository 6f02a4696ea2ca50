// Fills a new snapshot's place hashes, geo grid and word index from its served places' seal inputs (seal-inputs.ts) in one pass over their records.
import type Database from 'better-sqlite3';
import { writeSearchWords } from './build-search-words.ts';
import { gridBlobs } from './geo-grid.ts';
import { BUILD_SQL } from './statements.ts';
import { PostingsCollector } from './word-postings.ts';

type SealInputsRow = [rowid: number, id: string, placeHash: string, geoLat: number | null, geoLng: number | null, words: string];

/**
 * Once places is filled: each served place's record is found by its id once, where a pass per table found it three
 * times (a third of the seal's time at 1M places). The hashes are written as the rows come, in id order: better-sqlite3
 * refuses a statement while a query is being read unless in unsafe mode, which SQLite itself allows, and place_hashes
 * is no table the query reads. Returns how many distinct words the word index holds.
 */
export function fillFromSealInputs(db: Database.Database): number {
  const words = new PostingsCollector();
  const insertHash = db.prepare(BUILD_SQL.insertPlaceHash);
  const rows = db.prepare(BUILD_SQL.selectSealInputs).raw(true).iterate() as Iterable<SealInputsRow>;
  function* located(): Iterable<[number, number, number]> {
    for (const [rowid, id, placeHash, lat, lng, text] of rows) {
      insertHash.run(id, placeHash);
      words.addWords(rowid, text);
      if (lat !== null && lng !== null) yield [rowid, lat, lng];
    }
  }
  let blobs: [Buffer, Buffer, Buffer];
  db.unsafeMode(true);
  try {
    blobs = gridBlobs(located());
  } finally {
    db.unsafeMode(false);
  }
  db.prepare(BUILD_SQL.insertGeoGrid).run(...blobs);
  return writeSearchWords(db, words);
}
