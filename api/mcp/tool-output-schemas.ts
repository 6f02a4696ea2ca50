// The tools' result schemas: the model's Place and PageInfo, a place narrowed to id and the asked fields when `fields` is given.
import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../../model/limits.ts';
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
  page: pageInfoSchema,
});

export const getPlaceOutput = z.strictObject({ place: selectedPlace });
