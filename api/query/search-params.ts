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
import { COUNTRY_CODES, LODGING_TYPES_BY_SPECIFICITY } from '../../model/place.ts';
import type { CountryCode, LodgingType } from '../../model/place.ts';
import { invalidParameter, invalidParameters } from '../errors.ts';
import type { ParameterError } from '../errors.ts';
import { parseBbox, parseFields, parseNear } from './extension-params.ts';
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

/** The fields/geo extension parameters, shared by REST and the MCP tools. */
export const extensionParamsShape = {
  near: parsedText(parseNear),
  radius: z.number({ error: RADIUS_RULE }).int({ error: RADIUS_RULE }).min(MIN_NEAR_RADIUS_M, { error: RADIUS_RULE }).max(MAX_NEAR_RADIUS_M, { error: RADIUS_RULE }).optional(),
  bbox: parsedText(parseBbox),
  fields: parsedText(parseFields),
};

/** Lengths in characters (code points), as JSON Schema's maxLength counts them. */
export const characterLength = (value: string): number => [...value].length;

/** A string has no more code points than UTF-16 units: only a longer one needs counting (a cursor is ~170 units). */
const maxChars = (max: number) => (value: string) => value.length <= max || characterLength(value) <= max;

/** C0, DEL and C1 controls: q is literal text to match, and no published name holds one. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The typed parameter shape; MCP can hand this to its tool definition so both surfaces share one rule set. */
export const searchParamsShape = {
  country: z.enum(COUNTRY_CODES, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${COUNTRY_CODES.join(', ')}`),
  }),
  city: z
    .string({ error: 'must be a string' })
    .regex(CITY_SLUG_PATTERN, { error: 'must be a lowercase slug such as "madrid" or "a-coruna"' })
    .optional(),
  q: z
    .string({ error: 'must be a string' })
    .min(1, { error: 'must not be empty' })
    .refine(maxChars(MAX_Q_LENGTH), { error: `must be at most ${MAX_Q_LENGTH} characters` })
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: 'must not contain control characters' })
    .optional(),
  lodgingType: z
    .enum(LODGING_TYPES_BY_SPECIFICITY, { error: `must be one of ${LODGING_TYPES_BY_SPECIFICITY.join(', ')}` })
    .optional(),
  whatsapp: z.boolean({ error: 'must be true or false' }).optional(),
  verified: z.boolean({ error: 'must be true or false' }).optional(),
  limit: z
    .number({ error: `must be an integer from 1 to ${MAX_PAGE_LIMIT}` })
    .int({ error: `must be an integer from 1 to ${MAX_PAGE_LIMIT}` })
    .min(1, { error: `must be an integer from 1 to ${MAX_PAGE_LIMIT}` })
    .max(MAX_PAGE_LIMIT, { error: `must be an integer from 1 to ${MAX_PAGE_LIMIT}` })
    .default(DEFAULT_PAGE_LIMIT),
  cursor: z
    .string({ error: 'must be a string' })
    .min(1, { error: 'must not be empty' })
    .refine(maxChars(MAX_CURSOR_LENGTH), { error: `must be at most ${MAX_CURSOR_LENGTH} characters` })
    .optional(),
};

const searchParamsSchema = z.strictObject({ ...searchParamsShape, ...extensionParamsShape }).superRefine((params, ctx) => {
  if (params.radius !== undefined && params.near === undefined) {
    ctx.addIssue({ code: 'custom', path: ['radius'], message: 'needs near: it is the distance from that point (near=LAT,LNG)' });
  }
  if (params.bbox !== undefined && params.near !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['bbox'], message: 'cannot be combined with near: send one or the other' });
  }
});

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
