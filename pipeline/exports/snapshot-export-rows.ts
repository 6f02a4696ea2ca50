// Reads a served snapshot's places for the exports a piece at a time: the file order (Hilbert order from ids and points), then places by row group, or served JSON in id order.
import type Database from 'better-sqlite3';
import { EXPORT_PAGE_CACHE_KIB } from '../../model/limits.ts';
import { profileUrlFor, type Place } from '../../model/place.ts';
import { openSnapshotFile } from '../snapshot/open-snapshot-file.ts';
import { withProfileUrl } from '../../model/served-place.ts';
import { servedPlaceJson } from '../../model/served-place-text.ts';
import { extendBbox, type Bbox } from './geoparquet-metadata.ts';
import { hilbertIndex } from './hilbert-index.ts';
import { NO_POINT } from '../snapshot/geo-grid.ts';
import { loadGeoGrid } from '../snapshot/stored-geo-grid.ts';

/** The sort key of a place without a point: past every Hilbert index (0 to 2^32 - 1), so such places come last. */
const PLACELESS_KEY = 2 ** 32;

/** What the GeoParquet needs before its first row: the order of its rows and their bbox. */
export interface ExportPlan {
  /** The places' rowids in file order: Hilbert index of their point, ties (and placeless places, last) by id. */
  rowids: Float64Array;
  bbox: Bbox | null;
}

/**
 * A served point's degrees from the grid's 1e-7 degree integers. Served coordinates have seven decimals, so the
 * quotient, correctly rounded, is the very number JSON.parse reads from the place's JSON.
 */
const degrees = (e7: number): number => e7 / 1e7;

/** The sort key of a point given in 1e-7 degree (the grid's), or of no point (NO_POINT). */
function hilbertKeyOf(longitudeE7: number, latitudeE7: number): number {
  return latitudeE7 === NO_POINT ? PLACELESS_KEY : hilbertIndex(degrees(longitudeE7), degrees(latitudeE7));
}

/** A read-only connection of the export build to a served snapshot file, its page cache bounded (EXPORT_PAGE_CACHE_KIB). */
export function openForExport(file: string): Database.Database {
  const db = openSnapshotFile(file);
  db.pragma(`cache_size = -${EXPORT_PAGE_CACHE_KIB}`);
  return db;
}

/** How many places the snapshot serves. */
export function placeCount(db: Database.Database): number {
  return db.prepare('SELECT count(*) FROM places').pluck().get() as number;
}

/**
 * One pass over the places' ids, their points taken from the snapshot's grid (geo_grid, read once: 8 bytes a rowid by
 * rowid): SQLite sorts them (its sorter spills to disk, so memory stays bounded), the rowids are kept in file order
 * (8 bytes a place), and the bbox is gathered on the way.
 */
export function exportPlan(db: Database.Database): ExportPlan {
  const count = placeCount(db);
  // Every located place's point, exact: no place's JSON is read.
  const { lats, lngs } = loadGeoGrid(db).pointsByRowid();
  const latOf = (rowid: number): number => lats[rowid] ?? NO_POINT;
  db.function('export_hilbert_key', { deterministic: true }, (rowid) => hilbertKeyOf(lngs[rowid as number] ?? 0, latOf(rowid as number)));
  const rows = db
    .prepare('SELECT rowid FROM places ORDER BY export_hilbert_key(rowid), id')
    .pluck()
    .iterate() as IterableIterator<number>;
  const rowids = new Float64Array(count);
  let bbox: Bbox | null = null;
  let index = 0;
  for (const rowid of rows) {
    rowids[index++] = rowid;
    const latitude = latOf(rowid);
    if (latitude !== NO_POINT) bbox = extendBbox(bbox, degrees(lngs[rowid]!), degrees(latitude));
  }
  return { rowids: index === count ? rowids : rowids.subarray(0, index), bbox };
}

/** The places of these rowids, in the order given, as the API serves them (profileUrl under `publicUrl`). */
export function placesByRowid(db: Database.Database, rowids: Float64Array, publicUrl: string): Place[] {
  const rows = db
    .prepare('SELECT rowid, id, place_json FROM places WHERE rowid IN (SELECT value FROM json_each(?))')
    .raw(true)
    .all(JSON.stringify(Array.from(rowids))) as [number, string, string][];
  // Parsed as stored, its profileUrl set after: the value withProfileUrl writes, without a second copy of each text.
  const byRowid = new Map(rows.map(([rowid, id, json]) => [rowid, { id, json }]));
  return Array.from(rowids, (rowid) => {
    const { id, json } = byRowid.get(rowid)!;
    const place = JSON.parse(servedPlaceJson(json)) as Place;
    place.profileUrl = profileUrlFor(publicUrl, id);
    return place;
  });
}

/** Each served place's JSON, in id order (profileUrl under `publicUrl`), read one row at a time. */
export function* servedJsonLines(db: Database.Database, publicUrl: string): Generator<string> {
  const rows = db.prepare('SELECT id, place_json FROM places ORDER BY rowid').raw(true).iterate() as IterableIterator<[string, string]>;
  for (const [id, json] of rows) yield withProfileUrl(servedPlaceJson(json), id, publicUrl);
}
