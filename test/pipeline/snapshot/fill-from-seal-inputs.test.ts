// The one pass over the served places' seal inputs writes the place hashes, the grid and the word index a pass each would have written.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildSearchWords } from '../../../pipeline/snapshot/build-search-words.ts';
import { gridBlobs } from './support/grid-blobs.ts';
import { recordsPath, snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

/** Located and not, published and not, in no id order: what the pass must pick out of the records. */
function listings() {
  const made = [];
  for (let i = 0; i < 40; i += 1) {
    const providerId = `p${(i * 7) % 40}`;
    made.push(
      makeListing({
        providerId,
        status: i % 9 === 4 ? 'rejected' : 'published',
        place: {
          name: `Hostal ${['Sol', 'Luna', 'Mar', 'Río'][i % 4]} ${i}`,
          location: i % 5 === 0 ? null : { latitude: 36 + i / 10, longitude: -6 + i / 20 },
          lodgingTypes: i % 3 === 0 ? ['Hostal', 'Pensión'] : ['Hotel'],
          address: { street: 'Calle Real 2', city: i % 2 === 0 ? 'Sevilla' : 'Cádiz', state: null, postalCode: '41001', country: 'es' },
        },
        source: { line: i + 1 },
      }),
    );
  }
  return made;
}

describe('fillFromSealInputs', () => {
  it('writes what separate passes over places joined with their records write', () => {
    const dataDir = tempDataDir();
    const info = publishListings(dataDir, listings());
    const file = snapshotPath(dataDir, 'es', info.version);
    const copy = path.join(dataDir, 'again.sqlite');
    fs.copyFileSync(file, copy);
    const db = new Database(copy);
    try {
      db.prepare('ATTACH DATABASE ? AS records').run(recordsPath(file));
      const join = 'places AS p JOIN listings AS l ON l.id = p.id';
      const served = db.prepare('SELECT count(*) FROM places').pluck().get() as number;
      expect(served).toBeGreaterThan(20);
      expect(served).toBeLessThan(40);

      const hashes = db.prepare('SELECT id, hash FROM place_hashes ORDER BY id').raw(true).all();
      expect(hashes).toEqual(db.prepare(`SELECT p.id, l.place_hash FROM ${join} ORDER BY p.id`).raw(true).all());

      const points = db.prepare(`SELECT p.rowid, l.geo_lat, l.geo_lng FROM ${join} WHERE l.geo_lat IS NOT NULL ORDER BY p.rowid`).raw(true).all() as [number, number, number][];
      expect(points.length).toBeLessThan(served);
      const [rowids, lats, lngs] = gridBlobs(points);
      expect(db.prepare('SELECT rowids, lats, lngs FROM geo_grid').raw(true).all()).toEqual([[rowids, lats, lngs]]);

      const words = () => db.prepare('SELECT word, name_rowids, city_rowids, label_rowids FROM search_words ORDER BY word').raw(true).all();
      const written = words();
      expect(written.length).toBeGreaterThan(10);
      db.exec('DROP TABLE search_words');
      buildSearchWords(db);
      expect(words()).toEqual(written);
    } finally {
      db.close();
    }
  });
});
