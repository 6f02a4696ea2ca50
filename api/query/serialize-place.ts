// The API's side of the one allowlist: rows are stored already reduced to the spec's Place fields
// (pipeline/snapshot/served-place.ts); serving appends profileUrl and wraps a page, without re-serializing places.
import { withProfileUrl } from '../../model/served-place.ts';
import type { Place } from '../../model/place.ts';
import type { ServedRow } from '../../pipeline/snapshot/reader-types.ts';

export interface PlacePage {
  places: Place[];
  page: { count: number; hasMore: boolean; nextCursor: string | null };
}

/** One Place as JSON text. */
export function placeJson(row: ServedRow, publicUrl: string): string {
  return withProfileUrl(row.json, row.id, publicUrl);
}

/** A PlacePage as JSON text: `places` in order, then `page`. */
export function placePageJson(rows: readonly ServedRow[], hasMore: boolean, nextCursor: string | null, publicUrl: string): string {
  const page = { count: rows.length, hasMore, nextCursor: hasMore ? nextCursor : null };
  return `{"places":[${rows.map((row) => placeJson(row, publicUrl)).join(',')}],"page":${JSON.stringify(page)}}`;
}
