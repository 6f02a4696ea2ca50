// The suggestion endpoint's parameters, defined once (REST, OpenAPI and the MCP tool read this table): the search's own
// country, q, near and fields rules, a shorter limit.
import { z } from 'zod';
import { DEFAULT_SUGGEST_LIMIT, MAX_Q_LENGTH, MAX_SUGGEST_LIMIT } from '../../model/limits.ts';
import { invalidParameters } from '../errors.ts';
import type { ParameterError } from '../errors.ts';
import { parseFields, parseNear } from './extension-params.ts';
import type { GeoPoint, PlaceField } from './extension-params.ts';
import { EXTENSION_SEARCH_PARAMETERS, rulesOf, SPEC_SEARCH_PARAMETERS, type SearchParameter } from './search-params.ts';
import type { CountryCode } from '../../model/place.ts';

export interface SuggestParams {
  country: CountryCode;
  q: string;
  limit: number;
  near?: GeoPoint;
  fields: PlaceField[];
}

/** What a suggestion holds unless fields= says otherwise: enough to show it in a list. */
export const DEFAULT_SUGGEST_FIELDS: readonly PlaceField[] = ['name', 'lodgingType', 'address'];
const LIMIT_RULE = `must be an integer from 1 to ${MAX_SUGGEST_LIMIT}`;

export const SUGGEST_PARAMETERS = {
  country: SPEC_SEARCH_PARAMETERS.country,
  q: {
    ...SPEC_SEARCH_PARAMETERS.q,
    rule: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).pipe(SPEC_SEARCH_PARAMETERS.q.rule.unwrap()),
    openapi: {
      required: true,
      description:
        'What was typed so far: name and city words, the last one possibly unfinished. Accent-, case- and punctuation-insensitive; a word of 4–7 letters may hold one mistake, one of 8 or more two (a letter missing, extra, replaced, or two neighbours swapped).',
      schema: { type: 'string', minLength: 1, maxLength: MAX_Q_LENGTH },
    },
    agent: 'What a person typed so far (e.g. "hotel agu"): name and city words, the last one possibly unfinished; typing mistakes tolerated.',
    /** Required here; its length counted in a refinement, stated as metadata. */
    tool: (note: string) => SPEC_SEARCH_PARAMETERS.q.rule.unwrap().meta({ description: note, maxLength: MAX_Q_LENGTH }),
  },
  limit: {
    rule: z.number({ error: LIMIT_RULE }).int({ error: LIMIT_RULE }).min(1, { error: LIMIT_RULE }).max(MAX_SUGGEST_LIMIT, { error: LIMIT_RULE }).default(DEFAULT_SUGGEST_LIMIT),
    openapi: { description: 'Suggestions.', schema: { type: 'integer', minimum: 1, maximum: MAX_SUGGEST_LIMIT, default: DEFAULT_SUGGEST_LIMIT } },
    agent: `Suggestions, 1 to ${MAX_SUGGEST_LIMIT} (default ${DEFAULT_SUGGEST_LIMIT}).`,
  },
  near: {
    ...EXTENSION_SEARCH_PARAMETERS.near,
    openapi: { ...EXTENSION_SEARCH_PARAMETERS.near.openapi, description: '`LAT,LNG`, latitude first: among equally good matches, closer places come first. Example: `28.4874,-16.3159`.' },
    agent: 'A point as "LAT,LNG", latitude first: among equally good matches, closer places first.',
  },
  fields: {
    ...EXTENSION_SEARCH_PARAMETERS.fields,
    openapi: { ...EXTENSION_SEARCH_PARAMETERS.fields.openapi, description: `Comma-separated Place fields each suggestion holds besides id (default \`${DEFAULT_SUGGEST_FIELDS.join(',')}\`).` },
    agent: `Comma-separated Place fields each suggestion holds besides id (default "${DEFAULT_SUGGEST_FIELDS.join(',')}").`,
  },
} satisfies Record<string, SearchParameter>;

export const SUGGEST_PARAMETER_NAMES = Object.keys(SUGGEST_PARAMETERS);
const suggestSchema = z.strictObject(rulesOf(SUGGEST_PARAMETERS));

/** Typed input → SuggestParams, or an invalid-parameter ApiError naming every bad parameter. */
export function validateSuggestParams(input: Record<string, unknown>): SuggestParams {
  const parsed = suggestSchema.safeParse(input);
  if (!parsed.success) {
    const errors: ParameterError[] = [];
    for (const issue of parsed.error.issues) {
      const names = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? 'query')];
      for (const parameter of names) {
        const message = issue.code === 'unrecognized_keys' ? 'is not a known parameter' : issue.message;
        if (!errors.some((e) => e.parameter === parameter)) errors.push({ parameter, message });
      }
    }
    throw invalidParameters(errors);
  }
  const { country, q, limit, near, fields } = parsed.data;
  const params: SuggestParams = { country, q, limit, fields: [...DEFAULT_SUGGEST_FIELDS] };
  if (near !== undefined) {
    const point = parseNear(near);
    if ('value' in point) params.near = point.value;
  }
  if (fields !== undefined) {
    const picked = parseFields(fields);
    if ('value' in picked) params.fields = picked.value;
  }
  return params;
}
