// OpenAPI parameters, headers and error responses, shared by the paths.
import { MAX_PLACE_ID_LENGTH } from '../../model/limits.ts';
import { SPEC_SEARCH_PARAMETERS, type SearchParameter } from '../query/search-params.ts';

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A table of search parameters as OpenAPI query parameters, keyed and named by their names. */
export function openApiParametersOf(table: Record<string, SearchParameter>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(table).map(([name, { openapi }]) => [
      name,
      { name, in: 'query', ...(openapi.required ? { required: true } : {}), description: openapi.description, schema: openapi.schema },
    ]),
  );
}

export const parameters = {
  ...openApiParametersOf(SPEC_SEARCH_PARAMETERS),
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
