// The tools' input schemas: REST's own rule set (query/search-params.ts) with agent-facing descriptions added, never new rules.
import { z } from 'zod';
import { isInvalidParameters } from '../errors.ts';
import { MAX_CURSOR_LENGTH, MAX_PLACE_ID_LENGTH, MAX_Q_LENGTH, searchParamsShape, validatePlaceId } from '../query/search-params.ts';
import { PARAMETER_NOTES } from './tool-descriptions.ts';

/**
 * Strict, like REST's unknown-parameter rule. q and cursor count characters in a refinement, which JSON Schema
 * cannot show, so their maxLength is stated as metadata for the advertised schema.
 */
export const searchPlacesInput = z.strictObject({
  country: searchParamsShape.country.describe(PARAMETER_NOTES.country),
  city: searchParamsShape.city.describe(PARAMETER_NOTES.city),
  q: searchParamsShape.q.meta({ description: PARAMETER_NOTES.q, maxLength: MAX_Q_LENGTH }),
  lodgingType: searchParamsShape.lodgingType.describe(PARAMETER_NOTES.lodgingType),
  whatsapp: searchParamsShape.whatsapp.describe(PARAMETER_NOTES.whatsapp),
  verified: searchParamsShape.verified.describe(PARAMETER_NOTES.verified),
  limit: searchParamsShape.limit.describe(PARAMETER_NOTES.limit),
  cursor: searchParamsShape.cursor.meta({ description: PARAMETER_NOTES.cursor, maxLength: MAX_CURSOR_LENGTH }),
});

/** REST's path rule (validatePlaceId), run inside zod so a bad id is refused with the same words. */
const placeId = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .superRefine((value, context) => {
    try {
      validatePlaceId(value);
    } catch (error) {
      if (!isInvalidParameters(error)) throw error;
      for (const problem of error.errors) context.addIssue({ code: 'custom', message: problem.message });
    }
  })
  .meta({ description: PARAMETER_NOTES.placeId, minLength: 1, maxLength: MAX_PLACE_ID_LENGTH });

export const getPlaceInput = z.strictObject({ placeId });
