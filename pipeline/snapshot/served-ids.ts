// Whether an id is served by a country's current snapshot: the same-place rule keeps an id already served.
import type { CountryCode } from '../../model/place.ts';
import { openSnapshotFile } from './open-snapshot-file.ts';
import { snapshotPath } from './snapshot-paths.ts';
import { readPointer } from './snapshot-pointer.ts';

export interface ServedIds {
  has(id: string): boolean;
  close(): void;
}

const NONE: ServedIds = { has: () => false, close: () => undefined };

/** The current snapshot's ids, read on demand; none when the country has no snapshot (or its file is gone). */
export function openServedIds(dataDir: string, country: CountryCode): ServedIds {
  const current = readPointer(dataDir, country);
  if (current === null) return NONE;
  let db: ReturnType<typeof openSnapshotFile>;
  try {
    db = openSnapshotFile(snapshotPath(dataDir, country, current.version));
  } catch {
    return NONE;
  }
  const lookup = db.prepare('SELECT 1 FROM places WHERE id = ?').pluck();
  return { has: (id) => lookup.get(id) !== undefined, close: () => db.close() };
}
