// OpenAPI 3.1 component schemas (JSON Schema 2020-12): the spec's resources, exactly and closed (additionalProperties false).
// The Place family is generated from the one zod definition in model/place.ts; the rest are the API's own.
import { COUNTRY_CODES } from '../../model/place.ts';
import { PLACE_SCHEMAS } from '../../model/place-schema.ts';
import { componentSchemasOf } from './json-schema-from-zod.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** LodgingType, Address, Location, PhoneRecord, TimeRange, OpeningHours, Place, PlaceResponse, PageInfo, PlacePage. */
const placeSchemas = componentSchemasOf(PLACE_SCHEMAS);

export const schemas = {
  Key: {
    type: 'object',
    description: 'Non-secret metadata of an API key. The secret itself is never returned by the API.',
    additionalProperties: false,
    required: ['id', 'name', 'prefix', 'creationTime'],
    properties: {
      id: { type: 'string', examples: ['key_3q2xB0yJd1kAq9Zt'] },
      name: { type: 'string', description: 'Label given to the key.' },
      prefix: { type: 'string', description: 'Leading, truncated part of the secret.', examples: ['lds_live_a1B'] },
      creationTime: { type: 'string', format: 'date-time' },
    },
  },
  KeyResponse: { type: 'object', additionalProperties: false, required: ['key'], properties: { key: ref('Key') } },
  ...placeSchemas,
  ParameterError: {
    type: 'object',
    additionalProperties: false,
    required: ['parameter', 'message'],
    properties: { parameter: { type: 'string' }, message: { type: 'string' } },
  },
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details. `errors` lists each invalid parameter on 400.',
    required: ['type', 'title', 'status', 'detail'],
    properties: {
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string' },
      errors: { type: 'array', items: ref('ParameterError') },
    },
  },
  Health: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } },
  Readiness: {
    type: 'object',
    required: ['status', 'snapshots'],
    properties: {
      status: { const: 'ready' },
      snapshots: {
        type: 'object',
        propertyNames: { enum: [...COUNTRY_CODES] },
        additionalProperties: {
          type: 'object',
          required: ['version', 'publishedAt', 'publishedCount'],
          properties: { version: { type: 'string' }, publishedAt: { type: 'string' }, publishedCount: { type: 'integer' } },
        },
      },
    },
  },
};
