// The tools' result schemas: the model's Place and PageInfo, a place narrowed to id and the asked fields when `fields` is given.
import { z } from 'zod';
import { MAX_PAGE_LIMIT, MAX_SUGGEST_LIMIT } from '../../model/limits.ts';
import { FACET_NAMES } from '../../pipeline/snapshot/reader-types.ts';
import { pageInfoSchema, placeSchema } from '../../model/place-schema.ts';

/** Every Place field unless the call named `fields`; then id and exactly those. */
const selectedPlace = placeSchema
  .partial()
  .required({ id: true })
  .describe('A Place: every field is present (null or [] when unpublished) unless the call named fields; then id and exactly those fields.');

export const searchPlacesOutput = z.strictObject({
  places: z.array(selectedPlace).max(MAX_PAGE_LIMIT),
  distancesMeters: z
    .array(z.number().min(0))
    .max(MAX_PAGE_LIMIT)
    .optional()
    .describe('With near only: each place\'s great-circle distance from the point in metres, in the order of places.'),
  facets: z
    .strictObject(Object.fromEntries(FACET_NAMES.map((name) => [name, z.record(z.string(), z.number().int().min(0)).optional()])))
    .optional()
    .describe('With facets only: counts over the whole result (not the page), the same on every page.'),
  page: pageInfoSchema,
});

export const suggestPlacesOutput = z.strictObject({
  places: z.array(selectedPlace).max(MAX_SUGGEST_LIMIT).describe('Best first.'),
  scores: z.array(z.number().min(0).max(1)).max(MAX_SUGGEST_LIMIT).describe('How well each place matched, from 0 to 1, in the order of places.'),
});

export const getPlaceOutput = z.strictObject({ place: selectedPlace });
