// The one query service behind REST and MCP: validated params in, serialized Places out, over hot-swapped snapshots.
import { RowBudget, RowBudgetExceeded, type SearchQuery, type SnapshotInfo, type SnapshotReader } from '../../pipeline/snapshot/reader-types.ts';
import { DEFAULT_NEAR_RADIUS_M, DEFAULT_QUERY_ROW_BUDGET } from '../../model/limits.ts';
import { ApiError } from '../errors.ts';
import { changesPage, type ChangesParams } from './change-feed.ts';
import type { PlaceField } from './extension-params.ts';
import { placeApiUrlFor, profileUrlFor, type CountryCode, type Place } from '../../model/place.ts';
import type { CursorCodec, NearPosition, SortedPosition } from './cursor-codec.ts';
import { validatePlaceId } from './search-params.ts';
import type { SearchParams } from './search-params.ts';
import type { SuggestParams } from './suggest-params.ts';
import { suggestServed } from './suggest-service.ts';
import { placeJson, placePageJson } from './serialize-place.ts';
import type { PageExtras, PlacePage, Served } from './serialize-place.ts';

export type { Served } from './serialize-place.ts';

export interface QueryService {
  /** A PlacePage as JSON text, as REST sends it; search() is the same parsed (MCP, pages). */
  searchJson(params: SearchParams): string;
  searchServed(params: SearchParams): Served;
  /** Suggestions as one types: `{"places":[…],"scores":[…]}`. */
  suggestServed(params: SuggestParams): Served;
  search(params: SearchParams): PlacePage;
  /** A Place as JSON text; null for an id no current snapshot publishes; an invalid-parameter ApiError (placeId) for a bad id. */
  getPlaceJson(placeId: string, fields?: readonly PlaceField[]): string | null;
  /** `{"place":…}` and its version, or null (404). */
  getPlaceServed(placeId: string, fields?: readonly PlaceField[]): Served | null;
  getPlace(placeId: string, fields?: readonly PlaceField[]): Place | null;
  /**
   * For an id not served because it is the same place as another (docs/data-rules.md, "One place, published once"):
   * the kept id, its API URL and profile page; null for any other id.
   */
  keptPlaceOf(placeId: string): KeptPlace | null;
  /** The change feed: a ChangesPage as JSON text; a version-gone ApiError when `since` or the walk's target is not kept. */
  changes(params: ChangesParams): Served;
  /** Snapshots in use, by country. */
  snapshots(): Partial<Record<CountryCode, SnapshotInfo>>;
  /** The country whose snapshot would hold this id (from its prefix), or null. */
  countryOfId(placeId: string): CountryCode | null;
  /** The version of the country's snapshot that would answer now (after a refresh when one is due), or null. */
  currentVersion(country: CountryCode): string | null;
}

export interface KeptPlace {
  id: string;
  apiUrl: string;
  profileUrl: string;
}

export interface QueryServiceOptions {
  reader: SnapshotReader;
  cursors: CursorCodec;
  publicUrl: string;
  /** How often to look for a newly published snapshot (ms); 0 looks on every call. Default 1000. */
  refreshIntervalMs?: number;
  now?: () => number;
  /** Rows one extension query (near, bbox, changes) may read before it answers over-budget (503). Default DEFAULT_QUERY_ROW_BUDGET. */
  rowBudget?: number;
}

/** Runs an extension query within its row budget: past it, the 503 that says so (progress a walk made is kept). */
function withinBudget<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof RowBudgetExceeded)) throw error;
    throw new ApiError(
      'over-budget',
      `This request would read more than ${error.budget} rows. Narrow it (a smaller box or radius, other filters), or retry after Retry-After seconds: the change feed goes on from where it stopped.`,
    );
  }
}

/** Calls reader.refresh() at most once per interval, from the request path, so no timer keeps the process alive. */
function createRefresher(reader: SnapshotReader, intervalMs: number, now: () => number): () => void {
  let lastRefresh = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    if (time - lastRefresh < intervalMs) return;
    lastRefresh = time;
    reader.refresh();
  };
}

function toSearchQuery(params: SearchParams, afterId: string | undefined, nearAfter?: NearPosition, sortAfter?: SortedPosition): SearchQuery {
  const query: SearchQuery = { country: params.country, limit: params.limit };
  if (params.city !== undefined) query.citySlug = params.city;
  if (params.q !== undefined) query.q = params.q;
  if (params.lodgingType !== undefined && params.lodgingType !== 'lodging') query.lodgingType = params.lodgingType;
  if (params.whatsapp !== undefined) query.whatsapp = params.whatsapp;
  if (params.verified !== undefined) query.verified = params.verified;
  if (afterId !== undefined) query.afterId = afterId;
  if (params.near) {
    // A literal: spreading the point and adding `after` later cost ~0.4–1 µs a request.
    const { latitude, longitude } = params.near;
    const radius = params.radius ?? DEFAULT_NEAR_RADIUS_M;
    query.near = nearAfter ? { latitude, longitude, radius, after: nearAfter } : { latitude, longitude, radius };
  }
  if (params.bbox) query.bbox = params.bbox;
  if (params.sort) query.sort = params.sort;
  if (params.match) query.match = params.match;
  if (params.facets) query.facets = params.facets;
  if (sortAfter) query.sortAfter = sortAfter;
  return query;
}

export function createQueryService(options: QueryServiceOptions): QueryService {
  const { reader, cursors, publicUrl } = options;
  const refreshIfDue = createRefresher(reader, options.refreshIntervalMs ?? 1000, options.now ?? Date.now);
  const rowBudget = options.rowBudget ?? DEFAULT_QUERY_ROW_BUDGET;

  const searchServed = (params: SearchParams): Served => {
    // Decode first: a bad cursor is the client's error whatever the snapshot holds.
    const near = params.near !== undefined;
    const nearAfter = near && params.cursor !== undefined ? cursors.decodeNear(params.cursor, params) : undefined;
    const sorted = params.sort !== undefined;
    const sortAfter = sorted && params.cursor !== undefined ? cursors.decodeSorted(params.cursor, params) : undefined;
    const afterId = params.cursor === undefined || near || sorted ? undefined : cursors.decode(params.cursor, params);
    refreshIfDue();
    const query = toSearchQuery(params, afterId, nearAfter, sortAfter);
    let found;
    if (near || params.bbox) {
      // Extensions only: a search the specification defines is planned on indexes and never cut short.
      query.budget = new RowBudget(rowBudget);
      found = withinBudget(() => reader.searchRows(query));
    } else found = reader.searchRows(query);
    const { rows, hasMore, distances, version, sortKey, facets } = found;
    const last = rows.at(-1);
    let nextCursor: string | null = null;
    if (hasMore && last && sorted && sortKey !== undefined) nextCursor = cursors.encodeSorted({ key: sortKey, id: last.id }, params);
    else if (hasMore && last && distances) {
      const span = (distances.at(-1) ?? 0) - (distances[0] ?? 0);
      nextCursor = cursors.encodeNear({ id: last.id, distance: distances.at(-1) ?? 0, span }, params);
    } else if (hasMore && last) nextCursor = cursors.encode(last.id, params);
    const extras: PageExtras = {};
    if (params.fields) extras.fields = params.fields;
    if (near) extras.distances = distances ?? [];
    if (params.facets) extras.facets = facets ?? {};
    return { json: placePageJson(rows, hasMore && last !== undefined, nextCursor, publicUrl, extras), version: version ?? null };
  };
  const getPlaceJson = (placeId: string, fields?: readonly PlaceField[]): string | null => {
    const id = validatePlaceId(placeId);
    refreshIfDue();
    const json = reader.getPlaceJson(id);
    return json === null ? null : placeJson({ id, json }, publicUrl, fields);
  };
  const versionOf = (country: CountryCode | null): string | null => (country === null ? null : reader.versionOf(country));

  // One path for REST and MCP: the parsed forms are the very text REST sends.
  return {
    searchJson: (params) => searchServed(params).json,
    searchServed,
    suggestServed(params) {
      refreshIfDue();
      return suggestServed(reader, params, publicUrl);
    },
    search: (params) => JSON.parse(searchServed(params).json) as PlacePage,
    getPlaceJson,
    getPlaceServed(placeId, fields) {
      const json = getPlaceJson(placeId, fields);
      return json === null ? null : { json: `{"place":${json}}`, version: versionOf(reader.countryOfId(placeId)) };
    },
    getPlace(placeId, fields) {
      const json = getPlaceJson(placeId, fields);
      return json === null ? null : (JSON.parse(json) as Place);
    },
    keptPlaceOf(placeId) {
      const id = validatePlaceId(placeId);
      refreshIfDue();
      const kept = reader.keptIdOf(id);
      return kept === null ? null : { id: kept, apiUrl: placeApiUrlFor(publicUrl, kept), profileUrl: profileUrlFor(publicUrl, kept) };
    },
    changes(params) {
      refreshIfDue();
      return withinBudget(() => changesPage(reader, cursors, params, options.publicUrl, new RowBudget(rowBudget)));
    },
    snapshots() {
      refreshIfDue();
      return reader.current();
    },
    countryOfId: (placeId) => reader.countryOfId(placeId),
    currentVersion(country) {
      refreshIfDue();
      return reader.versionOf(country);
    },
  };
}
