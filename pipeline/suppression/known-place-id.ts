// Whether a place id is in a country's current snapshot: a suppression by an id no snapshot has gets a warning.
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSnapshotRecords } from '../snapshot/records-file.ts';
import { COUNTRY_CODES } from '../../model/place.ts';
import { snapshotsDir } from '../snapshot/snapshot-paths.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';

/** True when a current snapshot of any country holds a listing with this id (published or not); false when none does. */
export function isKnownPlaceId(dataDir: string, id: string): boolean {
  for (const country of COUNTRY_CODES) {
    let pointer;
    try {
      pointer = readPointer(dataDir, country);
    } catch {
      continue;
    }
    if (pointer === null) continue;
    let db: Database.Database | null = null;
    try {
      db = openSnapshotRecords(path.join(snapshotsDir(dataDir), pointer.file)).db;
      // The records hold every listing; the places served are there too when the records are not on this machine.
      if (db.prepare('SELECT 1 FROM listings WHERE id = ? UNION ALL SELECT 1 FROM places WHERE id = ?').get(id, id) !== undefined) return true;
    } catch {
      // An unreadable snapshot says nothing about the id.
    } finally {
      db?.close();
    }
  }
  return false;
}
