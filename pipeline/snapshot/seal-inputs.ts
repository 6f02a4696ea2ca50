// What the seal reads of each published record, made where the record is made (normalise workers), so the one
// writing thread copies columns at seal instead of taking every place's JSON apart again.
import type { StoredPlace } from '../../model/place.ts';
import { placeContentHash } from './place-hash.ts';
import { nameSortKey } from './search-words.ts';
import { placeWordsText } from './word-postings.ts';

/** The records file's seal columns (schema.sql, section records), in LISTING_COLUMNS order (statements.ts). */
export type SealInputs = [placeHash: string, geoLat: number | null, geoLng: number | null, nameKey: string, ratingKey: number, words: string];

/** The seal columns of a record that is not published: nothing the seal reads. */
export const NO_SEAL_INPUTS: Readonly<[null, null, null, null, null, null]> = Object.freeze([null, null, null, null, null, null]);

/**
 * A coordinate in 1e-7 degree as SQLite's CAST(round(x * 1e7) AS INTEGER) gives it (half away from zero), the unit the
 * grid stores (geo-grid.ts); null when it is not a number.
 */
export function gridCoordinate(degrees: unknown): number | null {
  if (typeof degrees !== 'number' || !Number.isFinite(degrees)) return null;
  const scaled = degrees * 1e7;
  const rounded = scaled >= 0 ? Math.trunc(scaled + 0.5) : -Math.trunc(-scaled + 0.5);
  return rounded === 0 ? 0 : rounded; // never -0
}

/** sort=rating's key (statements.ts RATING_KEY_OF): minus the rating, 1 when unrated. */
export function ratingKey(rating: unknown): number {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return 1;
  return rating === 0 ? 0 : -rating; // never -0
}

/** The seal columns of a published place: `served` is the object whose JSON is `servedJson`. */
export function sealInputsOf(served: StoredPlace, servedJson: string): SealInputs {
  const location = served.location;
  const lat = location ? gridCoordinate(location.latitude) : null;
  const lng = location ? gridCoordinate(location.longitude) : null;
  const located = lat !== null && lng !== null;
  // sort=name's key is the name's words one space apart: the word index's first line starts from it.
  const nameKey = nameSortKey(served.name);
  return [placeContentHash(servedJson), located ? lat : null, located ? lng : null, nameKey, ratingKey(served.rating), placeWordsText(served, nameKey)];
}
