// OpenAPI paths: the three /api/v1 operations and the public endpoints.
import { SPEC_SEARCH_PARAMETERS } from '../query/search-params.ts';
import { rateLimitHeaders } from './components.ts';

const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

const apiErrors = {
  '401': response('Unauthorized'),
  '405': response('MethodNotAllowed'),
  '429': response('TooManyRequests'),
  '503': response('ServiceUnavailable'),
};

export const paths = {
  '/api/v1/key': {
    get: {
      operationId: 'getKey',
      tags: ['Keys'],
      summary: 'Validate the current key',
      description: 'Returns the non-secret metadata of the key that authenticated this request. Takes no parameters.',
      responses: {
        '200': { description: 'The key is valid.', headers: rateLimitHeaders, content: json('KeyResponse') },
        '400': response('BadRequest'),
        ...apiErrors,
      },
    },
  },
  '/api/v1/places': {
    get: {
      operationId: 'searchPlaces',
      tags: ['Places'],
      summary: 'Search published places',
      description:
        'Results are ordered by id ascending; pages are keyset-based, so a walk with page.nextCursor returns every match exactly once, even across data updates. Unknown, repeated or empty parameters are rejected with 400.',
      parameters: Object.keys(SPEC_SEARCH_PARAMETERS).map(param),
      responses: {
        '200': { description: 'A page of places (at most `limit`).', headers: rateLimitHeaders, content: json('PlacePage') },
        '400': response('BadRequest'),
        ...apiErrors,
      },
    },
  },
  '/api/v1/places/{placeId}': {
    get: {
      operationId: 'getPlace',
      tags: ['Places'],
      summary: 'Get one published place',
      parameters: [param('placeId')],
      responses: {
        '200': { description: 'The place.', headers: rateLimitHeaders, content: json('PlaceResponse') },
        '400': response('BadRequest'),
        '404': response('NotFound'),
        ...apiErrors,
      },
    },
  },
  '/places/{placeId}': {
    get: {
      operationId: 'getPlaceProfilePage',
      tags: ['Public'],
      summary: 'Public profile page of a place (profileUrl)',
      description: 'Server-rendered HTML with schema.org LodgingBusiness JSON-LD. No key needed.',
      security: [],
      parameters: [param('placeId')],
      responses: {
        '200': { description: 'The profile page.', headers: requestIdHeader, content: { 'text/html': { schema: { type: 'string' } } } },
        '404': { description: 'No published place has this id.', headers: requestIdHeader, content: { 'text/html': { schema: { type: 'string' } } } },
      },
    },
  },
  '/healthz': {
    get: {
      operationId: 'getHealth',
      tags: ['Operations'],
      summary: 'Liveness',
      security: [],
      responses: { '200': { description: 'The process is up.', headers: requestIdHeader, content: json('Health') } },
    },
  },
  '/readyz': {
    get: {
      operationId: 'getReadiness',
      tags: ['Operations'],
      summary: 'Readiness: the snapshot in use for each country',
      security: [],
      responses: {
        '200': { description: 'Serving from these snapshots.', headers: requestIdHeader, content: json('Readiness') },
        '503': response('ServiceUnavailable'),
      },
    },
  },
  '/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Operations'],
      summary: 'This document',
      security: [],
      responses: {
        '200': { description: 'OpenAPI 3.1 document.', headers: requestIdHeader, content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  },
};
