// The one query service behind REST and MCP: validated params in, serialized Places out, over hot-swapped snapshots.
import type { SearchQuery, SnapshotInfo, SnapshotReader } from '../../pipeline/snapshot/reader-types.ts';
import type { CountryCode, Place } from '../../model/place.ts';
import type { CursorCodec } from './cursor-codec.ts';
import { validatePlaceId } from './search-params.ts';
import type { SearchParams } from './search-params.ts';
import { placeJson, placePageJson } from './serialize-place.ts';
import type { PlacePage } from './serialize-place.ts';

export interface QueryService {
  /** A PlacePage as JSON text, as REST sends it; search() is the same parsed (MCP, pages). */
  searchJson(params: SearchParams): string;
  search(params: SearchParams): PlacePage;
  /** A Place as JSON text; null for an id no current snapshot publishes; an invalid-parameter ApiError (placeId) for a bad id. */
  getPlaceJson(placeId: string): string | null;
  getPlace(placeId: string): Place | null;
  /** Snapshots in use, by country. */
  snapshots(): Partial<Record<CountryCode, SnapshotInfo>>;
}

export interface QueryServiceOptions {
  reader: SnapshotReader;
  cursors: CursorCodec;
  publicUrl: string;
  /** How often to look for a newly published snapshot (ms); 0 looks on every call. Default 1000. */
  refreshIntervalMs?: number;
  now?: () => number;
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

function toSearchQuery(params: SearchParams, afterId: string | undefined): SearchQuery {
  const query: SearchQuery = { country: params.country, limit: params.limit };
  if (params.city !== undefined) query.citySlug = params.city;
  if (params.q !== undefined) query.q = params.q;
  if (params.lodgingType !== undefined && params.lodgingType !== 'lodging') query.lodgingType = params.lodgingType;
  if (params.whatsapp !== undefined) query.whatsapp = params.whatsapp;
  if (params.verified !== undefined) query.verified = params.verified;
  if (afterId !== undefined) query.afterId = afterId;
  return query;
}

export function createQueryService(options: QueryServiceOptions): QueryService {
  const { reader, cursors, publicUrl } = options;
  const refreshIfDue = createRefresher(reader, options.refreshIntervalMs ?? 1000, options.now ?? Date.now);

  const searchJson = (params: SearchParams): string => {
    // Decode first: a bad cursor is the client's error whatever the snapshot holds.
    const afterId = params.cursor === undefined ? undefined : cursors.decode(params.cursor, params);
    refreshIfDue();
    const { rows, hasMore } = reader.searchRows(toSearchQuery(params, afterId));
    const last = rows.at(-1);
    const nextCursor = hasMore && last ? cursors.encode(last.id, params) : null;
    return placePageJson(rows, hasMore && last !== undefined, nextCursor, publicUrl);
  };
  const getPlaceJson = (placeId: string): string | null => {
    const id = validatePlaceId(placeId);
    refreshIfDue();
    const json = reader.getPlaceJson(id);
    return json === null ? null : placeJson({ id, json }, publicUrl);
  };

  // One path for REST and MCP: the parsed forms are the very text REST sends.
  return {
    searchJson,
    search: (params) => JSON.parse(searchJson(params)) as PlacePage,
    getPlaceJson,
    getPlace(placeId) {
      const json = getPlaceJson(placeId);
      return json === null ? null : (JSON.parse(json) as Place);
    },
    snapshots() {
      refreshIfDue();
      return reader.current();
    },
  };
}
