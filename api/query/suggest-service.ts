// Suggestions as one types, served: the reader's best matches as Place subsets with their scores, in one JSON text.
import type { SnapshotReader } from '../../pipeline/snapshot/reader-types.ts';
import { placeJson, type Served } from './serialize-place.ts';
import type { SuggestParams } from './suggest-params.ts';

/** `{"places":[…],"scores":[…]}`: scores parallel to places, best first, from 0 to 1. */
export function suggestServed(reader: SnapshotReader, params: SuggestParams, publicUrl: string): Served {
  const query = { country: params.country, q: params.q, limit: params.limit, ...(params.near ? { near: params.near } : {}) };
  const { rows, scores, version } = reader.suggest(query);
  const places = rows.map((row) => placeJson(row, publicUrl, params.fields)).join(',');
  return { json: `{"places":[${places}],"scores":${JSON.stringify(scores)}}`, version: version ?? null };
}
