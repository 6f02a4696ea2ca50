// The spec's Place, PlacePage and their parts, defined once in zod. model/place.ts infers the TypeScript types from
// these (type-only, so the pipeline's hot path never loads zod); the API generates its OpenAPI components and the MCP
// tools' output schemas from them (api/openapi/json-schema-from-zod.ts).
import { z } from 'zod';
import {
  MAX_ADDITIONAL_PHONES,
  MAX_CURSOR_LENGTH,
  MAX_LODGING_LABELS,
  MAX_PAGE_LIMIT,
  MAX_PLACE_ID_LENGTH,
  MAX_RATING,
  MIN_RATING,
} from './limits.ts';
import { LODGING_TYPES_BY_SPECIFICITY } from './lodging-types.ts';

/*
 * The TypeScript types (model/place.ts), the OpenAPI component schemas and the MCP tools' output schemas all come from
 * here, so a field, a limit or a description changes in one place. Nothing validates served rows with these on the
 * request path: the pipeline builds them (served-place.ts) and tests check them against the generated schemas; a
 * snapshot fetched from a shared store has every row parsed with storedPlaceSchema once, before it is served.
 */

/** Component names (the spec's resource names) of the schemas an API document publishes. */
export const PLACE_SCHEMAS = z.registry<{ id: string }>();

/** What the pipeline publishes as a link: http or https only (javascript:, data: and the like are never a place's link). */
const webUrl = () => z.url({ protocol: /^https?$/ });

const nullableString = (description?: string) => (description ? z.string().nullable().describe(description) : z.string().nullable());

const WHATSAPP_NOTE =
  'Technical reachability signal of the number only: it appears able to receive WhatsApp messages. Not consent, not an ' +
  'opt-in, not permission to message or market to the place.';

export const phoneTypeSchema = z.enum(['mobile', 'landline', 'other']);

export const lodgingTypeSchema = z
  .enum(LODGING_TYPES_BY_SPECIFICITY)
  .describe('One key per place, the most specific its categories name. As a filter, `lodging` restricts nothing.')
  .register(PLACE_SCHEMAS, { id: 'LodgingType' });

export const addressSchema = z
  .strictObject({
    street: nullableString(),
    city: nullableString(),
    state: nullableString(),
    postalCode: nullableString(),
    country: z.string().regex(/^[a-z]{2}$/).nullable().describe('Two-letter lower-case country code.'),
  })
  .register(PLACE_SCHEMAS, { id: 'Address' });

export const locationSchema = z
  .strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
  .register(PLACE_SCHEMAS, { id: 'Location' });

export const phoneRecordSchema = z
  .strictObject({
    phone: z.string().regex(/^\+[1-9][0-9]{1,14}$/).describe('E.164.'),
    phoneType: phoneTypeSchema,
    whatsappEligible: z.boolean().describe('Technical reachability signal only; not consent.'),
  })
  .register(PLACE_SCHEMAS, { id: 'PhoneRecord' });

export const timeRangeSchema = z
  .strictObject({
    open: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/),
    close: z.string().regex(/^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/),
  })
  .register(PLACE_SCHEMAS, { id: 'TimeRange' });

export const openingHoursSchema = z
  .record(z.string(), z.array(timeRangeSchema))
  .meta({
    description: 'Source day labels, as published, mapped to time ranges; an empty list means closed that day.',
    examples: [{ lunes: [{ open: '09:00', close: '21:00' }], domingo: [] }],
  })
  .register(PLACE_SCHEMAS, { id: 'OpeningHours' });

/** Every field of the spec's Place except profileUrl, which the API derives from its public base URL. */
const storedPlaceShape = {
  id: z
    .string()
    .max(MAX_PLACE_ID_LENGTH)
    .meta({ description: 'Stable, opaque place identifier. URL-encode it in paths.', examples: ['es-mad-78018'] }),
  name: nullableString('Published display name.'),
  legalName: nullableString('Published legal name.'),
  address: addressSchema,
  location: locationSchema.nullable(),
  phone: z.string().nullable().meta({ description: 'Primary number in E.164.', examples: ['+34915237980'] }),
  phoneType: phoneTypeSchema.nullable().describe('Type of the primary number; null when there is no primary number.'),
  additionalPhones: z.array(phoneRecordSchema).max(MAX_ADDITIONAL_PHONES).describe('Further valid, distinct numbers.'),
  email: nullableString('Published contact e-mail.'),
  website: webUrl().nullable().describe('Validated public HTTP(S) URL, tracking parameters removed.'),
  sourceMapsUrl: webUrl().nullable().describe("Validated public HTTP(S) URL of the place on the listing provider's map."),
  primaryType: nullableString(
    "The provider's main category label for the place (its first), in the country's language, e.g. \"Hostal\". " +
      'Informative: branch on lodgingType.',
  ),
  lodgingTypes: z
    .array(z.string())
    .max(MAX_LODGING_LABELS)
    .describe("Every category label the provider gives the place, in the country's language, as published."),
  lodgingType: lodgingTypeSchema,
  rating: z
    .number()
    .min(MIN_RATING)
    .max(MAX_RATING)
    .nullable()
    .describe("The listing provider's rating, not the service's own."),
  reviewCount: z.number().int().min(0).nullable().describe("The listing provider's review count."),
  whatsappEligible: z.boolean().describe(WHATSAPP_NOTE + ' Applies to the primary number.'),
  verified: z.boolean().describe('The provider marks the listing verified (claimed).'),
  openingHours: openingHoursSchema.nullable(),
};

export const storedPlaceSchema = z.strictObject(storedPlaceShape);

export const placeSchema = z
  .strictObject({
    ...storedPlaceShape,
    profileUrl: z.url().describe('Canonical public profile page of the place: the link to give a person.'),
  })
  .describe('Every field is always present: null, or an empty array, when there is no published value.')
  .register(PLACE_SCHEMAS, { id: 'Place' });

export const placeResponseSchema = z.strictObject({ place: placeSchema }).register(PLACE_SCHEMAS, { id: 'PlaceResponse' });

export const pageInfoSchema = z
  .strictObject({
    count: z.number().int().min(0).max(MAX_PAGE_LIMIT),
    hasMore: z.boolean(),
    nextCursor: z
      .string()
      .max(MAX_CURSOR_LENGTH)
      .nullable()
      .describe('Opaque; null when there is no further page. Pass it back as cursor, with the same filters, for the next page.'),
  })
  .register(PLACE_SCHEMAS, { id: 'PageInfo' });

export const placePageSchema = z
  .strictObject({ places: z.array(placeSchema).max(MAX_PAGE_LIMIT), page: pageInfoSchema })
  .register(PLACE_SCHEMAS, { id: 'PlacePage' });
