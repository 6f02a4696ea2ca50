// Suggestions near a point: among equally good matches the nearer place first, places without a location last.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotReader } from '../../../pipeline/snapshot/reader-types.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings } from './support/snapshot-test-kit.ts';

/** Place i lies i hundredths of a degree north of the point (the ids run the other way); the last has no location. */
const COUNT = 8;
const listings = Array.from({ length: COUNT }, (_, i) =>
  makeListing({
    providerId: `n${COUNT - i}`,
    place: { name: 'Hotel Sol', location: i === COUNT - 1 ? null : { latitude: 40 + i / 100, longitude: -3.7 } },
    source: { line: i + 1 },
  }),
);

describe('suggest with near', () => {
  let dataDir = '';
  let reader: SnapshotReader;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodging-suggest-near-'));
    publishListings(dataDir, listings);
    reader = openSnapshotReader(dataDir);
  });
  afterAll(() => {
    reader.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('orders equal matches by distance from the point, the place without a location last', () => {
    const found = reader.suggest({ country: 'es', q: 'sol', limit: COUNT, near: { latitude: 40, longitude: -3.7 } });
    expect(found.rows.map((row) => row.id)).toEqual(listings.map((l) => l.place.id));
  });

  it('from the other end, the farthest located place first', () => {
    const found = reader.suggest({ country: 'es', q: 'sol', limit: 3, near: { latitude: 41, longitude: -3.7 } });
    expect(found.rows.map((row) => row.id)).toEqual([listings[COUNT - 2]!.place.id, listings[COUNT - 3]!.place.id, listings[COUNT - 4]!.place.id]);
  });
});
