// Near and bbox pages over a snapshot's R*Tree: a ring around the point widened until it holds the next page.
import type Database from 'better-sqlite3';
import { distanceMeters, ringCover, type GeoBox } from './geo-cover.ts';
import type { NearQuery, SearchRows } from './reader-types.ts';
import { bboxSql, nearCandidatesSql, searchShapeKey, type SearchShape } from './statements.ts';

type Params = Record<string, string | number>;
/** The first ring of a first page, as a share of the radius (grown ×2 until it holds a page). */
const FIRST_RING_SHARE = 1 / 8;

export class GeoSearch {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly selectById: Database.Statement<[number], [string, string]>;

  constructor(
    private readonly db: Database.Database,
    private readonly rowidAtOrBefore: (id: string) => number,
  ) {
    this.selectById = db.prepare<[number], [string, string]>('SELECT id, place_json FROM places WHERE rowid = ?').raw(true);
  }

  /** The next `limit` places by (distance, id): each round reads a ring from the last distance served outwards. */
  near(near: NearQuery, shape: SearchShape, filters: Params, limit: number): SearchRows {
    const want = limit + 1;
    const center = { latitude: near.latitude, longitude: near.longitude };
    const from = near.after?.distance ?? 0;
    // Rowid order is id order, so "id after the cursor's" at equal distance is "rowid after the last id not above it".
    const afterRowid = near.after ? this.rowidAtOrBefore(near.after.id) : 0;
    let width = near.after ? Math.max(2 * near.after.span, 1) : near.radius * FIRST_RING_SHARE;
    for (;;) {
      const to = Math.min(near.radius, from + width);
      const found = this.ring(center, from, to, shape, filters).filter(
        ([rowid, distance]) => distance > from || (distance === from && rowid > afterRowid),
      );
      if (found.length >= want || to >= near.radius) {
        found.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
        const hasMore = found.length > limit;
        const page = found.slice(0, limit);
        const rows = page.map(([rowid]) => {
          const [id, json] = this.selectById.get(rowid)!;
          return { id, json };
        });
        return { rows, hasMore, distances: page.map(([, distance]) => distance) };
      }
      width *= 2;
    }
  }

  /** Places inside the box, in id order, after the `after` rowid. */
  bbox(box: GeoBox, shape: SearchShape, params: Params): SearchRows {
    const limit = Number(params.limit);
    const found = this.statement(`bbox:${searchShapeKey(shape)}`, () => bboxSql(shape)).all({ ...params, ...box, limit: limit + 1 }) as [
      string,
      string,
    ][];
    const hasMore = found.length > limit;
    if (hasMore) found.length = limit;
    return { rows: found.map(([id, json]) => ({ id, json })), hasMore };
  }

  /** [rowid, distance] of the places passing the filters whose distance is from `inner` to `outer` metres. */
  private ring(center: { latitude: number; longitude: number }, inner: number, outer: number, shape: SearchShape, filters: Params): [number, number][] {
    const boxes = ringCover(center, inner, outer);
    const params: Params = { ...filters };
    boxes.forEach((box, i) => {
      params[`minLat${i}`] = box.minLat;
      params[`maxLat${i}`] = box.maxLat;
      params[`minLng${i}`] = box.minLng;
      params[`maxLng${i}`] = box.maxLng;
    });
    delete params.after;
    delete params.limit;
    const rows = this.statement(`near${boxes.length}:${searchShapeKey(shape)}`, () => nearCandidatesSql(shape, boxes.length)).all(params) as [
      number,
      number,
      number,
    ][];
    const seen = new Set<number>();
    const inside: [number, number][] = [];
    for (const [rowid, latitude, longitude] of rows) {
      if (seen.has(rowid)) continue; // a place on the edge of two boxes
      seen.add(rowid);
      const distance = distanceMeters(center, { latitude, longitude });
      if (distance >= inner && distance <= outer) inside.push([rowid, distance]);
    }
    return inside;
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
