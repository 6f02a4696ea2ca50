// Near and bbox pages from the in-memory grid (loaded on first use): near reads rings around the point, widened until one
// holds the next page (none when the filters' index holds no match); bbox reads a small box's places from the grid's cells
// and walks a large one in id order. Every row read is counted against the query's row budget.
import type Database from 'better-sqlite3';
import type { GeoBox } from './geo-cover.ts';
import type { GeoGrid, RingHit } from './geo-grid.ts';
import type { CacheFigures, NearQuery, SearchRows, ServedRow } from './reader-types.ts';
import type { RowBudget } from './row-budget.ts';
import {
  geoWalkSql,
  nearFilterSql,
  SELECT_PLACE_ID_BY_ROWID,
  SELECT_PLACES_BY_ROWIDS,
  searchShapeKey,
  withFilters,
  type SearchShape,
} from './statements.ts';
import { loadGeoGrid } from './stored-geo-grid.ts';
import { servedPlaceJson } from '../../model/served-place-text.ts';

type Params = Record<string, string | number>;
/** The grid holds degrees × 1e7 (geo_grid in schema.sql). */
const UNITS = 1e7;
/** A bound in the grid's units: a value a float product put a hair off an integer counts as that integer. */
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
/** A box holding at most this many places is read whole from the grid and sorted; a larger one is walked in id order. */
const AREA_DRIVEN_CAP = 2000;
/** Rows a near search reads of its filters' index to find whether they select any place at all. */
const FILTER_PROBE_ROWS = 64;
/** Rows checked against the filters per statement (a box's places, a ring's). */
const CHECK_CHUNK = 500;

/** Which q plan a walk takes (the connection's rule: trigram when the equality filters select many places). */
export type TextPlanChooser = (shape: SearchShape, params: Params, text: string) => SearchShape['text'];

export class GeoSearch {
  private readonly statements = new Map<string, Database.Statement>();
  private grid: GeoGrid | undefined;
  private readonly selectByRowids: Database.Statement<[string], [number, string, string]>;
  private readonly selectIdByRowid: Database.Statement<[number], string>;

  constructor(
    private readonly db: Database.Database,
    private readonly textPlan: TextPlanChooser,
  ) {
    this.selectByRowids = db.prepare<[string], [number, string, string]>(SELECT_PLACES_BY_ROWIDS).raw(true);
    this.selectIdByRowid = db.prepare<[number], string>(SELECT_PLACE_ID_BY_ROWID).pluck();
  }

  /** Each rowid's point (the grid's, loaded on first use): suggestions near a point order by it too. */
  pointsByRowid(): { lats: Int32Array; lngs: Int32Array } {
    this.grid ??= this.loadGrid();
    return this.grid.pointsByRowid();
  }

  caches(): CacheFigures {
    return { geoGrid: { entries: this.grid?.size ?? 0, bytes: this.grid?.bytes ?? 0 } };
  }

  close(): void {
    this.grid = undefined;
    this.statements.clear();
  }

  /**
   * The next `limit` places by (distance, id): rings from the last distance served outwards, each read once. A later
   * page's first ring is sized from the previous page's span, so it holds about one and a half pages.
   */
  near(near: NearQuery, shape: SearchShape, filters: Params, limit: number, budget?: RowBudget): SearchRows {
    const want = limit + 1;
    this.grid ??= this.loadGrid();
    const equality = shape.city || shape.lodgingType || shape.whatsapp || shape.verified;
    // Filters that select no place at all (city=nope, a q no place holds) answer from their index, before any ring is read
    // (a short q alone has no index: the rings check it).
    if ((equality || (shape.text !== 'none' && [...String(filters.text)].length >= 3)) && !this.selectsAny(shape, filters, budget)) {
      return { rows: [], hasMore: false, distances: [] };
    }
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
      for (const hit of this.ring(center, reached < 0 ? from : reached, to, shape, filters, budget)) {
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
        return { rows: this.rowsOf(page.map(([rowid]) => rowid)), hasMore, distances: page.map(([, distance]) => distance) };
      }
      width *= 2;
    }
  }

  /** Whether any place passes the filters: false only when a short walk of their index ends without one. */
  private selectsAny(shape: SearchShape, filters: Params, budget: RowBudget | undefined): boolean {
    const probe = this.walk(this.walkShape(shape, filters), { ...filters, after: 0 }, 1, budget, () => true, FILTER_PROBE_ROWS);
    return probe.found.length > 0 || !probe.ended;
  }

  /** Places inside the box, in id order, after the `after` rowid. */
  bbox(box: GeoBox, shape: SearchShape, params: Params, budget?: RowBudget): SearchRows {
    const limit = Number(params.limit);
    const want = limit + 1;
    const after = Number(params.after);
    const bounds = {
      minLat: units(box.minLat, 'up'),
      maxLat: units(box.maxLat, 'down'),
      minLng: units(box.minLng, 'up'),
      maxLng: units(box.maxLng, 'down'),
    };
    // A small box: its places from the grid (reading at most one more than the cap tells it is small), in id order.
    this.grid ??= this.loadGrid();
    const inBox = this.grid.box(bounds, AREA_DRIVEN_CAP + 1);
    budget?.take(inBox.length);
    let page: number[];
    if (inBox.length <= AREA_DRIVEN_CAP) {
      const ids = inBox.filter((rowid) => rowid > after).sort((a, b) => a - b);
      page = withFilters(shape) ? this.passing(ids, shape, params, want, budget) : ids.slice(0, want);
    } else {
      // A large one: the places in id order (through the filters' index, or the FTS index for q), each point checked.
      const { lats, lngs } = this.grid.pointsByRowid();
      const inside = (rowid: number): boolean => {
        const lat = lats[rowid];
        if (lat === undefined || lat < bounds.minLat || lat > bounds.maxLat) return false;
        const lng = lngs[rowid]!;
        return lng >= bounds.minLng && lng <= bounds.maxLng;
      };
      page = withFilters(shape)
        ? this.walk(this.walkShape(shape, params), params, want, budget, inside).found
        : walkRowids(after, lats.length, want, budget, inside);
    }
    const hasMore = page.length > limit;
    if (hasMore) page.length = limit;
    return { rows: this.rowsOf(page), hasMore };
  }

  /** The shape a walk takes: the connection's q plan (trigram: the FTS index drives), city aliases aside as in every geo search. */
  private walkShape(shape: SearchShape, params: Params): SearchShape {
    if (shape.text === 'none') return shape;
    const text = String(params.text);
    const plan = this.textPlan({ ...shape, cityAliases: false, text: 'none' }, params, text);
    if (plan === 'trigram') params.match = `"${text.replaceAll('"', '""')}"`;
    return { ...shape, cityAliases: false, text: plan };
  }

  /**
   * Rowids from @after in id order that pass the filters and `accept`, until `want` are found, every row read counted
   * against the budget; at most `maxSteps` rows read (ended: false when it stopped before the last row).
   */
  private walk(
    shape: SearchShape,
    params: Params,
    want: number,
    budget: RowBudget | undefined,
    accept: (rowid: number) => boolean,
    maxSteps = Number.POSITIVE_INFINITY,
  ): { found: number[]; ended: boolean } {
    const statement = this.statement(`walk:${searchShapeKey(shape)}`, () => geoWalkSql(shape));
    const cap = Math.min(maxSteps, budget ? budget.left + 1 : Number.POSITIVE_INFINITY);
    const found: number[] = [];
    let steps = 0;
    for (const [rowid, ok] of statement.iterate({ ...params, limit: Number.isFinite(cap) ? cap : -1 }) as Iterable<[number, number]>) {
      steps += 1;
      budget?.take(1);
      if (ok && accept(rowid)) {
        found.push(rowid);
        if (found.length >= want) return { found, ended: false };
      }
      if (steps >= maxSteps) return { found, ended: false };
    }
    return { found, ended: true };
  }

  /** Of rowids in id order, the first `want` passing the filters, checked a chunk at a time. */
  private passing(rowids: readonly number[], shape: SearchShape, params: Params, want: number, budget: RowBudget | undefined): number[] {
    const statement = this.statement(`nearFilter:${searchShapeKey(shape)}`, () => nearFilterSql(shape));
    const out: number[] = [];
    for (let at = 0; at < rowids.length && out.length < want; ) {
      const chunk = rowids.slice(at, at + chunkSize(CHECK_CHUNK, budget));
      at += chunk.length;
      budget?.take(chunk.length);
      const pass = new Set((statement.all({ ...params, rowids: JSON.stringify(chunk) }) as [number][]).map(([rowid]) => rowid));
      for (const rowid of chunk) {
        if (!pass.has(rowid)) continue;
        out.push(rowid);
        if (out.length >= want) break;
      }
    }
    return out;
  }

  /** The served rows of these rowids, in their order, read in one statement. */
  private rowsOf(rowids: readonly number[]): ServedRow[] {
    if (rowids.length === 0) return [];
    const byRowid = new Map<number, ServedRow>();
    for (const [rowid, id, json] of this.selectByRowids.all(JSON.stringify(rowids))) byRowid.set(rowid, { id, json: servedPlaceJson(json) });
    return rowids.map((rowid) => byRowid.get(rowid)!);
  }

  /** [rowid, distance] of the places passing the filters whose distance is from `inner` to `outer` metres. */
  private ring(
    center: { latitude: number; longitude: number },
    inner: number,
    outer: number,
    shape: SearchShape,
    filters: Params,
    budget: RowBudget | undefined,
  ): RingHit[] {
    // Built on the first near or bbox search of this snapshot (about 20 bytes a place), then kept with the connection.
    this.grid ??= this.loadGrid();
    const hits = this.grid.ring(center, inner, outer);
    budget?.take(hits.length);
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
    return loadGeoGrid(this.db);
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

/** Rows to read next: `size`, or what the budget has left when less (at least one, which fails when nothing is left). */
const chunkSize = (size: number, budget: RowBudget | undefined): number => (budget ? Math.min(size, Math.max(1, budget.left)) : size);

/** Rowids after `after` below `end`, in order, passing `accept`, until `want`: no filters, so no statement, only the points. */
function walkRowids(after: number, end: number, want: number, budget: RowBudget | undefined, accept: (rowid: number) => boolean): number[] {
  const found: number[] = [];
  let rowid = after + 1;
  while (rowid < end && found.length < want) {
    const stop = Math.min(end, rowid + chunkSize(4096, budget));
    budget?.take(stop - rowid);
    for (; rowid < stop && found.length < want; rowid += 1) if (accept(rowid)) found.push(rowid);
  }
  return found;
}
