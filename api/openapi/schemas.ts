// OpenAPI 3.1 component schemas (JSON Schema 2020-12): the spec's resources, exactly and closed (additionalProperties false).
import { COUNTRY_CODES, LODGING_TYPES_BY_SPECIFICITY, PLACE_FIELDS } from '../../model/place.ts';
import { CITY_SLUG_PATTERN, MAX_LIMIT } from '../query/search-params.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const uri = (description: string) => ({ type: ['string', 'null'], format: 'uri', description });

export const CITY_SLUG_REGEX = CITY_SLUG_PATTERN.source;

const placeProperties: Record<(typeof PLACE_FIELDS)[number], unknown> = {
  id: { type: 'string', maxLength: 300, description: 'Stable, opaque place identifier. URL-encode it in paths.', examples: ['es-mad-78018'] },
  name: nullable('string', { description: 'Published display name.' }),
  legalName: nullable('string', { description: 'Published legal name.' }),
  address: ref('Address'),
  location: { oneOf: [ref('Location'), { type: 'null' }] },
  phone: nullable('string', { description: 'Primary number in E.164.', examples: ['+34915237980'] }),
  phoneType: { enum: ['mobile', 'landline', 'other', null], description: 'Type of the primary number.' },
  additionalPhones: { type: 'array', maxItems: 20, items: ref('PhoneRecord'), description: 'Further valid, distinct numbers.' },
  email: nullable('string', { description: 'Published contact e-mail.' }),
  website: uri('Validated public HTTP(S) URL, tracking parameters removed.'),
  sourceMapsUrl: uri("Validated public HTTP(S) URL of the place on the listing provider's map."),
  primaryType: nullable('string', { description: "The provider's own first category label, in the country's language." }),
  lodgingTypes: { type: 'array', maxItems: 50, items: { type: 'string' }, description: "The provider's category labels." },
  lodgingType: ref('LodgingType'),
  rating: nullable('number', { minimum: 0, maximum: 5, description: "The listing provider's rating, not the service's own." }),
  reviewCount: nullable('integer', { minimum: 0, description: "The listing provider's review count." }),
  whatsappEligible: {
    type: 'boolean',
    description:
      'Technical reachability signal of the primary number only. Not consent, not an opt-in, not permission to send marketing.',
  },
  verified: { type: 'boolean', description: 'The provider marks the listing verified (claimed).' },
  openingHours: { oneOf: [ref('OpeningHours'), { type: 'null' }] },
  profileUrl: { type: 'string', format: 'uri', description: 'Canonical public profile page of the place.' },
};

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
  LodgingType: {
    type: 'string',
    enum: [...LODGING_TYPES_BY_SPECIFICITY],
    description: 'One key per place, the most specific its categories name. As a filter, `lodging` restricts nothing.',
  },
  Address: {
    type: 'object',
    additionalProperties: false,
    required: ['street', 'city', 'state', 'postalCode', 'country'],
    properties: {
      street: nullable('string'),
      city: nullable('string'),
      state: nullable('string'),
      postalCode: nullable('string'),
      country: nullable('string', { pattern: '^[a-z]{2}$', description: 'Two-letter lower-case country code.' }),
    },
  },
  Location: {
    type: 'object',
    additionalProperties: false,
    required: ['latitude', 'longitude'],
    properties: {
      latitude: { type: 'number', minimum: -90, maximum: 90 },
      longitude: { type: 'number', minimum: -180, maximum: 180 },
    },
  },
  PhoneRecord: {
    type: 'object',
    additionalProperties: false,
    required: ['phone', 'phoneType', 'whatsappEligible'],
    properties: {
      phone: { type: 'string', pattern: '^\\+[1-9][0-9]{1,14}$', description: 'E.164.' },
      phoneType: { type: 'string', enum: ['mobile', 'landline', 'other'] },
      whatsappEligible: { type: 'boolean', description: 'Technical reachability signal only; not consent.' },
    },
  },
  TimeRange: {
    type: 'object',
    additionalProperties: false,
    required: ['open', 'close'],
    properties: {
      open: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
      close: { type: 'string', pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' },
    },
  },
  OpeningHours: {
    type: 'object',
    description: 'Source day labels, as published, mapped to time ranges; an empty list means closed that day.',
    additionalProperties: { type: 'array', items: ref('TimeRange') },
    examples: [{ lunes: [{ open: '09:00', close: '21:00' }], domingo: [] }],
  },
  Place: {
    type: 'object',
    description: 'Every field is always present: null, or an empty array, when there is no published value.',
    additionalProperties: false,
    required: [...PLACE_FIELDS],
    properties: placeProperties,
  },
  PlaceResponse: { type: 'object', additionalProperties: false, required: ['place'], properties: { place: ref('Place') } },
  PageInfo: {
    type: 'object',
    additionalProperties: false,
    required: ['count', 'hasMore', 'nextCursor'],
    properties: {
      count: { type: 'integer', minimum: 0, maximum: MAX_LIMIT },
      hasMore: { type: 'boolean' },
      nextCursor: nullable('string', { maxLength: 2048, description: 'Opaque; null when there is no further page.' }),
    },
  },
  PlacePage: {
    type: 'object',
    additionalProperties: false,
    required: ['places', 'page'],
    properties: { places: { type: 'array', maxItems: MAX_LIMIT, items: ref('Place') }, page: ref('PageInfo') },
  },
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
