// Test helper: a file as schema version 7 and before wrote it, with the R*Tree of its located places' points beside the grid.
import type Database from 'better-sqlite3';
import { gridFromBlobs } from '../../../../pipeline/snapshot/geo-grid.ts';
import { schemaSection } from '../../../../pipeline/snapshot/statements.ts';

/** Each located place's rowid and point in 1e-7 degree, from the file's stored grid, in the grid's order. */
export function gridPoints(db: Database.Database): [number, number, number][] {
  const [rowids, lats, lngs] = db.prepare('SELECT rowids, lats, lngs FROM geo_grid').raw(true).get() as [Buffer, Buffer, Buffer];
  const { lats: byLat, lngs: byLng } = gridFromBlobs(rowids, lats, lngs).pointsByRowid();
  return Array.from({ length: rowids.length / 4 }, (_, i) => {
    const rowid = rowids.readInt32LE(i * 4);
    return [rowid, byLat[rowid]!, byLng[rowid]!];
  });
}

/** Adds places_geo as the builder of those versions filled it: the grid's points, in one transaction. */
export function addGeoRtree(db: Database.Database): void {
  db.exec(schemaSection('geo-rtree'));
  const insert = db.prepare('INSERT INTO places_geo (id, min_lat, max_lat, min_lng, max_lng) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const [rowid, lat, lng] of gridPoints(db)) insert.run(rowid, lat, lat, lng, lng);
  })();
}
