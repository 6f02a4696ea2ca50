// Fills a new snapshot's place hashes, geo grid and word index from its served places' seal inputs (seal-inputs.ts) in one pass over their records.
import type Database from 'better-sqlite3';
import { writeSearchWords } from './build-search-words.ts';
import { gridBlobsOf, type GridColumns } from './geo-grid.ts';
import { BUILD_SQL } from './statements.ts';
import { PostingsCollector } from './word-postings.ts';

type SealInputsRow = [rowid: number, id: string, placeHash: string, geoLat: number | null, geoLng: number | null, words: string];

/**
 * Once places is filled: each served place's record is found by its id once, where a pass per table found it three
 * times (a third of the seal's time at 1M places). The word index is written before the grid is laid out, so the
 * words gathered are garbage by then, as when each had its own pass. Returns how many distinct words the word index
 * holds.
 */
export function fillFromSealInputs(db: Database.Database): number {
  // Each place has a rowid of its own, none above the last: an upper bound on the points.
  const capacity = db.prepare(BUILD_SQL.selectLastPlaceRowid).pluck().get() as number;
  const located: GridColumns = { rowids: new Int32Array(capacity), lats: new Int32Array(capacity), lngs: new Int32Array(capacity), count: 0 };
  const words = writeSearchWords(db, readSealInputs(db, located));
  db.prepare(BUILD_SQL.insertGeoGrid).run(...gridBlobsOf(located));
  return words;
}

/**
 * The pass, in rowid (so id) order: writes each place's hash as its row comes, gathers its words (returned) and its
 * point (into `located`). better-sqlite3 refuses a statement while a query is being read unless in unsafe mode;
 * SQLite itself allows it, and place_hashes is no table the query reads.
 */
function readSealInputs(db: Database.Database, located: GridColumns): PostingsCollector {
  const words = new PostingsCollector();
  const insertHash = db.prepare(BUILD_SQL.insertPlaceHash);
  const rows = db.prepare(BUILD_SQL.selectSealInputs).raw(true);
  db.unsafeMode(true);
  try {
    for (const [rowid, id, placeHash, lat, lng, text] of rows.iterate() as Iterable<SealInputsRow>) {
      insertHash.run(id, placeHash);
      words.addWords(rowid, text);
      if (lat === null || lng === null) continue;
      const at = located.count++;
      located.rowids[at] = rowid;
      located.lats[at] = lat;
      located.lngs[at] = lng;
    }
  } finally {
    db.unsafeMode(false);
  }
  return words;
}
