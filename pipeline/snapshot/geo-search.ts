// Near and bbox pages: near reads rings around the point from the in-memory grid (loaded from the R*Tree on first use),
// widened until one holds the next page; bbox asks the R*Tree, whose integer points are the served coordinates.
import type Database from 'better-sqlite3';
import type { GeoBox } from './geo-cover.ts';
import { GeoGrid, gridFromBlobs, type RingHit } from './geo-grid.ts';
import type { NearQuery, SearchRows, ServedRow } from './reader-types.ts';
import {
  bboxSql,
  nearFilterSql,
  SELECT_GEO_GRID,
  SELECT_GEO_POINTS,
  SELECT_PLACE_ID_BY_ROWID,
  SELECT_PLACES_BY_ROWIDS,
  searchShapeKey,
  withFilters,
  type SearchShape,
} from './statements.ts';

type Params = Record<string, string | number>;
/** places_geo holds degrees × 1e7 (schema.sql). */
const UNITS = 1e7;
/** A bound in places_geo units: a value a float product put a hair off an integer counts as that integer. */
function units(degrees: number, round: 'down' | 'up'): number {
  const scaled = degrees * UNITS;
  const nearest = Math.round(scaled);
  if (Math.abs(scaled - nearest) < 1e-6) return nearest;
  return round === 'down' ? Math.floor(scaled) : Math.ceil(scaled);
}
/** The first ring of a first page, as a share of the radius (grown ×2 until it holds a page). */
const FIRST_RING_SHARE = 1 / 8;
/** A later page's first ring, as a share of the previous page's span (grown ×2 until it holds a page). */
const NEXT_RING_SHARE = 1.5;

export class GeoSearch {
  private readonly statements = new Map<string, Database.Statement>();
  private grid: GeoGrid | undefined;
  private readonly selectByRowids: Database.Statement<[string], [number, string, string]>;
  private readonly selectIdByRowid: Database.Statement<[number], string>;

  constructor(private readonly db: Database.Database) {
    this.selectByRowids = db.prepare<[string], [number, string, string]>(SELECT_PLACES_BY_ROWIDS).raw(true);
    this.selectIdByRowid = db.prepare<[number], string>(SELECT_PLACE_ID_BY_ROWID).pluck();
  }

  /**
   * The next `limit` places by (distance, id): rings from the last distance served outwards, each read once. A later
   * page's first ring is sized from the previous page's span, so it holds about one and a half pages.
   */
  near(near: NearQuery, shape: SearchShape, filters: Params, limit: number): SearchRows {
    const want = limit + 1;
    const center = { latitude: near.latitude, longitude: near.longitude };
    const from = near.after?.distance ?? 0;
    let width = near.after ? Math.max(NEXT_RING_SHARE * near.after.span, 1) : near.radius * FIRST_RING_SHARE;
    const found: RingHit[] = [];
    // Places at exactly the cursor's distance may come before or after it (by id): counted once their ids are read.
    let beyond = 0;
    /** The outer edge of the rings read so far (none yet: -1); a wider ring reads only what lies beyond it. */
    let reached = -1;
    for (;;) {
      const to = Math.min(near.radius, from + width);
      for (const hit of this.ring(center, reached < 0 ? from : reached, to, shape, filters)) {
        // Ring edges are included, so a place at exactly the last edge was read by the previous ring.
        if (hit[1] <= reached) continue;
        found.push(hit);
        if (hit[1] > from) beyond += 1;
      }
      reached = to;
      if (beyond >= want || to >= near.radius) {
        found.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
        // The places at exactly the cursor's distance come first, by rowid, which is id order: the walk resumes at the
        // first whose id is past the cursor's (ids compare as SQLite's BINARY collation does: UTF-8 bytes). Only their
        // ids are read, so the page's own rows are all the statement below fetches.
        const ties = near.after ? found.length - beyond : 0;
        let skip = 0;
        if (ties > 0) {
          const after = Buffer.from(near.after!.id);
          while (skip < ties && Buffer.compare(Buffer.from(this.selectIdByRowid.get(found[skip]![0])!), after) <= 0) skip += 1;
        }
        const hasMore = found.length - skip > limit;
        const page = found.slice(skip, skip + limit);
        const byRowid = new Map<number, ServedRow>();
        for (const [rowid, id, json] of this.selectByRowids.all(JSON.stringify(page.map(([rowid]) => rowid)))) byRowid.set(rowid, { id, json });
        const rows = page.map(([rowid]) => byRowid.get(rowid)!);
        return { rows, hasMore, distances: page.map(([, distance]) => distance) };
      }
      width *= 2;
    }
  }

  /** Places inside the box, in id order, after the `after` rowid. */
  bbox(box: GeoBox, shape: SearchShape, params: Params): SearchRows {
    const limit = Number(params.limit);
    const bounds = {
      minLat: units(box.minLat, 'up'),
      maxLat: units(box.maxLat, 'down'),
      minLng: units(box.minLng, 'up'),
      maxLng: units(box.maxLng, 'down'),
    };
    const found = this.statement(`bbox:${searchShapeKey(shape)}`, () => bboxSql(shape)).all({ ...params, ...bounds, limit: limit + 1 }) as [
      string,
      string,
    ][];
    const hasMore = found.length > limit;
    if (hasMore) found.length = limit;
    return { rows: found.map(([id, json]) => ({ id, json })), hasMore };
  }

  /** [rowid, distance] of the places passing the filters whose distance is from `inner` to `outer` metres. */
  private ring(center: { latitude: number; longitude: number }, inner: number, outer: number, shape: SearchShape, filters: Params): RingHit[] {
    // Built on the first near search of this snapshot (about 20 bytes a place), then kept with the connection.
    this.grid ??= this.loadGrid();
    const hits = this.grid.ring(center, inner, outer);
    if (!withFilters(shape) || hits.length === 0) return hits;
    const params: Params = { ...filters, rowids: JSON.stringify(hits.map(([rowid]) => rowid)) };
    delete params.after;
    delete params.limit;
    const passing = new Set(
      (this.statement(`nearFilter:${searchShapeKey(shape)}`, () => nearFilterSql(shape)).all(params) as [number][]).map(([rowid]) => rowid),
    );
    return hits.filter(([rowid]) => passing.has(rowid));
  }

  /** The stored grid; snapshots built before it existed make it from their points. */
  private loadGrid(): GeoGrid {
    const stored = this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'geo_grid'").pluck().get() !== undefined;
    const row = stored ? (this.db.prepare(SELECT_GEO_GRID).raw(true).get() as [Buffer, Buffer, Buffer] | undefined) : undefined;
    if (row) return gridFromBlobs(...row);
    return GeoGrid.fromPoints(this.db.prepare(SELECT_GEO_POINTS).raw(true).all() as [number, number, number][]);
  }

  private statement(key: string, sql: () => string): Database.Statement {
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql()).raw(true);
      this.statements.set(key, statement);
    }
    return statement;
  }
}
