// The export's row order and bbox come from the snapshot's ids and points alone; places are read back by row group in that order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hilbertIndex } from '../../../pipeline/exports/hilbert-index.ts';
import { exportPlan, openForExport, placesByRowid, servedJsonLines } from '../../../pipeline/exports/snapshot-export-rows.ts';
import { EXPORT_PAGE_CACHE_KIB } from '../../../model/limits.ts';
import { registerPlaceTextFunctions } from '../../../pipeline/snapshot/place-text-sql.ts';
import { storedPlaceText } from '../../../model/served-place-text.ts';
import { toServedPlace, withProfileUrl } from '../../../model/served-place.ts';
import type { StoredPlace } from '../../../model/place.ts';
import { gridBlobs } from '../snapshot/support/grid-blobs.ts';
import { schemaSection } from '../../../pipeline/snapshot/statements.ts';

const BASE = 'https://lodging.example.org';
// Inserted out of id order; two pairs share a point (ties go by id); two have no point (last, by id).
const ROWS: [string, { longitude: number; latitude: number } | null][] = [
  ['es-9', { longitude: 2.1734035, latitude: 41.3850639 }],
  ['es-3', null],
  ['es-5', { longitude: -3.7037902, latitude: 40.4167754 }],
  ['es-1', { longitude: 2.1734035, latitude: 41.3850639 }],
  ['es-7', { longitude: -15.4134300, latitude: 28.0997300 }],
  ['es-2', null],
  ['es-4', { longitude: -3.7037902, latitude: 40.4167754 }],
  ['es-8', { longitude: -5.9844589, latitude: 37.3890924 }],
  ['es-6', { longitude: 0.1, latitude: 0.3 }],
];
let db: Database.Database;
/** The same places with each row's JSON whole, as files of schema version 5 and before hold them. */
let jsonRowsDb: Database.Database;

const placeOf = (id: string, location: (typeof ROWS)[number][1]) =>
  toServedPlace({ id, name: `Place ${id}`, address: null, location, lodgingType: 'hotel' } as unknown as StoredPlace);

/** The places and, as the builder writes them, their points in 1e-7 degree: the stored grid, or the R*Tree of files of schema version 7 and before. */
function placesDb(text: (place: StoredPlace) => string, points: 'grid' | 'rtree' = 'grid'): Database.Database {
  const made = new Database(':memory:');
  registerPlaceTextFunctions(made);
  made.exec('CREATE TABLE places (id TEXT NOT NULL, place_json TEXT NOT NULL)');
  const insert = made.prepare('INSERT INTO places (id, place_json) VALUES (?, ?)');
  const located: [number, number, number][] = [];
  for (const [id, location] of ROWS) {
    const { lastInsertRowid } = insert.run(id, text(placeOf(id, location)));
    if (location !== null) located.push([Number(lastInsertRowid), Math.round(location.latitude * 1e7), Math.round(location.longitude * 1e7)]);
  }
  if (points === 'grid') {
    made.exec('CREATE TABLE geo_grid (rowids BLOB NOT NULL, lats BLOB NOT NULL, lngs BLOB NOT NULL)');
    made.prepare('INSERT INTO geo_grid (rowids, lats, lngs) VALUES (?, ?, ?)').run(...gridBlobs(located));
  } else {
    made.exec(schemaSection('geo-rtree'));
    const insertPoint = made.prepare('INSERT INTO places_geo VALUES (?, ?, ?, ?, ?)');
    for (const [rowid, lat, lng] of located) insertPoint.run(rowid, lat, lat, lng, lng);
  }
  return made;
}

beforeAll(() => {
  db = placesDb(storedPlaceText);
  jsonRowsDb = placesDb((place) => JSON.stringify(place));
});
afterAll(() => {
  db.close();
  jsonRowsDb.close();
});

const idsOf = (rowids: Float64Array) => Array.from(rowids, (rowid) => ROWS[rowid - 1]![0]);

describe('exportPlan', () => {
  it('orders by the Hilbert index of each point, ties by id, places without a point last', () => {
    const plan = exportPlan(db);
    const key = (location: (typeof ROWS)[number][1]) => (location ? hilbertIndex(location.longitude, location.latitude) : Infinity);
    const expected = [...ROWS].sort(([a, la], [b, lb]) => key(la) - key(lb) || (a < b ? -1 : 1)).map(([id]) => id);
    expect(idsOf(plan.rowids)).toEqual(expected);
    expect(idsOf(plan.rowids).slice(-2)).toEqual(['es-2', 'es-3']);
  });

  it('gives the bbox of every point', () => {
    expect(exportPlan(db).bbox).toEqual({ minLongitude: -15.41343, minLatitude: 0.3, maxLongitude: 2.1734035, maxLatitude: 41.3850639 });
  });

  it('reads the same plan from a file of schema version 7, whose points are in the R*Tree', () => {
    const rtreeDb = placesDb(storedPlaceText, 'rtree');
    try {
      expect(exportPlan(rtreeDb)).toEqual(exportPlan(db));
    } finally {
      rtreeDb.close();
    }
  });
});

describe('reading places back', () => {
  it('by rowid in the order asked, as served (profileUrl last)', () => {
    const places = placesByRowid(db, Float64Array.from([7, 1, 3]), BASE);
    expect(places.map((place) => place.id)).toEqual(['es-4', 'es-9', 'es-5']);
    expect(Object.keys(places[0]!).at(-1)).toBe('profileUrl');
    expect(places[0]!.profileUrl).toBe(`${BASE}/places/es-4`);
  });

  it('as served JSON in row order, one at a time', () => {
    const lines = [...servedJsonLines(db, BASE)];
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(ROWS.map(([id]) => id));
    expect(lines[0]).toBe(withProfileUrl(JSON.stringify(placeOf(...ROWS[0]!)), 'es-9', BASE));
  });

  it('alike from a file whose rows are each place’s JSON whole', () => {
    expect([...servedJsonLines(jsonRowsDb, BASE)]).toEqual([...servedJsonLines(db, BASE)]);
    expect(placesByRowid(jsonRowsDb, Float64Array.from([7, 1, 3]), BASE)).toEqual(placesByRowid(db, Float64Array.from([7, 1, 3]), BASE));
    expect(exportPlan(jsonRowsDb)).toEqual(exportPlan(db));
  });
});

describe('openForExport', () => {
  it('opens the file read-only with the export build’s page cache', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-rows-'));
    const file = path.join(dir, 'snapshot.sqlite');
    try {
      db.prepare('VACUUM INTO ?').run(file);
      const opened = openForExport(file);
      try {
        expect(opened.pragma('cache_size', { simple: true })).toBe(-EXPORT_PAGE_CACHE_KIB);
        expect(opened.readonly).toBe(true);
        expect(exportPlan(opened)).toEqual(exportPlan(db));
      } finally {
        opened.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
