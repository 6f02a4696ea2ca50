// The search and get rules of the spec's tables, once: REST converts its strings and MCP its JSON into these checks.
import { z } from 'zod';
import {
  CITY_SLUG_PATTERN,
  DEFAULT_NEAR_RADIUS_M,
  DEFAULT_PAGE_LIMIT,
  MAX_CURSOR_LENGTH,
  MAX_NEAR_RADIUS_M,
  MAX_PAGE_LIMIT,
  MAX_PLACE_ID_LENGTH,
  MAX_Q_LENGTH,
  MIN_NEAR_RADIUS_M,
} from '../../model/limits.ts';
import { COUNTRY_CODES, LODGING_TYPES_BY_SPECIFICITY, PLACE_FIELDS } from '../../model/place.ts';
import type { CountryCode, LodgingType } from '../../model/place.ts';
import { invalidParameter, invalidParameters } from '../errors.ts';
import type { ParameterError } from '../errors.ts';
import { parseBbox, parseFields, parseNear } from './extension-params.ts';
import { parseFacets } from './facet-list.ts';
import { CITY_FACET_SIZE, FACET_NAMES, SEARCH_MATCHES, SEARCH_SORTS } from '../../pipeline/snapshot/reader-types.ts';
import type { FacetName } from '../../pipeline/snapshot/reader-types.ts';
import type { GeoBounds, GeoPoint, PlaceField } from './extension-params.ts';

export interface SearchParams {
  country: CountryCode;
  city?: string;
  q?: string;
  /** 'lodging' is accepted and restricts nothing. */
  lodgingType?: LodgingType;
  whatsapp?: boolean;
  verified?: boolean;
  limit: number;
  cursor?: string;
  /** Extensions: places near a point (radius in metres, set whenever near is), inside a box, or only some fields. */
  near?: GeoPoint;
  radius?: number;
  bbox?: GeoBounds;
  fields?: PlaceField[];
  /** Orders other than the defaults (id; distance with near). */
  sort?: 'relevance' | 'name' | 'rating';
  /** q's matching other than the default (literal). */
  match?: 'words' | 'typo';
  facets?: FacetName[];
}

/** A string parameter checked by one of extension-params' parsers (the parsed value is taken again after validation). */
const parsedText = (parse: (text: string) => { error: string } | { value: unknown }) =>
  z
    .string({ error: 'must be a string' })
    .superRefine((text, ctx) => {
      const parsed = parse(text);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
    })
    .optional();
const RADIUS_RULE = `must be an integer number of metres from ${MIN_NEAR_RADIUS_M} to ${MAX_NEAR_RADIUS_M}`;

/** Lengths in characters (code points), as JSON Schema's maxLength counts them. */
export const characterLength = (value: string): number => [...value].length;

/** A string has no more code points than UTF-16 units: only a longer one needs counting (a cursor is ~170 units). */
const maxChars = (max: number) => (value: string) => value.length <= max || characterLength(value) <= max;

/** C0, DEL and C1 controls: q is literal text to match, and no published name holds one. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * One search parameter, defined once: the rule REST and MCP both check, the OpenAPI parameter (a query parameter
 * named by its key) and the note an agent reads in the MCP tool's input schema. OpenAPI, the MCP tool schema and
 * the list of known names are all read from the tables below, so a new parameter is one entry.
 */
export interface SearchParameter {
  rule: z.ZodType;
  openapi: { required?: true; description: string; schema: Record<string, unknown> };
  agent: string;
  /** The tool's input schema when it is not the rule with the note (a rule JSON Schema cannot show, a null allowed). */
  tool?: (note: string) => z.ZodType;
}

const booleanText = { type: 'string', enum: ['true', 'false'] };
const Q_RULE = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'must not be empty' })
  .refine(maxChars(MAX_Q_LENGTH), { error: `must be at most ${MAX_Q_LENGTH} characters` })
  .refine((value) => !CONTROL_CHARACTER.test(value), { error: 'must not contain control characters' })
  .optional();
const PAGE_LIMIT_RULE = `must be an integer from 1 to ${MAX_PAGE_LIMIT}`;

/** The spec's search parameters, in the spec's order. */
export const SPEC_SEARCH_PARAMETERS = {
  country: {
    rule: z.enum(COUNTRY_CODES, {
      error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${COUNTRY_CODES.join(', ')}`),
    }),
    openapi: {
      required: true,
      description: 'Country of the dataset. The list grows as datasets are published.',
      schema: { type: 'string', enum: [...COUNTRY_CODES] },
    },
    agent: 'Country code: es (Spain), gb (United Kingdom), fr (France), pt (Portugal).',
  },
  city: {
    rule: z
      .string({ error: 'must be a string' })
      .regex(CITY_SLUG_PATTERN, { error: 'must be a lowercase slug such as "madrid" or "a-coruna"' })
      .optional(),
    openapi: {
      description: 'City slug: lower-case ASCII, accents stripped, other runs as "-" ("A Coruña" → a-coruna). A city known under several names (A Coruña / La Coruña, Donostia / San Sebastián, Lisboa / Lisbon) is found by the slug of any of them; places whose published city is not a place ("s/n", a postal code) have no city.',
      schema: { type: 'string', pattern: CITY_SLUG_PATTERN.source, examples: ['madrid'] },
    },
    agent:
      'City as a lowercase ASCII slug: accents removed, other characters to single hyphens (e.g. "madrid", ' +
      '"a-coruna", "london"). Omit to search the whole country.',
  },
  q: {
    rule: Q_RULE,
    openapi: {
      description: 'Literal text matched case- and accent-insensitively across names, city and lodging categories. Control characters (U+0000–U+001F, U+007F–U+009F) are a 400 naming q.',
      schema: { type: 'string', minLength: 1, maxLength: MAX_Q_LENGTH },
    },
    agent: `Literal text matched (case- and accent-insensitive) in names, city and the provider's category labels; not semantic search. At most ${MAX_Q_LENGTH} characters.`,
    /** Counted in a refinement, which JSON Schema cannot show: the maxLength is stated as metadata. */
    tool: (note: string) => Q_RULE.meta({ description: note, maxLength: MAX_Q_LENGTH }),
  },
  lodgingType: {
    rule: z
      .enum(LODGING_TYPES_BY_SPECIFICITY, { error: `must be one of ${LODGING_TYPES_BY_SPECIFICITY.join(', ')}` })
      .optional(),
    openapi: { description: 'One value; `lodging` restricts nothing.', schema: { $ref: '#/components/schemas/LodgingType' } },
    agent: 'One lodgingType key (see the tool description). "lodging" restricts nothing.',
  },
  whatsapp: {
    rule: z.boolean({ error: 'must be true or false' }).optional(),
    openapi: {
      description: '`true`: places whose primary number appears WhatsApp-reachable; `false`: places whose does not. Exactly true or false.',
      schema: booleanText,
    },
    agent:
      'true: only places whose primary number appears WhatsApp-reachable; false: only places where it does not. ' +
      'A reachability signal, not consent to message.',
  },
  verified: {
    rule: z.boolean({ error: 'must be true or false' }).optional(),
    openapi: {
      description: '`true`: listings marked verified by the provider; `false`: listings not so marked. Exactly true or false.',
      schema: booleanText,
    },
    agent: 'true: only listings the provider marks verified; false: only those it does not.',
  },
  limit: {
    rule: z
      .number({ error: PAGE_LIMIT_RULE })
      .int({ error: PAGE_LIMIT_RULE })
      .min(1, { error: PAGE_LIMIT_RULE })
      .max(MAX_PAGE_LIMIT, { error: PAGE_LIMIT_RULE })
      .default(DEFAULT_PAGE_LIMIT),
    openapi: { description: 'Page size.', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT } },
    agent: `Places per page, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_PAGE_LIMIT}).`,
  },
  cursor: {
    rule: z
      .string({ error: 'must be a string' })
      .min(1, { error: 'must not be empty' })
      .refine(maxChars(MAX_CURSOR_LENGTH), { error: `must be at most ${MAX_CURSOR_LENGTH} characters` })
      .optional(),
    openapi: {
      description:
        'page.nextCursor of the preceding response, with the same filters (limit may change). Opaque and signed; a malformed, altered or foreign cursor is a 400. Cursors do not expire.',
      schema: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH },
    },
    agent: `page.nextCursor of the previous result, to get the next page; repeat the same filters with it. At most ${MAX_CURSOR_LENGTH} characters.`,
    /** May be null (the last page's nextCursor): absent. */
    tool: (note: string) => z.string().min(1).meta({ maxLength: MAX_CURSOR_LENGTH }).nullable().optional().describe(note),
  },
} satisfies Record<string, SearchParameter>;

/** Beyond the spec: nearby and map-area search, field selection. */
export const EXTENSION_SEARCH_PARAMETERS = {
  near: {
    rule: parsedText(parseNear),
    openapi: {
      description:
        'Nearby search: `LAT,LNG` in WGS84 decimal degrees, **latitude first**. Places within `radius` metres (great-circle distance), nearest first, ties by id; the page adds `distancesMeters`. Combines with every filter; not with `bbox`. A latitude outside ±90, a longitude outside ±180 or a malformed pair is a 400 naming near. Example: `40.4168,-3.7038` (Madrid).',
      schema: { type: 'string', pattern: '^[+-]?[0-9.]+,[+-]?[0-9.]+$' },
    },
    agent: 'A point as "LAT,LNG" in decimal degrees, latitude first (e.g. "40.4168,-3.7038"): places within radius of it, nearest first.',
  },
  radius: {
    rule: z.number({ error: RADIUS_RULE }).int({ error: RADIUS_RULE }).min(MIN_NEAR_RADIUS_M, { error: RADIUS_RULE }).max(MAX_NEAR_RADIUS_M, { error: RADIUS_RULE }).optional(),
    openapi: {
      description: `With \`near\` only (alone it is a 400): the distance in metres, default ${DEFAULT_NEAR_RADIUS_M}.`,
      schema: { type: 'integer', minimum: MIN_NEAR_RADIUS_M, maximum: MAX_NEAR_RADIUS_M },
    },
    agent: `With near: the distance in metres, 1 to ${MAX_NEAR_RADIUS_M} (default ${DEFAULT_NEAR_RADIUS_M}).`,
  },
  bbox: {
    rule: parsedText(parseBbox),
    openapi: {
      description:
        'Map-area search: `MIN_LNG,MIN_LAT,MAX_LNG,MAX_LAT` (GeoJSON order, **longitude first**), edges included, results in id order. A box crossing the antimeridian (MIN_LNG > MAX_LNG) is a 400: send one box for each side. Not with `near`. Example: `-3.75,40.39,-3.65,40.45` (central Madrid).',
      schema: { type: 'string' },
    },
    agent: 'A map area as "MIN_LNG,MIN_LAT,MAX_LNG,MAX_LAT" in decimal degrees, longitude first (GeoJSON order); not across ±180° longitude, not with near.',
  },
  fields: {
    rule: parsedText(parseFields),
    openapi: {
      description: `Comma-separated Place fields; each place then holds \`id\` and exactly those (see PlaceSelection). An unknown or repeated field is a 400 naming fields. One of: ${PLACE_FIELDS.filter((f) => f !== 'id').join(', ')}. Example: \`name,phone,location\`.`,
      schema: { type: 'string' },
    },
    agent: 'Comma-separated Place fields to return (e.g. "name,phone,location"); each place then holds id and those fields only.',
  },
} satisfies Record<string, SearchParameter>;

/** Beyond the spec: other orders, tolerant matching of q, facet counts. */
export const SEARCH_ORDER_PARAMETERS = {
  sort: {
    rule: z.enum(SEARCH_SORTS, { error: `must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    openapi: {
      description:
        'Order of the results, ties by id: `id` (default), `relevance` (needs `q`: whole-word name matches first, then partial name matches, then city or category matches), `name` (folded name, A→Z), `rating` (best first, unrated last), `distance` (the order of `near`, and its default). With `near` only `distance`; with `bbox` only `id`. Cursors carry the order.',
      schema: { type: 'string', enum: [...SEARCH_SORTS] },
    },
    agent: 'Order: "id" (default), "relevance" (needs q: best matches first), "name" (A to Z), "rating" (best first, unrated last), "distance" (with near; its default).',
  },
  match: {
    rule: z.enum(SEARCH_MATCHES, { error: `must be one of ${SEARCH_MATCHES.join(', ')}` }).optional(),
    openapi: {
      description:
        'How `q` matches (needs `q`; not with `near` or `bbox`): `literal` (default, the text as typed), `words` (every word of q, whole, in any order), `typo` (as words, a word of 4–7 letters may hold one mistake and one of 8 or more two: a letter missing, extra, replaced, or two neighbours swapped).',
      schema: { type: 'string', enum: [...SEARCH_MATCHES] },
    },
    agent: 'How q matches: "literal" (default), "words" (every word, any order), "typo" (every word, allowing a typing mistake or two).',
  },
  facets: {
    rule: parsedText(parseFacets),
    openapi: {
      description: `Comma-separated counts to add over the whole result (not the page), the same on every page: ${FACET_NAMES.join(', ')}. \`city\` holds the ${CITY_FACET_SIZE} largest cities by slug; the booleans count \`true\` and \`false\`. Not with \`near\` or \`bbox\`. Example: \`lodgingType,city\`.`,
      schema: { type: 'string' },
    },
    agent: `Comma-separated counts over the whole result: ${FACET_NAMES.join(', ')} (e.g. "lodgingType,city").`,
  },
} satisfies Record<string, SearchParameter>;

type RulesOf<T extends Record<string, { rule: z.ZodType }>> = { [K in keyof T]: T[K]['rule'] };

/** The rules of a parameter table, as a zod shape. */
export function rulesOf<T extends Record<string, { rule: z.ZodType }>>(table: T): RulesOf<T> {
  return Object.fromEntries(Object.entries(table).map(([name, { rule }]) => [name, rule])) as RulesOf<T>;
}

/** The typed parameter shape of the spec's table; MCP's tool definition reads the same rules. */
export const searchParamsShape = rulesOf(SPEC_SEARCH_PARAMETERS);
/** The fields/geo extension parameters, shared by REST and the MCP tools. */
export const extensionParamsShape = rulesOf(EXTENSION_SEARCH_PARAMETERS);
/** The order, match and facet parameters, shared by REST and the MCP tools. */
export const orderParamsShape = rulesOf(SEARCH_ORDER_PARAMETERS);
/** Every name a search takes: REST refuses any other. */
export const SEARCH_PARAMETER_NAMES = [
  ...Object.keys(SPEC_SEARCH_PARAMETERS),
  ...Object.keys(EXTENSION_SEARCH_PARAMETERS),
  ...Object.keys(SEARCH_ORDER_PARAMETERS),
];

const searchParamsSchema = z.strictObject({ ...searchParamsShape, ...extensionParamsShape, ...orderParamsShape }).superRefine((params, ctx) => {
  for (const issue of orderIssues(params)) ctx.addIssue({ code: 'custom', ...issue });
  if (params.radius !== undefined && params.near === undefined) {
    ctx.addIssue({ code: 'custom', path: ['radius'], message: 'needs near: it is the distance from that point (near=LAT,LNG)' });
  }
  if (params.bbox !== undefined && params.near !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['bbox'], message: 'cannot be combined with near: send one or the other' });
  }
});

/** The order parameters' combinations with q and the geo searches. */
function orderIssues(params: { q?: string; near?: string; bbox?: string; sort?: string; match?: string; facets?: string }): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const { sort, match } = params;
  if (sort === 'distance' && params.near === undefined) issues.push({ path: ['sort'], message: 'distance needs near: it is the distance from that point (near=LAT,LNG)' });
  else if (sort !== undefined && sort !== 'distance' && params.near !== undefined) issues.push({ path: ['sort'], message: 'with near, places come nearest first: use sort=distance or leave sort out' });
  else if (sort !== undefined && sort !== 'id' && params.bbox !== undefined) issues.push({ path: ['sort'], message: 'with bbox, places come in id order: use sort=id or leave sort out' });
  else if (sort === 'relevance' && params.q === undefined) issues.push({ path: ['sort'], message: 'relevance needs q: it orders by how well places match it' });
  if (match !== undefined && match !== 'literal') {
    if (params.q === undefined) issues.push({ path: ['match'], message: `${match} needs q: it says how q matches` });
    else if (params.near !== undefined || params.bbox !== undefined) issues.push({ path: ['match'], message: 'cannot be combined with near or bbox: leave match out (literal)' });
  }
  if (params.facets !== undefined && (params.near !== undefined || params.bbox !== undefined)) {
    issues.push({ path: ['facets'], message: 'cannot be combined with near or bbox' });
  }
  return issues;
}

const valueOf = <T>(parsed: { value: T } | { error: string }): T => {
  if ('error' in parsed) throw new Error(parsed.error); // validated above: unreachable
  return parsed.value;
};

function toParameterErrors(error: z.ZodError): ParameterError[] {
  const errors: ParameterError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push({ parameter: key, message: 'is not a known parameter' });
      continue;
    }
    const parameter = String(issue.path[0] ?? 'query');
    const message = issue.message;
    if (!errors.some((e) => e.parameter === parameter)) errors.push({ parameter, message });
  }
  return errors;
}

/** Typed input → SearchParams, or an invalid-parameter ApiError naming every bad parameter. */
export function validateSearchParams(input: Record<string, unknown>): SearchParams {
  const parsed = searchParamsSchema.safeParse(input);
  if (!parsed.success) throw invalidParameters(toParameterErrors(parsed.error));
  const params: SearchParams = { country: parsed.data.country, limit: parsed.data.limit };
  for (const key of ['city', 'q', 'lodgingType', 'whatsapp', 'verified', 'cursor'] as const) {
    if (parsed.data[key] !== undefined) Object.assign(params, { [key]: parsed.data[key] });
  }
  const { near, radius, bbox, fields } = parsed.data;
  if (near !== undefined) {
    params.near = valueOf(parseNear(near));
    params.radius = radius ?? DEFAULT_NEAR_RADIUS_M;
  }
  if (bbox !== undefined) params.bbox = valueOf(parseBbox(bbox));
  if (fields !== undefined) params.fields = valueOf(parseFields(fields));
  // The default orders and matching are left out, so their cursors are the cursors of searches without them.
  const { sort, match, facets } = parsed.data;
  if (sort === 'relevance' || sort === 'name' || sort === 'rating') params.sort = sort;
  if (match === 'words' || match === 'typo') params.match = match;
  if (facets !== undefined) params.facets = valueOf(parseFacets(facets));
  return params;
}

/** The get endpoint's one optional parameter. */
export function validateFields(fields: unknown): PlaceField[] | undefined {
  if (fields === undefined) return undefined;
  if (typeof fields !== 'string') throw invalidParameter('fields', 'must be a string');
  const parsed = parseFields(fields);
  if ('error' in parsed) throw invalidParameter('fields', parsed.error);
  return parsed.value;
}

/** The path parameter rules: a non-empty id of at most 300 characters. */
export function validatePlaceId(placeId: unknown): string {
  if (typeof placeId !== 'string' || placeId.length === 0) throw invalidParameter('placeId', 'is required');
  if (characterLength(placeId) > MAX_PLACE_ID_LENGTH) {
    throw invalidParameter('placeId', `must be at most ${MAX_PLACE_ID_LENGTH} characters`);
  }
  return placeId;
}
