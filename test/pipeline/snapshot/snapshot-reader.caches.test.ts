// What a served snapshot keeps in memory: each cache reported by name, filled by the requests that use it, freed on close.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NormalisedListing } from '../../../pipeline/normalise/normalised-listing.ts';
import { candidatesBytes } from '../../../pipeline/snapshot/ordered-search.ts';
import { answerBytes } from '../../../pipeline/snapshot/suggest-search.ts';
import type { SnapshotReader } from '../../../pipeline/snapshot/reader-types.ts';
import { openSnapshotConnection } from '../../../pipeline/snapshot/snapshot-connection.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

function listings(tag: string): NormalisedListing[] {
  return Array.from({ length: 60 }, (_, i) =>
    makeListing({
      providerId: `${tag}${String(i).padStart(3, '0')}`,
      place: {
        name: `${i % 2 ? 'Hotel' : 'Casa'} ${i % 3 ? 'Sol' : 'Luna'} ${i}`,
        location: { latitude: 40.4 + i / 1000, longitude: -3.7 + i / 1000 },
        lodgingType: i % 2 ? 'hotel' : 'guesthouse',
        verified: i % 4 === 0,
      },
      source: { line: i + 1 },
    }),
  );
}

/** The requests that fill every cache: words and name orders, facets, suggestions (one with a point), near. */
function useEveryCache(reader: SnapshotReader): void {
  reader.searchRows({ country: 'es', limit: 5, q: 'hotel sol', match: 'typo', sort: 'relevance' });
  reader.searchRows({ country: 'es', limit: 5, q: 'casa', match: 'words', sort: 'name', facets: ['lodgingType', 'city'] });
  reader.searchRows({ country: 'es', limit: 5, q: 'luna', sort: 'relevance' });
  reader.suggest({ country: 'es', q: 'hot', limit: 5 });
  reader.suggest({ country: 'es', q: 'casa l', limit: 5, near: { latitude: 40.41, longitude: -3.69 } });
  reader.searchRows({ country: 'es', limit: 5, near: { latitude: 40.41, longitude: -3.69, radius: 5000 } });
  reader.searchRows({ country: 'es', limit: 5, citySlug: 'madrid' });
}

const FILLED = ['postings', 'expansions', 'vocabulary', 'searches', 'suggestions', 'facetColumns', 'facetCounts', 'geoGrid', 'citySlugs'];

describe("a served snapshot's caches", () => {
  let dataDir = '';
  let reader: SnapshotReader;
  beforeAll(() => {
    // Not tempDataDir: that one is removed after each test, and this one is read across them.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodging-reader-caches-'));
    publishListings(dataDir, listings('a'));
    reader = openSnapshotReader(dataDir);
  });
  afterAll(() => {
    reader.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are empty before any request, then each reports entries and bytes once used', () => {
    const before = reader.caches().es!;
    expect(Object.keys(before).sort()).toEqual([...FILLED].sort());
    for (const name of FILLED) expect(before[name], name).toEqual({ entries: 0, bytes: 0 });
    useEveryCache(reader);
    const after = reader.caches().es!;
    for (const name of FILLED) {
      expect(after[name]!.entries, name).toBeGreaterThan(0);
      expect(after[name]!.bytes, name).toBeGreaterThan(0);
    }
    // Every located place is in the grid, and the columns and points hold one slot per rowid.
    expect(after.geoGrid!.entries).toBe(60);
    expect(after.facetColumns!.entries).toBeGreaterThanOrEqual(60);
  });

  it('a word no place holds is one more entry of the posting cache, which is bounded in entries', () => {
    const before = reader.caches().es!.postings!.entries;
    reader.searchRows({ country: 'es', limit: 5, q: 'zzqx', sort: 'relevance' });
    expect(reader.caches().es!.postings!.entries).toBe(before + 1);
  });

  it('are those of the snapshot now served once a newer one is published', () => {
    useEveryCache(reader);
    publishListings(dataDir, listings('b'));
    expect(reader.refresh()).toBe(true);
    for (const figure of Object.values(reader.caches().es!)) expect(figure).toEqual({ entries: 0, bytes: 0 });
  });
});

describe('a closed snapshot connection', () => {
  it('frees every cache', () => {
    const dataDir = tempDataDir();
    const info = publishListings(dataDir, listings('c'));
    const connection = openSnapshotConnection(snapshotPath(dataDir, 'es', info.version), info);
    const reader = { searchRows: connection.searchRows.bind(connection), suggest: connection.suggest.bind(connection) } as unknown as SnapshotReader;
    useEveryCache(reader);
    expect(connection.caches().geoGrid!.bytes).toBeGreaterThan(0);
    connection.close();
    for (const [name, figure] of Object.entries(connection.caches())) expect(figure, name).toEqual({ entries: 0, bytes: 0 });
  });
});

describe('the weights the caches are bounded by', () => {
  it('a found set: 4 bytes a rowid, 8 a numeric key, a string key its characters and overhead', () => {
    const rowids = Int32Array.of(1, 2, 3);
    expect(candidatesBytes({ rowids, keys: null })).toBe(64 + 12);
    expect(candidatesBytes({ rowids, keys: [1, 2, 3] })).toBe(64 + 12 + 24);
    expect(candidatesBytes({ rowids, keys: ['ab', 'c', ''] })).toBe(64 + 12 + 3 * 24 + 3);
  });

  it('a suggestion answer: its ids and JSON', () => {
    expect(answerBytes({ rows: [{ id: 'es-1', json: '{"a":1}' }], scores: [1] })).toBe(64 + 64 + 4 + 7 + 8);
    expect(answerBytes({ rows: [], scores: [] })).toBe(64);
  });
});
