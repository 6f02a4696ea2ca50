// The canonical form of a cacheable request: with the snapshot version that answered it, it names the answer's bytes.
import type { PlaceField } from '../query/extension-params.ts';
import type { SearchParams } from '../query/search-params.ts';

/** Every search parameter, in a fixed order: one added to SearchParams and not here fails the type check below. */
const SEARCH_FORM_ORDER = [
  'country', 'city', 'q', 'lodgingType', 'whatsapp', 'verified', 'limit', 'cursor',
  'near', 'radius', 'bbox', 'fields', 'sort', 'match', 'facets',
] as const satisfies readonly (keyof SearchParams)[];
type Unnamed = Exclude<keyof SearchParams, (typeof SEARCH_FORM_ORDER)[number]>;
const everyParameterNamed: [Unnamed] extends [never] ? true : Unnamed = true;
void everyParameterNamed;

/**
 * A search as its validated parameters, each in its fixed place (absent ones null), so two requests that differ only
 * in the order or the encoding of their query strings have one form, and any parameter that changes a page changes it.
 */
export function searchForm(params: SearchParams): string {
  const values: unknown[] = ['places'];
  for (const name of SEARCH_FORM_ORDER) values.push(params[name] ?? null);
  return JSON.stringify(values);
}

/** A place by id, whole or with some fields. */
export function placeForm(placeId: string, fields: readonly PlaceField[] | undefined): string {
  return JSON.stringify(['place', placeId, fields ?? null]);
}
