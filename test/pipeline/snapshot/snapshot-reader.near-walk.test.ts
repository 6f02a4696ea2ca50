// Near walks at the reader, page after page as the API's cursor resumes them: every place once, in (distance, id) order.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../pipeline/generate/prng.ts';
import { distanceMeters } from '../../../pipeline/snapshot/geo-cover.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import type { NearQuery, SnapshotReader } from '../../../pipeline/snapshot/reader-types.ts';
import type { NormalisedListing } from '../../../pipeline/normalise/normalised-listing.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, sortIds } from './support/snapshot-test-kit.ts';

const CENTER = { latitude: 40.4168, longitude: -3.7038 };
/** Metres to degrees of latitude, near enough to place points. */
const DEG_PER_M = 1 / 111_195;

/**
 * A dense core (600 within 400 m), clusters of twins on one spot (equal distances), nothing from 400 m to 2.5 km (a page
 * there must widen its ring many times), then 400 places from 2.5 to 6 km, every fifth a hostel.
 */
function places(): NormalisedListing[] {
  const random = createRandom(11);
  const at = (metres: number, bearing: number) => ({
    latitude: CENTER.latitude + metres * Math.cos(bearing) * DEG_PER_M,
    longitude: CENTER.longitude + (metres * Math.sin(bearing) * DEG_PER_M) / Math.cos((CENTER.latitude * Math.PI) / 180),
  });
  const spots: { latitude: number; longitude: number }[] = [];
  for (let i = 0; i < 600; i += 1) spots.push(at(400 * Math.sqrt(random.next()), random.next() * 2 * Math.PI));
  for (let cluster = 0; cluster < 8; cluster += 1) {
    const spot = at(50 + cluster * 400, random.next() * 2 * Math.PI);
    for (let i = 0; i < 9; i += 1) spots.push(spot);
  }
  for (let i = 0; i < 400; i += 1) spots.push(at(2500 + 3500 * random.next(), random.next() * 2 * Math.PI));
  spots.push(CENTER, CENTER, CENTER);
  // Ids in an order unrelated to distance, so ties are broken by id and not by insertion.
  return spots.map((location, i) =>
    makeListing({
      providerId: `n${String((i * 7919) % 10_007).padStart(5, '0')}`,
      place: { location: { latitude: Number(location.latitude.toFixed(7)), longitude: Number(location.longitude.toFixed(7)) }, lodgingType: i % 5 === 0 ? 'hostel' : 'hotel' },
      source: { line: i + 1 },
    }),
  );
}

/** Follows the pages as the query service does: the last (distance, id) and the page's span resume the walk. */
function walk(reader: SnapshotReader, near: Omit<NearQuery, 'after'>, limits: readonly number[], lodgingType?: 'hostel'): { ids: string[]; distances: number[] } {
  const ids: string[] = [];
  const distances: number[] = [];
  let after: NearQuery['after'];
  for (let page = 0; page < 5000; page += 1) {
    const limit = limits[page % limits.length]!;
    const result = reader.searchRows({ country: 'es', limit, near: { ...near, after }, ...(lodgingType ? { lodgingType } : {}) });
    expect(result.rows.length).toBeLessThanOrEqual(limit);
    ids.push(...result.rows.map((row) => row.id));
    distances.push(...result.distances!);
    if (!result.hasMore) return { ids, distances };
    expect(result.rows).toHaveLength(limit);
    const pageDistances = result.distances!;
    after = { id: result.rows.at(-1)!.id, distance: pageDistances.at(-1)!, span: pageDistances.at(-1)! - pageDistances[0]! };
  }
  throw new Error('the walk did not end');
}

describe('near walks at the reader', () => {
  const listings = places();
  // One snapshot for every walk (tempDataDir's directories last one test).
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodging-near-walk-'));
    publishListings(dataDir, listings);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The brute-force answer: every place within the radius, by distance then id (UTF-8 bytes, as SQLite orders). */
  function expected(radius: number, lodgingType?: 'hostel'): { ids: string[]; distances: number[] } {
    const inside = listings
      .filter((l) => lodgingType === undefined || l.place.lodgingType === lodgingType)
      .map((l) => ({ id: l.place.id, distance: distanceMeters(CENTER, l.place.location!) }))
      .filter((p) => p.distance <= radius);
    const byId = sortIds(inside.map((p) => p.id));
    const rank = new Map(byId.map((id, i) => [id, i]));
    inside.sort((a, b) => a.distance - b.distance || rank.get(a.id)! - rank.get(b.id)!);
    return { ids: inside.map((p) => p.id), distances: inside.map((p) => p.distance) };
  }

  it.each([
    ['3 a page', [3], 6000],
    ['25 a page', [25], 6000],
    ['page sizes changing every page', [2, 40, 7, 1, 25], 6000],
    ['a radius ending inside the empty band', [10], 1500],
  ])('%s: the brute-force order, each place once', (_label, limits, radius) => {
    const reader = openSnapshotReader(dataDir);
    try {
      const got = walk(reader, { ...CENTER, radius }, limits);
      const want = expected(radius);
      expect(want.ids.length).toBeGreaterThan(600);
      expect(got.ids).toEqual(want.ids);
      expect(got.distances).toEqual(want.distances);
    } finally {
      reader.close();
    }
  });

  it('a place exactly on the edge of a ring that had to widen is read once', () => {
    // The first ring of a first page reaches radius / 8: here exactly the sixth place's distance, with too few inside.
    const edge = expected(6000).distances.find((distance, i, all) => i >= 5 && distance > all[i - 1]!)!;
    const reader = openSnapshotReader(dataDir);
    try {
      const got = walk(reader, { ...CENTER, radius: 8 * edge }, [25]);
      const want = expected(8 * edge);
      expect(want.distances.filter((distance) => distance === edge)).toHaveLength(1);
      expect(got.ids).toEqual(want.ids);
    } finally {
      reader.close();
    }
  });

  it('the same with a filter', () => {
    const reader = openSnapshotReader(dataDir);
    try {
      const got = walk(reader, { ...CENTER, radius: 6000 }, [4], 'hostel');
      const want = expected(6000, 'hostel');
      expect(want.ids.length).toBeGreaterThan(100);
      expect(got.ids).toEqual(want.ids);
    } finally {
      reader.close();
    }
  });
});
