// The tools' advertised input schemas: REST's own rule set (query/search-params.ts) with agent-facing descriptions added.
// They describe; they do not validate: each call goes through REST's validators, so both surfaces refuse with the same words.
import { z } from 'zod';
import { MAX_PLACE_ID_LENGTH } from '../../model/limits.ts';
import { EXTENSION_SEARCH_PARAMETERS, SEARCH_ORDER_PARAMETERS, SPEC_SEARCH_PARAMETERS, type SearchParameter } from '../query/search-params.ts';
import { SUGGEST_PARAMETERS } from '../query/suggest-params.ts';
import { PLACE_ID_NOTE } from './tool-descriptions.ts';

/** A table of search parameters as a tool's input shape: each rule with its agent-facing note, or its own tool schema. */
export function toolShapeOf(table: Record<string, SearchParameter>): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(table).map(([name, p]) => [name, p.tool ? p.tool(p.agent) : p.rule.describe(p.agent)]));
}

/** Strict, like REST's unknown-parameter rule. */
export const searchPlacesInput = z.strictObject(toolShapeOf({ ...SPEC_SEARCH_PARAMETERS, ...EXTENSION_SEARCH_PARAMETERS, ...SEARCH_ORDER_PARAMETERS }));

export const suggestPlacesInput = z.strictObject(toolShapeOf(SUGGEST_PARAMETERS));

export const getPlaceInput = z.strictObject({
  placeId: z.string().meta({ description: PLACE_ID_NOTE, minLength: 1, maxLength: MAX_PLACE_ID_LENGTH }),
  fields: toolShapeOf({ fields: EXTENSION_SEARCH_PARAMETERS.fields }).fields!,
});
