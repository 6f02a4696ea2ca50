// A snapshot file's grid of located places: the stored one (geo_grid), or one made from places_geo in files built before it was stored.
import type Database from 'better-sqlite3';
import { GeoGrid, gridFromBlobs } from './geo-grid.ts';
import { SELECT_GEO_GRID, SELECT_GEO_POINTS } from './statements.ts';

/** The grid of every located place in the file, read once (a full read of places_geo in files without geo_grid). */
export function loadGeoGrid(db: Database.Database): GeoGrid {
  const stored = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'geo_grid'").pluck().get() !== undefined;
  const row = stored ? (db.prepare(SELECT_GEO_GRID).raw(true).get() as [Buffer, Buffer, Buffer] | undefined) : undefined;
  if (row) return gridFromBlobs(...row);
  return GeoGrid.fromPoints(db.prepare(SELECT_GEO_POINTS).raw(true).all() as [number, number, number][]);
}
