// The tools' advertised input schemas: REST's own rule set (query/search-params.ts) with agent-facing descriptions added.
// They describe; they do not validate: each call goes through REST's validators, so both surfaces refuse with the same words.
import { z } from 'zod';
import { MAX_CURSOR_LENGTH, MAX_PLACE_ID_LENGTH, MAX_Q_LENGTH } from '../../model/limits.ts';
import { extensionParamsShape, searchParamsShape } from '../query/search-params.ts';
import { PARAMETER_NOTES } from './tool-descriptions.ts';

/**
 * Strict, like REST's unknown-parameter rule. q and cursor count characters in a refinement, which JSON Schema
 * cannot show, so their maxLength is stated as metadata. cursor may be null (the last page's nextCursor): absent.
 */
export const searchPlacesInput = z.strictObject({
  country: searchParamsShape.country.describe(PARAMETER_NOTES.country),
  city: searchParamsShape.city.describe(PARAMETER_NOTES.city),
  q: searchParamsShape.q.meta({ description: PARAMETER_NOTES.q, maxLength: MAX_Q_LENGTH }),
  lodgingType: searchParamsShape.lodgingType.describe(PARAMETER_NOTES.lodgingType),
  whatsapp: searchParamsShape.whatsapp.describe(PARAMETER_NOTES.whatsapp),
  verified: searchParamsShape.verified.describe(PARAMETER_NOTES.verified),
  limit: searchParamsShape.limit.describe(PARAMETER_NOTES.limit),
  cursor: z.string().min(1).meta({ maxLength: MAX_CURSOR_LENGTH }).nullable().optional().describe(PARAMETER_NOTES.cursor),
  near: extensionParamsShape.near.describe(PARAMETER_NOTES.near),
  radius: extensionParamsShape.radius.describe(PARAMETER_NOTES.radius),
  bbox: extensionParamsShape.bbox.describe(PARAMETER_NOTES.bbox),
  fields: extensionParamsShape.fields.describe(PARAMETER_NOTES.fields),
});

export const getPlaceInput = z.strictObject({
  placeId: z.string().meta({ description: PARAMETER_NOTES.placeId, minLength: 1, maxLength: MAX_PLACE_ID_LENGTH }),
  fields: extensionParamsShape.fields.describe(PARAMETER_NOTES.fields),
});
