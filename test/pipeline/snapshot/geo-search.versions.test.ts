// Geo searches of a file of this schema version (the grid alone) and of files of version 7 (the R*Tree beside it, or alone): the same answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../pipeline/generate/prng.ts';
import type { SearchQuery, SnapshotInfo } from '../../../pipeline/snapshot/reader-types.ts';
import { RowBudget } from '../../../pipeline/snapshot/row-budget.ts';
import { openSnapshotConnection } from '../../../pipeline/snapshot/snapshot-connection.ts';
import { checkSnapshotFile } from '../../../pipeline/snapshot/snapshot-file-check.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { GEO_RTREE_SCHEMA_VERSION, SCHEMA_VERSION } from '../../../pipeline/snapshot/statements.ts';
import { addGeoRtree, gridPoints } from './support/geo-rtree.ts';
import { useOneColumnTrigrams } from './support/one-column-trigrams.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, sortIds } from './support/snapshot-test-kit.ts';

const CENTER = { latitude: 40.4168, longitude: -3.7038 };
/** More located places than a box reads whole (2,000), so a box over them all is walked in id order; a few have no point. */
const LOCATED = 2_050;

function listings() {
  const random = createRandom(5);
  return Array.from({ length: LOCATED + 20 }, (_, i) => {
    const location =
      i < LOCATED
        ? { latitude: Number((CENTER.latitude + (random.next() - 0.5) * 2).toFixed(7)), longitude: Number((CENTER.longitude + (random.next() - 0.5) * 2).toFixed(7)) }
        : null;
    return makeListing({
      providerId: `g${String((i * 7919) % 10_007).padStart(5, '0')}`,
      place: { name: i % 3 === 0 ? `Hotel Sol ${i}` : `Casa ${i}`, location, lodgingType: i % 4 === 0 ? 'hostel' : 'hotel' },
      source: { line: i + 1 },
    });
  });
}

/** Rewrites a copy as schema version 7 built it: the R*Tree of the same points beside the grid, or (`gridToo` false) alone. */
function asVersion7(file: string, copy: string, gridToo: boolean): void {
  fs.copyFileSync(file, copy);
  const db = new Database(copy);
  try {
    addGeoRtree(db);
    useOneColumnTrigrams(db);
    if (!gridToo) db.exec('DROP TABLE geo_grid');
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(GEO_RTREE_SCHEMA_VERSION);
  } finally {
    db.close();
  }
}

/** One published snapshot and its version 7 copies, shared by the tests (each copy a test changes is its own). */
function publish() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-geo-versions-'));
  const places = listings();
  const info = publishListings(dataDir, places);
  const file = snapshotPath(dataDir, 'es', info.version);
  const withRtree = path.join(dataDir, 'v7.sqlite');
  const rtreeOnly = path.join(dataDir, 'v7-rtree-only.sqlite');
  asVersion7(file, withRtree, true);
  asVersion7(file, rtreeOnly, false);
  return { dataDir, info, file, withRtree, rtreeOnly, places };
}

type Box = NonNullable<SearchQuery['bbox']>;

/** Every page of a search as the API follows them (afterId from the last row), or the error that stopped it. */
function pages(file: string, info: SnapshotInfo, query: Omit<SearchQuery, 'country' | 'limit'>, limit: number, budget?: number): unknown[] {
  const connection = openSnapshotConnection(file, info);
  const out: unknown[] = [];
  try {
    let afterId: string | undefined;
    for (let page = 0; page < 50; page += 1) {
      const result = connection.searchRows({ country: 'es', limit, ...query, ...(afterId ? { afterId } : {}), ...(budget ? { budget: new RowBudget(budget) } : {}) });
      out.push({ ids: result.rows.map((row) => row.id), hasMore: result.hasMore, distances: result.distances });
      if (!result.hasMore || query.near) break;
      afterId = result.rows.at(-1)!.id;
    }
  } catch (error) {
    out.push({ error: (error as { code?: string }).code ?? String(error) });
  } finally {
    connection.close();
  }
  return out;
}

let published: ReturnType<typeof publish>;
beforeAll(() => {
  published = publish();
  return () => fs.rmSync(published.dataDir, { recursive: true, force: true });
});

describe('geo searches across schema versions', () => {
  it('answers every bbox and near search the same from this version and from files of version 7', () => {
    const { info, file, withRtree, rtreeOnly, places } = published;
    const small: Box = { minLng: -3.9, minLat: 40.2, maxLng: -3.5, maxLat: 40.6 };
    const all: Box = { minLng: -4.8, minLat: 39.4, maxLng: -2.7, maxLat: 41.5 };
    const searches: [Omit<SearchQuery, 'country' | 'limit'>, number, number?][] = [
      [{ bbox: small }, 17],
      [{ bbox: small, lodgingType: 'hostel' }, 5],
      [{ bbox: small, q: 'sol' }, 9],
      [{ bbox: all }, 100],
      [{ bbox: all, lodgingType: 'hostel', q: 'sol' }, 25],
      [{ bbox: { minLng: 10, minLat: 10, maxLng: 11, maxLat: 11 } }, 25],
      // The row budget: a large box's walk and a small box's places, spent.
      [{ bbox: all }, 25, 1_500],
      [{ bbox: small, q: 'sol' }, 25, 60],
      [{ near: { ...CENTER, radius: 30_000 } }, 25],
      [{ near: { ...CENTER, radius: 30_000 }, lodgingType: 'hostel' }, 10],
    ];
    const answers = (target: string) => searches.map(([query, limit, budget]) => pages(target, info, query, limit, budget));
    const current = answers(file);
    // The small box, page after page: exactly the places inside it, in id order.
    const inside = places
      .filter(({ place: { location: l } }) => l && l.longitude >= small.minLng && l.longitude <= small.maxLng && l.latitude >= small.minLat && l.latitude <= small.maxLat)
      .map((listing) => listing.place.id);
    expect(inside.length).toBeGreaterThan(40);
    expect((current[0] as { ids: string[] }[]).flatMap((page) => page.ids)).toEqual(sortIds(inside));
    expect((current[3] as { ids: string[] }[]).flatMap((page) => page.ids)).toHaveLength(LOCATED);
    expect(current[6]).toContainEqual({ error: 'row-budget-exceeded' });
    expect(current[7]).toContainEqual({ error: 'row-budget-exceeded' });
    expect(answers(withRtree)).toEqual(current);
    expect(answers(rtreeOnly)).toEqual(current);
  });

  it('writes no R*Tree under this schema version, and the check serves version 7 files with it', async () => {
    const { info, file, withRtree } = published;
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(SCHEMA_VERSION);
      expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE 'places_geo%'").pluck().get()).toBe(0);
      expect(gridPoints(db)).toHaveLength(LOCATED);
    } finally {
      db.close();
    }
    await expect(checkSnapshotFile(file, 'es', info.version)).resolves.toMatchObject({ places: LOCATED + 20 });
    await expect(checkSnapshotFile(withRtree, 'es', info.version)).resolves.toMatchObject({ places: LOCATED + 20 });
  });

  it('refuses a file of this version that holds the R*Tree, and a version 7 file without it', async () => {
    const { info, file } = published;
    // This version's file (its schema version and its index of q) with the R*Tree added.
    const extra = `${file}.extra`;
    fs.copyFileSync(file, extra);
    const db = new Database(extra);
    addGeoRtree(db);
    db.close();
    await expect(checkSnapshotFile(extra, 'es', info.version)).rejects.toThrow(/places_geo.*which no snapshot has/);
    const lacking = `${file}.lacking`;
    fs.copyFileSync(file, lacking);
    const old = new Database(lacking);
    useOneColumnTrigrams(old);
    old.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(GEO_RTREE_SCHEMA_VERSION);
    old.close();
    await expect(checkSnapshotFile(lacking, 'es', info.version)).rejects.toThrow(/lacks "places_geo/);
  });
});
