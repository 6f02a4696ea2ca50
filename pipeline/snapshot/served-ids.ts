// Whether an id is served by a country's current snapshot: the same-place rule keeps an id already served.
import type Database from 'better-sqlite3';
import type { CountryCode } from '../../model/place.ts';
import { openSnapshotFile } from './open-snapshot-file.ts';
import { snapshotPath } from './snapshot-paths.ts';
import { readPointer } from './snapshot-pointer.ts';

export interface ServedIds {
  has(id: string): boolean;
  close(): void;
}

/**
 * The current snapshot's ids, opened on the first question (most imports merge nothing and never ask). No snapshot,
 * an unreadable pointer or a missing file serve nothing: the rule then keeps the smallest id, and the publish goes on.
 */
export function openServedIds(dataDir: string, country: CountryCode): ServedIds {
  let lookup: Database.Statement<[string], number> | null | undefined;
  let db: Database.Database | null = null;
  const open = (): Database.Statement<[string], number> | null => {
    try {
      const current = readPointer(dataDir, country);
      if (current === null) return null;
      db = openSnapshotFile(snapshotPath(dataDir, country, current.version));
      return db.prepare<[string], number>('SELECT 1 FROM places WHERE id = ?').pluck();
    } catch {
      return null;
    }
  };
  return {
    has(id) {
      if (lookup === undefined) lookup = open();
      return lookup !== null && lookup.get(id) !== undefined;
    },
    close: () => {
      (db as Database.Database | null)?.close();
    },
  };
}
