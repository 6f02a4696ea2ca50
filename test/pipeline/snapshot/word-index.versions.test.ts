// The word index of a file of this schema version (gaps), of an earlier one with gaps, and of one with int32 arrays: the same places.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkSnapshotFile } from '../../../pipeline/snapshot/snapshot-file-check.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { GEO_RTREE_SCHEMA_VERSION, INT32_ROWIDS_SCHEMA_VERSION, SCHEMA_VERSION } from '../../../pipeline/snapshot/statements.ts';
import { WordIndex } from '../../../pipeline/snapshot/word-index.ts';
import { blobRowids } from '../../../pipeline/snapshot/word-postings.ts';
import { addGeoRtree } from './support/geo-rtree.ts';
import { useOneColumnTrigrams } from './support/one-column-trigrams.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

const NAMES = ['Hotel Sol', 'Hostal Sol y Mar', 'Casa Rural El Sol', 'Hotel Marina', 'Camping Mar Menor'];
const CITIES = ['Madrid', 'Cartagena', 'San Javier'];

/** A published snapshot of 300 places (rowids far enough apart for gaps of two bytes) and a copy of its file. */
function published() {
  const dataDir = tempDataDir();
  const listings = Array.from({ length: 300 }, (_, i) =>
    makeListing({
      providerId: `v${String(i).padStart(4, '0')}`,
      place: {
        name: `${NAMES[i % NAMES.length]!} ${i}`,
        address: { street: null, city: CITIES[i % CITIES.length]!, state: null, postalCode: null, country: 'es' },
      },
      source: { line: i + 1 },
    }),
  );
  const info = publishListings(dataDir, listings);
  const file = snapshotPath(dataDir, 'es', info.version);
  const copy = path.join(dataDir, 'copy.sqlite');
  fs.copyFileSync(file, copy);
  return { info, file, copy };
}

/** Rewrites a file as the schema version before the gaps wrote it: each list an int32 little-endian array, the R*Tree beside the grid. */
function storeListsAsInt32(file: string): void {
  const db = new Database(file);
  try {
    const int32 = (blob: Buffer): Buffer => Buffer.from(blobRowids(blob).buffer);
    const rows = db.prepare('SELECT word, name_rowids, city_rowids, label_rowids FROM search_words').raw(true).all() as [string, Buffer, Buffer, Buffer][];
    const update = db.prepare('UPDATE search_words SET name_rowids = ?, city_rowids = ?, label_rowids = ? WHERE word = ?');
    for (const [word, name, city, label] of rows) update.run(int32(name), int32(city), int32(label), word);
    addGeoRtree(db);
    useOneColumnTrigrams(db);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(INT32_ROWIDS_SCHEMA_VERSION);
  } finally {
    db.close();
  }
}

/** Rewrites a file as the version after the gaps and before the grid alone wrote it: the gaps kept, the R*Tree beside the grid. */
function storeAsGeoRtreeVersion(file: string): void {
  const db = new Database(file);
  try {
    addGeoRtree(db);
    useOneColumnTrigrams(db);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(GEO_RTREE_SCHEMA_VERSION);
  } finally {
    db.close();
  }
}

/** Every word of the file's index with its places per kind, as plain arrays. */
function everyPosting(file: string): Map<string, unknown> {
  const db = new Database(file, { readonly: true });
  try {
    const index = new WordIndex(db);
    const words = db.prepare('SELECT word FROM search_words ORDER BY word').pluck().all() as string[];
    return new Map(words.map((word) => {
      const lists = index.postings(word);
      return [word, { name: Array.from(lists.name), city: Array.from(lists.city), label: Array.from(lists.label) }];
    }));
  } finally {
    db.close();
  }
}

describe('the word index across schema versions', () => {
  it('reads the same places from a file of this version and from one that stores int32 arrays', () => {
    const { file, copy } = published();
    storeListsAsInt32(copy);
    const current = everyPosting(file);
    const sol = current.get('sol') as { name: number[]; city: number[] };
    expect(sol.name.slice(0, 4)).toEqual([1, 2, 3, 6]);
    expect(sol.city).toEqual([]);
    expect((current.get('hotel') as { name: number[] }).name.length).toBe(120);
    expect(everyPosting(copy)).toEqual(current);
  });

  it('reads the gaps of a file of an earlier version that stored them too', async () => {
    const { info, file, copy } = published();
    storeAsGeoRtreeVersion(copy);
    expect(everyPosting(copy)).toEqual(everyPosting(file));
    await expect(checkSnapshotFile(copy, 'es', info.version)).resolves.toMatchObject({ places: 300 });
  });

  it('writes the gaps under this schema version, and the check serves both versions', async () => {
    const { info, file, copy } = published();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(SCHEMA_VERSION);
      const [rowids] = db.prepare("SELECT name_rowids FROM search_words WHERE word = 'hotel'").raw(true).get() as [Buffer];
      // 120 places over 300 rowids: one byte a gap.
      expect(rowids.length).toBe(blobRowids(rowids).length);
    } finally {
      db.close();
    }
    storeListsAsInt32(copy);
    await expect(checkSnapshotFile(file, 'es', info.version)).resolves.toMatchObject({ places: 300 });
    await expect(checkSnapshotFile(copy, 'es', info.version)).resolves.toMatchObject({ places: 300 });
  });
});
