// The API's side of the one allowlist: rows are stored already reduced to the spec's Place fields
// (model/served-place.ts); serving appends profileUrl and wraps a page, without re-serializing places.
import { withProfileUrl } from '../../model/served-place.ts';
import { PLACE_FIELDS } from '../../model/place.ts';
import type { Place } from '../../model/place.ts';
import type { PlaceField } from './extension-params.ts';
import type { FacetCounts, ServedRow } from '../../pipeline/snapshot/reader-types.ts';

/** A response body and the published snapshot version that answered it (null: the country has none yet). */
export interface Served {
  json: string;
  version: string | null;
}

export interface PlacePage {
  places: Place[];
  /** Near searches only: each place's great-circle distance from the point, in metres (0.1 m steps). */
  distancesMeters?: number[];
  /** With facets only: counts over the whole result. */
  facets?: FacetCounts;
  page: { count: number; hasMore: boolean; nextCursor: string | null };
}

/** One Place as JSON text; with `fields`, its id and those fields only (in the Place's field order). */
export function placeJson(row: ServedRow, publicUrl: string, fields?: readonly PlaceField[]): string {
  const full = withProfileUrl(row.json, row.id, publicUrl);
  if (fields === undefined) return full;
  const place = JSON.parse(full) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const field of PLACE_FIELDS) if (field === 'id' || fields.includes(field)) picked[field] = place[field];
  return JSON.stringify(picked);
}

export interface PageExtras {
  fields?: readonly PlaceField[];
  distances?: readonly number[];
  facets?: FacetCounts;
}

/** A PlacePage as JSON text: `places` in order, `distancesMeters` for a near search, then `page`. */
export function placePageJson(
  rows: readonly ServedRow[],
  hasMore: boolean,
  nextCursor: string | null,
  publicUrl: string,
  extras: PageExtras = {},
): string {
  const page = { count: rows.length, hasMore, nextCursor: hasMore ? nextCursor : null };
  const distances = extras.distances ? `,"distancesMeters":${JSON.stringify(extras.distances.map((d) => Math.round(d * 10) / 10))}` : '';
  const facets = extras.facets ? `,"facets":${JSON.stringify(extras.facets)}` : '';
  return `{"places":[${rows.map((row) => placeJson(row, publicUrl, extras.fields)).join(',')}]${distances}${facets},"page":${JSON.stringify(page)}}`;
}
