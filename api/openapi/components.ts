// OpenAPI parameters, headers and error responses, shared by the paths.
import { COUNTRY_CODES } from '../../model/place.ts';
import { DEFAULT_PAGE_LIMIT, MAX_CURSOR_LENGTH, MAX_PAGE_LIMIT, MAX_PLACE_ID_LENGTH, MAX_Q_LENGTH } from '../../model/limits.ts';
import { CITY_SLUG_REGEX } from './schemas.ts';

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const booleanText = { type: 'string', enum: ['true', 'false'] };

export const parameters = {
  country: {
    name: 'country',
    in: 'query',
    required: true,
    description: 'Country of the dataset. The list grows as datasets are published.',
    schema: { type: 'string', enum: [...COUNTRY_CODES] },
  },
  city: {
    name: 'city',
    in: 'query',
    description: 'City slug: lower-case ASCII, accents stripped, other runs as "-" ("A Coruña" → a-coruna). A city known under several names (A Coruña / La Coruña, Donostia / San Sebastián, Lisboa / Lisbon) is found by the slug of any of them; places whose published city is not a place ("s/n", a postal code) have no city.',
    schema: { type: 'string', pattern: CITY_SLUG_REGEX, examples: ['madrid'] },
  },
  q: {
    name: 'q',
    in: 'query',
    description: 'Literal text matched case- and accent-insensitively across names, city and lodging categories. Control characters (U+0000–U+001F, U+007F–U+009F) are a 400 naming q.',
    schema: { type: 'string', minLength: 1, maxLength: MAX_Q_LENGTH },
  },
  lodgingType: {
    name: 'lodgingType',
    in: 'query',
    description: 'One value; `lodging` restricts nothing.',
    schema: schemaRef('LodgingType'),
  },
  whatsapp: {
    name: 'whatsapp',
    in: 'query',
    description: '`true`: places whose primary number appears WhatsApp-reachable; `false`: places whose does not. Exactly true or false.',
    schema: booleanText,
  },
  verified: {
    name: 'verified',
    in: 'query',
    description: '`true`: listings marked verified by the provider; `false`: listings not so marked. Exactly true or false.',
    schema: booleanText,
  },
  limit: {
    name: 'limit',
    in: 'query',
    description: 'Page size.',
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT },
  },
  cursor: {
    name: 'cursor',
    in: 'query',
    description:
      'page.nextCursor of the preceding response, with the same filters (limit may change). Opaque and signed; a malformed, altered or foreign cursor is a 400. Cursors do not expire.',
    schema: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH },
  },
  placeId: {
    name: 'placeId',
    in: 'path',
    required: true,
    description: 'An id from a search response, URL-encoded.',
    schema: { type: 'string', minLength: 1, maxLength: MAX_PLACE_ID_LENGTH },
  },
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

export const headers = {
  'RateLimit-Limit': integerHeader('Requests allowed in the current window for this key.'),
  'RateLimit-Remaining': integerHeader('Requests left in the current window.'),
  'RateLimit-Reset': integerHeader('Seconds until the window resets.'),
  'RateLimit-Policy': {
    description: 'Quota policy, IETF draft 6 syntax: `{limit};w={window seconds}`, e.g. `600;w=60`.',
    schema: { type: 'string', pattern: '^[0-9]+;w=[0-9]+$' },
  },
  'Retry-After': integerHeader('Seconds to wait before retrying.'),
  'X-Request-Id': { description: 'Id of this request in the service logs.', schema: { type: 'string' } },
  'WWW-Authenticate': { description: 'Authentication scheme hint.', schema: { type: 'string' } },
};

const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });

/** Headers on every response to an authenticated request. */
export const rateLimitHeaders = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
  'RateLimit-Policy': headerRef('RateLimit-Policy'),
  'X-Request-Id': headerRef('X-Request-Id'),
};

const problem = (description: string, extraHeaders: Record<string, unknown> = {}) => ({
  description,
  headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...extraHeaders },
  content: { 'application/problem+json': { schema: schemaRef('Problem') } },
});

export const responses = {
  BadRequest: problem('A query or path parameter is invalid; `errors` names each one.', rateLimitHeaders),
  Unauthorized: problem('Key missing, malformed, unknown or revoked. Do not retry with the same key.', {
    'WWW-Authenticate': headerRef('WWW-Authenticate'),
  }),
  NotFound: problem('No current published record has this id.', rateLimitHeaders),
  MethodNotAllowed: problem('The API is read-only.'),
  TooManyRequests: problem(
    "This key's window (or this address's failed-authentication window) is exhausted; wait Retry-After seconds.",
    { ...rateLimitHeaders, 'Retry-After': headerRef('Retry-After') },
  ),
  ServiceUnavailable: problem('The key store or the snapshots cannot answer right now; retry later.', {
    'Retry-After': headerRef('Retry-After'),
  }),
};
